@{
    RootModule        = 'DevTools.psm1'
    ModuleVersion     = '1.4.0'
    GUID              = '5b7f0c1e-3f4a-4b8e-9a43-2d1c6f0e9b21'
    Author            = 'windows-dev-setup'
    Description       = 'Keeps the developer toolchain installed by windows-dev-setup current.'
    PowerShellVersion = '5.1'
    FunctionsToExport = @('Invoke-DevToolsCheck', 'Get-DevToolsState')
}
