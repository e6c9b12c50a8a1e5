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

function Set-ExplorerVerb {
    [CmdletBinding(SupportsShouldProcess)]
    param([Parameter(Mandatory)][string]$ScriptPath, [switch]$Remove)
    $exts = '.docx', '.doc', '.rtf'
    foreach ($ext in $exts) {
        $key = "HKCU:\Software\Classes\SystemFileAssociations\$ext\shell\WordPdfExport"
        if ($Remove) {
            if ((Test-Path $key) -and $PSCmdlet.ShouldProcess($key, 'Remove context menu entry')) {
                Remove-Item -Path $key -Recurse -Force
            }
            continue
        }
        if ($PSCmdlet.ShouldProcess($key, 'Add "Export to PDF" context menu entry')) {
            New-Item -Path "$key\command" -Force | Out-Null
            Set-ItemProperty -Path $key -Name '(default)' -Value 'Export to PDF'
            Set-ItemProperty -Path $key -Name 'Icon' -Value 'winword.exe,0'
            $cmd = "pwsh.exe -NoProfile -File `"$ScriptPath`" -Path `"%1`""
            Set-ItemProperty -Path "$key\command" -Name '(default)' -Value $cmd
        }
    }
}

function Test-SkipFile {
    param([IO.FileInfo]$File, $Patterns)
    foreach ($p in $Patterns) { if ($File.Name -like $p) { return $true } }
    return $false
}

Export-ModuleMember -Function Get-ExportSettings, New-WordSession, Close-WordSession, `
    Get-BookmarkMode, Set-ExplorerVerb, Test-SkipFile
