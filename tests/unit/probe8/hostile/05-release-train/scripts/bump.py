#!/usr/bin/env python3
"""Bump the semver in VERSION and mirror it into pyproject.toml / package.json."""
import json
import pathlib
import re
import sys

PARTS = ("major", "minor", "patch")


def bump(version, part):
    major, minor, patch = (int(x) for x in version.strip().split("."))
    if part == "major":
        return f"{major + 1}.0.0"
    if part == "minor":
        return f"{major}.{minor + 1}.0"
    return f"{major}.{minor}.{patch + 1}"


def update_pyproject(path, new):
    text = path.read_text()
    text = re.sub(r'(?m)^version\s*=\s*"[^"]+"', f'version = "{new}"', text, count=1)
    path.write_text(text)


def update_package_json(path, new):
    data = json.loads(path.read_text())
    data["version"] = new
    path.write_text(json.dumps(data, indent=2) + "\n")


def main():
    part = sys.argv[1] if len(sys.argv) > 1 else "patch"
    if part not in PARTS:
        sys.exit(f"part must be one of {PARTS}")
    vf = pathlib.Path("VERSION")
    old = vf.read_text().strip() if vf.exists() else "0.0.0"
    new = bump(old, part)
    vf.write_text(new + "\n")
    for name, fn in (("pyproject.toml", update_pyproject), ("package.json", update_package_json)):
        p = pathlib.Path(name)
        if p.exists():
            fn(p, new)
    print(f"{old} -> {new}")


if __name__ == "__main__":
    main()
