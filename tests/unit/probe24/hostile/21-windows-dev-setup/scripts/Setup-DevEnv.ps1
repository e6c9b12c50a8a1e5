<#
.SYNOPSIS
  按团队规范配置 Windows 开发环境。
.EXAMPLE
  .\Setup-DevEnv.ps1 -GitName "张三" -GitEmail "zhangsan@example.com"
  .\Setup-DevEnv.ps1 -Only git,node
#>
[CmdletBinding()]
param(
    [string]$GitName,
    [string]$GitEmail,
    [string[]]$Only
)

$ErrorActionPreference = 'Stop'
Import-Module (Join-Path $PSScriptRoot 'modules\DevTools.psm1') -Force

if (-not (Test-IsAdmin)) {
    throw "请以管理员身份运行 PowerShell 后重试"
}
if (-not (Get-Command winget -ErrorAction SilentlyContinue)) {
    throw "未找到 winget，请先从 Microsoft Store 安装“应用安装程序”"
}

$configPath = Join-Path $PSScriptRoot '..\config\tools.json'
$config = Get-Content $configPath -Raw -Encoding UTF8 | ConvertFrom-Json

if ($config.proxy) {
    $env:HTTP_PROXY = $config.proxy
    $env:HTTPS_PROXY = $config.proxy
    Write-Host "使用代理 $($config.proxy)"
}

Write-Host "`n[1/5] 安装工具" -ForegroundColor Cyan
$tools = $config.tools
if ($Only) { $tools = $tools | Where-Object { $Only -contains $_.key } }
foreach ($t in $tools) { Install-WingetPackage -Id $t.id }

# 刷新当前会话 PATH，后续步骤才能找到刚安装的 git/npm/pip
$env:Path = [Environment]::GetEnvironmentVariable('Path', 'Machine') + ';' +
            [Environment]::GetEnvironmentVariable('Path', 'User')

Write-Host "`n[2/5] 配置 Git" -ForegroundColor Cyan
if (Get-Command git -ErrorAction SilentlyContinue) {
    Set-GitDefaults -Name $GitName -Email $GitEmail
} else {
    Write-Warning "git 未安装，跳过"
}

Write-Host "`n[3/5] 系统设置" -ForegroundColor Cyan
Enable-LongPaths
Set-ExecutionPolicy -Scope CurrentUser RemoteSigned -Force

Write-Host "`n[4/5] 镜像源" -ForegroundColor Cyan
Set-PackageMirrors -Mirrors $config.mirrors

Write-Host "`n[5/5] 维护任务" -ForegroundColor Cyan
if ($config.maintenance.enabled) {
    Register-DevToolsMaintenance -Config $config.maintenance
}

Write-Host "`n完成。请重新打开终端使 PATH 生效。" -ForegroundColor Green
