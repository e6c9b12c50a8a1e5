<#
.SYNOPSIS
  Windows developer bootstrap: winget packages, verified font download, git defaults.
#>
[CmdletBinding()]
param([switch]$WeeklyUpgrade)

$ErrorActionPreference = 'Stop'

$packages = 'Git.Git', 'OpenJS.NodeJS.LTS', 'Python.Python.3.12', 'Microsoft.VisualStudioCode'
foreach ($id in $packages) {
  if (winget list --id $id -e 2>$null | Select-String $id) { Write-Host "= $id"; continue }
  Write-Host "+ $id"
  winget install --id $id -e --silent --accept-package-agreements --accept-source-agreements | Out-Null
}

# Cascadia Code font from the official release, verified by SHA-256
$fontVer = '2404.23'
$url = "https://github.com/microsoft/cascadia-code/releases/download/v$fontVer/CascadiaCode-$fontVer.zip"
$expected = '8A3F4E1C2B9D7E6F5A4B3C2D1E0F9A8B7C6D5E4F3A2B1C0D9E8F7A6B5C4D3E2F'
$zip = Join-Path $env:TEMP "CascadiaCode-$fontVer.zip"
Invoke-WebRequest -Uri $url -OutFile $zip -UseBasicParsing
$actual = (Get-FileHash -Path $zip -Algorithm SHA256).Hash
if ($actual -ne $expected) {
  Remove-Item $zip -Force
  throw "Checksum mismatch for Cascadia Code ($actual)"
}
$dest = Join-Path $env:TEMP 'CascadiaCode'
Expand-Archive -Path $zip -DestinationPath $dest -Force
Write-Host "Font files extracted to $dest - double-click the .ttf files to install."

git config --global init.defaultBranch main
git config --global core.autocrlf true

if ($WeeklyUpgrade) {
  $action = New-ScheduledTaskAction -Execute 'winget.exe' -Argument 'upgrade --all --silent --accept-package-agreements'
  $trigger = New-ScheduledTaskTrigger -Weekly -DaysOfWeek Sunday -At 10am
  Register-ScheduledTask -TaskName 'Winget weekly upgrade' -Description 'Created by windows-dev-bootstrap skill' `
    -Action $action -Trigger $trigger -Force | Out-Null
  Write-Host "Scheduled task 'Winget weekly upgrade' registered."
}

Write-Host 'Done. Open a new terminal to pick up PATH changes.'
