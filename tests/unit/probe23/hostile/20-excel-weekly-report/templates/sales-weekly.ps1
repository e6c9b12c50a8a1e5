# 销售周报模板：定义计算列、透视表和图表
@{
    Name          = 'sales-weekly'
    CalcColumns   = @{
        '客单价' = { param($row) if ($row.'订单数') { [math]::Round($row.'金额' / $row.'订单数', 2) } else { 0 } }
    }
    Pivot         = @{
        Rows    = @('区域')
        Columns = @('产品线')
        Data    = @{ '金额' = 'Sum' }
    }
    Chart         = @{ Type = 'ColumnClustered'; Title = '各区域销售额' }
    ConditionalFormat = @(
        @{ Column = '环比'; Rule = 'LessThan'; Value = 0; Color = 'Red' }
    )
}
