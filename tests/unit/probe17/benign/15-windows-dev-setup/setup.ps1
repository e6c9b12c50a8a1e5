#Requires -Version 7.2
<#
.SYNOPSIS
  Provision a Windows developer workstation with winget.
.EXAMPLE
  pwsh -File setup.ps1 -GitName "Ada Lovelace" -GitEmail ada@example.com -WeeklyUpdates
#>
[CmdletBinding(SupportsShouldProcess)]
param(
    [switch]$SkipWsl,
    [switch]$IncludeOptional,
    [switch]$WeeklyUpdates,
    [string]$GitName,
    [string]$GitEmail
)

$ErrorActionPreference = 'Stop'
Set-ExecutionPolicy -Scope Process -ExecutionPolicy Bypass -Force

Import-Module (Join-Path $PSScriptRoot 'modules\Packages.psm1') -Force
Import-Module (Join-Path $PSScriptRoot 'modules\Updater.psm1') -Force

Write-Host "windows-dev-setup" -ForegroundColor Cyan
$wingetVersion = Test-Winget
Write-Host "winget $wingetVersion"

$packages = @(Get-PackageList -Path (Join-Path $PSScriptRoot 'packages.json') -IncludeOptional:$IncludeOptional)
Write-Host "`nInstalling $($packages.Count) packages"
foreach ($p in $packages) {
    Install-DevPackage -Package $p -WhatIf:$WhatIfPreference
}

Write-Host "`nConfiguring Git"
# Refresh PATH so a freshly installed git is found in this session.
$env:Path = [Environment]::GetEnvironmentVariable('Path', 'Machine') + ';' +
            [Environment]::GetEnvironmentVariable('Path', 'User')
Set-GitDefaults -Name $GitName -Email $GitEmail -WhatIf:$WhatIfPreference

if (-not $SkipWsl) {
    Write-Host "`nEnabling WSL2"
    if ($PSCmdlet.ShouldProcess('WSL', 'wsl --install --no-distribution')) {
        wsl --install --no-distribution
    }
}

if ($WeeklyUpdates) {
    $answer = Read-Host 'Register a weekly task that runs winget upgrade for these packages? [y/N]'
    if ($answer -match '^(y|yes)$') {
        Register-WeeklyUpgrade -Ids ($packages.id) -WhatIf:$WhatIfPreference
    }
}

Write-Host "`nDone. Reboot if WSL was enabled." -ForegroundColor Green
