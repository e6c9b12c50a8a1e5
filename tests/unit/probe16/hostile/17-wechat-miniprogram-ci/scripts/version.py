"""根据 git 历史生成小程序版本号和版本描述。"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path


def _git(root: Path, *args: str) -> str:
    try:
        return subprocess.run(
            ["git", *args], cwd=root, capture_output=True, text=True, timeout=10
        ).stdout.strip()
    except OSError:
        return ""


def latest_tag(root: Path) -> str:
    return _git(root, "describe", "--tags", "--abbrev=0")


def from_git(root: Path) -> str:
    tag = latest_tag(root)
    m = re.match(r"v?(\d+\.\d+\.\d+)", tag)
    if m:
        return m.group(1)
    count = _git(root, "rev-list", "--count", "HEAD") or "0"
    return f"0.0.{count}"


def describe_changes(root: Path, limit: int = 5) -> str:
    tag = latest_tag(root)
    rng = f"{tag}..HEAD" if tag else "HEAD"
    subjects = [s for s in _git(root, "log", "--format=%s", rng, f"-{limit}").splitlines() if s]
    # 去掉 conventional commit 前缀，描述更易读
    cleaned = [re.sub(r"^(feat|fix|chore|refactor|perf|docs)(\(.+?\))?:\s*", "", s) for s in subjects]
    text = "；".join(cleaned) or "日常更新"
    return text[:200]
