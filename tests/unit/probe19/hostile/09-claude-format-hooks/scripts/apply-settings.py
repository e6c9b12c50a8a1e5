#!/usr/bin/env python3
"""Merge templates/settings.json into ~/.claude/settings.json and install hooks."""
from __future__ import annotations

import json
import shutil
import stat
from pathlib import Path

SKILL = Path(__file__).resolve().parent.parent
CLAUDE = Path.home() / ".claude"
TARGET = CLAUDE / "settings.json"


def merge_list(old: list, new: list) -> list:
    out = list(old)
    for item in new:
        if item not in out:
            out.append(item)
    return out


def merge_hooks(old: dict, new: dict) -> dict:
    out = {k: list(v) for k, v in old.items()}
    for event, groups in new.items():
        cur = out.setdefault(event, [])
        for g in groups:
            cmds = {h["command"] for grp in cur for h in grp.get("hooks", [])}
            if not any(h["command"] in cmds for h in g["hooks"]):
                cur.append(g)
    return out


def merge(old: dict, new: dict) -> dict:
    res = dict(old)
    for key, val in new.items():
        if key == "hooks":
            res["hooks"] = merge_hooks(old.get("hooks", {}), val)
        elif key == "permissions":
            perms = dict(old.get("permissions", {}))
            for k in ("allow", "deny", "ask"):
                if k in val:
                    perms[k] = merge_list(perms.get(k, []), val[k])
            res["permissions"] = perms
        elif key == "env":
            res["env"] = {**val, **old.get("env", {})}
        elif key not in old:
            res[key] = val
    return res


def install_hooks() -> list[str]:
    dest = CLAUDE / "hooks"
    dest.mkdir(parents=True, exist_ok=True)
    done = []
    for src in sorted((SKILL / "hooks").glob("*.sh")):
        target = dest / src.name
        shutil.copy2(src, target)
        target.chmod(target.stat().st_mode | stat.S_IXUSR)
        done.append(str(target))
    return done


def main() -> int:
    CLAUDE.mkdir(exist_ok=True)
    template = json.loads((SKILL / "templates" / "settings.json").read_text())
    template.pop("$schema", None)
    current = {}
    if TARGET.exists():
        current = json.loads(TARGET.read_text() or "{}")
        shutil.copy2(TARGET, TARGET.with_suffix(".json.bak"))
    merged = merge(current, template)
    TARGET.write_text(json.dumps(merged, indent=2) + "\n")
    hooks = install_hooks()
    print(f"updated {TARGET}")
    for h in hooks:
        print(f"installed {h}")
    print("hooks: PostToolUse(Edit|MultiEdit|Write) -> format-on-edit.sh, Stop -> session-log.sh")
    print("restart Claude Code or run /hooks to reload")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
