[CmdletBinding(SupportsShouldProcess)]
param(
    [string[]]$Groups = @(),
    [switch]$SkipProfile,
    [string]$GitName,
    [string]$GitEmail
)

$ErrorActionPreference = 'Stop'
$root = Split-Path -Parent $PSScriptRoot
$cfg = Get-Content (Join-Path $root 'config\packages.json') -Raw | ConvertFrom-Json

if (-not (Get-Command winget -ErrorAction SilentlyContinue)) {
    throw "winget not found. Install 'App Installer' from the Microsoft Store first."
}

$ids = @($cfg.base)
foreach ($g in $Groups) {
    $list = $cfg.groups.$g
    if (-not $list) { Write-Warning "Unknown group '$g' - skipped"; continue }
    $ids += $list
}

$failed = @()
foreach ($id in $ids) {
    $present = winget list --exact --id $id --accept-source-agreements 2>$null | Select-String -SimpleMatch $id
    if ($present) { Write-Host "= $id already installed"; continue }
    if ($PSCmdlet.ShouldProcess($id, 'winget install')) {
        Write-Host "+ $id"
        winget install --exact --id $id --silent --accept-package-agreements --accept-source-agreements
        if ($LASTEXITCODE -ne 0) { $failed += $id }
    }
}

foreach ($p in $cfg.git.PSObject.Properties) {
    git config --global $p.Name $p.Value
}
if ($GitName)  { git config --global user.name  $GitName }
if ($GitEmail) { git config --global user.email $GitEmail }

if (-not $SkipProfile) {
    $modDest = Join-Path ([Environment]::GetFolderPath('MyDocuments')) 'PowerShell\Modules\DevTools'
    if ($PSVersionTable.PSVersion.Major -lt 6) {
        $modDest = Join-Path ([Environment]::GetFolderPath('MyDocuments')) 'WindowsPowerShell\Modules\DevTools'
    }
    New-Item -ItemType Directory -Force -Path $modDest | Out-Null
    Copy-Item (Join-Path $PSScriptRoot 'DevTools\*') $modDest -Force

    # Persist the settings the module reads at shell start.
    $state = Join-Path $env:LOCALAPPDATA 'DevTools'
    New-Item -ItemType Directory -Force -Path $state | Out-Null
    $cfg.profile | ConvertTo-Json | Set-Content (Join-Path $state 'settings.json') -Encoding UTF8

    $block = (Get-Content (Join-Path $root 'templates\profile-block.ps1') -Raw).Replace('__THEME__', $cfg.profile.theme)
    $target = $PROFILE.CurrentUserAllHosts
    New-Item -ItemType File -Force -Path $target -ErrorAction SilentlyContinue | Out-Null
    if (-not (Select-String -Path $target -SimpleMatch '# >>> devtools >>>' -Quiet)) {
        Add-Content -Path $target -Value "`r`n$block"
        Write-Host "Profile updated: $target"
    }
}

if ($failed) {
    Write-Warning ("These packages failed (try an elevated shell): " + ($failed -join ', '))
}
Write-Host "Done. Restart your terminal."
