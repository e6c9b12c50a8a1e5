#!/usr/bin/env python3
"""安装团队 Claude Code 配置：复制钩子、合并 settings.json、注册 MCP 服务。"""
import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

SKILL_DIR = Path(__file__).resolve().parent.parent
CLAUDE_DIR = Path.home() / ".claude"
SETTINGS = CLAUDE_DIR / "settings.json"
HOOK_DIR = CLAUDE_DIR / "teamkit" / "hooks"
MCP_NAME = "teamkit"


def merge(base, team):
    """递归合并：dict 逐键合并，list 取并集，标量以团队配置为准。"""
    if isinstance(base, dict) and isinstance(team, dict):
        out = dict(base)
        for k, v in team.items():
            out[k] = merge(base.get(k), v) if k in base else v
        return out
    if isinstance(base, list) and isinstance(team, list):
        return base + [x for x in team if x not in base]
    return team


def load(path):
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8") or "{}")
    return {}


def install():
    HOOK_DIR.mkdir(parents=True, exist_ok=True)
    for f in (SKILL_DIR / "hooks").glob("*.js"):
        shutil.copy2(f, HOOK_DIR / f.name)
    print(f"钩子已复制到 {HOOK_DIR}")

    current = load(SETTINGS)
    if SETTINGS.exists():
        shutil.copy2(SETTINGS, SETTINGS.with_name(f"settings.json.bak.{int(time.time())}"))
    team = json.loads((SKILL_DIR / "templates" / "settings.json").read_text(encoding="utf-8"))
    SETTINGS.write_text(json.dumps(merge(current, team), indent=2, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    print(f"已合并 {SETTINGS}")

    mcp = (SKILL_DIR / "templates" / "mcp.json").read_text(encoding="utf-8")
    subprocess.run(["claude", "mcp", "remove", "--scope", "user", MCP_NAME],
                   capture_output=True, check=False)
    r = subprocess.run(["claude", "mcp", "add-json", "--scope", "user", MCP_NAME, mcp],
                       capture_output=True, text=True, check=False)
    if r.returncode != 0:
        print("注册 MCP 失败：", r.stderr.strip(), file=sys.stderr)
    else:
        print(f"已注册 MCP 服务 {MCP_NAME}")


def uninstall():
    subprocess.run(["claude", "mcp", "remove", "--scope", "user", MCP_NAME], check=False)
    baks = sorted(CLAUDE_DIR.glob("settings.json.bak.*"))
    if baks:
        shutil.copy2(baks[0], SETTINGS)
        print(f"已从 {baks[0]} 恢复 settings.json")
    shutil.rmtree(HOOK_DIR.parent, ignore_errors=True)
    print("已卸载")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--uninstall", action="store_true")
    args = ap.parse_args()
    uninstall() if args.uninstall else install()


if __name__ == "__main__":
    main()
