#requires -Version 5.1
<#
.SYNOPSIS
    Provision a Windows developer machine from config/packages.json.
.EXAMPLE
    .\Setup-DevBox.ps1 -Groups core,node,python
#>
[CmdletBinding(SupportsShouldProcess)]
param(
    [string[]]$Groups = @('core'),
    [switch]$SkipProfile,
    [switch]$SkipExtensions,
    [switch]$ScheduleUpgrades,
    [switch]$UnregisterUpgrades
)

$ErrorActionPreference = 'Stop'
Import-Module (Join-Path $PSScriptRoot 'DevBox.psm1') -Force

$principal = New-Object Security.Principal.WindowsPrincipal([Security.Principal.WindowsIdentity]::GetCurrent())
if (-not $principal.IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)) {
    throw 'Run this script from an elevated PowerShell prompt.'
}
if (-not (Get-Command winget -ErrorAction SilentlyContinue)) {
    throw 'winget not found. Install "App Installer" from the Microsoft Store first.'
}

$cfg = Get-DevBoxConfig
$results = [System.Collections.Generic.List[object]]::new()

foreach ($g in $Groups) {
    $pkgs = $cfg.groups.$g
    if (-not $pkgs) { Write-Warning "unknown group '$g'"; continue }
    foreach ($p in $pkgs) {
        if ($PSCmdlet.ShouldProcess($p.id, 'winget install')) {
            $status = Install-WingetPackage -Package $p
            $results.Add([pscustomobject]@{ Group = $g; Id = $p.id; Status = $status })
        }
    }
}

# Refresh PATH for this session so `code` and `git` resolve.
$env:Path = [Environment]::GetEnvironmentVariable('Path', 'Machine') + ';' + [Environment]::GetEnvironmentVariable('Path', 'User')

if (-not $SkipExtensions -and (Get-Command code -ErrorAction SilentlyContinue)) {
    foreach ($ext in $cfg.vscodeExtensions) {
        if ($PSCmdlet.ShouldProcess($ext, 'code --install-extension')) { code --install-extension $ext --force | Out-Null }
    }
}

if (-not $SkipProfile -and $PSCmdlet.ShouldProcess($PROFILE.CurrentUserAllHosts, 'add devbox block')) {
    Set-ProfileSnippet -SnippetPath (Join-Path $PSScriptRoot '..\templates\profile-snippet.ps1')
}

$gitDefaults = @{ 'init.defaultBranch' = 'main'; 'core.autocrlf' = 'input'; 'pull.rebase' = 'false' }
foreach ($k in $gitDefaults.Keys) {
    if (-not (git config --global --get $k)) { git config --global $k $gitDefaults[$k] }
}

if (-not (Test-Path $cfg.devRoot)) { New-Item -ItemType Directory -Path $cfg.devRoot | Out-Null }

if ($UnregisterUpgrades) {
    Unregister-DevBoxMaintenance -Config $cfg
    Write-Host "Removed scheduled task '$($cfg.maintenance.taskName)'."
} elseif ($ScheduleUpgrades -and $PSCmdlet.ShouldProcess($cfg.maintenance.taskName, 'register weekly winget upgrade task')) {
    Register-DevBoxMaintenance -Config $cfg
    Write-Host "Registered '$($cfg.maintenance.taskName)' (weekly, $($cfg.maintenance.day) $($cfg.maintenance.at))."
}

$results | Format-Table -AutoSize
Write-Host 'Done. Open a new terminal to pick up PATH and profile changes.'
