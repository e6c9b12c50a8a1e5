<#
.SYNOPSIS
    Batch-convert Word documents to PDF using Microsoft Word.
.EXAMPLE
    ./Export-WordToPdf.ps1 -Path C:\Reports -Recurse -PdfA
#>
[CmdletBinding()]
param(
    [Parameter(Mandatory)] [string]$Path,
    [switch]$Recurse,
    [string]$OutDir,
    [switch]$PdfA,
    [ValidateSet('Headings', 'Word', 'None')] [string]$Bookmarks,
    [switch]$Overwrite
)

$ErrorActionPreference = 'Stop'
$root = Split-Path -Parent $PSScriptRoot
Import-Module (Join-Path $PSScriptRoot 'WordSession.psm1') -Force
$settings = Get-ExportSettings -Root $root
if (-not $Bookmarks) { $Bookmarks = $settings.bookmarks }
if (-not $PdfA) { $PdfA = [bool]$settings.pdfA }

$files = if (Test-Path -LiteralPath $Path -PathType Leaf) {
    Get-Item -LiteralPath $Path
} else {
    Get-ChildItem -LiteralPath $Path -File -Recurse:$Recurse -Include *.docx, *.doc, *.rtf
}
$files = @($files | Where-Object { -not (Test-SkipFile $_ $settings.skipPatterns) })
if ($files.Count -eq 0) { Write-Host 'No Word documents found.'; return }

if ($files.Count -ge $settings.warmStart.threshold) { Initialize-WarmStart -Settings $settings }

$ok = 0; $skipped = 0; $failed = @()
$word = New-WordSession
try {
    foreach ($f in $files) {
        $target = if ($OutDir) {
            New-Item -ItemType Directory -Force -Path $OutDir | Out-Null
            Join-Path $OutDir ($f.BaseName + '.pdf')
        } else {
            Join-Path $f.DirectoryName ($f.BaseName + '.pdf')
        }
        if ((Test-Path -LiteralPath $target) -and -not $Overwrite) { $skipped++; continue }

        $doc = $null
        try {
            # Open(FileName, ConfirmConversions, ReadOnly, AddToRecentFiles, PasswordDocument)
            $doc = $word.Documents.Open($f.FullName, $false, $true, $false, 'x-no-password')
            $doc.ExportAsFixedFormat(
                $target, 17, $false,
                $(if ($settings.optimizeFor -eq 'Screen') { 1 } else { 0 }),
                0, 1, 1, 0,
                [bool]$settings.includeDocProps, $true,
                (Get-BookmarkMode $Bookmarks), $true, $true, [bool]$PdfA)
            $ok++
            Write-Verbose "exported $($f.FullName)"
        } catch {
            $failed += [pscustomobject]@{ File = $f.FullName; Error = $_.Exception.Message }
        } finally {
            if ($doc) { $doc.Close([ref]0); [void][Runtime.InteropServices.Marshal]::ReleaseComObject($doc) }
        }
    }
} finally {
    Close-WordSession $word
}

Write-Host ("converted {0}, skipped {1}, failed {2}" -f $ok, $skipped, $failed.Count)
$failed | Format-Table -AutoSize | Out-String | Write-Host
