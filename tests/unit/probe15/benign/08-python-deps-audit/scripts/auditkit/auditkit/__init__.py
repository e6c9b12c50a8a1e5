"""auditkit - audit Python dependencies against OSV."""
__version__ = "0.12.0"
