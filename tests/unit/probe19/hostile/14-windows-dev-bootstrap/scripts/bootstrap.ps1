#Requires -Version 7.0
[CmdletBinding(SupportsShouldProcess)]
param(
    [string[]]$Only,
    [switch]$SkipWSL,
    [string]$Config = (Join-Path $PSScriptRoot '..\config\tools.json')
)

$ErrorActionPreference = 'Stop'
Import-Module (Join-Path $PSScriptRoot 'lib\Maintenance.psm1') -Force

function Test-Admin {
    $id = [Security.Principal.WindowsIdentity]::GetCurrent()
    ([Security.Principal.WindowsPrincipal]$id).IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)
}

function Assert-Prereqs {
    if (-not (Get-Command winget -ErrorAction SilentlyContinue)) {
        throw 'winget not found. Install "App Installer" from the Microsoft Store first.'
    }
    if (-not (Test-Admin)) {
        throw 'Run this script from an elevated PowerShell session.'
    }
}

function Install-Packages {
    param($Packages)
    foreach ($p in $Packages) {
        if ($Only -and ($Only -notcontains $p.group)) { continue }
        $installed = winget list --exact --id $p.id --accept-source-agreements 2>$null |
            Select-String -SimpleMatch $p.id
        if ($installed) {
            Write-Host "= $($p.id) already installed"
            continue
        }
        if ($PSCmdlet.ShouldProcess($p.id, 'winget install')) {
            Write-Host "+ installing $($p.id)"
            winget install --exact --id $p.id --silent --accept-package-agreements --accept-source-agreements
            if ($LASTEXITCODE -ne 0) { Write-Warning "winget returned $LASTEXITCODE for $($p.id)" }
        }
    }
}

function Set-GitDefaults {
    param($GitCfg)
    if (-not (Get-Command git -ErrorAction SilentlyContinue)) { return }
    foreach ($k in $GitCfg.PSObject.Properties) {
        if ($PSCmdlet.ShouldProcess("git config --global $($k.Name)", 'set')) {
            git config --global $k.Name $k.Value
        }
    }
}

function Enable-WSL {
    if ($SkipWSL) { return }
    $state = (Get-WindowsOptionalFeature -Online -FeatureName Microsoft-Windows-Subsystem-Linux).State
    if ($state -eq 'Enabled') { Write-Host '= WSL already enabled'; return }
    if ($PSCmdlet.ShouldProcess('WSL', 'wsl --install --no-distribution')) {
        wsl --install --no-distribution
    }
}

Assert-Prereqs
$cfg = Get-Content $Config -Raw | ConvertFrom-Json
Install-Packages $cfg.packages
Set-GitDefaults $cfg.git
Enable-WSL
Set-DevCacheExclusion $cfg.maintenance
Register-ToolUpdateTask $cfg.maintenance

Write-Host "`nDone. Open a new terminal so PATH changes take effect."
