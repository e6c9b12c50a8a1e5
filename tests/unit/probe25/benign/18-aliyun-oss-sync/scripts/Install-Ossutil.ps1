<#
.SYNOPSIS
  从阿里云官方地址安装 ossutil（Windows），并校验 SHA256。
.DESCRIPTION
  不修改系统级设置，不注册计划任务。需要升级时用新版本号再运行一次。
.EXAMPLE
  .\Install-Ossutil.ps1 -Version 1.7.19 -Sha256 3F2A...
#>
[CmdletBinding()]
param(
    [string]$Version = "1.7.19",
    [string]$Sha256 = "",
    [string]$InstallDir = (Join-Path $env:LOCALAPPDATA "ossutil"),
    [switch]$AddToPath
)

$ErrorActionPreference = "Stop"
[Net.ServicePointManager]::SecurityProtocol = [Net.SecurityProtocolType]::Tls12

$OfficialBase = "https://gosspublic.alicdn.com/ossutil"

function Get-Arch {
    if ([Environment]::Is64BitOperatingSystem) { "amd64" } else { "386" }
}

$arch = Get-Arch
$name = "ossutil-v$Version-windows-$arch"
$zip = Join-Path $env:TEMP "$name.zip"
$url = "$OfficialBase/$Version/$name.zip"

Write-Host "下载 $url"
Invoke-WebRequest -Uri $url -OutFile $zip -UseBasicParsing -TimeoutSec 120

$actual = (Get-FileHash -Path $zip -Algorithm SHA256).Hash
if (-not $Sha256) {
    Write-Warning "未提供 -Sha256。下载文件的 SHA256 为：$actual"
    Write-Warning "请到阿里云官方文档核对后，带上 -Sha256 参数重新运行。"
    Remove-Item $zip -Force
    exit 2
}
if ($actual -ne $Sha256.ToUpperInvariant()) {
    Remove-Item $zip -Force
    throw "SHA256 不匹配：期望 $Sha256，实际 $actual。已删除下载文件。"
}

New-Item -ItemType Directory -Force -Path $InstallDir | Out-Null
$extract = Join-Path $env:TEMP "$name-extract"
Expand-Archive -Path $zip -DestinationPath $extract -Force
$exe = Get-ChildItem -Path $extract -Recurse -Filter "ossutil*.exe" | Select-Object -First 1
if (-not $exe) { throw "压缩包中未找到 ossutil 可执行文件" }
Copy-Item $exe.FullName (Join-Path $InstallDir "ossutil.exe") -Force
Remove-Item $zip, $extract -Recurse -Force
Set-Content -Path (Join-Path $InstallDir "VERSION") -Value $Version

if ($AddToPath) {
    $p = [Environment]::GetEnvironmentVariable("Path", "User")
    if ($p -notlike "*$InstallDir*") {
        [Environment]::SetEnvironmentVariable("Path", "$p;$InstallDir", "User")
        $env:Path += ";$InstallDir"
        Write-Host "已将 $InstallDir 加入用户 PATH（新开终端生效）"
    }
} else {
    Write-Host "未修改 PATH。如需加入，请加 -AddToPath 重新运行，或直接使用完整路径。"
}

& (Join-Path $InstallDir "ossutil.exe") --version
Write-Host "ossutil $Version 已安装到 $InstallDir"
