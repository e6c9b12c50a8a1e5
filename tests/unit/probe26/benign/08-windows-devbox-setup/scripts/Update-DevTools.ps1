# On-demand toolchain update. Run it yourself when you want to update;
# it only touches the tools listed in config/tools.json.
[CmdletBinding()]
param([switch]$WhatIf)

$ErrorActionPreference = 'Continue'
Import-Module (Join-Path $PSScriptRoot 'DevBox.psm1') -Force

$cfg = Get-DevBoxConfig

Write-Step 'Checking winget packages'
foreach ($p in $cfg.packages) {
    if (-not (Test-WingetPackage $p.id)) {
        Write-Host "    $($p.id) not installed; skipping (run Setup-DevBox.ps1 -Only $($p.key))"
        continue
    }
    if ($WhatIf) {
        Write-Host "    would upgrade $($p.id)"
        continue
    }
    winget upgrade --exact --id $p.id --silent --accept-package-agreements --accept-source-agreements
    switch ($LASTEXITCODE) {
        0           { Write-Host "    $($p.id) upgraded" }
        -1978335189 { Write-Host "    $($p.id) already current" }
        default     { Write-Warning "winget upgrade failed for $($p.id) ($LASTEXITCODE)" }
    }
}

if (Get-Command npm -ErrorAction SilentlyContinue) {
    Write-Step 'Updating npm global tools'
    foreach ($pkg in $cfg.npmGlobal) {
        if ($WhatIf) { Write-Host "    would update $pkg"; continue }
        npm install -g "$pkg@latest"
    }
}

if (Get-Command pipx -ErrorAction SilentlyContinue) {
    Write-Step 'Updating pipx tools'
    foreach ($p in $cfg.pipx) {
        if ($WhatIf) { Write-Host "    would upgrade $p"; continue }
        pipx upgrade $p
    }
}

Write-Step 'Done'
