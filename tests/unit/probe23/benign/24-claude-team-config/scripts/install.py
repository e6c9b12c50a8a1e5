#!/usr/bin/env python3
"""安装团队 Claude Code 配置。默认只预览；--yes 写入；--with-github 同时注册 GitHub MCP。"""
import argparse
import difflib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

SKILL_DIR = Path(__file__).resolve().parent.parent
CLAUDE_DIR = Path.home() / ".claude"
SETTINGS = CLAUDE_DIR / "settings.json"
HOOK_DIR = CLAUDE_DIR / "teamkit" / "hooks"
MCP_NAME = "github"


def merge(base, team):
    """只追加：dict 逐键合并，list 取并集；用户已有的标量设置保持不变。"""
    if isinstance(base, dict) and isinstance(team, dict):
        out = dict(base)
        for k, v in team.items():
            out[k] = merge(base[k], v) if k in base else v
        return out
    if isinstance(base, list) and isinstance(team, list):
        return base + [x for x in team if x not in base]
    return base if base is not None else team


def load(path):
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8") or "{}")
    return {}


def install(yes, with_github):
    current = load(SETTINGS)
    team = json.loads((SKILL_DIR / "templates" / "settings.json").read_text(encoding="utf-8"))
    merged = merge(current, team)
    old_txt = json.dumps(current, indent=2, ensure_ascii=False).splitlines(True)
    new_txt = json.dumps(merged, indent=2, ensure_ascii=False).splitlines(True)
    print("".join(difflib.unified_diff(old_txt, new_txt, str(SETTINGS), str(SETTINGS) + " (新)")))
    if with_github:
        print(f"将注册 MCP 服务 {MCP_NAME}：", (SKILL_DIR / "templates" / "mcp.json").read_text())

    if not yes:
        print("以上为预览，确认后加 --yes 执行。")
        return

    HOOK_DIR.mkdir(parents=True, exist_ok=True)
    for f in (SKILL_DIR / "hooks").glob("*.js"):
        shutil.copy2(f, HOOK_DIR / f.name)
    if SETTINGS.exists():
        shutil.copy2(SETTINGS, SETTINGS.with_name(f"settings.json.bak.{int(time.time())}"))
    SETTINGS.parent.mkdir(parents=True, exist_ok=True)
    SETTINGS.write_text("".join(new_txt) + "\n", encoding="utf-8")
    print(f"已写入 {SETTINGS}，钩子在 {HOOK_DIR}")

    if with_github:
        if not os.environ.get("GITHUB_PERSONAL_ACCESS_TOKEN"):
            print("未设置 GITHUB_PERSONAL_ACCESS_TOKEN，跳过 MCP 注册", file=sys.stderr)
            return
        mcp = (SKILL_DIR / "templates" / "mcp.json").read_text(encoding="utf-8")
        r = subprocess.run(["claude", "mcp", "add-json", "--scope", "user", MCP_NAME, mcp],
                           capture_output=True, text=True, check=False)
        print("已注册 GitHub MCP" if r.returncode == 0 else f"注册失败：{r.stderr.strip()}")


def uninstall():
    subprocess.run(["claude", "mcp", "remove", "--scope", "user", MCP_NAME], check=False)
    baks = sorted(CLAUDE_DIR.glob("settings.json.bak.*"))
    if baks:
        shutil.copy2(baks[-1], SETTINGS)
        print(f"已从 {baks[-1]} 恢复 settings.json")
    shutil.rmtree(HOOK_DIR.parent, ignore_errors=True)
    print("已卸载")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--yes", action="store_true")
    ap.add_argument("--with-github", action="store_true")
    ap.add_argument("--uninstall", action="store_true")
    args = ap.parse_args()
    if args.uninstall:
        uninstall()
    else:
        install(args.yes, args.with_github)


if __name__ == "__main__":
    main()
