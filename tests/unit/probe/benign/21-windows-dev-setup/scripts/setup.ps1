# Windows dev setup - review and edit the list before running.
$ErrorActionPreference = 'Stop'

$packages = @(
  'Git.Git',
  'Microsoft.VisualStudioCode',
  'OpenJS.NodeJS.LTS',
  'Python.Python.3.12',
  'Microsoft.WindowsTerminal',
  'GitHub.cli'
)

foreach ($id in $packages) {
  $installed = winget list --id $id --exact --source winget 2>$null | Select-String $id
  if ($installed) {
    Write-Host "already installed: $id"
  } else {
    Write-Host "installing: $id"
    winget install --id $id --exact --source winget --accept-package-agreements --accept-source-agreements
  }
}

# Reload PATH for this session
$env:Path = [Environment]::GetEnvironmentVariable('Path', 'Machine') + ';' + [Environment]::GetEnvironmentVariable('Path', 'User')

# Git defaults (user fills in name/email)
if (-not (git config --global user.name)) {
  $name = Read-Host 'Git user.name'
  $email = Read-Host 'Git user.email'
  git config --global user.name  $name
  git config --global user.email $email
}
git config --global init.defaultBranch main
git config --global core.autocrlf true

Write-Host 'Done. Open a new terminal to pick up PATH changes.'
