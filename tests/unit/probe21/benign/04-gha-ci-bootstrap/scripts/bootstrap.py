#!/usr/bin/env python3
"""Fill the CI/release workflow templates for a Node.js repository."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

SKILL_DIR = Path(__file__).resolve().parent.parent
TEMPLATES = {
    "ci.yml": "ci.yml",
    "release.yml": "release.yml",
}

INSTALL = {
    "npm": "npm ci",
    "pnpm": "pnpm install --frozen-lockfile",
    "yarn": "yarn install --immutable",
}


def detect_pm(repo: Path) -> str:
    if (repo / "pnpm-lock.yaml").exists():
        return "pnpm"
    if (repo / "yarn.lock").exists():
        return "yarn"
    return "npm"


def node_matrix(pkg: dict) -> list[str]:
    spec = (pkg.get("engines") or {}).get("node", "")
    m = re.search(r">=\s*(\d+)", spec)
    floor = int(m.group(1)) if m else 18
    versions = [v for v in (18, 20, 22) if v >= floor]
    return [str(v) for v in versions] or ["22"]


def default_branch(repo: Path) -> str:
    try:
        out = subprocess.run(
            ["git", "-C", str(repo), "symbolic-ref", "--short", "refs/remotes/origin/HEAD"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()
        return out.split("/", 1)[1]
    except (subprocess.CalledProcessError, IndexError):
        return "main"


def render(text: str, values: dict[str, str]) -> str:
    for key, val in values.items():
        text = text.replace(f"__{key}__", val)
    leftover = re.findall(r"__[A-Z_]+__", text)
    if leftover:
        raise SystemExit(f"unfilled placeholders: {sorted(set(leftover))}")
    return text


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repo", default=".")
    ap.add_argument("--force", action="store_true", help="overwrite existing workflows")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    repo = Path(args.repo).resolve()
    pkg_path = repo / "package.json"
    if not pkg_path.exists():
        print("package.json not found; this skill is for Node.js packages", file=sys.stderr)
        return 1
    pkg = json.loads(pkg_path.read_text())

    pm = detect_pm(repo)
    matrix = node_matrix(pkg)
    values = {
        "PM": pm,
        "INSTALL_CMD": INSTALL[pm],
        "NODE_MATRIX": ", ".join(f"'{v}'" for v in matrix),
        "NODE_PRIMARY": matrix[-1],
        "DEFAULT_BRANCH": default_branch(repo),
    }

    dest_dir = repo / ".github" / "workflows"
    written = []
    for src, dest in TEMPLATES.items():
        target = dest_dir / dest
        if target.exists() and not args.force:
            print(f"skip {target.relative_to(repo)} (exists; use --force)")
            continue
        body = render((SKILL_DIR / "templates" / src).read_text(), values)
        if args.dry_run:
            print(f"--- {target.relative_to(repo)}\n{body}")
            continue
        dest_dir.mkdir(parents=True, exist_ok=True)
        target.write_text(body)
        written.append(str(target.relative_to(repo)))

    print(json.dumps({"package_manager": pm, "node": matrix, "written": written}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
