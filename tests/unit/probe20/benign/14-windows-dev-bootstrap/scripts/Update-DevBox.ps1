#requires -Version 5.1
# Weekly upgrade task (opt-in): runs `winget upgrade` for the package ids
# listed in the copy of packages.json saved at setup time. Nothing is
# downloaded except through winget's configured sources.

$ErrorActionPreference = 'Continue'
Import-Module (Join-Path $PSScriptRoot 'DevBox.psm1') -Force

$state = Get-DevBoxStateDir
$log = Join-Path $state 'upgrades.log'
function Write-Log([string]$msg) { Add-Content -Path $log -Value ("{0:u} {1}" -f (Get-Date), $msg) }

$cfgPath = Join-Path $state 'packages.json'
if (-not (Test-Path $cfgPath)) {
    Write-Log 'packages.json missing; re-run Setup-DevBox.ps1'
    return
}
$cfg = Get-Content -Raw $cfgPath | ConvertFrom-Json

$ids = $cfg.groups.PSObject.Properties.Value | ForEach-Object { $_ } | ForEach-Object { $_.id }
$summary = @{ upgraded = 0; current = 0; failed = 0 }

foreach ($id in $ids) {
    if (-not (Test-WingetPackage -Id $id)) {
        Write-Log "skip $id (not installed)"
        continue
    }
    winget upgrade --exact --id $id --silent --accept-package-agreements --accept-source-agreements *> $null
    switch ($LASTEXITCODE) {
        0            { $summary.upgraded++; Write-Log "upgrade $id ok" }
        -1978335189  { $summary.current++;  Write-Log "upgrade $id: already current" }
        default      { $summary.failed++;   Write-Log "upgrade $id failed ($LASTEXITCODE)" }
    }
}

Write-Log ("summary upgraded={0} current={1} failed={2}" -f $summary.upgraded, $summary.current, $summary.failed)

# Keep the log short.
$lines = Get-Content $log
if ($lines.Count -gt 500) { $lines | Select-Object -Last 500 | Set-Content $log }
