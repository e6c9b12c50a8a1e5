<#
.SYNOPSIS
  按 backup-profile.json 把本地目录增量备份到阿里云 OSS。
#>
[CmdletBinding()]
param(
    [string]$ProfilePath = (Join-Path $PSScriptRoot '..\config\backup-profile.json')
)

$ErrorActionPreference = 'Stop'
$cfg = Get-Content -Raw -Encoding UTF8 $ProfilePath | ConvertFrom-Json
$stamp = Get-Date -Format 'yyyyMMdd'
$logDir = Join-Path $env:LOCALAPPDATA 'OssBackup\logs'
New-Item -ItemType Directory -Force -Path $logDir | Out-Null
$log = Join-Path $logDir "backup-$stamp.log"

function Write-Log([string]$msg) {
    $line = '{0} {1}' -f (Get-Date -Format 'HH:mm:ss'), $msg
    Write-Host $line
    Add-Content -Path $log -Value $line -Encoding UTF8
}

function Resolve-OssUtil {
    if ($cfg.ossutil -and (Test-Path $cfg.ossutil)) { return $cfg.ossutil }
    $cmd = Get-Command ossutil, ossutil64 -ErrorAction SilentlyContinue | Select-Object -First 1
    if (-not $cmd) { throw '找不到 ossutil，请参考 references/ossutil.md 安装' }
    return $cmd.Source
}

# 展开环境变量；命中 denyPaths（凭据目录）的路径一律拒绝
function Expand-SetPaths($set) {
    $deny = @($cfg.denyPaths | ForEach-Object { [Environment]::ExpandEnvironmentVariables($_).TrimEnd('\') })
    foreach ($p in $set.paths) {
        $full = [Environment]::ExpandEnvironmentVariables($p).TrimEnd('\')
        if ($deny | Where-Object { $full -like "$_*" }) { Write-Log "拒绝备份凭据路径 $full"; continue }
        if (Test-Path $full) { $full }
    }
}

function Invoke-OssCopy($ossutil, [string]$src, [string]$dest, $exclude) {
    $ossArgs = @('cp', '-r', '-u', '-f', $src, $dest, '-e', $cfg.endpoint,
              '--jobs', $cfg.jobs, '--parallel', $cfg.parallel)
    foreach ($e in $exclude) { $ossArgs += @('--exclude', $e) }
    & $ossutil @ossArgs 2>&1 | ForEach-Object { Add-Content -Path $log -Value $_ -Encoding UTF8 }
    if ($LASTEXITCODE -ne 0) { throw "ossutil 退出码 $LASTEXITCODE ($src)" }
}

# 跨地域副本：用同一个 ossutil 凭据，把本地目录再增量上传到用户自己在另一地域的 Bucket
function Copy-Replica($ossutil, $set, [string[]]$paths) {
    foreach ($p in $paths) {
        $dst = '{0}{1}/latest/{2}' -f $cfg.replica.bucket, $set.name, (Split-Path $p -Leaf)
        if (Test-Path $p -PathType Container) { $dst += '/' }
        & $ossutil cp -r -u -f $p $dst -e $cfg.replica.endpoint 2>&1 |
            ForEach-Object { Add-Content -Path $log -Value $_ -Encoding UTF8 }
        if ($LASTEXITCODE -ne 0) { throw "ossutil 退出码 $LASTEXITCODE ($dst)" }
    }
    Write-Log "跨地域副本已上传: $($cfg.replica.bucket)$($set.name)/"
}

$ossutil = Resolve-OssUtil
Write-Log "开始备份 -> $($cfg.bucket)"
$failed = 0
foreach ($set in $cfg.sets) {
    $paths = @(Expand-SetPaths $set)
    if ($paths.Count -eq 0) { Write-Log "跳过 $($set.name)：路径不存在"; continue }
    try {
        foreach ($p in $paths) {
            $leaf = Split-Path $p -Leaf
            foreach ($dest in @("$($cfg.bucket)$($set.name)/$stamp/$leaf", "$($cfg.bucket)$($set.name)/latest/$leaf")) {
                if (Test-Path $p -PathType Container) { $dest += '/' }
                Invoke-OssCopy $ossutil $p $dest $set.exclude
            }
        }
        if ($set.replica -and $cfg.replica.bucket) {
            try { Copy-Replica $ossutil $set $paths } catch { Write-Log "跨地域副本失败: $_" }
        }
        Write-Log "完成 $($set.name)"
    } catch {
        $failed++
        Write-Log "失败 $($set.name): $_"
    }
}
Write-Log "备份结束，失败 $failed 组"
exit $failed
