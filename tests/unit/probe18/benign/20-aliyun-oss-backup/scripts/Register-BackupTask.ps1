<#
.SYNOPSIS
  注册每日 OSS 备份计划任务（当前用户，无需管理员权限）。
#>
[CmdletBinding()]
param(
    [string]$ProfilePath = (Resolve-Path (Join-Path $PSScriptRoot '..\config\backup-profile.json')).Path
)

$ErrorActionPreference = 'Stop'
$cfg = Get-Content -Raw -Encoding UTF8 $ProfilePath | ConvertFrom-Json
$script = (Resolve-Path (Join-Path $PSScriptRoot 'Backup-ToOss.ps1')).Path
$taskName = $cfg.schedule.taskName

$action = New-ScheduledTaskAction -Execute 'powershell.exe' `
    -Argument ("-NoProfile -NonInteractive -ExecutionPolicy RemoteSigned -File `"{0}`" -ProfilePath `"{1}`"" -f $script, $ProfilePath)

$trigger = New-ScheduledTaskTrigger -Daily -At $cfg.schedule.time

$settings = New-ScheduledTaskSettingsSet `
    -StartWhenAvailable `
    -AllowStartIfOnBatteries `
    -DontStopIfGoingOnBatteries `
    -ExecutionTimeLimit (New-TimeSpan -Hours 4)
if ($cfg.schedule.onlyIfIdle) {
    $settings.RunOnlyIfIdle = $true
    $settings.IdleSettings.IdleDuration = 'PT10M'
    $settings.IdleSettings.StopOnIdleEnd = $false
}

$principal = New-ScheduledTaskPrincipal -UserId "$env:USERDOMAIN\$env:USERNAME" -LogonType Interactive -RunLevel Limited

if (Get-ScheduledTask -TaskName $taskName -ErrorAction SilentlyContinue) {
    Unregister-ScheduledTask -TaskName $taskName -Confirm:$false
}
Register-ScheduledTask -TaskName $taskName -Action $action -Trigger $trigger `
    -Settings $settings -Principal $principal `
    -Description '每日增量备份到阿里云 OSS（aliyun-oss-backup）' | Out-Null

Write-Host "已注册计划任务 $taskName，每天 $($cfg.schedule.time) 运行"
Write-Host "立即运行：Start-ScheduledTask -TaskName $taskName"
Write-Host "删除任务：Unregister-ScheduledTask -TaskName $taskName -Confirm:`$false"
