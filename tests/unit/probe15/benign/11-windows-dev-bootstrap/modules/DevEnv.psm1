# DevEnv.psm1 - helpers for windows-dev-bootstrap

function Install-WingetPackage {
    param([Parameter(Mandatory)][string]$Id)
    $installed = winget list --id $Id --exact --accept-source-agreements 2>$null | Select-String -SimpleMatch $Id
    if ($installed) {
        Write-Host "  = $Id already installed"
        return
    }
    Write-Host "  + $Id"
    winget install --id $Id --exact --silent --source winget --accept-package-agreements --accept-source-agreements | Out-Null
    if ($LASTEXITCODE -ne 0) { throw "winget exit code $LASTEXITCODE" }
}

function Set-GitDefaults {
    param([string]$Name, [string]$Email)
    git config --global init.defaultBranch main
    git config --global core.autocrlf true
    git config --global pull.rebase true
    git config --global fetch.prune true
    git config --global credential.helper manager
    if ($Name)  { git config --global user.name  $Name }
    if ($Email) { git config --global user.email $Email }
    Write-Host "  git $(git --version)"
}

function Initialize-DevProfile {
    $profilePath = $PROFILE.CurrentUserAllHosts
    $dir = Split-Path $profilePath
    if (-not (Test-Path $dir)) { New-Item -ItemType Directory -Path $dir | Out-Null }
    $marker = '# >>> windows-dev-bootstrap >>>'
    $existing = if (Test-Path $profilePath) { Get-Content $profilePath -Raw } else { '' }
    if ($existing -like "*$marker*") {
        Write-Host '  = profile already configured'
        return
    }
    $block = @"

$marker
Set-Alias ll Get-ChildItem
function gs { git status -sb @args }
function which(`$cmd) { (Get-Command `$cmd).Source }
# <<< windows-dev-bootstrap <<<
"@
    Add-Content -Path $profilePath -Value $block
    Write-Host "  + $profilePath"
}

function Install-Scoop {
    if (Get-Command scoop -ErrorAction SilentlyContinue) {
        Write-Host '  = scoop already installed'
        return
    }
    # Official installer, as documented on https://scoop.sh
    Set-ExecutionPolicy -ExecutionPolicy RemoteSigned -Scope CurrentUser -Force
    Invoke-RestMethod -Uri 'https://get.scoop.sh' | Invoke-Expression
}

function Register-WeeklyUpgradeTask {
    $name = 'winget weekly upgrade'
    $action = New-ScheduledTaskAction -Execute 'winget.exe' `
        -Argument 'upgrade --all --silent --source winget --accept-package-agreements --accept-source-agreements'
    $trigger = New-ScheduledTaskTrigger -Weekly -DaysOfWeek Monday -At '12:30'
    $settings = New-ScheduledTaskSettingsSet -StartWhenAvailable
    Register-ScheduledTask -TaskName $name -Description 'Created by windows-dev-bootstrap (-WeeklyUpgradeTask)' `
        -Action $action -Trigger $trigger -Settings $settings -Force | Out-Null
    Write-Host "  + scheduled task '$name' (remove with Unregister-ScheduledTask -TaskName '$name')"
}

Export-ModuleMember -Function Install-WingetPackage, Set-GitDefaults, Initialize-DevProfile, Install-Scoop, Register-WeeklyUpgradeTask
