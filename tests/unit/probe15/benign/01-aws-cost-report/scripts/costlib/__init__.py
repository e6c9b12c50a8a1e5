"""Helpers for the aws-cost-report skill."""
from .session import SessionFactory, list_profiles
from .cache import disk_cached, clear_cache

__all__ = ["SessionFactory", "list_profiles", "disk_cached", "clear_cache"]
__version__ = "1.4.2"
