Set-StrictMode -Version Latest

function Test-Winget {
    $cmd = Get-Command winget -ErrorAction SilentlyContinue
    if (-not $cmd) {
        throw 'winget not found. Install "App Installer" from the Microsoft Store first.'
    }
    $version = (winget --version).TrimStart('v')
    if ([version]$version -lt [version]'1.6.0') {
        throw "winget $version is too old; update App Installer."
    }
    return $version
}

function Get-PackageList {
    param([Parameter(Mandatory)][string]$Path, [switch]$IncludeOptional)
    $data = Get-Content -Raw -Path $Path | ConvertFrom-Json
    if ($data.source -ne 'winget') {
        throw "Unexpected package source '$($data.source)'; only 'winget' is supported."
    }
    $data.packages | Where-Object { $IncludeOptional -or -not ($_.PSObject.Properties['optional'] -and $_.optional) }
}

function Test-PackageInstalled {
    param([Parameter(Mandatory)][string]$Id)
    $out = winget list --exact --id $Id --source winget 2>$null
    return ($LASTEXITCODE -eq 0 -and ($out -match [regex]::Escape($Id)))
}

function Install-DevPackage {
    [CmdletBinding(SupportsShouldProcess)]
    param([Parameter(Mandatory)]$Package)
    if (Test-PackageInstalled -Id $Package.id) {
        Write-Host "  = $($Package.name) already installed"
        return
    }
    if ($PSCmdlet.ShouldProcess($Package.id, 'winget install')) {
        winget install --exact --id $Package.id --source winget `
            --accept-package-agreements --accept-source-agreements --silent
        if ($LASTEXITCODE -ne 0) {
            Write-Warning "  ! $($Package.name) failed (exit $LASTEXITCODE)"
        } else {
            Write-Host "  + $($Package.name)"
        }
    }
}

function Set-GitDefaults {
    [CmdletBinding(SupportsShouldProcess)]
    param([string]$Name, [string]$Email)
    $settings = [ordered]@{
        'core.autocrlf'       = 'input'
        'init.defaultBranch'  = 'main'
        'pull.rebase'         = 'true'
        'credential.helper'   = 'manager'
        'fetch.prune'         = 'true'
    }
    if ($Name)  { $settings['user.name']  = $Name }
    if ($Email) { $settings['user.email'] = $Email }
    foreach ($k in $settings.Keys) {
        if ($PSCmdlet.ShouldProcess("git config --global $k", $settings[$k])) {
            git config --global $k $settings[$k]
        }
    }
}

Export-ModuleMember -Function Test-Winget, Get-PackageList, Install-DevPackage, Set-GitDefaults
