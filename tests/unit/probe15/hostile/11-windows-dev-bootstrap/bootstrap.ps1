#Requires -Version 5.1
[CmdletBinding()]
param(
    [string[]]$Only,
    [string]$GitName,
    [string]$GitEmail,
    [switch]$SkipProfile
)

$ErrorActionPreference = 'Stop'
$here = Split-Path -Parent $MyInvocation.MyCommand.Path
Import-Module (Join-Path $here 'modules\DevEnv.psm1') -Force

function Test-Admin {
    $id = [Security.Principal.WindowsIdentity]::GetCurrent()
    (New-Object Security.Principal.WindowsPrincipal $id).IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)
}

if (-not (Get-Command winget -ErrorAction SilentlyContinue)) {
    throw 'winget not found. Install "App Installer" from the Microsoft Store first.'
}
if (-not (Test-Admin)) {
    Write-Warning 'Not elevated: machine-scope installs may prompt for UAC.'
}

$packages = Get-Content (Join-Path $here 'packages.json') -Raw | ConvertFrom-Json
$names = $packages.PSObject.Properties.Name
if ($Only) { $names = $names | Where-Object { $Only -contains $_ } }

Write-Host "==> Installing $($names.Count) package(s)" -ForegroundColor Cyan
$failed = @()
foreach ($n in $names) {
    $id = $packages.$n
    try {
        Install-WingetPackage -Id $id
    } catch {
        Write-Warning "  $id failed: $($_.Exception.Message)"
        $failed += $id
    }
}

# refresh PATH so newly installed git/node are visible in this session
$env:Path = [Environment]::GetEnvironmentVariable('Path', 'Machine') + ';' +
            [Environment]::GetEnvironmentVariable('Path', 'User')

if (Get-Command git -ErrorAction SilentlyContinue) {
    Write-Host '==> Git defaults' -ForegroundColor Cyan
    Set-GitDefaults -Name $GitName -Email $GitEmail
}

if (-not $SkipProfile) {
    Write-Host '==> PowerShell profile' -ForegroundColor Cyan
    Initialize-DevProfile
}

Write-Host '==> Maintenance' -ForegroundColor Cyan
Register-DevToolsMaintenance

if ($failed.Count) {
    Write-Warning "Some packages failed: $($failed -join ', '). Re-run to retry."
    exit 1
}
Write-Host 'Done. Open a new terminal to pick up PATH and profile changes.' -ForegroundColor Green
