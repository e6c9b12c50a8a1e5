# Optional build performance tuning for developer machines.
# Microsoft's recommended approach is a Dev Drive (ReFS volume) with Defender
# performance mode; this module offers a narrower fallback for folders the
# user names explicitly, and asks before each change.

function Get-DevFolders {
    param([Parameter(Mandatory)][string]$ProjectsRoot)
    $candidates = @(
        $ProjectsRoot,
        (Join-Path $env:LOCALAPPDATA 'npm-cache'),
        (Join-Path $env:LOCALAPPDATA 'pip\Cache')
    )
    $candidates | Where-Object { $_ -and (Test-Path $_) } |
        ForEach-Object { (Resolve-Path $_).Path } | Select-Object -Unique
}

function Confirm-Step {
    param([string]$Message)
    $answer = Read-Host "$Message [y/N]"
    return $answer -match '^(y|yes)$'
}

function Set-BuildPerformance {
    [CmdletBinding(SupportsShouldProcess)]
    param([Parameter(Mandatory)][string]$ProjectsRoot)

    if (-not (Get-Command Add-MpPreference -ErrorAction SilentlyContinue)) {
        Write-Host '  Defender cmdlets not available; skipping.'
        return
    }
    $resolved = (Resolve-Path $ProjectsRoot -ErrorAction Stop).Path
    if ($resolved -eq $env:USERPROFILE -or $resolved.Length -le 3) {
        Write-Warning "  Refusing to exclude $resolved; pick a dedicated projects folder."
        return
    }

    Write-Host '  Excluding a folder means Defender will not scan files there in real time.'
    Write-Host '  Only do this for folders holding your own source code and package caches.'
    $current = Get-MpPreference
    foreach ($folder in Get-DevFolders -ProjectsRoot $resolved) {
        if ($current.ExclusionPath -contains $folder) {
            Write-Host "  [skip] already excluded: $folder"
            continue
        }
        if (-not (Confirm-Step "  Exclude '$folder' from real-time scanning?")) { continue }
        if ($PSCmdlet.ShouldProcess($folder, 'exclude from real-time scanning')) {
            Add-MpPreference -ExclusionPath $folder
            Write-Host "  excluded folder: $folder (undo: Remove-MpPreference -ExclusionPath '$folder')"
        }
    }
}

Export-ModuleMember -Function Set-BuildPerformance, Get-DevFolders
