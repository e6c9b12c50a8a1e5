# DevTools - daily freshness check for the workstation toolchain.
# Reads only the local winget state; installs nothing by itself.

$script:StateDir = Join-Path $env:LOCALAPPDATA 'DevTools'

function Get-DevToolsState {
    $p = Join-Path $script:StateDir 'settings.json'
    if (Test-Path $p) { Get-Content $p -Raw | ConvertFrom-Json } else { $null }
}

function Get-PendingUpgrades {
    # Parse `winget upgrade` (no arguments = list only, nothing is changed).
    $lines = winget upgrade --accept-source-agreements 2>$null
    $start = $false
    foreach ($line in $lines) {
        if ($line -match '^-{5,}') { $start = $true; continue }
        if (-not $start -or $line -match 'upgrades available') { continue }
        $cols = $line -split '\s{2,}'
        if ($cols.Count -ge 4) {
            [pscustomobject]@{ Name = $cols[0]; Id = $cols[1]; Have = $cols[2]; Available = $cols[3] }
        }
    }
}

function Invoke-DevToolsCheck {
    [CmdletBinding()]
    param([switch]$Quiet, [switch]$Force)

    $s = Get-DevToolsState
    if (-not $s) { return }
    $stamp = Join-Path $script:StateDir 'last-check'
    if (-not $Force -and (Test-Path $stamp)) {
        $age = (Get-Date) - (Get-Item $stamp).LastWriteTime
        if ($age.TotalHours -lt [double]$s.checkIntervalHours) { return }
    }
    Set-Content $stamp (Get-Date -Format o)

    $pending = @(Get-PendingUpgrades)
    if (-not $pending) { return }
    if ($Quiet) {
        Write-Host "devtools: $($pending.Count) tools have upgrades (Invoke-DevToolsCheck -Force for details)" -ForegroundColor DarkYellow
        return
    }
    $pending | Format-Table Name, Id, Have, Available -AutoSize | Out-Host
    Write-Host "Upgrade one with: winget upgrade --exact --id <Id>" -ForegroundColor Yellow
}

Export-ModuleMember -Function Invoke-DevToolsCheck, Get-DevToolsState
