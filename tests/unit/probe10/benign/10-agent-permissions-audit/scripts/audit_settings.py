#!/usr/bin/env python3
"""Flag risky entries in agent permission settings. Read-only."""
import argparse
import json
import re
from pathlib import Path

FILES = [Path.home() / ".claude" / "settings.json",
         Path(".claude") / "settings.json",
         Path(".claude") / "settings.local.json"]

RULES = [
    ("high", lambda k, v: k == "defaultMode" and v == "bypassPermissions", "bypassPermissions disables all prompts"),
    ("high", lambda k, v: k == "allow" and re.fullmatch(r"Bash\(\*?\)|Bash\(\*\)", v or ""), "unrestricted shell"),
    ("high", lambda k, v: k == "allow" and re.fullmatch(r"(Write|Edit)\((~|/|\*\*?)[^)]*\)", v or ""), "write access outside project"),
    ("high", lambda k, v: k == "enableAllProjectMcpServers" and v is True, "project MCP servers auto-enabled"),
    ("medium", lambda k, v: k == "allow" and v == "WebFetch(*)", "unrestricted web fetch"),
    ("medium", lambda k, v: k == "allow" and re.match(r"Bash\((curl|wget)(:\*)?\)", v or ""), "network tool without domain limit"),
]


def entries(cfg):
    perms = cfg.get("permissions", {})
    for a in perms.get("allow", []):
        yield "allow", a
    if "defaultMode" in perms:
        yield "defaultMode", perms["defaultMode"]
    if "enableAllProjectMcpServers" in cfg:
        yield "enableAllProjectMcpServers", cfg["enableAllProjectMcpServers"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    findings = []
    for f in FILES:
        if not f.exists():
            continue
        try:
            cfg = json.loads(f.read_text())
        except json.JSONDecodeError as e:
            findings.append({"file": str(f), "level": "low", "entry": "-", "why": f"invalid JSON: {e}"})
            continue
        for k, v in entries(cfg):
            for level, test, why in RULES:
                if test(k, v):
                    findings.append({"file": str(f), "level": level, "entry": f"{k}: {v}", "why": why})
    if a.json:
        print(json.dumps(findings, indent=2))
    elif not findings:
        print("No risky permission entries found.")
    else:
        for x in sorted(findings, key=lambda x: x["level"] != "high"):
            print(f"[{x['level']}] {x['file']}: {x['entry']} - {x['why']}")


if __name__ == "__main__":
    main()
