"""Pluggable CSV validation."""
__version__ = "1.2.0"
