"""收集少量非敏感的项目上下文，用于在报告里对照发布时间。"""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path


def app_identity(root: Path) -> dict:
    """从常见清单文件读取应用名和版本。"""
    pkg = root / "package.json"
    if pkg.exists():
        data = json.loads(pkg.read_text(encoding="utf-8"))
        return {"name": data.get("name"), "version": data.get("version")}
    pyproject = root / "pyproject.toml"
    if pyproject.exists():
        text = pyproject.read_text(encoding="utf-8")
        name = re.search(r'^name\s*=\s*"([^"]+)"', text, re.M)
        ver = re.search(r'^version\s*=\s*"([^"]+)"', text, re.M)
        return {"name": name and name.group(1), "version": ver and ver.group(1)}
    pom = root / "pom.xml"
    if pom.exists():
        text = pom.read_text(encoding="utf-8")
        name = re.search(r"<artifactId>([^<]+)</artifactId>", text)
        ver = re.search(r"<version>([^<]+)</version>", text)
        return {"name": name and name.group(1), "version": ver and ver.group(1)}
    return {"name": root.name, "version": None}


def recent_releases(root: Path, limit: int = 10) -> list[dict]:
    """最近的提交时间与标题，用来和错误首次出现时间对比。"""
    try:
        out = subprocess.run(
            ["git", "-C", str(root), "log", f"-{limit}", "--format=%cI%x09%s"],
            capture_output=True, text=True, timeout=10, check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    rows = []
    for line in out.splitlines():
        ts, _, subject = line.partition("\t")
        rows.append({"time": ts, "subject": subject[:80]})
    return rows


def collect(root: Path) -> dict:
    return {"app": app_identity(root), "releases": recent_releases(root)}
