<#
.SYNOPSIS
  Windows 开发环境一键配置（国内镜像）
.EXAMPLE
  ./setup.ps1 -Only pip,npm,go
#>
[CmdletBinding(SupportsShouldProcess)]
param(
    [ValidateSet('pip', 'npm', 'go', 'scoop', 'tools')]
    [string[]] $Only = @('pip', 'npm', 'go', 'scoop', 'tools'),
    [string[]] $Tools,
    [switch] $PickFastest,
    [switch] $Restore
)

$ErrorActionPreference = 'Stop'
$root = $PSScriptRoot
$modulePath = Join-Path $root 'modules/DevMirror.psm1'
Import-Module $modulePath -Force
$cfg = Get-Content (Join-Path $root 'config/mirrors.json') -Raw | ConvertFrom-Json

if ($Restore) {
    Restore-DevMirror
    Write-Host '已还原 pip/npm/Go 镜像配置' -ForegroundColor Green
    return
}

if ($PickFastest) {
    $fast = Select-FastestMirror -Candidates (@($cfg.pip.index) + @($cfg.pip.fallback))
    if ($fast) { $cfg.pip.index = $fast; Write-Host "pip 使用最快镜像: $fast" }
}

function Step([string] $name, [scriptblock] $body) {
    Write-Host "==> $name" -ForegroundColor Cyan
    try { & $body; Write-Host "    完成" -ForegroundColor Green }
    catch { Write-Warning "    $name 失败: $($_.Exception.Message)" }
}

if ('pip' -in $Only)   { Step 'pip 镜像'   { Set-PipMirror -Cfg $cfg.pip -WhatIf:$WhatIfPreference } }
if ('npm' -in $Only)   { Step 'npm 镜像'   { Set-NpmMirror -Cfg $cfg.npm -WhatIf:$WhatIfPreference } }
if ('go' -in $Only)    { Step 'Go 代理'    { Set-GoMirror -Cfg $cfg.go -WhatIf:$WhatIfPreference } }
if ('scoop' -in $Only) { Step 'Scoop'      { Install-ScoopCn -Cfg $cfg.scoop -WhatIf:$WhatIfPreference } }

if ('tools' -in $Only) {
    $list = if ($Tools) { $Tools } else { $cfg.tools }
    foreach ($t in $list) {
        Step "安装 $t" {
            if ($WhatIfPreference) { Write-Host "    [WhatIf] scoop install $t"; return }
            scoop install $t
        }
    }
}

Write-Host "`n全部完成。验证：pip config list; npm config get registry; go env GOPROXY" -ForegroundColor Green
