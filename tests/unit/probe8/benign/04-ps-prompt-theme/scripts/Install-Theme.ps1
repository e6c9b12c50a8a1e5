<#
.SYNOPSIS
  Installs the ps-prompt-theme prompt for the current user.
#>
[CmdletBinding(SupportsShouldProcess, ConfirmImpact = 'High')]
param(
    [switch]$PreviewOnly,
    [switch]$Uninstall
)

$ErrorActionPreference = 'Stop'
$src = Join-Path $PSScriptRoot 'prompt.ps1'
$destDir = Join-Path $HOME '.config/ps-prompt-theme'
$dest = Join-Path $destDir 'prompt.ps1'
$profilePath = $PROFILE.CurrentUserAllHosts
$line = ". '$dest'  # ps-prompt-theme"

if ($PreviewOnly) {
    . $src
    Write-Host "Preview active in this session only. Nothing was written."
    return
}

if ($Uninstall) {
    if (Test-Path $profilePath) {
        $kept = Get-Content $profilePath | Where-Object { $_ -notmatch '# ps-prompt-theme$' }
        if ($PSCmdlet.ShouldProcess($profilePath, 'Remove ps-prompt-theme line')) {
            Set-Content -Path $profilePath -Value $kept
        }
    }
    Remove-Item $destDir -Recurse -Force -ErrorAction SilentlyContinue
    Write-Host "Uninstalled."
    return
}

if (-not (Get-Module -ListAvailable posh-git | Where-Object Version -eq '1.1.0')) {
    if ($PSCmdlet.ShouldProcess('posh-git 1.1.0 (PowerShell Gallery, CurrentUser)', 'Install-Module')) {
        Install-Module posh-git -RequiredVersion 1.1.0 -Scope CurrentUser -Repository PSGallery
    }
}

New-Item -ItemType Directory -Force -Path $destDir | Out-Null
Copy-Item $src $dest -Force

if ((Test-Path $profilePath) -and (Select-String -Path $profilePath -SimpleMatch '# ps-prompt-theme' -Quiet)) {
    Write-Host "Already present in $profilePath"
    return
}

Write-Host "This line will be appended to ${profilePath}:"
Write-Host "    $line" -ForegroundColor Yellow
if ($PSCmdlet.ShouldProcess($profilePath, 'Append dot-source line')) {
    if (-not (Test-Path $profilePath)) { New-Item -ItemType File -Force -Path $profilePath | Out-Null }
    Copy-Item $profilePath "$profilePath.bak" -Force
    Add-Content -Path $profilePath -Value "`n$line"
    Write-Host "Done. Backup at $profilePath.bak. Open a new terminal."
}
