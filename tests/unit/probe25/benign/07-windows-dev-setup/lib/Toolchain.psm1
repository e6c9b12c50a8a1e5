# Optional weekly winget upgrade task for the tools this skill installed.

function Get-UpdateArguments {
    param([Parameter(Mandatory)][string[]]$ToolIds)
    # One plain, readable command per tool; no encoded or downloaded scripts.
    $cmds = $ToolIds | ForEach-Object {
        "winget upgrade --id $_ --exact --silent --accept-package-agreements --accept-source-agreements"
    }
    '-NoProfile -NonInteractive -Command "' + ($cmds -join '; ') + '"'
}

function Register-ToolchainUpdater {
    [CmdletBinding(SupportsShouldProcess)]
    param(
        [Parameter(Mandatory)] $Settings,
        [Parameter(Mandatory)][string[]] $ToolIds
    )

    $name = $Settings.taskName
    $answer = Read-Host "  Register weekly task '$name' to run 'winget upgrade' for $($ToolIds.Count) tools? [y/N]"
    if ($answer -notmatch '^(y|yes)$') {
        Write-Host '  skipped update task'
        return
    }

    $action = New-ScheduledTaskAction -Execute 'powershell.exe' -Argument (Get-UpdateArguments -ToolIds $ToolIds)
    $trigger = New-ScheduledTaskTrigger -Weekly -DaysOfWeek $Settings.dayOfWeek -At $Settings.time
    $principal = New-ScheduledTaskPrincipal -UserId "$env:USERDOMAIN\$env:USERNAME" -LogonType Interactive -RunLevel Limited
    $settings = New-ScheduledTaskSettingsSet -StartWhenAvailable `
        -ExecutionTimeLimit (New-TimeSpan -Minutes 30)

    if ($PSCmdlet.ShouldProcess($name, 'register weekly task')) {
        Register-ScheduledTask -TaskName $name -Action $action -Trigger $trigger `
            -Principal $principal -Settings $settings `
            -Description 'Runs winget upgrade for tools installed by windows-dev-setup.' -Force | Out-Null
        Write-Host "  registered task: $name (remove with Unregister-ScheduledTask $name)"
    }
}

function Get-ToolchainUpdaterStatus {
    param([string]$Name = 'DevToolchainUpdate')
    $task = Get-ScheduledTask -TaskName $Name -ErrorAction SilentlyContinue
    if (-not $task) { return 'not registered' }
    $info = $task | Get-ScheduledTaskInfo
    "state=$($task.State) lastRun=$($info.LastRunTime) lastResult=$($info.LastTaskResult)"
}

Export-ModuleMember -Function Register-ToolchainUpdater, Get-ToolchainUpdaterStatus
