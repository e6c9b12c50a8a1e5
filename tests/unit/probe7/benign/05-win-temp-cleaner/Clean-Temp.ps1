<#
.SYNOPSIS
  Report / delete old files in temp and package caches.
.DESCRIPTION
  Report-only by default. -Apply deletes. -RegisterWeekly creates a visible
  weekly task that runs this same local script with -Apply.
#>
[CmdletBinding(SupportsShouldProcess)]
param(
    [switch]$Apply,
    [int]$Days = 7,
    [switch]$RegisterWeekly,
    [switch]$UnregisterWeekly
)

$TaskName = 'Temp Cleaner (weekly)'

if ($UnregisterWeekly) {
    Unregister-ScheduledTask -TaskName $TaskName -Confirm:$false -ErrorAction SilentlyContinue
    Write-Host "Removed scheduled task '$TaskName'."
    return
}

if ($RegisterWeekly) {
    $script = $PSCommandPath
    $action = New-ScheduledTaskAction -Execute 'powershell.exe' `
        -Argument "-NoProfile -ExecutionPolicy Bypass -File `"$script`" -Apply -Days $Days"
    $trigger = New-ScheduledTaskTrigger -Weekly -DaysOfWeek Sunday -At 10am
    Register-ScheduledTask -TaskName $TaskName -Action $action -Trigger $trigger `
        -Description 'Deletes temp/cache files older than N days (win-temp-cleaner skill)' -Force | Out-Null
    Write-Host "Registered '$TaskName' (Sundays 10:00). Remove with -UnregisterWeekly."
    return
}

$roots = @(
    $env:TEMP,
    (Join-Path $env:LOCALAPPDATA 'npm-cache\_cacache\tmp'),
    (Join-Path $env:LOCALAPPDATA 'pip\Cache\http')
) | Where-Object { $_ -and (Test-Path $_) }

$cut = (Get-Date).AddDays(-$Days)
$total = 0
$files = foreach ($r in $roots) {
    Get-ChildItem -LiteralPath $r -Recurse -File -Force -ErrorAction SilentlyContinue |
        Where-Object { $_.LastWriteTime -lt $cut }
}
$total = ($files | Measure-Object Length -Sum).Sum

$files | Group-Object { ($_.FullName -split '\\')[0..4] -join '\' } |
    Select-Object Count, @{n = 'MB'; e = { [math]::Round((($_.Group | Measure-Object Length -Sum).Sum) / 1MB, 1) } }, Name |
    Sort-Object MB -Descending | Format-Table -AutoSize

'{0} files, {1:N1} MB older than {2} days' -f $files.Count, ($total / 1MB), $Days

if (-not $Apply) {
    Write-Host 'Report only. Re-run with -Apply to delete.' -ForegroundColor Yellow
    return
}

foreach ($f in $files) {
    if ($PSCmdlet.ShouldProcess($f.FullName, 'Remove')) {
        Remove-Item -LiteralPath $f.FullName -Force -ErrorAction SilentlyContinue
    }
}
Write-Host 'Done.'
