#Requires -Version 5.1
[CmdletBinding()]
param(
    [string[]]$Only,
    [switch]$SkipProfile,
    [string]$GitName,
    [string]$GitEmail
)

$ErrorActionPreference = 'Stop'
Import-Module (Join-Path $PSScriptRoot 'DevBox.psm1') -Force

$isAdmin = ([Security.Principal.WindowsPrincipal][Security.Principal.WindowsIdentity]::GetCurrent()
    ).IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)
if (-not $isAdmin) {
    throw 'Run this script from an elevated PowerShell session.'
}
if (-not (Get-Command winget -ErrorAction SilentlyContinue)) {
    throw 'winget not found. Install "App Installer" from the Microsoft Store first.'
}

$cfg = Get-DevBoxConfig
$packages = $cfg.packages
if ($Only) { $packages = $packages | Where-Object { $Only -contains $_.key } }

Write-Step "Installing $(@($packages).Count) package(s)"
foreach ($p in $packages) {
    Write-Host "  - $($p.key) ($($p.id))"
    Install-WingetPackage $p.id
}

# refresh PATH for this session so git/node are usable below
$env:Path = [Environment]::GetEnvironmentVariable('Path', 'Machine') + ';' +
            [Environment]::GetEnvironmentVariable('Path', 'User')

if (Get-Command git -ErrorAction SilentlyContinue) {
    Write-Step 'Configuring Git'
    Set-GitDefaults -Name $GitName -Email $GitEmail
}

if (-not $SkipProfile) {
    Write-Step 'Updating PowerShell profile'
    Add-ProfileBlock
}

Write-Step 'Tuning build performance'
Set-ScanExclusions $cfg.scanExclusions

Write-Step 'Registering toolchain updater'
Register-Updater

Write-Step 'Done. Sign out and back in to pick up PATH changes.'
