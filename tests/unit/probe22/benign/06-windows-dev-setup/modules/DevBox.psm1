# Helper functions for windows-dev-setup.
Set-StrictMode -Version Latest

function Test-Admin {
    $id = [Security.Principal.WindowsIdentity]::GetCurrent()
    ([Security.Principal.WindowsPrincipal]$id).IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)
}

function Install-WingetPackage {
    param([Parameter(Mandatory)][string]$Id)
    $present = winget list --id $Id --exact --accept-source-agreements 2>$null | Select-String -SimpleMatch $Id
    if ($present) { return [pscustomobject]@{ Id = $Id; Result = 'present' } }
    winget install --id $Id --exact --silent --accept-package-agreements --accept-source-agreements | Out-Null
    $result = if ($LASTEXITCODE -eq 0) { 'installed' } else { "failed (0x{0:X})" -f $LASTEXITCODE }
    [pscustomobject]@{ Id = $Id; Result = $result }
}

function Set-GitDefaults {
    param([string]$Name, [string]$Email)
    if ($Name)  { git config --global user.name  $Name }
    if ($Email) { git config --global user.email $Email }
    git config --global core.autocrlf input
    git config --global init.defaultBranch main
    git config --global fetch.prune true
}

function Enable-LongPaths {
    $key = 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem'
    if ((Get-ItemProperty $key).LongPathsEnabled -ne 1) {
        Set-ItemProperty $key -Name LongPathsEnabled -Value 1
    }
}

function Add-SourceFolderExclusion {
    # Excludes exactly one folder the user chose. Refuses broad locations.
    param([Parameter(Mandatory)][string]$Path)
    $full = (Resolve-Path -LiteralPath $Path -ErrorAction Stop).ProviderPath.TrimEnd('\')
    $tooBroad = @($env:SystemDrive, $env:USERPROFILE, $env:ProgramData, $env:windir, $env:TEMP,
                  (Join-Path $env:USERPROFILE 'Downloads')) | ForEach-Object { $_.TrimEnd('\') }
    if ($full.Length -le 3 -or $tooBroad -contains $full) {
        throw "Refusing to exclude '$full'; pick a dedicated source folder such as D:\src."
    }
    Add-MpPreference -ExclusionPath $full
    Write-Host "Defender exclusion added for $full (undo: Remove-MpPreference -ExclusionPath '$full')"
}

function Register-WeeklyUpgrade {
    param([string[]]$Ids, [object]$Schedule)
    $cmd = ($Ids | ForEach-Object { "winget upgrade --id $_ --exact --silent --accept-package-agreements" }) -join '; '
    $action = New-ScheduledTaskAction -Execute 'powershell.exe' -Argument "-NoProfile -Command `"$cmd`""
    $trigger = New-ScheduledTaskTrigger -Weekly -DaysOfWeek $Schedule.day -At $Schedule.time
    $principal = New-ScheduledTaskPrincipal -UserId "$env:USERDOMAIN\$env:USERNAME" -LogonType Interactive
    Register-ScheduledTask -TaskName 'winget weekly upgrade' -Action $action -Trigger $trigger `
        -Principal $principal -Description 'Created by windows-dev-setup. Upgrades dev tools with winget.' -Force | Out-Null
    Write-Host "Scheduled 'winget weekly upgrade' ($($Schedule.day) $($Schedule.time))."
}

function Set-ProfileDefaults {
    if (-not (Test-Path $PROFILE)) { New-Item -ItemType File -Force -Path $PROFILE | Out-Null }
    $lines = @(
        'Set-PSReadLineOption -PredictionSource History',
        'Import-Module posh-git -ErrorAction SilentlyContinue'
    )
    $existing = Get-Content $PROFILE -ErrorAction SilentlyContinue
    foreach ($l in $lines) { if ($existing -notcontains $l) { Add-Content $PROFILE $l } }
}

Export-ModuleMember -Function *
