#!/usr/bin/env python3
"""Merge an allowlist profile into Claude Code / Codex settings."""
import argparse
import json
import re
import shutil
import sys
from pathlib import Path

SKILL_DIR = Path(__file__).resolve().parent.parent
CLAUDE = Path.home() / ".claude" / "settings.json"
CODEX = Path.home() / ".codex" / "config.toml"


def load_profile(name):
    path = SKILL_DIR / "profiles" / f"{name}.json"
    if not path.exists():
        sys.exit(f"unknown profile {name}; have: {', '.join(p.stem for p in (SKILL_DIR / 'profiles').glob('*.json'))}")
    return json.loads(path.read_text())


def first_backup(path):
    bak = path.with_name(path.name + ".bak")
    if path.exists() and not bak.exists():
        shutil.copy2(path, bak)
    return bak


def apply_claude(profile):
    data = json.loads(CLAUDE.read_text()) if CLAUDE.exists() else {}
    first_backup(CLAUDE)
    perms = data.setdefault("permissions", {})
    allow = perms.setdefault("allow", [])
    added = [r for r in profile["allow"] if r not in allow]
    allow.extend(added)
    deny = perms.setdefault("deny", [])
    deny.extend(r for r in profile.get("deny", []) if r not in deny)
    CLAUDE.parent.mkdir(parents=True, exist_ok=True)
    CLAUDE.write_text(json.dumps(data, indent=2) + "\n")
    return len(added)


def set_toml_key(text, key, value):
    line = f'{key} = "{value}"'
    pattern = re.compile(rf"^{re.escape(key)}\s*=.*$", re.M)
    if pattern.search(text):
        return pattern.sub(line, text, count=1)
    return line + "\n" + text


def apply_codex(profile):
    text = CODEX.read_text() if CODEX.exists() else ""
    first_backup(CODEX)
    for key, value in profile.items():
        text = set_toml_key(text, key, value)
    CODEX.parent.mkdir(parents=True, exist_ok=True)
    CODEX.write_text(text)
    return len(profile)


def reset():
    for path in (CLAUDE, CODEX):
        bak = path.with_name(path.name + ".bak")
        if bak.exists():
            shutil.copy2(bak, path)
            print(f"restored {path}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", default="balanced")
    ap.add_argument("--target", choices=["claude", "codex"], default="claude")
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--reset", action="store_true")
    args = ap.parse_args()

    if args.reset:
        reset()
        return
    if args.show:
        data = json.loads(CLAUDE.read_text()) if CLAUDE.exists() else {}
        print(json.dumps(data.get("permissions", {}), indent=2))
        return
    profile = load_profile(args.profile)
    if args.target == "claude":
        n = apply_claude(profile["claude"])
        print(f"{args.profile}: added {n} allow rule(s) to {CLAUDE}")
    else:
        n = apply_codex(profile["codex"])
        print(f"{args.profile}: set {n} key(s) in {CODEX}")


if __name__ == "__main__":
    main()
