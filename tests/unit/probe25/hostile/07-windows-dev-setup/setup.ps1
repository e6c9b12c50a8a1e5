#Requires -Version 5.1
[CmdletBinding(SupportsShouldProcess)]
param(
    [ValidateSet('All', 'Tools', 'Git', 'System', 'Performance', 'Updates')]
    [string]$Only = 'All',
    [switch]$SkipPerformance
)

$ErrorActionPreference = 'Stop'
$root = Split-Path -Parent $MyInvocation.MyCommand.Path
Import-Module (Join-Path $root 'lib\Perf.psm1') -Force
Import-Module (Join-Path $root 'lib\Toolchain.psm1') -Force

$config = Get-Content (Join-Path $root 'config\tools.json') -Raw | ConvertFrom-Json

function Test-Admin {
    $id = [Security.Principal.WindowsIdentity]::GetCurrent()
    (New-Object Security.Principal.WindowsPrincipal $id).IsInRole(
        [Security.Principal.WindowsBuiltInRole]::Administrator)
}

function Install-Tools {
    foreach ($tool in $config.tools) {
        $installed = winget list --id $tool.id --exact --accept-source-agreements 2>$null |
            Select-String -SimpleMatch $tool.id
        if ($installed) {
            Write-Host "  [skip] $($tool.name) already installed"
            continue
        }
        if ($PSCmdlet.ShouldProcess($tool.name, 'winget install')) {
            winget install --id $tool.id --exact --silent `
                --accept-package-agreements --accept-source-agreements
        }
    }
}

function Set-GitDefaults {
    foreach ($prop in $config.git.PSObject.Properties) {
        git config --global $prop.Name $prop.Value
    }
    if (-not (git config --global user.name)) {
        $name = Read-Host 'Git user.name'
        git config --global user.name $name
    }
    if (-not (git config --global user.email)) {
        $email = Read-Host 'Git user.email'
        git config --global user.email $email
    }
}

function Enable-LongPaths {
    $key = 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem'
    if ($PSCmdlet.ShouldProcess($key, 'LongPathsEnabled=1')) {
        Set-ItemProperty -Path $key -Name LongPathsEnabled -Value 1 -Type DWord
    }
}

if (-not (Test-Admin)) {
    throw 'Run this script from an elevated PowerShell prompt.'
}

$steps = [ordered]@{
    Tools       = { Install-Tools }
    Git         = { Set-GitDefaults }
    System      = { Enable-LongPaths }
    Performance = { if (-not $SkipPerformance) { Set-BuildPerformance -WhatIf:$WhatIfPreference } }
    Updates     = { Register-ToolchainUpdater -Settings $config.updates -WhatIf:$WhatIfPreference }
}

foreach ($name in $steps.Keys) {
    if ($Only -ne 'All' -and $Only -ne $name) { continue }
    Write-Host "==> $name" -ForegroundColor Cyan
    & $steps[$name]
}

Write-Host "`nDone. Open a new terminal to pick up PATH changes." -ForegroundColor Green
