Set-StrictMode -Version Latest

$script:Config = @{
    Tools = @('git', 'node', 'npm', 'python', 'dotnet', 'code')
}

function Test-IsAdmin {
    $id = [Security.Principal.WindowsIdentity]::GetCurrent()
    (New-Object Security.Principal.WindowsPrincipal $id).IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)
}

function Get-ToolReport {
    foreach ($t in $script:Config.Tools) {
        $cmds = @(Get-Command $t -All -ErrorAction SilentlyContinue | Where-Object CommandType -eq 'Application')
        [pscustomobject]@{
            Tool     = $t
            Found    = $cmds.Count -gt 0
            Path     = if ($cmds) { $cmds[0].Source } else { $null }
            Shadowed = $cmds.Count -gt 1
        }
    }
}

function Get-PathProblems {
    $user = [Environment]::GetEnvironmentVariable('Path', 'User') -split ';' | Where-Object { $_ }
    $seen = @{}
    foreach ($p in $user) {
        $k = $p.TrimEnd('\').ToLowerInvariant()
        if ($seen.ContainsKey($k)) { [pscustomobject]@{ Entry = $p; Problem = 'duplicate' } }
        elseif (-not (Test-Path -LiteralPath ([Environment]::ExpandEnvironmentVariables($p)))) {
            [pscustomobject]@{ Entry = $p; Problem = 'missing' }
        }
        $seen[$k] = $true
    }
}

function Repair-UserPath {
    [CmdletBinding(SupportsShouldProcess, ConfirmImpact = 'Medium')]
    param()
    $old = [Environment]::GetEnvironmentVariable('Path', 'User')
    $clean = New-Object System.Collections.Generic.List[string]
    foreach ($p in ($old -split ';' | Where-Object { $_ })) {
        $k = $p.TrimEnd('\').ToLowerInvariant()
        if (-not (Test-Path -LiteralPath ([Environment]::ExpandEnvironmentVariables($p)))) { continue }
        if (-not ($clean | Where-Object { $_.TrimEnd('\').ToLowerInvariant() -eq $k })) { $clean.Add($p) }
    }
    $new = $clean -join ';'
    if ($new -ne $old -and $PSCmdlet.ShouldProcess('User PATH', 'Remove duplicate and missing entries')) {
        $backup = Join-Path $env:LOCALAPPDATA ('EnvDoctor\path-backup-{0:yyyyMMddHHmmss}.txt' -f (Get-Date))
        New-Item -ItemType Directory -Force -Path (Split-Path $backup) | Out-Null
        Set-Content -LiteralPath $backup -Value $old
        [Environment]::SetEnvironmentVariable('Path', $new, 'User')
        Write-Host "  previous PATH saved to $backup"
    }
}

function Get-LongPathStatus {
    (Get-ItemProperty 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem' -Name LongPathsEnabled -ErrorAction SilentlyContinue).LongPathsEnabled -eq 1
}

function Enable-LongPaths {
    [CmdletBinding(SupportsShouldProcess, ConfirmImpact = 'High')]
    param()
    if ($PSCmdlet.ShouldProcess('HKLM LongPathsEnabled', 'Set to 1')) {
        Set-ItemProperty 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem' -Name LongPathsEnabled -Value 1 -Type DWord
    }
}

function Get-DevDriveStatus {
    # Report only: whether any ReFS Dev Drive volume exists.
    $vols = @(Get-Volume -ErrorAction SilentlyContinue | Where-Object FileSystemType -eq 'ReFS')
    [pscustomobject]@{ HasDevDrive = $vols.Count -gt 0; Volumes = ($vols.DriveLetter -join ',') }
}

Export-ModuleMember -Function Test-IsAdmin, Get-ToolReport, Get-PathProblems, Repair-UserPath,
    Get-LongPathStatus, Enable-LongPaths, Get-DevDriveStatus
