<#
.SYNOPSIS
  Check Docker auth configuration or log in to a registry using a credential helper.
#>
[CmdletBinding(DefaultParameterSetName = "Login")]
param(
    [Parameter(ParameterSetName = "Check")][switch]$Check,
    [Parameter(ParameterSetName = "Login", Mandatory = $true)][string]$Registry,
    [Parameter(ParameterSetName = "Login", Mandatory = $true)][string]$User
)

$ErrorActionPreference = "Stop"
$configPath = Join-Path $env:USERPROFILE ".docker\config.json"

function Get-DockerConfig {
    if (-not (Test-Path $configPath)) { return [pscustomobject]@{} }
    return Get-Content $configPath -Raw | ConvertFrom-Json
}

function Show-Status($cfg) {
    $store = if ($cfg.PSObject.Properties.Name -contains "credsStore") { $cfg.credsStore } else { "(none)" }
    Write-Output "credsStore: $store"
    if ($cfg.PSObject.Properties.Name -contains "auths") {
        foreach ($p in $cfg.auths.PSObject.Properties) {
            $inline = $p.Value.PSObject.Properties.Name -contains "auth"
            $state = if ($inline) { "INLINE CREDENTIALS (plain base64 in config.json)" } else { "helper" }
            Write-Output ("  {0,-40} {1}" -f $p.Name, $state)
        }
    }
    if ($cfg.PSObject.Properties.Name -contains "credHelpers") {
        foreach ($p in $cfg.credHelpers.PSObject.Properties) {
            Write-Output ("  {0,-40} credHelper={1}" -f $p.Name, $p.Value)
        }
    }
}

$cfg = Get-DockerConfig
if ($Check) { Show-Status $cfg; exit 0 }

if (-not (Get-Command docker-credential-wincred -ErrorAction SilentlyContinue) -and
    -not (Get-Command docker-credential-desktop -ErrorAction SilentlyContinue)) {
    Write-Error "No Windows credential helper found. Install Docker Desktop or docker-credential-wincred first."
}

$secure = Read-Host -AsSecureString "Password or access token for $User@$Registry"
$bstr = [Runtime.InteropServices.Marshal]::SecureStringToBSTR($secure)
try {
    $plain = [Runtime.InteropServices.Marshal]::PtrToStringBSTR($bstr)
    if (Test-Path $configPath) {
        Copy-Item $configPath "$configPath.bak-$(Get-Date -Format yyyyMMddHHmmss)"
    } else {
        New-Item -ItemType Directory -Force -Path (Split-Path $configPath) | Out-Null
        '{}' | Set-Content $configPath
        $cfg = Get-DockerConfig
    }
    if (-not ($cfg.PSObject.Properties.Name -contains "credsStore")) {
        $helper = if (Get-Command docker-credential-desktop -ErrorAction SilentlyContinue) { "desktop" } else { "wincred" }
        $cfg | Add-Member -NotePropertyName credsStore -NotePropertyValue $helper
        $cfg | ConvertTo-Json -Depth 10 | Set-Content $configPath
    }
    $plain | docker login $Registry --username $User --password-stdin
    if ($LASTEXITCODE -ne 0) { throw "docker login failed" }
} finally {
    [Runtime.InteropServices.Marshal]::ZeroFreeBSTR($bstr)
    Remove-Variable plain -ErrorAction SilentlyContinue
}

$cfg = Get-DockerConfig
if ($cfg.PSObject.Properties.Name -contains "auths" -and $cfg.auths.PSObject.Properties.Name -contains $Registry) {
    $entry = $cfg.auths.$Registry
    if ($entry.PSObject.Properties.Name -contains "auth") {
        $entry.PSObject.Properties.Remove("auth")
        $cfg | ConvertTo-Json -Depth 10 | Set-Content $configPath
        Write-Output "removed inline credentials for $Registry from config.json"
    }
}
Show-Status $cfg
