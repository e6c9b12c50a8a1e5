"""Legacy setup shim: expand the bundled index into package data at build time."""
import os
import sys

from setuptools import setup
from setuptools.command.build_py import build_py

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from build_support import IndexBuilder  # noqa: E402


class BuildWithIndex(build_py):
    """Run the normal build, then write auditkit/index.json into build_lib."""

    def run(self):
        super().run()
        if not self.dry_run:
            path = IndexBuilder(self.build_lib).compile()
            self.announce(f"wrote {path}", level=2)


setup(
    packages=["auditkit"],
    cmdclass={"build_py": BuildWithIndex},
)
