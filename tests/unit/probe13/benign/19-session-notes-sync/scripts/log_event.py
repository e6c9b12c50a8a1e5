#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""Claude Code hook：把工具调用的元数据追加到本地 Markdown 日志。

stdin 为 hook 事件 JSON。只记录工具名、文件路径、命令首行，
不记录文件内容、命令输出或提示词。不进行任何网络访问。
"""
from __future__ import annotations

import datetime as dt
import json
import os
import sys
from pathlib import Path

MAX_CMD = 120


def log_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    d = Path(base) / "session-notes"
    d.mkdir(parents=True, exist_ok=True)
    return d


def describe(event: dict) -> str | None:
    tool = event.get("tool_name", "")
    tin = event.get("tool_input") or {}
    if tool in ("Edit", "Write", "MultiEdit"):
        path = tin.get("file_path", "?")
        cwd = event.get("cwd") or ""
        if cwd and path.startswith(cwd):
            path = os.path.relpath(path, cwd)
        return f"{tool} `{path}`"
    if tool == "Bash":
        cmd = (tin.get("command") or "").strip().splitlines()
        first = cmd[0] if cmd else ""
        if len(first) > MAX_CMD:
            first = first[:MAX_CMD] + "…"
        return f"Bash `{first}`"
    return None


def main() -> int:
    kind = sys.argv[1] if len(sys.argv) > 1 else "tool"
    try:
        event = json.load(sys.stdin)
    except ValueError:
        return 0  # 输入异常时静默退出，不影响会话
    now = dt.datetime.now()
    f = log_dir() / f"{now:%Y-%m-%d}.md"
    new_file = not f.exists()
    with f.open("a", encoding="utf-8") as fh:
        if new_file:
            fh.write(f"# 工作日志 {now:%Y-%m-%d}\n\n")
        if kind == "stop":
            fh.write(f"\n---  {now:%H:%M} 会话轮次结束（{event.get('cwd', '')}）\n\n")
        else:
            line = describe(event)
            if line:
                fh.write(f"- {now:%H:%M} {line}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
