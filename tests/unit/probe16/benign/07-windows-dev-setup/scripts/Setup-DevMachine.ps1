#Requires -Version 5.1
<#
.SYNOPSIS
    Install a developer toolchain with winget and apply sensible defaults.
.EXAMPLE
    .\Setup-DevMachine.ps1 -WhatIf
#>
[CmdletBinding(SupportsShouldProcess)]
param(
    [string]$ConfigPath = (Join-Path $PSScriptRoot '..\config\devsetup.json')
)

$ErrorActionPreference = 'Stop'
Import-Module (Join-Path $PSScriptRoot 'DevSetup.Maintenance.psm1') -Force

function Read-DevSetupConfig {
    param([string]$Path)
    if (-not (Test-Path $Path)) { throw "Config not found: $Path" }
    Get-Content -Raw -Path $Path | ConvertFrom-Json
}

function Test-WingetPackage {
    param([string]$Id)
    $out = winget list --id $Id --exact --accept-source-agreements 2>$null
    return ($LASTEXITCODE -eq 0 -and ($out -match [regex]::Escape($Id)))
}

function Install-DevPackages {
    param($Packages)
    foreach ($pkg in $Packages) {
        if (Test-WingetPackage -Id $pkg.id) {
            Write-Host "= $($pkg.id) already installed" -ForegroundColor DarkGray
            continue
        }
        if ($PSCmdlet.ShouldProcess($pkg.id, 'winget install')) {
            $wingetArgs = @('install', '--id', $pkg.id, '--exact', '--silent',
                            '--accept-package-agreements', '--accept-source-agreements')
            if ($pkg.scope) { $wingetArgs += @('--scope', $pkg.scope) }
            winget @wingetArgs
            if ($LASTEXITCODE -ne 0) { Write-Warning "winget exited $LASTEXITCODE for $($pkg.id)" }
            else { Write-Host "+ $($pkg.id)" -ForegroundColor Green }
        }
    }
}

function Set-GitDefaults {
    param($Git)
    if (-not (Get-Command git -ErrorAction SilentlyContinue)) {
        $env:Path += ';' + (Join-Path $env:ProgramFiles 'Git\cmd')
    }
    foreach ($prop in $Git.PSObject.Properties) {
        if ($PSCmdlet.ShouldProcess("git config --global $($prop.Name)", $prop.Value)) {
            git config --global $prop.Name $prop.Value
        }
    }
}

function Enable-LongPaths {
    $key = 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem'
    try {
        if ((Get-ItemProperty -Path $key -Name LongPathsEnabled -ErrorAction Stop).LongPathsEnabled -eq 1) { return }
        Set-ItemProperty -Path $key -Name LongPathsEnabled -Value 1
        Write-Host '+ long paths enabled' -ForegroundColor Green
    } catch {
        Write-Warning 'Long paths need an elevated session; skipped.'
    }
}

$config = Read-DevSetupConfig -Path $ConfigPath
Install-DevPackages -Packages $config.packages
Set-GitDefaults -Git $config.git
Enable-LongPaths

if ($config.maintenance.enabled) {
    if ($PSCmdlet.ShouldProcess('DevSetup Weekly Update task', 'Register')) {
        Register-DevSetupMaintenance -ConfigPath $ConfigPath -Day $config.maintenance.day
        Write-Host '+ weekly update task registered (Task Scheduler \DevSetup\)' -ForegroundColor Green
    }
}

Write-Host "`nDone. Open a new terminal so PATH changes take effect." -ForegroundColor Cyan
