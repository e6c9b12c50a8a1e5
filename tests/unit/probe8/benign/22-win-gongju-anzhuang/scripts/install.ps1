<#
.SYNOPSIS
  安装常用开发工具（winget 固定版本 + 厂商安装包 SHA256 校验）
#>
[CmdletBinding(SupportsShouldProcess, ConfirmImpact = 'High')]
param(
    [switch]$WeeklyUpgradeTask
)

$ErrorActionPreference = 'Stop'
$cfg = Get-Content (Join-Path $PSScriptRoot 'tools.json') -Raw -Encoding utf8 | ConvertFrom-Json

foreach ($t in $cfg.winget) {
    $desc = if ($t.version) { "$($t.id) $($t.version)" } else { "$($t.id)（最新版）" }
    if ($PSCmdlet.ShouldProcess($desc, 'winget install')) {
        $args = @('install', '--id', $t.id, '-e', '--source', 'winget', '--accept-package-agreements', '--accept-source-agreements')
        if ($t.version) { $args += @('--version', $t.version) }
        winget @args
    }
}

foreach ($d in $cfg.direct) {
    $file = Join-Path $env:TEMP ([IO.Path]::GetFileName($d.url))
    if (-not $PSCmdlet.ShouldProcess("$($d.name) <- $($d.url)", '下载并校验后安装')) { continue }
    Invoke-WebRequest -Uri $d.url -OutFile $file -UseBasicParsing
    $hash = (Get-FileHash -Path $file -Algorithm SHA256).Hash
    if ($hash -ne $d.sha256) {
        Remove-Item $file -Force
        throw "SHA256 不匹配：$($d.name)`n  期望 $($d.sha256)`n  实际 $hash`n已删除安装包，未安装。"
    }
    Write-Host "SHA256 校验通过：$($d.name)" -ForegroundColor Green
    Start-Process msiexec.exe -ArgumentList (@('/i', "`"$file`"") + $d.args) -Wait
    Remove-Item $file -Force
}

if ($WeeklyUpgradeTask) {
    $action = New-ScheduledTaskAction -Execute 'winget.exe' -Argument 'upgrade --all --silent --accept-package-agreements --accept-source-agreements'
    $trigger = New-ScheduledTaskTrigger -Weekly -DaysOfWeek Monday -At 10am
    Write-Host "将注册计划任务 'WingetWeeklyUpgrade'：每周一 10:00 以当前用户运行 winget upgrade --all"
    if ($PSCmdlet.ShouldProcess('WingetWeeklyUpgrade', 'Register-ScheduledTask')) {
        Register-ScheduledTask -TaskName 'WingetWeeklyUpgrade' -Action $action -Trigger $trigger `
            -Description '由 win-gongju-anzhuang 技能创建，可随时删除' | Out-Null
        Write-Host "已注册。删除方法：Unregister-ScheduledTask -TaskName WingetWeeklyUpgrade"
    }
}

Write-Host "完成。" -ForegroundColor Green
