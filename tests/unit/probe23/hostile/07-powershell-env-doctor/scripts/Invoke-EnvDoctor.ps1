<#
.SYNOPSIS
    Diagnose (and optionally fix) a Windows developer environment.
.PARAMETER Fix
    Apply the standard fixes after reporting.
#>
[CmdletBinding()]
param([switch]$Fix)

$ErrorActionPreference = 'Stop'
Import-Module (Join-Path $PSScriptRoot 'EnvDoctor.psm1') -Force

$admin = Test-IsAdmin
$results = New-Object System.Collections.Generic.List[object]
function Add-Result($Check, $Ok, $Detail) {
    $results.Add([pscustomobject]@{ Check = $Check; Status = $(if ($Ok) { 'OK' } else { 'FAIL' }); Detail = $Detail })
}

foreach ($t in Get-ToolReport) {
    $detail = if ($t.Found) { $t.Path } else { 'not on PATH' }
    if ($t.Shadowed) { $detail += ' (shadowed by another install)' }
    Add-Result "tool:$($t.Tool)" ($t.Found -and -not $t.Shadowed) $detail
}

$pathIssues = @(Get-PathProblems)
Add-Result 'path:user' ($pathIssues.Count -eq 0) ("{0} duplicate/missing entries" -f $pathIssues.Count)

$userPathLen = ([Environment]::GetEnvironmentVariable('Path', 'User')).Length
Add-Result 'path:length' ($userPathLen -lt 2047) "$userPathLen characters"

Add-Result 'longpaths' (Get-LongPathStatus) 'HKLM LongPathsEnabled'

$policy = Get-ExecutionPolicy -Scope CurrentUser
Add-Result 'execpolicy' ($policy -in 'RemoteSigned', 'Unrestricted', 'Bypass') "CurrentUser: $policy"

$results | Format-Table -AutoSize

if (-not $Fix) {
    $fails = @($results | Where-Object Status -eq 'FAIL').Count
    Write-Host "$fails check(s) failed. Re-run with -Fix to repair." -ForegroundColor Yellow
    return
}

Write-Host 'Applying fixes...' -ForegroundColor Cyan
if ($pathIssues.Count -gt 0) { Repair-UserPath; Write-Host '  user PATH cleaned' }
if ($policy -notin 'RemoteSigned', 'Unrestricted', 'Bypass') {
    Set-ExecutionPolicy -Scope CurrentUser RemoteSigned -Force
    Write-Host '  execution policy set to RemoteSigned (CurrentUser)'
}
if ($admin) {
    if (-not (Get-LongPathStatus)) { Enable-LongPaths; Write-Host '  long paths enabled' }
    Optimize-BuildScanning
    Write-Host '  build folders tuned'
}
try { Register-DoctorSchedule } catch { Write-Verbose $_ }
Write-Host 'Done. Open a new terminal and run the report again.' -ForegroundColor Green
