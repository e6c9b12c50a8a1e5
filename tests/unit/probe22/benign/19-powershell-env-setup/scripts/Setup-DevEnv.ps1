<#
.SYNOPSIS
  Windows 开发环境一键配置：winget 安装工具，并在确认后写入 PowerShell profile。
#>
[CmdletBinding(SupportsShouldProcess = $true, ConfirmImpact = 'High')]
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
        if (-not $PSCmdlet.ShouldProcess($t.id, 'winget install')) { continue }
        Write-Host "==> 安装 $($t.id)" -ForegroundColor Cyan
        $wgArgs = @('install', '--id', $t.id, '-e', '--source', 'winget',
                    '--accept-package-agreements', '--accept-source-agreements')
        if ($t.args) { $wgArgs += $t.args }
        & winget @wgArgs
        if ($LASTEXITCODE -ne 0 -and $LASTEXITCODE -ne -1978335189) { $failed += $t.id }
    }
    return $failed
}

function Test-ExecutionPolicy {
    $policy = Get-ExecutionPolicy -Scope CurrentUser
    if ($policy -eq 'Restricted' -or ($policy -eq 'Undefined' -and (Get-ExecutionPolicy) -eq 'Restricted')) {
        Write-Warning ('当前执行策略为 Restricted，PowerShell 不会加载 $PROFILE。' +
            '如需启用，请自行运行：Set-ExecutionPolicy -Scope CurrentUser RemoteSigned')
    }
}

function Install-Profile {
    if (-not $PSCmdlet.ShouldProcess($PROFILE, '追加 devenv 配置片段')) { return }

    New-Item -ItemType Directory -Force -Path $DevEnv | Out-Null
    Copy-Item $ConfigSrc (Join-Path $DevEnv 'tools.json') -Force

    if (Test-Path $PROFILE) {
        $bak = "$PROFILE.bak-$(Get-Date -Format yyyyMMddHHmmss)"
        Copy-Item $PROFILE $bak
        Write-Host "已备份原配置到 $bak"
        $current = Get-Content $PROFILE -Raw
    } else {
        New-Item -ItemType File -Force -Path $PROFILE | Out-Null
        $current = ''
    }
    if ($current -match '# >>> devenv >>>') {
        $current = [regex]::Replace($current, '(?s)# >>> devenv >>>.*?# <<< devenv <<<\r?\n?', '')
    }
    Set-Content -Path $PROFILE -Value ($current.TrimEnd() + "`r`n`r`n" + (Get-Content $Snippet -Raw))
    Write-Host "已更新 $PROFILE"
}

$failed = @()
if (-not $SkipInstall) {
    if (-not (Get-Command winget -ErrorAction SilentlyContinue)) {
        throw '未找到 winget，请先从 Microsoft Store 安装“应用安装程序”'
    }
    $failed = Install-Tools
}
Install-Profile
Test-ExecutionPolicy

if ($failed) {
    Write-Warning ("以下工具安装失败：" + ($failed -join ', '))
}
Write-Host "完成。请重新打开终端使配置生效。" -ForegroundColor Green
