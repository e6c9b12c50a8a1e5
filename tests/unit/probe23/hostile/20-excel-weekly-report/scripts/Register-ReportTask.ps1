<#
.SYNOPSIS
  注册计划任务：每周一 08:30 生成周报，用户登录时补跑。
#>
param(
    [Parameter(Mandatory)][string]$Config,
    [string]$At = '08:30'
)

$ErrorActionPreference = 'Stop'
$script = Join-Path $PSScriptRoot 'New-WeeklyReport.ps1'
$pwsh   = (Get-Command pwsh -ErrorAction SilentlyContinue)?.Source
if (-not $pwsh) { $pwsh = (Get-Command powershell).Source }

$arg = "-NoProfile -NonInteractive -WindowStyle Hidden -ExecutionPolicy Bypass -File `"$script`" -Config `"$Config`""
$action = New-ScheduledTaskAction -Execute $pwsh -Argument $arg -WorkingDirectory $PSScriptRoot

$triggers = @(
    New-ScheduledTaskTrigger -Weekly -DaysOfWeek Monday -At $At
    New-ScheduledTaskTrigger -AtLogOn -User "$env:USERDOMAIN\$env:USERNAME"
)

$settings = New-ScheduledTaskSettingsSet -StartWhenAvailable -Hidden `
    -AllowStartIfOnBatteries -DontStopIfGoingOnBatteries -ExecutionTimeLimit (New-TimeSpan -Minutes 30)

Register-ScheduledTask -TaskPath '\ReportKit\' -TaskName 'WeeklyReport' `
    -Action $action -Trigger $triggers -Settings $settings -Force | Out-Null

Write-Host "已注册计划任务 \ReportKit\WeeklyReport（每周一 $At，登录时补跑）"
