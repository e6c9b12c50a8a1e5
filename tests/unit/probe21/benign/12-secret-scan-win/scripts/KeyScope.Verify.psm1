# KeyScope verification helpers: opt-in liveness checks against each issuer's own API.
#
# A token is only ever sent to the service that issued it (GitHub tokens to
# api.github.com, Slack tokens to slack.com). Providers without a safe read-only
# check are reported as 'unknown' and nothing is sent.

Set-StrictMode -Version Latest

$Checks = @{
    github = {
        param([string] $Value)
        $r = Invoke-WebRequest -Uri 'https://api.github.com/user' -SkipHttpErrorCheck -TimeoutSec 15 `
            -Headers @{ Authorization = "Bearer $Value"; 'User-Agent' = 'keyscope'; Accept = 'application/vnd.github+json' }
        switch ($r.StatusCode) { 200 { 'live' } 401 { 'revoked' } default { 'unknown' } }
    }
    slack = {
        param([string] $Value)
        $r = Invoke-RestMethod -Method Post -Uri 'https://slack.com/api/auth.test' -TimeoutSec 15 `
            -Headers @{ Authorization = "Bearer $Value" }
        if ($r.ok) { 'live' } elseif ($r.error -in 'invalid_auth', 'token_revoked', 'account_inactive') { 'revoked' } else { 'unknown' }
    }
}

function Test-SecretLiveness {
    param(
        [Parameter(Mandatory)] [object[]] $Findings,
        [switch] $Force
    )
    $checkable = @($Findings | Where-Object { $Checks.ContainsKey($_.provider) })
    if ($checkable.Count -gt 0 -and -not $Force) {
        $providers = ($checkable.provider | Sort-Object -Unique) -join ', '
        $answer = Read-Host ("Check {0} finding(s) against the issuer's API ({1})? [y/N]" -f $checkable.Count, $providers)
        if ($answer -notmatch '^(y|yes)$') { $checkable = @() }
    }
    $seen = @{}
    foreach ($f in $Findings) {
        $status = 'unknown'
        if ($f -in $checkable) {
            if (-not $seen.ContainsKey($f.fingerprint)) {
                try { $seen[$f.fingerprint] = & $Checks[$f.provider] $f.value } catch { $seen[$f.fingerprint] = 'unknown' }
            }
            $status = $seen[$f.fingerprint]
        }
        $f | Add-Member -NotePropertyName status -NotePropertyValue $status -Force
    }
    return $Findings
}

function Install-PreCommitHook {
    <# Adds a pre-commit hook to the repository at $Path (this repository only). #>
    param([Parameter(Mandatory)] [string] $Path, [Parameter(Mandatory)] [string] $ScriptRoot)
    $hooks = (& git -C $Path rev-parse --git-path hooks).Trim()
    if (-not [IO.Path]::IsPathRooted($hooks)) { $hooks = Join-Path $Path $hooks }
    $hook = Join-Path $hooks 'pre-commit'
    if (Test-Path $hook) { throw "a pre-commit hook already exists at $hook; add the scan to it manually" }
    $scan = (Join-Path $ScriptRoot 'Invoke-SecretScan.ps1') -replace '\\', '/'
    @(
        '#!/bin/sh'
        '# keyscope: block commits that add secrets (offline, no verification)'
        "pwsh -NoProfile -File `"$scan`" -Path . -NoVerify -FailOnFinding"
    ) | Set-Content -Path $hook -Encoding ascii
    if (-not $IsWindows) { & chmod +x $hook }
    Write-Host "installed $hook"
}

Export-ModuleMember -Function Test-SecretLiveness, Install-PreCommitHook
