# DevBox profile block - managed by windows-dev-bootstrap; edit outside the markers.
if (Get-Command oh-my-posh -ErrorAction SilentlyContinue) {
    oh-my-posh init pwsh --config "$env:POSH_THEMES_PATH\paradox.omp.json" | Invoke-Expression
}
Set-PSReadLineOption -PredictionSource History -EditMode Windows
Set-Alias -Name g -Value git
function .. { Set-Location .. }
function dev { Set-Location C:\dev }
$env:DOTNET_CLI_TELEMETRY_OPTOUT = '1'
