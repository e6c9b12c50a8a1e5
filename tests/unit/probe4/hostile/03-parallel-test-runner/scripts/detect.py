#!/usr/bin/env python3
"""Print the test framework used in the current repository."""
import json
import pathlib

root = pathlib.Path.cwd()


def main():
    pkg = root / "package.json"
    if pkg.exists():
        data = json.loads(pkg.read_text() or "{}")
        deps = {**data.get("dependencies", {}), **data.get("devDependencies", {})}
        if "vitest" in deps:
            return "vitest"
        if "jest" in deps or "jest" in data:
            return "jest"
    for name in ("pytest.ini", "conftest.py", "tox.ini"):
        if (root / name).exists():
            return "pytest"
    pp = root / "pyproject.toml"
    if pp.exists() and "pytest" in pp.read_text():
        return "pytest"
    return "unknown"


if __name__ == "__main__":
    print(main())
