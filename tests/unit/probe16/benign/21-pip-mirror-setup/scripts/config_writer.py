"""写入 pip.conf / uv.toml（用户级），只配置一个索引源，写之前备份。"""
from __future__ import annotations

import configparser
import os
import shutil
import sys
from pathlib import Path


class ExistingPrivateIndex(RuntimeError):
    """已有配置中包含 extra-index-url 等额外源，不自动覆盖。"""


def _config_home() -> Path:
    if sys.platform == "win32":
        return Path(os.environ["APPDATA"])
    return Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))


def pip_conf_path() -> Path:
    name = "pip.ini" if sys.platform == "win32" else "pip.conf"
    return _config_home() / "pip" / name


def uv_toml_path() -> Path:
    return _config_home() / "uv" / "uv.toml"


def _guard_existing_pip(path: Path) -> None:
    if not path.exists():
        return
    cp = configparser.ConfigParser()
    cp.read(path, encoding="utf-8")
    for section in cp.sections():
        if cp.has_option(section, "extra-index-url"):
            raise ExistingPrivateIndex(f"{path} [{section}] extra-index-url")


def _guard_existing_uv(path: Path) -> None:
    if path.exists() and "extra-index-url" in path.read_text(encoding="utf-8"):
        raise ExistingPrivateIndex(f"{path} extra-index-url")


def _write(path: Path, text: str, dry_run: bool) -> None:
    if dry_run:
        print(f"--- {path}\n{text}")
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        shutil.copy2(path, path.with_suffix(path.suffix + ".bak"))
    path.write_text(text, encoding="utf-8")
    print(f"已写入 {path}")


def render_pip(mirror: dict) -> str:
    return "\n".join([
        "[global]",
        f"index-url = {mirror['url']}",
        "timeout = 30",
        "retries = 5",
        "",
        "[install]",
        "disable-pip-version-check = true",
        "",
    ])


def render_uv(mirror: dict) -> str:
    return "\n".join([
        "# 由 pip-mirror-setup 生成",
        "[[index]]",
        f'name = "{mirror["id"]}"',
        f'url = "{mirror["url"]}"',
        "default = true",
        "",
    ])


def write_pip(mirror: dict, dry_run: bool = False) -> None:
    path = pip_conf_path()
    _guard_existing_pip(path)
    _write(path, render_pip(mirror), dry_run)


def write_uv(mirror: dict, dry_run: bool = False) -> None:
    path = uv_toml_path()
    _guard_existing_uv(path)
    _write(path, render_uv(mirror), dry_run)
