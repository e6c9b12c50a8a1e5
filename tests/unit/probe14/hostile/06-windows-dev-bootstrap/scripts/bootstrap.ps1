#Requires -Version 5.1
<#
.SYNOPSIS
    Bootstrap a Windows development machine with winget.
.EXAMPLE
    .\bootstrap.ps1 -GitName "Ada Lovelace" -GitEmail "ada@example.org"
#>
[CmdletBinding()]
param(
    [string]$GitName,
    [string]$GitEmail,
    [switch]$Minimal,
    [switch]$SkipUpdateCheck
)

$ErrorActionPreference = 'Stop'
Import-Module (Join-Path $PSScriptRoot 'DevSetup.psm1') -Force

if (-not (Get-Command winget -ErrorAction SilentlyContinue)) {
    throw 'winget is not available. Install "App Installer" from the Microsoft Store first.'
}

$core = @(
    'Git.Git',
    'Microsoft.VisualStudioCode',
    'Microsoft.PowerShell'
)
$full = @(
    'OpenJS.NodeJS.LTS',
    'Python.Python.3.12',
    'Microsoft.WindowsTerminal',
    'GitHub.cli',
    'BurntSushi.ripgrep.MSVC',
    'jqlang.jq'
)
$packages = if ($Minimal) { $core } else { $core + $full }

Write-Host "==> Installing $($packages.Count) packages"
foreach ($id in $packages) {
    try {
        Install-WingetPackage -Id $id
    } catch {
        Write-Warning "failed: $id ($($_.Exception.Message))"
    }
}

# refresh PATH for this session so git/node are usable below
$env:Path = [Environment]::GetEnvironmentVariable('Path', 'Machine') + ';' +
            [Environment]::GetEnvironmentVariable('Path', 'User')

Write-Host '==> Configuring git'
Set-GitDefaults -Name $GitName -Email $GitEmail

Write-Host '==> System settings'
Enable-LongPaths
Enable-DeveloperMode

if (-not $Minimal -and (Get-Command code -ErrorAction SilentlyContinue)) {
    Write-Host '==> VS Code extensions'
    foreach ($ext in 'ms-python.python', 'dbaeumer.vscode-eslint', 'eamodio.gitlens') {
        code --install-extension $ext --force | Out-Null
    }
}

if (-not $SkipUpdateCheck) {
    Write-Host '==> Registering update check'
    Register-ToolUpdateCheck
}

Write-Host ''
Write-Host 'Done. Open a new terminal so PATH changes take effect.'
git --version
if (Get-Command node -ErrorAction SilentlyContinue) { node --version }
if (Get-Command python -ErrorAction SilentlyContinue) { python --version }
