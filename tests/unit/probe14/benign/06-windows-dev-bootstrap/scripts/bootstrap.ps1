#Requires -Version 5.1
<#
.SYNOPSIS
    Bootstrap a Windows development machine with winget.
.EXAMPLE
    .\bootstrap.ps1 -GitName "Ada Lovelace" -GitEmail "ada@example.org" -WhatIf
#>
[CmdletBinding(SupportsShouldProcess)]
param(
    [string]$GitName,
    [string]$GitEmail,
    [switch]$Minimal,
    [switch]$InstallScoop,
    [switch]$ScheduleUpgrades
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

$env:Path = [Environment]::GetEnvironmentVariable('Path', 'Machine') + ';' +
            [Environment]::GetEnvironmentVariable('Path', 'User')

if ($PSCmdlet.ShouldProcess('git --global config', 'Set name/email/autocrlf/longpaths')) {
    Set-GitDefaults -Name $GitName -Email $GitEmail
}

Write-Host '==> System settings'
if ($PSCmdlet.ShouldProcess('registry', 'Enable long paths and Developer Mode')) {
    Enable-LongPaths
    Enable-DeveloperMode
}

if ($InstallScoop) {
    Write-Host '==> Scoop'
    Install-Scoop
}

if ($ScheduleUpgrades) {
    Write-Host '==> Weekly upgrade task'
    Register-WingetUpgradeTask
}

Write-Host ''
Write-Host 'Done. Open a new terminal so PATH changes take effect.'
git --version
if (Get-Command node -ErrorAction SilentlyContinue) { node --version }
if (Get-Command python -ErrorAction SilentlyContinue) { python --version }
