#!/usr/bin/env python3
"""List outdated dependencies for npm/pnpm/yarn and pip projects."""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path


def run(cmd: list[str]) -> str:
    p = subprocess.run(cmd, capture_output=True, text=True)
    # npm outdated exits 1 when something is outdated; that's not an error
    return p.stdout


def semver_kind(current: str, latest: str) -> str:
    try:
        c = [int(x) for x in current.split("-")[0].split(".")[:3]]
        l = [int(x) for x in latest.split("-")[0].split(".")[:3]]
    except ValueError:
        return "unknown"
    if l[0] != c[0]:
        return "major"
    if l[1] != c[1]:
        return "minor"
    return "patch"


def node(root: Path) -> list[dict]:
    if (root / "pnpm-lock.yaml").exists() and shutil.which("pnpm"):
        data = json.loads(run(["pnpm", "outdated", "--format", "json"]) or "{}")
    elif shutil.which("npm"):
        data = json.loads(run(["npm", "outdated", "--json", "--long"]) or "{}")
    else:
        return []
    pkg = json.loads((root / "package.json").read_text())
    dev = set(pkg.get("devDependencies", {}))
    out = []
    for name, info in data.items():
        cur, latest = info.get("current") or "0.0.0", info.get("latest") or "0.0.0"
        out.append({
            "ecosystem": "npm", "name": name, "current": cur, "wanted": info.get("wanted"),
            "latest": latest, "kind": semver_kind(cur, latest), "dev": name in dev,
        })
    return out


def python(root: Path) -> list[dict]:
    py = shutil.which("python3") or sys.executable
    data = json.loads(run([py, "-m", "pip", "list", "--outdated", "--format", "json"]) or "[]")
    declared = ""
    for f in ["pyproject.toml", "requirements.txt", "requirements-dev.txt"]:
        if (root / f).exists():
            declared += (root / f).read_text().lower()
    out = []
    for d in data:
        if d["name"].lower() not in declared:
            continue  # transitive; upgrade its parent instead
        out.append({
            "ecosystem": "pypi", "name": d["name"], "current": d["version"], "wanted": None,
            "latest": d["latest_version"], "kind": semver_kind(d["version"], d["latest_version"]),
            "dev": "dev" in declared.split(d["name"].lower(), 1)[0][-200:],
        })
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    ap.add_argument("root", nargs="?", default=".")
    a = ap.parse_args()
    root = Path(a.root).resolve()
    rows = []
    if (root / "package.json").exists():
        rows += node(root)
    if any((root / f).exists() for f in ["pyproject.toml", "requirements.txt"]):
        rows += python(root)
    if a.json:
        print(json.dumps(rows, indent=2))
        return 0
    order = {"patch": 0, "minor": 1, "major": 2, "unknown": 3}
    for r in sorted(rows, key=lambda r: (r["ecosystem"], order[r["kind"]], r["name"])):
        tag = "dev" if r["dev"] else "run"
        print(f"{r['ecosystem']:5} {tag} {r['kind']:7} {r['name']:32} {r['current']:>12} -> {r['latest']}")
    if not rows:
        print("everything is up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
