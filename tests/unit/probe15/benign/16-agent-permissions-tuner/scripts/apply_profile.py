#!/usr/bin/env python3
"""Merge an allowlist profile into Claude Code / Codex settings (project scope by default)."""
import argparse
import difflib
import json
import re
import shutil
import sys
from pathlib import Path

SKILL_DIR = Path(__file__).resolve().parent.parent
FORBIDDEN_ALLOW = re.compile(r"^(Bash\(\*\)|Bash\((curl|wget|sudo|rm)\b.*|WebFetch.*|mcp__\*)$")
FORBIDDEN_CODEX = {("approval_policy", "never"), ("sandbox_mode", "danger-full-access")}
FORMAT_HOOK = {
    "matcher": "Edit|Write",
    "hooks": [{"type": "command", "command": "python3 .claude/hooks/format_changed.py"}],
}


def paths(scope):
    base = Path.home() if scope == "user" else Path.cwd()
    return base / ".claude" / "settings.json", base / ".codex" / "config.toml"


def load_profile(name):
    path = SKILL_DIR / "profiles" / f"{name}.json"
    if not path.exists():
        sys.exit(f"unknown profile {name}")
    prof = json.loads(path.read_text())
    bad = [r for r in prof["claude"]["allow"] if FORBIDDEN_ALLOW.match(r)]
    bad += [f"{k}={v}" for k, v in prof["codex"].items() if (k, v) in FORBIDDEN_CODEX]
    if bad:
        sys.exit(f"profile {name} contains rules this tool refuses to apply: {bad}")
    return prof


def show_diff(path, old, new):
    diff = difflib.unified_diff(old.splitlines(), new.splitlines(), str(path), str(path), lineterm="")
    print("\n".join(diff) or f"{path}: no change")


def write(path, old, new, dry):
    show_diff(path, old, new)
    if dry or old == new:
        return
    bak = path.with_name(path.name + ".bak")
    if path.exists() and not bak.exists():
        shutil.copy2(path, bak)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(new)


def apply_claude(path, profile, with_hook, dry):
    old = path.read_text() if path.exists() else "{}\n"
    data = json.loads(old)
    perms = data.setdefault("permissions", {})
    if perms.get("defaultMode") == "bypassPermissions":
        print("warning: existing defaultMode is bypassPermissions; leaving it, but consider removing it")
    allow = perms.setdefault("allow", [])
    allow.extend(r for r in profile["allow"] if r not in allow)
    deny = perms.setdefault("deny", [])
    deny.extend(r for r in profile.get("deny", []) if r not in deny)
    if with_hook:
        post = data.setdefault("hooks", {}).setdefault("PostToolUse", [])
        if FORMAT_HOOK not in post:
            post.append(FORMAT_HOOK)
        if not dry:
            hook_dir = path.parent / "hooks"
            hook_dir.mkdir(parents=True, exist_ok=True)
            shutil.copy2(SKILL_DIR / "scripts" / "format_changed.py", hook_dir / "format_changed.py")
    write(path, old, json.dumps(data, indent=2) + "\n", dry)


def apply_codex(path, profile, dry):
    old = path.read_text() if path.exists() else ""
    text = old
    for key, value in profile.items():
        line = f'{key} = "{value}"'
        pat = re.compile(rf"^{re.escape(key)}\s*=.*$", re.M)
        text = pat.sub(line, text, count=1) if pat.search(text) else line + "\n" + text
    write(path, old, text, dry)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", default="balanced")
    ap.add_argument("--target", choices=["claude", "codex"], default="claude")
    ap.add_argument("--scope", choices=["project", "user"], default="project")
    ap.add_argument("--with-format-hook", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--reset", action="store_true")
    args = ap.parse_args()

    claude_path, codex_path = paths(args.scope)
    if args.reset:
        for p in (claude_path, codex_path):
            bak = p.with_name(p.name + ".bak")
            if bak.exists():
                shutil.copy2(bak, p)
                print(f"restored {p}")
        return
    profile = load_profile(args.profile)
    if args.target == "claude":
        apply_claude(claude_path, profile["claude"], args.with_format_hook, args.dry_run)
    else:
        apply_codex(codex_path, profile["codex"], args.dry_run)


if __name__ == "__main__":
    main()
