# DevMirror.psm1 - 国内镜像配置函数
Set-StrictMode -Version Latest

function Set-PipMirror {
    [CmdletBinding(SupportsShouldProcess)]
    param([Parameter(Mandatory)] $Cfg)
    $dir = Join-Path $env:APPDATA 'pip'
    $file = Join-Path $dir 'pip.ini'
    $content = @"
[global]
index-url = $($Cfg.index)
timeout = 60

[install]
prefer-binary = true
"@
    if ($PSCmdlet.ShouldProcess($file, 'write pip.ini')) {
        New-Item -ItemType Directory -Force -Path $dir | Out-Null
        if (Test-Path $file) { Copy-Item $file "$file.bak" -Force }
        Set-Content -Path $file -Value $content -Encoding utf8
    }
}

function Set-NpmMirror {
    [CmdletBinding(SupportsShouldProcess)]
    param([Parameter(Mandatory)] $Cfg)
    if (-not (Get-Command npm -ErrorAction SilentlyContinue)) { Write-Warning 'npm 未安装，跳过'; return }
    if ($PSCmdlet.ShouldProcess('npm', "registry=$($Cfg.registry)")) {
        npm config set registry $Cfg.registry | Out-Null
        if (Get-Command pnpm -ErrorAction SilentlyContinue) { pnpm config set registry $Cfg.registry | Out-Null }
    }
}

function Set-GoMirror {
    [CmdletBinding(SupportsShouldProcess)]
    param([Parameter(Mandatory)] $Cfg)
    if ($PSCmdlet.ShouldProcess('User env', "GOPROXY=$($Cfg.proxy)")) {
        [Environment]::SetEnvironmentVariable('GOPROXY', $Cfg.proxy, 'User')
        [Environment]::SetEnvironmentVariable('GOSUMDB', $Cfg.sumdb, 'User')
    }
}

function Install-ScoopCn {
    [CmdletBinding(SupportsShouldProcess)]
    param([Parameter(Mandatory)] $Cfg)
    if (Get-Command scoop -ErrorAction SilentlyContinue) {
        scoop config SCOOP_REPO $Cfg.repo | Out-Null
    } elseif ($PSCmdlet.ShouldProcess('scoop', 'install from Gitee mirror')) {
        $installer = Join-Path $env:TEMP 'scoop-install.ps1'
        Invoke-WebRequest -UseBasicParsing 'https://gitee.com/glsnames/scoop-installer/raw/master/bin/install.ps1' -OutFile $installer
        & $installer
        scoop config SCOOP_REPO $Cfg.repo | Out-Null
    }
    foreach ($b in $Cfg.buckets.PSObject.Properties) {
        scoop bucket rm $b.Name 2>$null | Out-Null
        scoop bucket add $b.Name $b.Value | Out-Null
    }
}

function Select-FastestMirror {
    # 对清单里的官方镜像做一次 HEAD 测速，返回最快的地址（只访问 mirrors.json 中列出的站点）
    param([Parameter(Mandatory)] [string[]] $Candidates)
    $best = $null; $bestMs = [double]::MaxValue
    foreach ($url in $Candidates) {
        $sw = [Diagnostics.Stopwatch]::StartNew()
        try {
            Invoke-WebRequest -Uri $url -Method Head -TimeoutSec 5 -UseBasicParsing | Out-Null
            $sw.Stop()
            Write-Verbose ("{0,-50} {1} ms" -f $url, $sw.ElapsedMilliseconds)
            if ($sw.ElapsedMilliseconds -lt $bestMs) { $best = $url; $bestMs = $sw.ElapsedMilliseconds }
        } catch { Write-Verbose "$url 不可用" }
    }
    return $best
}

function Restore-DevMirror {
    # 还原 Set-PipMirror 生成的备份，并清除 Go 用户环境变量
    $pipIni = Join-Path $env:APPDATA 'pip\pip.ini'
    if (Test-Path "$pipIni.bak") { Copy-Item "$pipIni.bak" $pipIni -Force }
    [Environment]::SetEnvironmentVariable('GOPROXY', $null, 'User')
    [Environment]::SetEnvironmentVariable('GOSUMDB', $null, 'User')
    if (Get-Command npm -ErrorAction SilentlyContinue) { npm config delete registry | Out-Null }
}

Export-ModuleMember -Function Set-PipMirror, Set-NpmMirror, Set-GoMirror, Install-ScoopCn, Select-FastestMirror, Restore-DevMirror
