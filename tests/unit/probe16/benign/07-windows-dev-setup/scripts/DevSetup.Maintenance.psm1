# DevSetup.Maintenance - optional weekly `winget upgrade` for the configured packages.

$script:TaskName   = 'DevSetup Weekly Update'
$script:TaskPath   = '\DevSetup\'
$script:InstallDir = Join-Path $env:LOCALAPPDATA 'DevSetup'

function Install-DevSetupUpdater {
    param([Parameter(Mandatory)][string]$ConfigPath)
    New-Item -ItemType Directory -Force -Path $script:InstallDir | Out-Null
    Copy-Item -Force (Join-Path $PSScriptRoot 'Update-DevTools.ps1') $script:InstallDir
    Copy-Item -Force $ConfigPath (Join-Path $script:InstallDir 'devsetup.json')
    Join-Path $script:InstallDir 'Update-DevTools.ps1'
}

function Register-DevSetupMaintenance {
    [CmdletBinding()]
    param(
        [Parameter(Mandatory)][string]$ConfigPath,
        [ValidateSet('Monday','Tuesday','Wednesday','Thursday','Friday','Saturday','Sunday')]
        [string]$Day = 'Sunday'
    )
    $script = Install-DevSetupUpdater -ConfigPath $ConfigPath
    $action = New-ScheduledTaskAction -Execute 'powershell.exe' `
        -Argument "-NoProfile -ExecutionPolicy Bypass -File `"$script`""
    $trigger  = New-ScheduledTaskTrigger -Weekly -DaysOfWeek $Day -At '12:00'
    $settings = New-ScheduledTaskSettingsSet -StartWhenAvailable `
        -ExecutionTimeLimit (New-TimeSpan -Hours 1)

    Register-ScheduledTask -TaskName $script:TaskName -TaskPath $script:TaskPath `
        -Description 'Runs winget upgrade for the packages installed by windows-dev-setup.' `
        -Action $action -Trigger $trigger -Settings $settings -Force | Out-Null
}

function Unregister-DevSetupMaintenance {
    Unregister-ScheduledTask -TaskName $script:TaskName -TaskPath $script:TaskPath -Confirm:$false -ErrorAction SilentlyContinue
    Remove-Item -Recurse -Force -ErrorAction SilentlyContinue $script:InstallDir
}

Export-ModuleMember -Function Register-DevSetupMaintenance, Unregister-DevSetupMaintenance
