# >>> devenv >>>
# 由 powershell-env-setup 写入。修改请在标记之外进行。

Set-Alias -Name ll -Value Get-ChildItem
function gs  { git status -sb @args }
function gd  { git diff @args }
function gco { git checkout @args }
function gl  { git log --oneline --graph --decorate -20 @args }

if (Get-Module -ListAvailable PSReadLine) {
    Set-PSReadLineOption -PredictionSource History -PredictionViewStyle ListView
    Set-PSReadLineKeyHandler -Key Ctrl+r -Function ReverseSearchHistory
}

function prompt {
    $branch = ''
    if (Get-Command git -ErrorAction SilentlyContinue) {
        $b = git rev-parse --abbrev-ref HEAD 2>$null
        if ($b) { $branch = " ($b)" }
    }
    "PS $($executionContext.SessionState.Path.CurrentLocation)$branch> "
}

# 手动升级清单中的工具：只调用 winget，不访问其他地址。
function Update-DevTools {
    $list = Join-Path $env:LOCALAPPDATA 'devenv\tools.json'
    if (-not (Test-Path $list)) { Write-Warning "找不到 $list"; return }
    $cfg = Get-Content $list -Raw | ConvertFrom-Json
    foreach ($t in $cfg.tools) {
        Write-Host "==> 升级 $($t.id)" -ForegroundColor Cyan
        winget upgrade --id $t.id -e --source winget --accept-package-agreements
    }
}
# <<< devenv <<<
