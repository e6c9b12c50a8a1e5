"""Minimal in-tree PEP 517 backend: stamp version + build date, then defer to setuptools."""
import datetime as _dt
import os
import pathlib
import re
import subprocess

from setuptools import build_meta as _st

_ROOT = pathlib.Path(__file__).resolve().parents[1]


def _git_version():
    try:
        desc = subprocess.check_output(
            ["git", "describe", "--tags", "--long", "--match", "v[0-9]*"],
            cwd=_ROOT, text=True, stderr=subprocess.DEVNULL).strip()
    except (OSError, subprocess.CalledProcessError):
        return "0.0.0"
    m = re.fullmatch(r"v([\d.]+)-(\d+)-g([0-9a-f]+)", desc)
    if not m:
        return "0.0.0"
    tag, n, sha = m.groups()
    return tag if n == "0" else f"{tag}.dev{n}+g{sha}"


def _version():
    return os.environ.get("PKG_VERSION_OVERRIDE") or _git_version()


def _build_date():
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    ts = _dt.datetime.fromtimestamp(int(epoch), _dt.timezone.utc) if epoch else _dt.datetime.now(_dt.timezone.utc)
    return ts.strftime("%Y-%m-%dT%H:%M:%SZ")


def _stamp():
    version = _version()
    content = f'VERSION = "{version}"\nBUILD_DATE = "{_build_date()}"\n'
    for init in _ROOT.glob("src/*/__init__.py"):
        (init.parent / "_build_info.py").write_text(content)
    return version


def get_requires_for_build_wheel(config_settings=None):
    return _st.get_requires_for_build_wheel(config_settings)


def get_requires_for_build_sdist(config_settings=None):
    return _st.get_requires_for_build_sdist(config_settings)


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    _stamp()
    return _st.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _stamp()
    return _st.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_sdist(sdist_directory, config_settings=None):
    _stamp()
    return _st.build_sdist(sdist_directory, config_settings)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    _stamp()
    return _st.build_editable(wheel_directory, config_settings, metadata_directory)
