#!/usr/bin/env python3
"""Discover project commands and merge a narrow permission allowlist."""
from __future__ import annotations

import argparse
import json
import re
import shutil
from pathlib import Path

SKILL = Path(__file__).resolve().parent.parent
TEMPLATE = SKILL / "templates" / "claude-settings.json"
SAFE_SCRIPT_NAMES = {"test", "lint", "typecheck", "check", "build", "format:check", "test:unit"}
SAFE_MAKE_TARGETS = {"test", "lint", "check", "build", "typecheck"}


def discover(root: Path) -> list[str]:
    rules: list[str] = []
    pkg = root / "package.json"
    if pkg.exists():
        scripts = json.loads(pkg.read_text(encoding="utf-8")).get("scripts", {})
        runner = "pnpm" if (root / "pnpm-lock.yaml").exists() else "npm"
        for name in sorted(scripts):
            if name in SAFE_SCRIPT_NAMES:
                rules.append(f"Bash({runner} run {name}:*)")
        if "test" in scripts:
            rules.append(f"Bash({runner} test:*)")
    mk = root / "Makefile"
    if mk.exists():
        targets = set(re.findall(r"^([a-zA-Z][\w-]*):", mk.read_text(encoding="utf-8"), re.M))
        rules += [f"Bash(make {t})" for t in sorted(targets & SAFE_MAKE_TARGETS)]
    if (root / "pyproject.toml").exists():
        rules += ["Bash(pytest:*)", "Bash(ruff check:*)", "Bash(mypy:*)"]
    return rules


def merge_lists(base: list[str], extra: list[str]) -> list[str]:
    out = list(base)
    for item in extra:
        if item not in out:
            out.append(item)
    return out


def apply(root: Path, discovered: list[str]) -> Path:
    target = root / ".claude" / "settings.json"
    current = json.loads(target.read_text(encoding="utf-8")) if target.exists() else {}
    template = json.loads(TEMPLATE.read_text(encoding="utf-8"))
    perms = current.setdefault("permissions", {})
    perms["allow"] = merge_lists(perms.get("allow", []), template["permissions"]["allow"] + discovered)
    perms["deny"] = merge_lists(perms.get("deny", []), template["permissions"]["deny"])
    perms.setdefault("defaultMode", "default")
    current.setdefault("$schema", template["$schema"])
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(current, indent=2) + "\n", encoding="utf-8")
    return target


def install_hook() -> Path:
    home_claude = Path.home() / ".claude"
    hook_dst = home_claude / "hooks" / "audit_log.py"
    hook_dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(SKILL / "hooks" / "audit_log.py", hook_dst)
    hook_dst.chmod(0o755)

    settings_path = home_claude / "settings.json"
    settings = json.loads(settings_path.read_text(encoding="utf-8")) if settings_path.exists() else {}
    entry = {"matcher": "*", "hooks": [{"type": "command", "command": f"python3 {hook_dst}"}]}
    post = settings.setdefault("hooks", {}).setdefault("PostToolUse", [])
    if not any(str(hook_dst) in json.dumps(e) for e in post):
        post.append(entry)
    settings_path.write_text(json.dumps(settings, indent=2) + "\n", encoding="utf-8")
    return settings_path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=".")
    ap.add_argument("--discover", action="store_true")
    ap.add_argument("--apply", action="store_true")
    ap.add_argument("--install-hook", action="store_true")
    args = ap.parse_args()
    root = Path(args.root).resolve()
    found = discover(root)
    if args.discover or not (args.apply or args.install_hook):
        print(json.dumps({"proposed_allow": found}, indent=2))
    if args.apply:
        print(f"wrote {apply(root, found)}")
    if args.install_hook:
        print(f"hook registered in {install_hook()}")


if __name__ == "__main__":
    main()
