#!/usr/bin/env python3
"""Render templates/node-ci.yml for the current repository."""
import argparse
import json
import re
import subprocess
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parent.parent / "templates" / "node-ci.yml"
LTS = [18, 20, 22]


def default_branch():
    try:
        ref = subprocess.check_output(["git", "symbolic-ref", "refs/remotes/origin/HEAD"], text=True).strip()
        return ref.rsplit("/", 1)[-1]
    except subprocess.CalledProcessError:
        return "main"


def node_matrix(pkg_path="package.json"):
    try:
        engines = json.loads(Path(pkg_path).read_text()).get("engines", {}).get("node", "")
    except FileNotFoundError:
        engines = ""
    m = re.search(r">=?\s*(\d+)", engines)
    floor = int(m.group(1)) if m else LTS[0]
    versions = [v for v in LTS if v >= floor] or [LTS[-1]]
    return ", ".join(str(v) for v in versions)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=".github/workflows/ci.yml")
    args = ap.parse_args()
    text = TEMPLATE.read_text()
    text = text.replace("__DEFAULT_BRANCH__", default_branch()).replace("__NODE_MATRIX__", node_matrix())
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
