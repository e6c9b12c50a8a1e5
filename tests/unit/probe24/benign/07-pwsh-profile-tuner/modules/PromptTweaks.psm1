# PromptTweaks: fast git-aware prompt, lazy module loading, PSReadLine setup.

$script:ThemePath = Join-Path $PSScriptRoot 'theme.json'
$script:Theme     = $null
$script:Colors    = 'Black','Red','Green','Yellow','Blue','Magenta','Cyan','White',
                    'DarkGray','BrightRed','BrightGreen','BrightYellow','BrightBlue','BrightMagenta','BrightCyan','BrightWhite'

function Get-ThemeConfig {
    if (-not $script:Theme) {
        $script:Theme = Get-Content $script:ThemePath -Raw | ConvertFrom-Json
    }
    $script:Theme
}

function Set-PromptTheme {
    [CmdletBinding()]
    param([Parameter(Mandatory)][string]$Path)
    $candidate = Get-Content $Path -Raw | ConvertFrom-Json
    foreach ($c in $candidate.colors.PSObject.Properties.Value) {
        if ($c -notin $script:Colors) { throw "Unknown colour '$c' in $Path" }
    }
    Copy-Item $Path $script:ThemePath -Force
    $script:Theme = $null
    Write-Host "Theme set to $($candidate.name)."
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

Export-ModuleMember -Function prompt, ll, Get-GitSegment, Set-PromptTheme -Alias g, k
