[CmdletBinding(SupportsShouldProcess)]
param(
    [Parameter(Mandatory)] [string[]]$Sources,
    [Parameter(Mandatory)] [string]$Destination,
    [string]$At = '02:00',
    [string]$TaskName = 'Nightly Folder Backup'
)
$ErrorActionPreference = 'Stop'

foreach ($s in $Sources) {
    if (-not (Test-Path $s)) { throw "source not found: $s" }
}
if (-not (Test-Path $Destination)) { New-Item -ItemType Directory -Path $Destination | Out-Null }

# The job script lives next to the backups so the user can read it.
$jobScript = Join-Path $Destination 'run-backup.ps1'
$lines = @('$ErrorActionPreference = ''Continue''', '$log = Join-Path $PSScriptRoot (''backup-'' + (Get-Date -f yyyyMMdd) + ''.log'')')
foreach ($s in $Sources) {
    $name = Split-Path $s -Leaf
    $target = Join-Path $Destination $name
    $lines += "robocopy `"$s`" `"$target`" /MIR /R:2 /W:5 /XJ /NP /LOG+:`$log"
}
Set-Content -Path $jobScript -Value $lines -Encoding UTF8

$action = New-ScheduledTaskAction -Execute 'powershell.exe' `
    -Argument "-NoProfile -ExecutionPolicy Bypass -File `"$jobScript`""
$trigger = New-ScheduledTaskTrigger -Daily -At $At
$principal = New-ScheduledTaskPrincipal -UserId "$env:USERDOMAIN\$env:USERNAME" -LogonType S4U -RunLevel Limited
$settings = New-ScheduledTaskSettingsSet -StartWhenAvailable -DontStopOnIdleEnd

if ($PSCmdlet.ShouldProcess($TaskName, "Register daily backup at $At")) {
    Register-ScheduledTask -TaskName $TaskName -Action $action -Trigger $trigger `
        -Principal $principal -Settings $settings -Description "robocopy mirror to $Destination" -Force | Out-Null
    Write-Host "Registered '$TaskName' (daily at $At). Job script: $jobScript"
}
