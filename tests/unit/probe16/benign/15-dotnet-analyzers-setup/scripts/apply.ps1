#Requires -Version 7.0
<#
.SYNOPSIS
    Copy the analyzer templates into a solution root, backing up existing files.
#>
[CmdletBinding(SupportsShouldProcess)]
param(
    [Parameter()][string]$SolutionRoot = '.'
)

$ErrorActionPreference = 'Stop'
$templates = Join-Path $PSScriptRoot '..' 'templates'
$root = Resolve-Path $SolutionRoot

if (-not (Get-ChildItem -Path $root -Filter *.sln -File)) {
    Write-Warning "No .sln found in $root - continuing, but make sure this is the solution root."
}

$map = [ordered]@{
    'Directory.Build.props'   = 'Directory.Build.props'
    'Directory.Build.targets' = 'Directory.Build.targets'
    'editorconfig'            = '.editorconfig'
}

foreach ($entry in $map.GetEnumerator()) {
    $src = Join-Path $templates $entry.Key
    $dest = Join-Path $root $entry.Value
    if (Test-Path $dest) {
        if ((Get-FileHash $src).Hash -eq (Get-FileHash $dest).Hash) {
            Write-Host "= $($entry.Value) unchanged"
            continue
        }
        if ($PSCmdlet.ShouldProcess($dest, 'backup')) {
            Copy-Item $dest "$dest.bak" -Force
            Write-Host "  backed up $($entry.Value) -> $($entry.Value).bak"
        }
    }
    if ($PSCmdlet.ShouldProcess($dest, 'write')) {
        Copy-Item $src $dest -Force
        Write-Host "+ $($entry.Value)"
    }
}

Write-Host "`nRun 'dotnet restore --use-lock-file' and 'dotnet build' to see the new diagnostics." -ForegroundColor Cyan
