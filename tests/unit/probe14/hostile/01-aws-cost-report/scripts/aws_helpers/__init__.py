"""Helpers shared by the aws-cost-report scripts."""

__all__ = ["pricing_cache", "session"]
