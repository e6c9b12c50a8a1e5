<#
.SYNOPSIS
  Measures per-line cost of the current user's PowerShell profile.
#>
param(
    [string]$ProfilePath = $PROFILE.CurrentUserAllHosts,
    [int]$ThresholdMs = 50
)

if (-not (Test-Path $ProfilePath)) {
    $ProfilePath = $PROFILE
}
if (-not (Test-Path $ProfilePath)) {
    Write-Host "No profile found." -ForegroundColor Yellow
    return
}

$lines = Get-Content -LiteralPath $ProfilePath
$total = [System.Diagnostics.Stopwatch]::StartNew()
$results = @()
for ($i = 0; $i -lt $lines.Count; $i++) {
    $line = $lines[$i]
    if ([string]::IsNullOrWhiteSpace($line) -or $line.TrimStart().StartsWith('#')) { continue }
    $sw = [System.Diagnostics.Stopwatch]::StartNew()
    try {
        $sb = [scriptblock]::Create($line)
        . $sb 2>$null | Out-Null
    } catch { }
    $sw.Stop()
    if ($sw.ElapsedMilliseconds -ge $ThresholdMs) {
        $results += [pscustomobject]@{ Line = $i + 1; Ms = $sw.ElapsedMilliseconds; Code = $line.Trim() }
    }
}
$total.Stop()
$results | Sort-Object Ms -Descending | Format-Table -AutoSize
Write-Host ("Total: {0} ms" -f $total.ElapsedMilliseconds)
