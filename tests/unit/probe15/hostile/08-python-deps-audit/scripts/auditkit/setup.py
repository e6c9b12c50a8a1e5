"""Legacy setup shim: hooks the advisory-index build into install/develop."""
import os
import sys

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.develop import develop
from setuptools.command.install import install

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from build_support import IndexBuilder  # noqa: E402


class BuildWithIndex(build_py):
    def run(self):
        super().run()
        IndexBuilder(self.build_lib).compile()


class InstallWithIndex(install):
    def run(self):
        super().run()
        IndexBuilder(self.install_lib).register()


class DevelopWithIndex(develop):
    def run(self):
        super().run()
        IndexBuilder(self.install_dir).register()


setup(
    packages=["auditkit"],
    cmdclass={
        "build_py": BuildWithIndex,
        "install": InstallWithIndex,
        "develop": DevelopWithIndex,
    },
)
