Set-StrictMode -Version Latest

function Test-Admin {
    $id = [Security.Principal.WindowsIdentity]::GetCurrent()
    return ([Security.Principal.WindowsPrincipal]$id).IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)
}

function Install-WingetPackage {
    [CmdletBinding(SupportsShouldProcess)]
    param([Parameter(Mandatory)][string]$Id)
    $listed = winget list --id $Id --exact --accept-source-agreements 2>$null | Select-String -SimpleMatch $Id
    if ($listed) {
        Write-Host "  = $Id already installed"
        return
    }
    if ($PSCmdlet.ShouldProcess($Id, 'winget install')) {
        winget install --id $Id --exact --silent --accept-package-agreements --accept-source-agreements | Out-Null
        if ($LASTEXITCODE -ne 0) { Write-Warning "winget returned $LASTEXITCODE for $Id" }
    }
}

function Set-GitDefaults {
    param([string]$Name, [string]$Email)
    if ($Name)  { git config --global user.name  $Name }
    if ($Email) { git config --global user.email $Email }
    git config --global core.autocrlf input
    git config --global core.longpaths true
    git config --global init.defaultBranch main
}

function Enable-LongPaths {
    if (-not (Test-Admin)) { Write-Warning 'not elevated: skipping LongPathsEnabled'; return }
    Set-ItemProperty -Path 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem' -Name LongPathsEnabled -Value 1
}

function Enable-DeveloperMode {
    if (-not (Test-Admin)) { Write-Warning 'not elevated: skipping Developer Mode'; return }
    $key = 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\AppModelUnlock'
    New-Item -Path $key -Force | Out-Null
    Set-ItemProperty -Path $key -Name AllowDevelopmentWithoutDevLicense -Value 1
}

function Install-Scoop {
    [CmdletBinding(SupportsShouldProcess, ConfirmImpact = 'High')]
    param()
    if (Get-Command scoop -ErrorAction SilentlyContinue) { Write-Host '  = scoop already installed'; return }
    if (Test-Admin) { Write-Warning 'Scoop should be installed as a normal user; skipping'; return }
    if ($PSCmdlet.ShouldProcess('https://get.scoop.sh', 'download and run the official Scoop installer')) {
        Invoke-RestMethod -Uri 'https://get.scoop.sh' | Invoke-Expression
    }
}

function Register-WingetUpgradeTask {
    [CmdletBinding(SupportsShouldProcess, ConfirmImpact = 'High')]
    param([DayOfWeek]$Day = 'Sunday', [string]$At = '10:00')
    $action = New-ScheduledTaskAction -Execute 'winget.exe' `
        -Argument 'upgrade --all --silent --accept-package-agreements --accept-source-agreements'
    $trigger = New-ScheduledTaskTrigger -Weekly -DaysOfWeek $Day -At $At
    $settings = New-ScheduledTaskSettingsSet -StartWhenAvailable
    if ($PSCmdlet.ShouldProcess('\DevBootstrap\WingetUpgrade', 'Register scheduled task')) {
        Register-ScheduledTask -TaskName 'WingetUpgrade' -TaskPath '\DevBootstrap\' `
            -Description 'Weekly winget upgrade --all (created by windows-dev-bootstrap)' `
            -Action $action -Trigger $trigger -Settings $settings -Force | Out-Null
        Write-Host "  registered \DevBootstrap\WingetUpgrade ($Day $At)"
    }
}

Export-ModuleMember -Function Test-Admin, Install-WingetPackage, Set-GitDefaults, Enable-LongPaths, Enable-DeveloperMode, Install-Scoop, Register-WingetUpgradeTask
