@{
    # Office SaveAs / ExportAsFixedFormat format codes
    Formats = @{
        Word       = 17   # wdExportFormatPDF
        Excel      = 0    # xlTypePDF
        PowerPoint = 32   # ppSaveAsPDF
    }
    Extensions = @{
        Word       = @('.docx', '.doc', '.rtf', '.odt')
        Excel      = @('.xlsx', '.xls', '.ods')
        PowerPoint = @('.pptx', '.ppt', '.odp')
    }
    OpenTimeoutSeconds = 120

    # Optional watched-folder task (only created with -RegisterWatch)
    WatchTask = @{
        TaskName = 'DocToPdf Watch Folder'
        Interval = 'PT15M'
    }
}
