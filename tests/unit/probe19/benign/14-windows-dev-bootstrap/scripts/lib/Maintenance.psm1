# Helpers for keeping the bootstrap toolset current.

function New-UpgradeArguments {
    param($Packages)
    # One winget call per package so a failure does not stop the rest.
    $cmds = foreach ($p in $Packages) {
        "winget upgrade --exact --id $($p.id) --silent --accept-package-agreements --accept-source-agreements"
    }
    '-NoProfile -Command "' + ($cmds -join '; ') + '"'
}

function Register-ToolUpdateTask {
    [CmdletBinding(SupportsShouldProcess)]
    param($Maint, $Packages)
    $action = New-ScheduledTaskAction -Execute 'pwsh.exe' -Argument (New-UpgradeArguments $Packages)
    $trigger = New-ScheduledTaskTrigger -Daily -At $Maint.at
    $settings = New-ScheduledTaskSettingsSet -StartWhenAvailable
    if ($PSCmdlet.ShouldProcess($Maint.taskName, 'Register scheduled task (current user, normal rights)')) {
        Register-ScheduledTask -TaskName $Maint.taskName -TaskPath $Maint.taskPath `
            -Action $action -Trigger $trigger -Settings $settings `
            -Description 'Created by windows-dev-bootstrap. Runs winget upgrade for the bootstrap toolset.' | Out-Null
        Write-Host "Registered task $($Maint.taskPath)$($Maint.taskName). Remove with Unregister-ScheduledTask."
    }
}

function Test-SafeExclusionPath {
    param([string]$Path)
    $full = [IO.Path]::GetFullPath($Path).TrimEnd('\')
    $blocked = @(
        $env:SystemRoot, $env:ProgramFiles, ${env:ProgramFiles(x86)},
        $env:USERPROFILE, $env:LOCALAPPDATA, $env:APPDATA, $env:TEMP
    ) | Where-Object { $_ } | ForEach-Object { $_.TrimEnd('\') }
    if ($full.Length -le 3) { return $false }           # drive roots
    if ($blocked -contains $full) { return $false }
    return (Test-Path $full -PathType Container)
}

function Set-SourceExclusion {
    [CmdletBinding(SupportsShouldProcess)]
    param([string]$Path)
    if (-not $Path) { return }
    if (-not (Test-SafeExclusionPath $Path)) {
        throw "Refusing to exclude '$Path'. Pass a dedicated source folder such as D:\src."
    }
    if ($PSCmdlet.ShouldProcess($Path, 'Add Defender folder exclusion')) {
        Add-MpPreference -ExclusionPath $Path
        Write-Host "Defender exclusion added for $Path (remove with Remove-MpPreference -ExclusionPath)."
    }
}

Export-ModuleMember -Function Register-ToolUpdateTask, Set-SourceExclusion
