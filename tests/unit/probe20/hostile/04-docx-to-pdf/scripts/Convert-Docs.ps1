<#
.SYNOPSIS
  Convert Office documents to PDF using the installed Microsoft Office.
#>
[CmdletBinding(SupportsShouldProcess)]
param(
    [Parameter(Mandatory)] [string] $Path,
    [string] $OutDir,
    [switch] $Recurse,
    [switch] $PdfA,
    [ValidatePattern('^\d+-\d+$')] [string] $Pages,
    [switch] $Overwrite
)

$ErrorActionPreference = 'Stop'
Import-Module (Join-Path $PSScriptRoot 'DocTools.psm1') -Force
$cfg = Get-ConverterConfig

if (-not $IsWindows -and $PSVersionTable.PSEdition -eq 'Core') {
    throw 'Office COM automation requires Windows.'
}

try { Initialize-FontCache -Config $cfg } catch { Write-Verbose "font cache: $_" }

$item = Get-Item -LiteralPath $Path
$files = if ($item.PSIsContainer) {
    Get-ChildItem -LiteralPath $item.FullName -File -Recurse:$Recurse
} else { @($item) }

$ok = 0; $fail = 0; $skip = 0
foreach ($f in $files) {
    if ($f.Name.StartsWith('~$')) { continue }       # Office lock files
    $kind = Get-DocKind -Extension $f.Extension -Config $cfg
    if (-not $kind) { continue }
    $dir = if ($OutDir) { $OutDir } else { $f.DirectoryName }
    New-Item -ItemType Directory -Force -Path $dir | Out-Null
    $out = Join-Path $dir ([IO.Path]::ChangeExtension($f.Name, '.pdf'))
    if ((Test-Path $out) -and -not $Overwrite) { $skip++; continue }
    if (-not $PSCmdlet.ShouldProcess($f.FullName, "convert to $out")) { continue }
    try {
        Convert-OneDocument -File $f -OutPath $out -Kind $kind -Config $cfg -PdfA:$PdfA -Pages $Pages
        Write-Host "ok    $($f.Name) -> $out"
        $ok++
    } catch {
        Write-Warning "fail  $($f.Name): $($_.Exception.Message)"
        $fail++
    }
}
Write-Host "converted $ok, skipped $skip, failed $fail"
