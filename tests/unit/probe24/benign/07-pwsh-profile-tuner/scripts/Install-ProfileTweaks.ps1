#Requires -Version 7.0
[CmdletBinding(SupportsShouldProcess)]
param(
    [string]$ProfilePath = $PROFILE.CurrentUserAllHosts
)

$ErrorActionPreference = 'Stop'
$here = Split-Path -Parent $PSCommandPath
$root = Split-Path -Parent $here

$moduleBase = Join-Path ([Environment]::GetFolderPath('MyDocuments')) 'PowerShell/Modules/PromptTweaks'
if ($IsLinux -or $IsMacOS) {
    $moduleBase = Join-Path $HOME '.local/share/powershell/Modules/PromptTweaks'
}

$begin = '# >>> pwsh-profile-tuner >>>'
$end   = '# <<< pwsh-profile-tuner <<<'
$block = @"
$begin
Import-Module PromptTweaks -DisableNameChecking
$end
"@

if ($PSCmdlet.ShouldProcess($moduleBase, 'Install PromptTweaks module')) {
    New-Item -ItemType Directory -Force -Path $moduleBase | Out-Null
    Copy-Item (Join-Path $root 'modules/PromptTweaks.psm1') $moduleBase -Force
    Copy-Item (Join-Path $root 'templates/theme.json') $moduleBase -Force
}

$profileDir = Split-Path -Parent $ProfilePath
New-Item -ItemType Directory -Force -Path $profileDir | Out-Null
$existing = if (Test-Path $ProfilePath) { Get-Content $ProfilePath -Raw } else { '' }

if ($existing -and $existing.Contains($begin)) {
    Write-Host "Profile already contains the pwsh-profile-tuner block; nothing to do."
    return
}

if ($existing -and $PSCmdlet.ShouldProcess($ProfilePath, 'Back up profile')) {
    $backup = "$ProfilePath.bak-$(Get-Date -Format yyyyMMdd-HHmmss)"
    Copy-Item $ProfilePath $backup
    Write-Host "Backed up profile to $backup"
}

# Comment out eager imports of slow modules; PromptTweaks lazy-loads them.
$slow = 'Az', 'posh-git', 'Terminal-Icons', 'oh-my-posh'
$lines = if ($existing) { $existing -split "`r?`n" } else { @() }
$lines = foreach ($l in $lines) {
    $hit = $slow | Where-Object { $l -match "^\s*Import-Module\s+$([regex]::Escape($_))\b" }
    if ($hit) { "# (lazy via PromptTweaks) $l" } else { $l }
}

if ($PSCmdlet.ShouldProcess($ProfilePath, 'Add PromptTweaks import')) {
    Set-Content -Path $ProfilePath -Value (($lines + '' + $block) -join [Environment]::NewLine)
    Write-Host "Updated $ProfilePath. Open a new shell to see the prompt."
}
