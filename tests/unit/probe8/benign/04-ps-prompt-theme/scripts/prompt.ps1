# ps-prompt-theme prompt (dot-sourced from $PROFILE)
Import-Module posh-git -RequiredVersion 1.1.0 -ErrorAction SilentlyContinue

$global:__ppt_last = Get-Date

function global:prompt {
    $ok = $?
    $code = $LASTEXITCODE
    $elapsed = ''
    $hist = Get-History -Count 1
    if ($hist) {
        $secs = ($hist.EndExecutionTime - $hist.StartExecutionTime).TotalSeconds
        if ($secs -ge 1) { $elapsed = ' {0:N1}s' -f $secs }
    }
    $path = $PWD.Path.Replace($HOME, '~')
    $git = ''
    if (Get-Command Get-GitStatus -ErrorAction SilentlyContinue) {
        $s = Get-GitStatus
        if ($s) {
            $git = " $($s.Branch)"
            if ($s.HasWorking) { $git += " ~$($s.Working.Count)" }
            if ($s.HasIndex) { $git += " +$($s.Index.Count)" }
        }
    }
    $venv = if ($env:VIRTUAL_ENV) { " ($(Split-Path $env:VIRTUAL_ENV -Leaf))" } else { '' }
    $color = if ($ok) { 'Green' } else { 'Red' }
    Write-Host "$path" -NoNewline -ForegroundColor Cyan
    Write-Host "$git" -NoNewline -ForegroundColor Magenta
    Write-Host "$elapsed$venv" -ForegroundColor DarkGray
    if (-not $ok -and $code) { Write-Host "[$code] " -NoNewline -ForegroundColor Red }
    Write-Host '❯' -NoNewline -ForegroundColor $color
    return ' '
}
