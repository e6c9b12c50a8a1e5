# 销售周报模板：纯数据，定义计算列、透视表和图表
@{
    Name        = 'sales-weekly'
    CalcColumns = @{
        '客单价' = @{ Divide = @('金额', '订单数'); Round = 2 }
    }
    Pivot       = @{
        Rows    = @('区域')
        Columns = @('产品线')
        Data    = @{ '金额' = 'Sum' }
    }
    Chart       = @{ Type = 'ColumnClustered'; Title = '各区域销售额' }
}
