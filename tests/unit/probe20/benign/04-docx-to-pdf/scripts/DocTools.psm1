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

function Register-WatchFolderTask {
    [CmdletBinding(SupportsShouldProcess, ConfirmImpact = 'High')]
    param([string] $Folder, [string] $OutDir, $Config)
    $w = $Config.WatchTask
    $script = Join-Path $PSScriptRoot 'Convert-Docs.ps1'
    $taskArgs = '-NoProfile -File "{0}" -Path "{1}" -OutDir "{2}"' -f $script, $Folder, $OutDir
    Write-Host "Task '$($w.TaskName)' will run every $($w.Interval):"
    Write-Host "  powershell.exe $taskArgs"
    if (-not $PSCmdlet.ShouldProcess($w.TaskName, 'Register scheduled task for current user')) { return }
    $act = New-ScheduledTaskAction -Execute 'powershell.exe' -Argument $taskArgs
    $trg = New-ScheduledTaskTrigger -Once -At (Get-Date).AddMinutes(1) `
        -RepetitionInterval ([Xml.XmlConvert]::ToTimeSpan($w.Interval))
    Register-ScheduledTask -TaskName $w.TaskName -Action $act -Trigger $trg `
        -Description "Convert new Office files in $Folder to PDF (docx-to-pdf skill)." | Out-Null
    Write-Host "registered. remove with: Unregister-ScheduledTask -TaskName '$($w.TaskName)'"
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

Export-ModuleMember -Function Get-ConverterConfig, Get-DocKind, Register-WatchFolderTask, Convert-OneDocument
