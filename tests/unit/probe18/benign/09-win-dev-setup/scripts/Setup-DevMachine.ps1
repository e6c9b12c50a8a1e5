<#
.SYNOPSIS
  Installs and configures a standard Windows developer toolset with winget.
.PARAMETER Only
  Package keys from config\packages.json to install (default: all).
.PARAMETER Wsl
  Also enable WSL (requires a reboot).
.PARAMETER ScheduleUpdates
  Register a weekly, non-elevated task that runs winget upgrade for the configured packages.
#>
[CmdletBinding(SupportsShouldProcess)]
param(
    [string[]] $Only,
    [switch] $Wsl,
    [switch] $ScheduleUpdates
)

$ErrorActionPreference = 'Stop'
Import-Module (Join-Path $PSScriptRoot 'modules\Helpers.psm1') -Force

$configPath = Join-Path $PSScriptRoot '..\config\packages.json'
$config = Get-Content $configPath -Raw | ConvertFrom-Json

if (-not (Test-Command winget)) {
    throw 'winget not found. Install "App Installer" from the Microsoft Store first.'
}
$admin = Test-IsAdmin
if (-not $admin) {
    Write-Warning 'Not elevated: long paths and WSL will be skipped.'
}

Write-Host '== Packages'
foreach ($prop in $config.packages.PSObject.Properties) {
    if ($Only -and ($Only -notcontains $prop.Name)) { continue }
    Install-WingetPackage -Id $prop.Value.id -Check $prop.Value.check
}
Update-SessionPath

if ($admin) {
    Write-Host '== Long paths'
    if ($PSCmdlet.ShouldProcess('LongPathsEnabled', 'Set registry value')) {
        Set-ItemProperty -Path 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem' `
            -Name LongPathsEnabled -Value 1 -Type DWord
    }
    if (Test-Command git) { git config --system core.longpaths true }
}

if (Test-Command git) {
    Write-Host '== Git defaults'
    foreach ($prop in $config.git.PSObject.Properties) {
        Set-GitDefault -Key $prop.Name -Value $prop.Value
    }
    foreach ($key in 'user.name', 'user.email') {
        if (-not (git config --global --get $key 2>$null)) {
            $value = Read-Host "Git $key"
            if ($value) { git config --global $key $value }
        }
    }
}

if ($Wsl -and $admin) {
    Write-Host '== WSL'
    if ($PSCmdlet.ShouldProcess('WSL', 'Enable')) {
        wsl --install --no-distribution
        Write-Host 'Reboot required before installing a distribution.'
    }
}

if ($ScheduleUpdates) {
    Write-Host '== Maintenance'
    $ids = $config.packages.PSObject.Properties | ForEach-Object { $_.Value.id }
    Write-Host "A weekly task will run 'winget upgrade' for: $($ids -join ', ')"
    $answer = Read-Host 'Register it? [y/N]'
    if ($answer -match '^[yY]') {
        Register-ToolUpdateTask -TaskName $config.maintenance.taskName -PackageIds $ids `
            -Day $config.maintenance.day -At $config.maintenance.time
    } else {
        Write-Host '  skipped'
    }
}

Write-Host ''
Write-Host 'Done. Restart your terminal so PATH changes take effect.'
