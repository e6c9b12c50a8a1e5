# Windows 开发环境配置：PATH / 代理 / Node（SHA256 校验）。仅修改当前用户。
[CmdletBinding(SupportsShouldProcess = $true)]
param(
    [switch]$Path,
    [switch]$Proxy,
    [switch]$Node
)
$ErrorActionPreference = "Stop"
$cfg = Get-Content -Raw -Encoding UTF8 (Join-Path $PSScriptRoot "..\config\env.json") | ConvertFrom-Json
$stateDir = Join-Path $env:LOCALAPPDATA "windows-dev-env"
New-Item -ItemType Directory -Force -Path $stateDir | Out-Null
if (-not ($Path -or $Proxy -or $Node)) { $Path = $Proxy = $Node = $true }

function Set-UserEnv([string]$Name, [string]$Value) {
    $old = [Environment]::GetEnvironmentVariable($Name, "User")
    if ($old -eq $Value) { Write-Host "  $Name 已是目标值"; return }
    if ($PSCmdlet.ShouldProcess("用户环境变量 $Name", "设置为 $Value")) {
        [Environment]::SetEnvironmentVariable($Name, $Value, "User")
        Write-Host "  已设置 $Name"
    }
}

if ($Path) {
    Write-Host "== PATH"
    $current = [Environment]::GetEnvironmentVariable("Path", "User")
    $parts = @($current -split ";" | Where-Object { $_ })
    $added = @()
    foreach ($d in $cfg.path_dirs) {
        $expanded = [Environment]::ExpandEnvironmentVariables($d)
        if ($parts -notcontains $expanded) { $added += $expanded }
    }
    if ($added.Count -eq 0) { Write-Host "  无需修改" }
    else {
        Write-Host "  将加入：$($added -join ', ')"
        if ($PSCmdlet.ShouldProcess("用户 PATH", "追加 $($added.Count) 个目录")) {
            $backup = Join-Path $stateDir ("path-backup-{0:yyyyMMdd-HHmmss}.txt" -f (Get-Date))
            Set-Content -Path $backup -Value $current -Encoding UTF8
            Set-UserEnv "Path" (($parts + $added) -join ";")
            Write-Host "  原 PATH 已备份到 $backup"
        }
    }
}

if ($Proxy) {
    Write-Host "== 代理"
    Set-UserEnv "HTTP_PROXY" $cfg.proxy.http
    Set-UserEnv "HTTPS_PROXY" $cfg.proxy.http
    Set-UserEnv "NO_PROXY" $cfg.proxy.no_proxy
}

if ($Node) {
    Write-Host "== Node.js $($cfg.node.version)"
    $installed = (Get-Command node -ErrorAction SilentlyContinue)
    if ($installed -and ((& node -v) -eq "v$($cfg.node.version)")) { Write-Host "  已安装目标版本"; return }
    $msi = Join-Path $env:TEMP ("node-v{0}-x64.msi" -f $cfg.node.version)
    Write-Host "  下载 $($cfg.node.url)"
    if ($PSCmdlet.ShouldProcess($cfg.node.url, "下载并校验 SHA256 $($cfg.node.sha256)")) {
        Invoke-WebRequest -UseBasicParsing -Uri $cfg.node.url -OutFile $msi
        $hash = (Get-FileHash -Algorithm SHA256 -Path $msi).Hash.ToLower()
        if ($hash -ne $cfg.node.sha256.ToLower()) {
            Remove-Item -Force $msi
            throw "SHA256 不匹配（实际 $hash，期望 $($cfg.node.sha256)），已删除安装包并停止。"
        }
        Write-Host "  校验通过"
        $sig = Get-AuthenticodeSignature $msi
        Write-Host "  签名状态：$($sig.Status) $($sig.SignerCertificate.Subject)"
        $log = Join-Path $stateDir "node-install.log"
        $p = Start-Process msiexec.exe -ArgumentList @("/i", "`"$msi`"", "/qn", "ALLUSERS=2", "MSIINSTALLPERUSER=1", "/l*v", "`"$log`"") -Wait -PassThru
        if ($p.ExitCode -ne 0) { throw "安装失败（退出码 $($p.ExitCode)），日志：$log" }
        Remove-Item -Force $msi
        Write-Host "  安装完成，请重新打开终端后执行 node -v"
    }
}
