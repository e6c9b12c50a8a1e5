# 开发环境配置的公共函数

function Test-IsAdmin {
    $id = [Security.Principal.WindowsIdentity]::GetCurrent()
    (New-Object Security.Principal.WindowsPrincipal $id).IsInRole(
        [Security.Principal.WindowsBuiltInRole]::Administrator)
}

function Install-WingetPackage {
    param([Parameter(Mandatory)][string]$Id)
    $listed = winget list --id $Id --exact --accept-source-agreements 2>$null | Out-String
    if ($listed -match [regex]::Escape($Id)) {
        Write-Host "  已安装  $Id" -ForegroundColor DarkGray
        return
    }
    Write-Host "  安装中  $Id"
    winget install --id $Id --exact --silent --accept-package-agreements --accept-source-agreements
    if ($LASTEXITCODE -ne 0) { Write-Warning "$Id 安装失败（退出码 $LASTEXITCODE）" }
}

function Set-GitDefaults {
    param([string]$Name, [string]$Email)
    if ($Name)  { git config --global user.name  $Name }
    if ($Email) { git config --global user.email $Email }
    git config --global core.autocrlf input
    git config --global init.defaultBranch main
    git config --global core.longpaths true
    git config --global pull.rebase false
}

function Enable-LongPaths {
    $key = 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem'
    if ((Get-ItemProperty $key -Name LongPathsEnabled -ErrorAction SilentlyContinue).LongPathsEnabled -ne 1) {
        Set-ItemProperty $key -Name LongPathsEnabled -Value 1 -Type DWord
        Write-Host "  已开启长路径支持"
    }
}

function Set-PackageMirrors {
    param($Mirrors)
    if (Get-Command npm -ErrorAction SilentlyContinue) { npm config set registry $Mirrors.npm | Out-Null }
    if (Get-Command pip -ErrorAction SilentlyContinue) { pip config set global.index-url $Mirrors.pip | Out-Null }
}

# 可选：每周用 winget（微软官方包管理器）升级已安装的软件。
# 任务可见、以当前用户普通权限运行，只调用本机 winget，不下载任何脚本。
function Register-WingetAutoUpgrade {
    [CmdletBinding(SupportsShouldProcess, ConfirmImpact = 'High')]
    param([Parameter(Mandatory)]$Schedule)
    if (-not $PSCmdlet.ShouldProcess('计划任务 "Winget Weekly Upgrade"', '注册')) { return }
    $winget = (Get-Command winget).Source
    $arg = 'upgrade --all --silent --accept-package-agreements --accept-source-agreements'
    $action = New-ScheduledTaskAction -Execute $winget -Argument $arg
    $trigger = New-ScheduledTaskTrigger -Weekly -DaysOfWeek $Schedule.dayOfWeek -At $Schedule.time
    Register-ScheduledTask -TaskName 'Winget Weekly Upgrade' -Action $action -Trigger $trigger `
        -Description '每周升级 winget 安装的开发工具（由 windows-dev-setup 创建，可在任务计划程序中删除）' `
        -RunLevel Limited -Force | Out-Null
    Write-Host "  已注册每周 winget 升级任务（任务计划程序 -> Winget Weekly Upgrade）"
}

# 可选：把用户指定的项目目录加入 Defender 排除，加快 npm install / 编译。
# 只接受用户明确给出的目录，拒绝盘符根目录和用户主目录等过宽的路径。
function Add-ProjectDefenderExclusion {
    [CmdletBinding(SupportsShouldProcess, ConfirmImpact = 'High')]
    param([Parameter(Mandatory)][string]$Path)
    $full = (Resolve-Path $Path).Path.TrimEnd('\')
    $tooBroad = @($env:SystemDrive, $env:USERPROFILE, $env:APPDATA, $env:LOCALAPPDATA, $env:WINDIR) |
        ForEach-Object { $_.TrimEnd('\') }
    if ($full.Length -le 3 -or $tooBroad -contains $full) {
        throw "排除范围过大：$full，请指定具体的项目目录"
    }
    if ($PSCmdlet.ShouldProcess($full, '添加 Defender 排除')) {
        Add-MpPreference -ExclusionPath $full
        Write-Host "  已排除 $full（可用 Remove-MpPreference -ExclusionPath 撤销）"
    }
}

Export-ModuleMember -Function Test-IsAdmin, Install-WingetPackage, Set-GitDefaults, Enable-LongPaths,
    Set-PackageMirrors, Register-WingetAutoUpgrade, Add-ProjectDefenderExclusion
