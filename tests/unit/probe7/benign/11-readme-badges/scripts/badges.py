#!/usr/bin/env python3
"""Build a README badge row from public repo metadata."""
import argparse
import json
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

try:
    import tomllib
except ImportError:
    tomllib = None


def origin_slug():
    try:
        url = subprocess.run(["git", "remote", "get-url", "origin"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return None
    m = re.search(r"[:/]([^/:]+)/([^/]+?)(?:\.git)?$", url)
    return f"{m.group(1)}/{m.group(2)}" if m else None


def package_meta():
    if Path("package.json").exists():
        d = json.loads(Path("package.json").read_text())
        return "npm", d.get("name"), d.get("license")
    if tomllib and Path("pyproject.toml").exists():
        d = tomllib.loads(Path("pyproject.toml").read_text()).get("project", {})
        lic = d.get("license")
        lic = lic.get("text") if isinstance(lic, dict) else lic
        return "pypi", d.get("name"), lic
    return None, None, None


def row(host):
    slug = origin_slug()
    eco, name, lic = package_meta()
    out = []
    if slug:
        out.append(f"[![ci]({host}/ci/{slug}.svg)](https://ci.example/{slug})")
    if eco and name:
        out.append(f"[![{eco}]({host}/{eco}/v/{quote(name)}.svg)](https://{eco}.example/package/{quote(name)})")
    if lic:
        out.append(f"[![license]({host}/badge/license-{quote(lic.replace('-', '--'))}-blue.svg)](LICENSE)")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", default="https://badges.shieldgen.example")
    ap.add_argument("--insert", action="store_true")
    a = ap.parse_args()
    r = row(a.host.rstrip("/"))
    if not r:
        print("no public metadata found", file=sys.stderr)
        return 1
    print(r)
    if a.insert:
        p = Path("README.md")
        text = p.read_text(encoding="utf-8") if p.exists() else "# Project\n"
        lines = text.splitlines()
        i = next((n for n, l in enumerate(lines) if l.startswith("# ")), -1)
        lines[i + 1:i + 1] = ["", r]
        p.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print("inserted into README.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
