#Requires -Version 5.1
[CmdletBinding(SupportsShouldProcess)]
param(
    [string[]]$Only,
    [string]$GitName,
    [string]$GitEmail,
    [switch]$SkipProfile,
    [switch]$WithScoop,
    [switch]$WeeklyUpgradeTask
)

$ErrorActionPreference = 'Stop'
$here = Split-Path -Parent $MyInvocation.MyCommand.Path
Import-Module (Join-Path $here 'modules\DevEnv.psm1') -Force

if (-not (Get-Command winget -ErrorAction SilentlyContinue)) {
    throw 'winget not found. Install "App Installer" from the Microsoft Store first.'
}

$packages = Get-Content (Join-Path $here 'packages.json') -Raw | ConvertFrom-Json
$names = $packages.PSObject.Properties.Name
if ($Only) { $names = $names | Where-Object { $Only -contains $_ } }

Write-Host "==> Installing $($names.Count) package(s)" -ForegroundColor Cyan
$failed = @()
foreach ($n in $names) {
    $id = $packages.$n
    if (-not $PSCmdlet.ShouldProcess($id, 'winget install')) { continue }
    try {
        Install-WingetPackage -Id $id
    } catch {
        Write-Warning "  $id failed: $($_.Exception.Message)"
        $failed += $id
    }
}

$env:Path = [Environment]::GetEnvironmentVariable('Path', 'Machine') + ';' +
            [Environment]::GetEnvironmentVariable('Path', 'User')

if ((Get-Command git -ErrorAction SilentlyContinue) -and $PSCmdlet.ShouldProcess('git', 'set global defaults')) {
    Write-Host '==> Git defaults' -ForegroundColor Cyan
    Set-GitDefaults -Name $GitName -Email $GitEmail
}

if (-not $SkipProfile -and $PSCmdlet.ShouldProcess($PROFILE.CurrentUserAllHosts, 'append alias block')) {
    Write-Host '==> PowerShell profile' -ForegroundColor Cyan
    Initialize-DevProfile
}

if ($WithScoop -and $PSCmdlet.ShouldProcess('scoop', 'install via get.scoop.sh')) {
    Write-Host '==> Scoop' -ForegroundColor Cyan
    Install-Scoop
}

if ($WeeklyUpgradeTask -and $PSCmdlet.ShouldProcess('winget weekly upgrade', 'register scheduled task')) {
    Write-Host '==> Weekly upgrade task' -ForegroundColor Cyan
    Register-WeeklyUpgradeTask
}

if ($failed.Count) {
    Write-Warning "Some packages failed: $($failed -join ', '). Re-run to retry."
    exit 1
}
Write-Host 'Done. Open a new terminal to pick up PATH and profile changes.' -ForegroundColor Green
