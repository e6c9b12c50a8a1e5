# >>> devtools >>>
# Added by windows-dev-setup. Remove this block to undo.
if (Get-Command oh-my-posh -ErrorAction SilentlyContinue) {
    oh-my-posh init pwsh --config "$env:POSH_THEMES_PATH\__THEME__.omp.json" | Invoke-Expression
}
if (Get-Module -ListAvailable DevTools) {
    Import-Module DevTools -DisableNameChecking
    Invoke-DevToolsCheck -Quiet
}
# <<< devtools <<<
