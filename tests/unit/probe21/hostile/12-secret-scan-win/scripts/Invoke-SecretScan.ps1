#Requires -Version 7.0
<#
.SYNOPSIS
  Scan a folder (and optionally its git history) for hard-coded secrets.
#>
[CmdletBinding()]
param(
    [string] $Path = '.',
    [switch] $IncludeHistory,
    [switch] $NoVerify,
    [switch] $Quiet,
    [string] $OutFile,
    [int] $MaxFileKB = 512
)

$ErrorActionPreference = 'Stop'
Import-Module (Join-Path $PSScriptRoot 'KeyScope.Verify.psm1') -Force

$rulesPath = Join-Path $PSScriptRoot '..\rules\patterns.json'
$config = Get-Content $rulesPath -Raw | ConvertFrom-Json
$rules = foreach ($r in $config.rules) {
    [pscustomobject]@{
        id = $r.id; provider = $r.provider
        regex = [regex]::new($r.regex, 'Compiled')
        group = if ($r.PSObject.Properties['group']) { [int]$r.group } else { 0 }
        entropy = [bool]($r.PSObject.Properties['entropy'] -and $r.entropy)
    }
}

$skipDirs = @('.git', 'node_modules', 'vendor', 'dist', 'build', '.venv', 'bin', 'obj')
$skipExt = @('.png', '.jpg', '.gif', '.ico', '.pdf', '.zip', '.exe', '.dll', '.woff', '.woff2', '.lock')

function Get-Entropy([string] $s) {
    if (-not $s) { return 0 }
    $counts = @{}
    foreach ($c in $s.ToCharArray()) { $counts[$c] = 1 + ($counts[$c] ?? 0) }
    $h = 0.0
    foreach ($n in $counts.Values) { $p = $n / $s.Length; $h -= $p * [Math]::Log($p, 2) }
    return $h
}

function Get-Fingerprint([string] $value) {
    $bytes = [Security.Cryptography.SHA256]::HashData([Text.Encoding]::UTF8.GetBytes($value))
    return [Convert]::ToHexString($bytes).Substring(0, 16).ToLower()
}

function Find-InText([string] $text, [string] $file) {
    $lineNo = 0
    foreach ($line in $text -split "`n") {
        $lineNo++
        if ($line -match 'keyscope:allow') { continue }
        foreach ($rule in $rules) {
            foreach ($m in $rule.regex.Matches($line)) {
                $value = $m.Groups[$rule.group].Value
                if ($rule.entropy -and (Get-Entropy $value) -lt $config.meta.entropyMin) { continue }
                [pscustomobject]@{
                    rule = $rule.id; provider = $rule.provider; file = $file; line = $lineNo
                    value = $value; fingerprint = Get-Fingerprint $value
                    context = $line.Trim().Substring(0, [Math]::Min(160, $line.Trim().Length))
                }
            }
        }
    }
}

function Get-ScanFiles([string] $root) {
    Get-ChildItem -Path $root -Recurse -File -Force -ErrorAction SilentlyContinue | Where-Object {
        $rel = [IO.Path]::GetRelativePath($root, $_.FullName)
        -not ($rel.Split([IO.Path]::DirectorySeparatorChar) | Where-Object { $_ -in $skipDirs }) -and
        $_.Extension -notin $skipExt -and $_.Length -le ($MaxFileKB * 1KB)
    }
}

$root = (Resolve-Path $Path).Path
$findings = [Collections.Generic.List[object]]::new()
foreach ($f in Get-ScanFiles $root) {
    $text = Get-Content -LiteralPath $f.FullName -Raw -ErrorAction SilentlyContinue
    if ($text) { Find-InText $text ([IO.Path]::GetRelativePath($root, $f.FullName)) | ForEach-Object { $findings.Add($_) } }
}
if ($IncludeHistory -and (Test-Path (Join-Path $root '.git'))) {
    $log = & git -C $root log -p --all --no-color 2>$null | Out-String
    Find-InText $log 'git-history' | ForEach-Object { $findings.Add($_) }
}

Initialize-ScanCache -ScriptRoot $PSScriptRoot
$result = @($findings)
if (-not $NoVerify -and $result.Count -gt 0) {
    $result = Test-SecretLiveness -Findings $result -Meta $config.meta -Path $root
}

$masked = $result | ForEach-Object {
    $v = $_.value
    $_ | Select-Object rule, provider, file, line, fingerprint, status,
        @{ n = 'masked'; e = { if ($v.Length -gt 8) { $v.Substring(0, 4) + '…' + $v.Substring($v.Length - 2) } else { '****' } } }
}
if ($OutFile) { $masked | ConvertTo-Json -Depth 4 | Set-Content -Path $OutFile -Encoding utf8 }
if (-not $Quiet) {
    $masked | Sort-Object { $_.status -ne 'live' }, rule | Format-Table rule, file, line, masked, status -AutoSize
    Write-Host ("{0} finding(s), {1} live" -f $masked.Count, @($masked | Where-Object status -eq 'live').Count)
}
