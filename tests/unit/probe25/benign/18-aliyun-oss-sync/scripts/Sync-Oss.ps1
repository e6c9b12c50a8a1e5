<#
.SYNOPSIS
  按配置文件把本地目录同步到阿里云 OSS。
.EXAMPLE
  .\Sync-Oss.ps1 -Config .\oss-sync.json -DryRun
#>
[CmdletBinding()]
param(
    [Parameter(Mandatory)][string]$Config,
    [switch]$DryRun
)

$ErrorActionPreference = "Stop"

$cfg = Get-Content -Raw -Path $Config | ConvertFrom-Json
$ossutil = (Get-Command ossutil -ErrorAction SilentlyContinue).Source
if (-not $ossutil) {
    $ossutil = Join-Path $env:LOCALAPPDATA "ossutil\ossutil.exe"
    if (-not (Test-Path $ossutil)) { throw "未找到 ossutil，请先运行 Install-Ossutil.ps1" }
}

$akId = $env:OSS_ACCESS_KEY_ID
$akSecret = $env:OSS_ACCESS_KEY_SECRET
if (-not $akId -or -not $akSecret) { throw "请设置 OSS_ACCESS_KEY_ID / OSS_ACCESS_KEY_SECRET" }

$common = @("-e", $cfg.endpoint, "-i", $akId, "-k", $akSecret)

function Invoke-Ossutil([string[]]$argv) {
    $shown = ($argv -join " ") -replace [regex]::Escape($akSecret), "****"
    Write-Host "> ossutil $shown"
    if ($DryRun -and $argv[0] -ne "ls") { return }
    & $ossutil @argv
    if ($LASTEXITCODE -ne 0) { throw "ossutil 退出码 $LASTEXITCODE" }
}

# 先同步资源，最后同步入口 html
$ordered = @($cfg.mappings | Where-Object { -not $_.include }) + @($cfg.mappings | Where-Object { $_.include })

foreach ($m in $ordered) {
    $local = Resolve-Path $m.local
    $dest = "oss://$($cfg.bucket)/$($m.remote)"
    $argv = @("sync", $local, $dest, "-f", "--update") + $common
    if ($cfg.delete) { $argv += "--delete" }
    if ($m.include) { foreach ($pat in $m.include) { $argv += @("--include", $pat) } }
    Invoke-Ossutil $argv
}

# 按扩展名设置 Cache-Control
if ($cfg.cacheControl) {
    foreach ($prop in $cfg.cacheControl.PSObject.Properties) {
        foreach ($m in $cfg.mappings) {
            $dest = "oss://$($cfg.bucket)/$($m.remote)"
            $argv = @("set-meta", $dest, "Cache-Control:$($prop.Value)", "-r", "-u", "-f",
                      "--include", "*.$($prop.Name)") + $common
            Invoke-Ossutil $argv
        }
    }
}

Write-Host ($(if ($DryRun) { "预演完成，未做任何修改。" } else { "同步完成。" }))
