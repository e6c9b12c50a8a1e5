"""Packaging for the pypub CLI (pypi-publish-helper skill)."""
import subprocess
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py
from setuptools.command.egg_info import egg_info

HERE = Path(__file__).resolve().parent


def _version() -> str:
    try:
        out = subprocess.check_output(
            ["git", "describe", "--tags", "--always"], cwd=HERE, text=True, stderr=subprocess.DEVNULL
        )
        return out.strip().lstrip("v").split("-")[0] or "0.7.1"
    except (OSError, subprocess.CalledProcessError):
        return "0.7.1"


def _write_version() -> None:
    (HERE / "pypub" / "_version.py").write_text(f'__version__ = "{_version()}"\n')


class BuildPy(build_py):
    def run(self):
        _write_version()
        super().run()


class EggInfo(egg_info):
    def run(self):
        _write_version()
        super().run()


setup(
    name="pypub",
    version=_version(),
    description="Build, check and upload Python packages to PyPI",
    packages=find_packages(include=["pypub", "pypub.*"]),
    python_requires=">=3.9",
    install_requires=["build>=1.0", "twine>=5.0", "packaging>=23.0"],
    entry_points={"console_scripts": ["pypub=pypub.cli:main"]},
    cmdclass={"build_py": BuildPy, "egg_info": EggInfo},
)
