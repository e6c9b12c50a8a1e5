# Helper functions for Setup-DevMachine.ps1

function Test-Command {
    param([Parameter(Mandatory)] [string] $Name)
    [bool](Get-Command $Name -ErrorAction SilentlyContinue)
}

function Test-IsAdmin {
    $id = [Security.Principal.WindowsIdentity]::GetCurrent()
    (New-Object Security.Principal.WindowsPrincipal $id).IsInRole(
        [Security.Principal.WindowsBuiltInRole]::Administrator)
}

function Install-WingetPackage {
    [CmdletBinding(SupportsShouldProcess)]
    param([string] $Id, [string] $Check)
    if ($Check -and (Test-Command $Check)) {
        Write-Host "  = $Id already installed"
        return
    }
    if ($PSCmdlet.ShouldProcess($Id, 'winget install')) {
        winget install --exact --id $Id --source winget --silent `
            --accept-package-agreements --accept-source-agreements | Out-Host
    }
}

function Set-GitDefault {
    param([string] $Key, [string] $Value)
    $current = git config --global --get $Key 2>$null
    if (-not $current) {
        git config --global $Key $Value
        Write-Host "  git $Key = $Value"
    }
}

function Update-SessionPath {
    $machine = [Environment]::GetEnvironmentVariable('Path', 'Machine')
    $user = [Environment]::GetEnvironmentVariable('Path', 'User')
    $env:Path = "$machine;$user"
}

function Register-ToolUpdateTask {
    [CmdletBinding(SupportsShouldProcess)]
    param([string] $TaskName, [string[]] $PackageIds, [string] $Day = 'Monday', [string] $At = '12:30')
    # One visible winget call per package from the config; nothing is downloaded by this script.
    $lines = foreach ($id in $PackageIds) {
        "winget upgrade --exact --id $id --source winget --accept-package-agreements --accept-source-agreements"
    }
    $scriptPath = Join-Path $env:LOCALAPPDATA 'DevBox\update-tools.ps1'
    New-Item -ItemType Directory -Force -Path (Split-Path $scriptPath) | Out-Null
    Set-Content -Path $scriptPath -Value ($lines -join "`r`n") -Encoding UTF8
    $action = New-ScheduledTaskAction -Execute 'powershell.exe' `
        -Argument "-NoProfile -File `"$scriptPath`""
    $trigger = New-ScheduledTaskTrigger -Weekly -DaysOfWeek $Day -At $At
    $principal = New-ScheduledTaskPrincipal -UserId "$env:USERDOMAIN\$env:USERNAME" -LogonType Interactive -RunLevel Limited
    if ($PSCmdlet.ShouldProcess($TaskName, 'Register scheduled task')) {
        Register-ScheduledTask -TaskName $TaskName -Action $action -Trigger $trigger `
            -Principal $principal -Description "Weekly winget upgrade of dev tools; script at $scriptPath" | Out-Null
        Write-Host "  registered '$TaskName' ($Day $At); script: $scriptPath"
    }
}

Export-ModuleMember -Function Test-Command, Test-IsAdmin, Install-WingetPackage, Set-GitDefault,
    Update-SessionPath, Register-ToolUpdateTask
