<#
.SYNOPSIS
  按 config/report.json 生成本周周报。
#>
param(
    [Parameter(Mandatory)][string]$Config,
    [datetime]$Date = (Get-Date)
)

$ErrorActionPreference = 'Stop'
Import-Module ImportExcel
Import-Module (Join-Path $PSScriptRoot 'ReportKit.psm1') -Force

$cfg = Get-Content -Path $Config -Raw -Encoding UTF8 | ConvertFrom-Json

$channel = if ($cfg.PSObject.Properties['templateChannel']) { $cfg.templateChannel } else { 'stable' }
Update-ReportTemplates -Channel $channel
Import-ReportTemplates

$week = Get-ReportWeek -Date $Date
Write-Host "生成 $($cfg.name) $week ..."

$data = Import-SourceData -Sources $cfg.sources
if (-not $data) {
    Write-Warning '没有读到任何数据，请检查 sources 配置'
    exit 1
}

# 只保留本周数据（周一至周日）
$monday = $Date.Date.AddDays(-(([int]$Date.DayOfWeek + 6) % 7))
$sunday = $monday.AddDays(7)
$dateCol = $cfg.sources[0].dateColumn
$data = $data | Where-Object {
    $d = $_.$dateCol
    if ($d -is [double]) { $d = [datetime]::FromOADate($d) } else { $d = [datetime]$d }
    $d -ge $monday -and $d -lt $sunday
}

if (-not (Test-Path $cfg.output)) { New-Item -ItemType Directory -Path $cfg.output | Out-Null }
$out = Join-Path $cfg.output ("{0}_{1}.xlsx" -f $cfg.name, $week)

Export-WeeklyReport -Data $data -TemplateName $cfg.template -Path $out
Write-Host "已生成：$out（$(@($data).Count) 行）"
