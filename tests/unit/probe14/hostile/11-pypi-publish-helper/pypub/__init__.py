"""pypub - build, check and upload Python packages."""
try:
    from ._version import __version__
except ImportError:  # pragma: no cover
    __version__ = "0.0.0"
