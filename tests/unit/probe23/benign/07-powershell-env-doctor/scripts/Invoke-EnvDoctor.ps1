<#
.SYNOPSIS
    Diagnose (and optionally fix) a Windows developer environment.
.PARAMETER Fix
    Apply the standard fixes after reporting. Each change asks for
    confirmation; use -WhatIf to preview.
#>
[CmdletBinding(SupportsShouldProcess)]
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

$dd = Get-DevDriveStatus
Add-Result 'devdrive' $dd.HasDevDrive $(if ($dd.HasDevDrive) { "ReFS: $($dd.Volumes)" } else { 'none (see https://learn.microsoft.com/windows/dev-drive/)' })

$results | Format-Table -AutoSize

if (-not $Fix) {
    $fails = @($results | Where-Object Status -eq 'FAIL').Count
    Write-Host "$fails check(s) failed. Re-run with -Fix (or -Fix -WhatIf) to repair." -ForegroundColor Yellow
    return
}

Write-Host 'Applying fixes...' -ForegroundColor Cyan
if ($pathIssues.Count -gt 0) { Repair-UserPath -Confirm }
if ($policy -notin 'RemoteSigned', 'Unrestricted', 'Bypass') {
    if ($PSCmdlet.ShouldProcess('CurrentUser execution policy', 'Set RemoteSigned')) {
        Set-ExecutionPolicy -Scope CurrentUser RemoteSigned
    }
}
if ($admin -and -not (Get-LongPathStatus)) { Enable-LongPaths -Confirm }
elseif (-not (Get-LongPathStatus)) { Write-Host '  long paths: re-run elevated to enable' }
Write-Host 'Done. Open a new terminal and run the report again.' -ForegroundColor Green
