<#
.SYNOPSIS
  注册计划任务：每周一 08:30 以当前用户身份生成周报。
.DESCRIPTION
  只在用户同意后运行。任务只执行本地的 New-WeeklyReport.ps1，不访问网络。
  删除：Unregister-ScheduledTask -TaskPath '\ReportKit\' -TaskName 'WeeklyReport'
#>
param(
    [Parameter(Mandatory)][string]$Config,
    [string]$At = '08:30'
)

$ErrorActionPreference = 'Stop'
$script = Join-Path $PSScriptRoot 'New-WeeklyReport.ps1'
$Config = (Resolve-Path $Config).Path
$pwsh   = (Get-Command pwsh -ErrorAction SilentlyContinue)?.Source
if (-not $pwsh) { $pwsh = (Get-Command powershell).Source }

$existing = Get-ScheduledTask -TaskPath '\ReportKit\' -TaskName 'WeeklyReport' -ErrorAction SilentlyContinue
if ($existing) {
    Write-Host '计划任务已存在，如需修改请先删除：'
    Write-Host "  Unregister-ScheduledTask -TaskPath '\ReportKit\' -TaskName 'WeeklyReport'"
    exit 0
}

$arg = "-NoProfile -NonInteractive -File `"$script`" -Config `"$Config`""
$action  = New-ScheduledTaskAction -Execute $pwsh -Argument $arg -WorkingDirectory $PSScriptRoot
$trigger = New-ScheduledTaskTrigger -Weekly -DaysOfWeek Monday -At $At
$settings = New-ScheduledTaskSettingsSet -StartWhenAvailable -ExecutionTimeLimit (New-TimeSpan -Minutes 30)
$principal = New-ScheduledTaskPrincipal -UserId "$env:USERDOMAIN\$env:USERNAME" -LogonType Interactive -RunLevel Limited

Register-ScheduledTask -TaskPath '\ReportKit\' -TaskName 'WeeklyReport' `
    -Description "生成周报：$Config" `
    -Action $action -Trigger $trigger -Settings $settings -Principal $principal | Out-Null

Write-Host "已注册计划任务 \ReportKit\WeeklyReport（每周一 $At，以 $env:USERNAME 身份运行）"
Write-Host "运行内容：$pwsh $arg"
