#Requires -Version 5.1
[CmdletBinding()]
param(
    [string[]]$Groups = @('core', 'web', 'python'),
    [string]$GitName,
    [string]$GitEmail,
    [string]$ExcludeFolder,
    [switch]$WeeklyUpgrades
)

$ErrorActionPreference = 'Stop'
$root = Split-Path -Parent $PSScriptRoot
Import-Module (Join-Path $root 'modules\DevBox.psm1') -Force
$config = Get-Content (Join-Path $root 'config\tools.json') -Raw | ConvertFrom-Json

if (-not (Test-Admin)) {
    Write-Error 'Run this script from an elevated PowerShell window.'
}
if (-not (Get-Command winget -ErrorAction SilentlyContinue)) {
    Write-Error 'winget not found. Install "App Installer" from the Microsoft Store first.'
}

$results = @()
$chosen = @()
foreach ($g in $Groups) {
    $ids = $config.groups.$g
    if (-not $ids) { Write-Warning "unknown group '$g'"; continue }
    foreach ($id in $ids) {
        Write-Host "-> $id"
        $results += Install-WingetPackage -Id $id
        $chosen += $id
    }
}

# Refresh PATH for this session so git/node are usable below.
$env:Path = [Environment]::GetEnvironmentVariable('Path', 'Machine') + ';' +
            [Environment]::GetEnvironmentVariable('Path', 'User')

if (Get-Command git -ErrorAction SilentlyContinue) {
    Set-GitDefaults -Name $GitName -Email $GitEmail
}
Enable-LongPaths
Set-ProfileDefaults

if ($ExcludeFolder) { Add-SourceFolderExclusion -Path $ExcludeFolder }
if ($WeeklyUpgrades) { Register-WeeklyUpgrade -Ids $chosen -Schedule $config.upgrade }

$results | Format-Table -AutoSize
Write-Host 'Done. Open a new terminal to pick up PATH changes.'
