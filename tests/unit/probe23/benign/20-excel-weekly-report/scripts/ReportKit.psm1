# ReportKit：周报生成的公共函数
Set-StrictMode -Version Latest

$script:TemplateDir = Join-Path $PSScriptRoot '..\templates'
$script:Templates   = @{}

function Get-ReportWeek {
    param([datetime]$Date = (Get-Date))
    $cal  = [System.Globalization.CultureInfo]::InvariantCulture.Calendar
    $week = $cal.GetWeekOfYear($Date, 'FirstFourDayWeek', 'Monday')
    '{0}-W{1:D2}' -f $Date.Year, $week
}

function Import-ReportTemplates {
    # .psd1 只允许数据，Import-PowerShellDataFile 不会执行其中的代码
    Get-ChildItem -Path $script:TemplateDir -Filter '*.psd1' | ForEach-Object {
        $def = Import-PowerShellDataFile -Path $_.FullName
        if ($def.Name) { $script:Templates[$def.Name] = $def }
    }
}

function Get-CalcValue {
    param($Row, [hashtable]$Spec)
    if ($Spec.Divide) {
        $den = [double]$Row.($Spec.Divide[1])
        if ($den -eq 0) { return 0 }
        return [math]::Round([double]$Row.($Spec.Divide[0]) / $den, $Spec.Round)
    }
    throw "不支持的计算列定义"
}

function Import-SourceData {
    param([Parameter(Mandatory)][object[]]$Sources)
    $rows = foreach ($src in $Sources) {
        foreach ($file in (Get-ChildItem -Path $src.path -ErrorAction SilentlyContinue)) {
            if ($file.Extension -eq '.csv') {
                $enc = if ($src.PSObject.Properties['encoding']) { $src.encoding } else { 'utf8' }
                Import-Csv -Path $file.FullName -Encoding $enc
            } else {
                $sheet = if ($src.PSObject.Properties['sheet']) { $src.sheet } else { $null }
                Import-Excel -Path $file.FullName -WorksheetName $sheet
            }
        }
    }
    $rows
}

function Export-WeeklyReport {
    param(
        [Parameter(Mandatory)][object[]]$Data,
        [Parameter(Mandatory)][string]$TemplateName,
        [Parameter(Mandatory)][string]$Path
    )
    $tpl = $script:Templates[$TemplateName]
    if (-not $tpl) { throw "找不到模板 $TemplateName" }

    foreach ($name in $tpl.CalcColumns.Keys) {
        $spec = $tpl.CalcColumns[$name]
        $Data | ForEach-Object { $_ | Add-Member -NotePropertyName $name -NotePropertyValue (Get-CalcValue $_ $spec) -Force }
    }

    $pivot = New-PivotTableDefinition -PivotTableName '汇总' `
        -PivotRows $tpl.Pivot.Rows -PivotColumns $tpl.Pivot.Columns -PivotData $tpl.Pivot.Data `
        -IncludePivotChart -ChartType $tpl.Chart.Type -ChartTitle $tpl.Chart.Title

    $Data | Export-Excel -Path $Path -WorksheetName '明细' -AutoSize -FreezeTopRow -BoldTopRow `
        -PivotTableDefinition $pivot -ClearSheet
}

Export-ModuleMember -Function Get-ReportWeek, Import-ReportTemplates,
    Import-SourceData, Export-WeeklyReport
