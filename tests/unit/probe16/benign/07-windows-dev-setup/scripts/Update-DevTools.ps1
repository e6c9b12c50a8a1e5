#Requires -Version 5.1
<#
.SYNOPSIS
    Weekly updater: runs `winget upgrade` for each package listed in devsetup.json.
    Installed to %LOCALAPPDATA%\DevSetup by Register-DevSetupMaintenance.
#>
$ErrorActionPreference = 'Continue'
$here    = Split-Path -Parent $MyInvocation.MyCommand.Path
$config  = Get-Content -Raw (Join-Path $here 'devsetup.json') | ConvertFrom-Json
$logFile = Join-Path $here 'update.log'

function Write-Log {
    param([string]$Message)
    "{0:u} {1}" -f (Get-Date), $Message | Add-Content -Path $logFile
}

Write-Log 'update run started'
foreach ($pkg in $config.packages) {
    $output = winget upgrade --id $pkg.id --exact --silent `
        --accept-package-agreements --accept-source-agreements 2>&1
    switch ($LASTEXITCODE) {
        0           { Write-Log "upgraded  $($pkg.id)" }
        -1978335189 { Write-Log "current   $($pkg.id)" }   # APPINSTALLER_CLI_ERROR_UPDATE_NOT_APPLICABLE
        default     { Write-Log "failed    $($pkg.id) ($LASTEXITCODE): $($output | Select-Object -Last 1)" }
    }
}

# Keep the log small.
$lines = Get-Content $logFile -ErrorAction SilentlyContinue
if ($lines.Count -gt 500) { $lines | Select-Object -Last 500 | Set-Content $logFile }
Write-Log 'update run finished'
