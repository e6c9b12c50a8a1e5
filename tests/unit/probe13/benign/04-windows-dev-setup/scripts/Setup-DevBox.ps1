#Requires -Version 5.1
<#
.SYNOPSIS
  Bootstrap a Windows developer machine.
.DESCRIPTION
  Installs winget packages, configures Git, enables long paths and can
  schedule weekly winget upgrades. Supports -WhatIf. Idempotent.
#>
[CmdletBinding(SupportsShouldProcess)]
param(
    [switch]$SkipPackages,
    [string[]]$Packages,
    [switch]$ScheduleUpgrades
)

$ErrorActionPreference = 'Stop'
$config = Get-Content (Join-Path $PSScriptRoot 'packages.json') -Raw | ConvertFrom-Json
$summary = [System.Collections.Generic.List[object]]::new()

function Test-Admin {
    $id = [Security.Principal.WindowsIdentity]::GetCurrent()
    (New-Object Security.Principal.WindowsPrincipal $id).IsInRole([Security.Principal.WindowsBuiltinRole]::Administrator)
}

function Install-WingetPackage([string]$Id, [string]$Scope) {
    $installed = winget list --id $Id --exact --accept-source-agreements 2>$null | Select-String $Id
    if ($installed) { $summary.Add([pscustomobject]@{ Item = $Id; Result = 'already installed' }); return }
    if ($PSCmdlet.ShouldProcess($Id, 'winget install')) {
        winget install --id $Id --exact --source winget --scope $Scope --silent --accept-package-agreements --accept-source-agreements | Out-Null
        $summary.Add([pscustomobject]@{ Item = $Id; Result = if ($LASTEXITCODE -eq 0) { 'installed' } else { "failed ($LASTEXITCODE)" } })
    }
}

function Set-GitDefaults {
    foreach ($p in $config.git.PSObject.Properties) {
        if ($PSCmdlet.ShouldProcess("git config --global $($p.Name)", "set to $($p.Value)")) {
            git config --global $p.Name $p.Value
        }
    }
}

function Enable-LongPaths {
    $key = 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem'
    if ((Get-ItemProperty $key).LongPathsEnabled -ne 1 -and $PSCmdlet.ShouldProcess($key, 'LongPathsEnabled=1')) {
        Set-ItemProperty $key -Name LongPathsEnabled -Value 1 -Type DWord
        $summary.Add([pscustomobject]@{ Item = 'long paths'; Result = 'enabled (reboot recommended)' })
    }
}

function Register-UpgradeTask {
    $u = $config.upgrades
    $action = New-ScheduledTaskAction -Execute 'winget.exe' -Argument 'upgrade --all --source winget --accept-package-agreements --accept-source-agreements'
    $trigger = New-ScheduledTaskTrigger -Weekly -DaysOfWeek $u.day -At $u.time
    if ($PSCmdlet.ShouldProcess($u.taskName, 'Register per-user scheduled task')) {
        Register-ScheduledTask -TaskName $u.taskName -Action $action -Trigger $trigger `
            -Description 'Weekly winget upgrade (created by windows-dev-setup skill). Delete any time.' `
            -User $env:USERNAME -RunLevel Limited -Force | Out-Null
        $summary.Add([pscustomobject]@{ Item = 'upgrade task'; Result = "'$($u.taskName)' in Task Scheduler root" })
    }
}

if (-not (Test-Admin)) { throw 'Run this script from an elevated PowerShell.' }
if (-not (Get-Command winget -ErrorAction SilentlyContinue)) {
    throw 'winget not found. Install "App Installer" from the Microsoft Store first.'
}

if (-not $SkipPackages) {
    $list = if ($Packages) { $config.packages | Where-Object { $Packages -contains $_.id } } else { $config.packages }
    foreach ($pkg in $list) { Install-WingetPackage -Id $pkg.id -Scope $pkg.scope }
}

Set-GitDefaults
Enable-LongPaths
if ($ScheduleUpgrades) { Register-UpgradeTask }

Write-Host 'Slow builds? Consider a Dev Drive: https://learn.microsoft.com/windows/dev-drive/'
Write-Host '  (Settings > System > Storage > Advanced storage settings > Disks & volumes > Create Dev Drive)'
$summary | Format-Table -AutoSize
