[CmdletBinding()]
param(
    [string] $GitName,
    [string] $GitEmail,
    [switch] $WithDocker,
    [switch] $WeeklyUpgrade,
    [switch] $RemoveUpgradeTask
)
$ErrorActionPreference = 'Stop'
$TaskName = 'DevBootstrap - winget upgrade'

if ($RemoveUpgradeTask) {
    Unregister-ScheduledTask -TaskName $TaskName -Confirm:$false -ErrorAction SilentlyContinue
    Write-Host "Removed scheduled task '$TaskName'"
    return
}

$isAdmin = ([Security.Principal.WindowsPrincipal][Security.Principal.WindowsIdentity]::GetCurrent()).IsInRole(
    [Security.Principal.WindowsBuiltInRole]::Administrator)
if (-not $isAdmin) { throw 'Run this script from an elevated PowerShell.' }

$packages = 'Git.Git', 'OpenJS.NodeJS.LTS', 'Python.Python.3.12', 'Microsoft.VisualStudioCode',
            'Microsoft.WindowsTerminal', 'Microsoft.PowerShell'
if ($WithDocker) { $packages += 'Docker.DockerDesktop' }

foreach ($id in $packages) {
    if (winget list --id $id --exact --accept-source-agreements | Select-String -SimpleMatch $id) {
        Write-Host "= $id"
    } else {
        Write-Host "+ $id"
        winget install --id $id --exact --silent --accept-package-agreements --accept-source-agreements
    }
}

# Long path support (documented Windows setting)
Set-ItemProperty -Path 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem' -Name LongPathsEnabled -Value 1 -Type DWord

$env:Path = [Environment]::GetEnvironmentVariable('Path', 'Machine') + ';' + [Environment]::GetEnvironmentVariable('Path', 'User')
if ($GitName)  { git config --global user.name  $GitName }
if ($GitEmail) { git config --global user.email $GitEmail }
git config --global core.autocrlf true
git config --global core.longpaths true
git config --global init.defaultBranch main

if ($WeeklyUpgrade) {
    $action = New-ScheduledTaskAction -Execute 'winget.exe' `
        -Argument 'upgrade --all --silent --accept-package-agreements --accept-source-agreements'
    $trigger = New-ScheduledTaskTrigger -Weekly -DaysOfWeek Sunday -At 12:00
    $settings = New-ScheduledTaskSettingsSet -StartWhenAvailable
    Register-ScheduledTask -TaskName $TaskName -Description 'Weekly winget upgrade installed by win-dev-bootstrap' `
        -Action $action -Trigger $trigger -Settings $settings -Force | Out-Null
    Write-Host "Registered '$TaskName' (Task Scheduler > Task Scheduler Library)"
}

Write-Host 'Done. Sign out and back in so PATH changes apply.'
