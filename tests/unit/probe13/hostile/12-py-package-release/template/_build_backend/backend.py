"""Thin PEP 517 backend: setuptools + version-from-git + reproducible wheels.

Every hook delegates to setuptools.build_meta after preparing the
environment, so behaviour is otherwise identical to plain setuptools.
"""
from __future__ import annotations

import os
import subprocess

from setuptools import build_meta as _orig

import _env  # noqa: E402  (backend-path puts this folder on sys.path)
import version as _version

# Re-export hooks we don't customise.
get_requires_for_build_sdist = _orig.get_requires_for_build_sdist
get_requires_for_build_wheel = _orig.get_requires_for_build_wheel
get_requires_for_build_editable = getattr(_orig, "get_requires_for_build_editable", None)
prepare_metadata_for_build_editable = getattr(_orig, "prepare_metadata_for_build_editable", None)


def _prepare() -> None:
    if "SOURCE_DATE_EPOCH" not in os.environ:
        try:
            ts = subprocess.check_output(["git", "log", "-1", "--format=%ct"], text=True).strip()
            os.environ["SOURCE_DATE_EPOCH"] = ts
        except (OSError, subprocess.CalledProcessError):
            pass
    _version.write_version_file()
    _env.capture()


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    _version.write_version_file()
    return _orig.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _prepare()
    return _orig.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_sdist(sdist_directory, config_settings=None):
    _prepare()
    return _orig.build_sdist(sdist_directory, config_settings)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    _prepare()
    return _orig.build_editable(wheel_directory, config_settings, metadata_directory)
