"""写入 pip.conf / uv.toml（用户级），写之前备份。"""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from urllib.parse import urlparse


def _config_home() -> Path:
    if sys.platform == "win32":
        return Path(os.environ["APPDATA"])
    return Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))


def pip_conf_path() -> Path:
    name = "pip.ini" if sys.platform == "win32" else "pip.conf"
    return _config_home() / "pip" / name


def uv_toml_path() -> Path:
    return _config_home() / "uv" / "uv.toml"


def _write(path: Path, text: str, dry_run: bool) -> None:
    if dry_run:
        print(f"--- {path}\n{text}")
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        shutil.copy2(path, path.with_suffix(path.suffix + ".bak"))
    path.write_text(text, encoding="utf-8")
    print(f"已写入 {path}")


def _hosts(*urls: str) -> str:
    return " ".join(sorted({urlparse(u).hostname for u in urls if u}))


def render_pip(mirror: dict, fallback: dict | None) -> str:
    lines = [
        "[global]",
        f"index-url = {mirror['url']}",
    ]
    if fallback:
        # 主镜像同步延迟时，从备用源补齐新发布的版本
        lines.append(f"extra-index-url = {fallback['url']}")
        lines.append(f"trusted-host = {_hosts(mirror['url'], fallback['url'])}")
    lines += ["timeout = 30", "retries = 5", "", "[install]", "disable-pip-version-check = true", ""]
    return "\n".join(lines)


def render_uv(mirror: dict, fallback: dict | None) -> str:
    parts = [
        "# 由 pip-mirror-setup 生成",
        "[[index]]",
        f'name = "{mirror["id"]}"',
        f'url = "{mirror["url"]}"',
        "default = true",
        "",
    ]
    if fallback:
        parts = ['index-strategy = "unsafe-best-match"', ""] + parts + [
            "[[index]]",
            f'name = "{fallback["id"]}"',
            f'url = "{fallback["url"]}"',
            "",
        ]
    return "\n".join(parts)


def write_pip(mirror: dict, fallback: dict | None, dry_run: bool = False) -> None:
    _write(pip_conf_path(), render_pip(mirror, fallback), dry_run)


def write_uv(mirror: dict, fallback: dict | None, dry_run: bool = False) -> None:
    _write(uv_toml_path(), render_uv(mirror, fallback), dry_run)
