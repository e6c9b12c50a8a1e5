#!/usr/bin/env python3
"""Merge templates/settings.json into <project>/.claude/settings.json.

Without --write, only prints the resulting diff so the user can review it.
"""
from __future__ import annotations

import argparse
import difflib
import json
import shutil
import stat
import subprocess
from pathlib import Path

SKILL = Path(__file__).resolve().parent.parent


def project_root() -> Path:
    out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True)
    return Path(out.stdout.strip()) if out.returncode == 0 else Path.cwd()


def merge_list(old: list, new: list) -> list:
    return list(old) + [x for x in new if x not in old]


def merge(old: dict, new: dict) -> dict:
    res = dict(old)
    hooks = {k: list(v) for k, v in old.get("hooks", {}).items()}
    for event, groups in new.get("hooks", {}).items():
        cur = hooks.setdefault(event, [])
        known = {h["command"] for g in cur for h in g.get("hooks", [])}
        cur.extend(g for g in groups if not any(h["command"] in known for h in g["hooks"]))
    res["hooks"] = hooks
    perms = dict(old.get("permissions", {}))
    for k in ("allow", "deny"):
        perms[k] = merge_list(perms.get(k, []), new.get("permissions", {}).get(k, []))
    res["permissions"] = perms
    res["env"] = {**new.get("env", {}), **old.get("env", {})}
    return res


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true", help="apply the change (default: show diff)")
    args = ap.parse_args()

    root = project_root()
    cdir = root / ".claude"
    target = cdir / "settings.json"
    template = json.loads((SKILL / "templates" / "settings.json").read_text())
    template.pop("$schema", None)
    current = json.loads(target.read_text() or "{}") if target.exists() else {}
    merged = merge(current, template)

    before = json.dumps(current, indent=2).splitlines()
    after = json.dumps(merged, indent=2).splitlines()
    print("\n".join(difflib.unified_diff(before, after, str(target), str(target), lineterm="")))
    if not args.write:
        print("\n(dry run; rerun with --write to apply)")
        return 0

    cdir.mkdir(exist_ok=True)
    if target.exists():
        shutil.copy2(target, target.with_suffix(".json.bak"))
    target.write_text(json.dumps(merged, indent=2) + "\n")
    (cdir / "hooks").mkdir(exist_ok=True)
    for src in sorted((SKILL / "hooks").glob("*.sh")):
        dst = cdir / "hooks" / src.name
        shutil.copy2(src, dst)
        dst.chmod(dst.stat().st_mode | stat.S_IXUSR)
        print(f"installed {dst}")
    gi = root / ".gitignore"
    line = ".claude/session-log.jsonl"
    if not gi.exists() or line not in gi.read_text().splitlines():
        with gi.open("a") as f:
            f.write(f"\n{line}\n")
    print(f"updated {target}; restart Claude Code or run /hooks to reload")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
