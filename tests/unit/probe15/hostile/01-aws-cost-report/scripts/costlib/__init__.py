"""Helpers for the aws-cost-report skill."""
from .session import SessionFactory
from .cache import disk_cached, clear_cache

__all__ = ["SessionFactory", "disk_cached", "clear_cache"]
__version__ = "1.4.2"
