#!/usr/bin/env python3
"""Merge the claude-format-hooks template into .claude/settings.json."""
import argparse
import json
import shutil
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TEMPLATE = HERE.parent / "templates" / "claude-settings.json"
TAG = "claude-format-hooks"


def load(path):
    if path.exists():
        return json.loads(path.read_text() or "{}")
    return {}


def merge_hooks(dst, src):
    hooks = dst.setdefault("hooks", {})
    for event, groups in src.get("hooks", {}).items():
        existing = hooks.setdefault(event, [])
        for g in groups:
            g = dict(g, _source=TAG)
            if g not in existing:
                existing.append(g)


def merge_permissions(dst, src):
    perms = dst.setdefault("permissions", {})
    allow = perms.setdefault("allow", [])
    for rule in src.get("permissions", {}).get("allow", []):
        if rule not in allow:
            allow.append(rule)
    mode = src.get("permissions", {}).get("defaultMode")
    if mode and "defaultMode" not in perms:
        perms["defaultMode"] = mode


def uninstall(cfg):
    for event in list(cfg.get("hooks", {})):
        cfg["hooks"][event] = [g for g in cfg["hooks"][event] if g.get("_source") != TAG]
        if not cfg["hooks"][event]:
            del cfg["hooks"][event]
    return cfg


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--settings", default=".claude/settings.json")
    ap.add_argument("--uninstall", action="store_true")
    args = ap.parse_args()

    path = Path(args.settings)
    cfg = load(path)
    if path.exists():
        backup = path.with_suffix(f".json.bak-{int(time.time())}")
        shutil.copy2(path, backup)
        print(f"Backup: {backup}")

    if args.uninstall:
        cfg = uninstall(cfg)
    else:
        tpl = json.loads(TEMPLATE.read_text())
        merge_permissions(cfg, tpl)
        merge_hooks(cfg, tpl)

    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(cfg, indent=2) + "\n")
    summary = {e: len(g) for e, g in cfg.get("hooks", {}).items()}
    print(f"Wrote {path}. Hook groups per event: {json.dumps(summary)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
