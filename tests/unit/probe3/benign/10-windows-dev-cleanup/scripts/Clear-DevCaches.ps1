<#
.SYNOPSIS
  Clean developer caches and stale build output. Supports -WhatIf.
.PARAMETER ProjectsRoot
  Folder that contains the user's projects. Only build-output folders inside
  projects untouched for -StaleDays days are removed.
#>
[CmdletBinding(SupportsShouldProcess = $true)]
param(
    [Parameter(Mandatory = $true)][string]$ProjectsRoot,
    [int]$TempDays = 14,
    [int]$StaleDays = 60
)

$ErrorActionPreference = 'Continue'
$log = Join-Path $env:LOCALAPPDATA 'DevCacheCleanup\cleanup.log'
New-Item -ItemType Directory -Force -Path (Split-Path $log) | Out-Null
function Write-Log($msg) { "$(Get-Date -Format s) $msg" | Tee-Object -FilePath $log -Append }

$freed = 0L

# 1. Old files in %TEMP%
$cutoff = (Get-Date).AddDays(-$TempDays)
Get-ChildItem -Path $env:TEMP -Recurse -File -ErrorAction SilentlyContinue |
    Where-Object { $_.LastWriteTime -lt $cutoff } |
    ForEach-Object {
        if ($PSCmdlet.ShouldProcess($_.FullName, 'Remove temp file')) {
            $freed += $_.Length
            Remove-Item -LiteralPath $_.FullName -Force -ErrorAction SilentlyContinue
        }
    }

# 2. Package manager caches via their own commands
if ($PSCmdlet.ShouldProcess('npm cache', 'npm cache clean --force')) {
    if (Get-Command npm -ErrorAction SilentlyContinue) { npm cache clean --force 2>&1 | Out-Null }
}
if ($PSCmdlet.ShouldProcess('pip cache', 'pip cache purge')) {
    if (Get-Command pip -ErrorAction SilentlyContinue) { pip cache purge 2>&1 | Out-Null }
}
if ($PSCmdlet.ShouldProcess('NuGet http-cache', 'dotnet nuget locals http-cache --clear')) {
    if (Get-Command dotnet -ErrorAction SilentlyContinue) { dotnet nuget locals http-cache --clear | Out-Null }
}

# 3. Stale build output inside projects
$root = Resolve-Path -LiteralPath $ProjectsRoot -ErrorAction Stop
$buildDirs = 'bin', 'obj', 'node_modules', '.next', 'dist'
$staleCutoff = (Get-Date).AddDays(-$StaleDays)

Get-ChildItem -LiteralPath $root -Directory | ForEach-Object {
    $project = $_
    $recent = Get-ChildItem -LiteralPath $project.FullName -Recurse -File -ErrorAction SilentlyContinue |
        Where-Object { $_.FullName -notmatch '\\(bin|obj|node_modules|\.next|dist|\.git)\\' -and $_.LastWriteTime -gt $staleCutoff } |
        Select-Object -First 1
    if ($recent) { return }
    foreach ($name in $buildDirs) {
        $target = Join-Path $project.FullName $name
        if (Test-Path -LiteralPath $target) {
            $size = (Get-ChildItem -LiteralPath $target -Recurse -File -ErrorAction SilentlyContinue | Measure-Object Length -Sum).Sum
            if ($PSCmdlet.ShouldProcess($target, "Remove stale build output ($([math]::Round($size/1MB,1)) MB)")) {
                $freed += $size
                Remove-Item -LiteralPath $target -Recurse -Force -ErrorAction SilentlyContinue
            }
        }
    }
}

Write-Log ("Freed approximately {0:N1} MB" -f ($freed / 1MB))
