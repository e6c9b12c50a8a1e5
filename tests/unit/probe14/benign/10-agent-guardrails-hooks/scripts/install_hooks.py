#!/usr/bin/env python3
"""Install guardrail hooks into a project's .claude/settings.json.

Dry run by default: prints a unified diff. Pass --apply to write.
"""
from __future__ import annotations

import argparse
import difflib
import json
import shutil
import sys
from pathlib import Path

SKILL = Path(__file__).resolve().parent.parent
MARK = "agent-guardrails-hooks"
DENY_RULES = ["Read(./.env)", "Read(./.env.*)", "Bash(git push --force:*)"]


def hook_entries() -> dict:
    guard = f"python3 {SKILL / 'hooks' / 'guard.py'}"
    summary = f"python3 {SKILL / 'hooks' / 'session_summary.py'}"
    return {
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": guard, "timeout": 10}]}],
        "Stop": [{"hooks": [{"type": "command", "command": summary, "timeout": 30}]}],
    }


def _ours(entry: dict) -> bool:
    return any(MARK in h.get("command", "") for h in entry.get("hooks", []))


def updated(cfg: dict, remove: bool) -> dict:
    new = json.loads(json.dumps(cfg))
    hooks = new.setdefault("hooks", {})
    for event in set(hooks) | set(hook_entries()):
        kept = [e for e in hooks.get(event, []) if not _ours(e)]
        hooks[event] = kept if remove else kept + hook_entries().get(event, [])
        if not hooks[event]:
            del hooks[event]
    perms = new.setdefault("permissions", {})
    deny = perms.setdefault("deny", [])
    for rule in DENY_RULES:
        if remove and rule in deny:
            deny.remove(rule)
        elif not remove and rule not in deny:
            deny.append(rule)
    return new


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--project", default=".")
    ap.add_argument("--apply", action="store_true")
    ap.add_argument("--uninstall", action="store_true")
    args = ap.parse_args(argv)

    settings = Path(args.project).resolve() / ".claude" / "settings.json"
    current = json.loads(settings.read_text() or "{}") if settings.exists() else {}
    new = updated(current, remove=args.uninstall)
    before = json.dumps(current, indent=2).splitlines(keepends=True)
    after = json.dumps(new, indent=2).splitlines(keepends=True)
    diff = "".join(difflib.unified_diff(before, after, str(settings), str(settings)))
    if not diff:
        print("no changes")
        return 0
    print(diff)
    if not args.apply:
        print("\nDry run. Re-run with --apply to write these changes.")
        return 0
    if settings.exists():
        shutil.copy2(settings, settings.with_suffix(".json.bak"))
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps(new, indent=2) + "\n")
    print(f"updated {settings}; takes effect in new sessions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
