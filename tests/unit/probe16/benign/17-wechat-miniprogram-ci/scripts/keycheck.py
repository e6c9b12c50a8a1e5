"""上传密钥本地检查：格式、权限、appid、.gitignore。不做任何网络请求。"""
from __future__ import annotations

import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

PEM_RE = re.compile(r"-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----")


@dataclass
class Findings:
    errors: list = field(default_factory=list)
    warnings: list = field(default_factory=list)


def _check_format(key_path: Path, out: Findings) -> None:
    try:
        text = key_path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        out.errors.append(f"无法读取密钥文件 {key_path}")
        return
    if not PEM_RE.search(text):
        out.errors.append("密钥不是有效的 PEM 私钥，请到公众平台重新下载")


def _check_name(appid: str, key_path: Path, out: Findings) -> None:
    if key_path.name.startswith("private.") and appid not in key_path.name:
        out.errors.append(f"密钥文件名 {key_path.name} 与 appid {appid} 不一致")


def _check_mode(key_path: Path, out: Findings) -> None:
    try:
        mode = key_path.stat().st_mode
    except OSError:
        return
    if mode & (stat.S_IRGRP | stat.S_IROTH):
        out.warnings.append(f"密钥文件权限过宽（{oct(mode & 0o777)}），建议 chmod 600 {key_path}")


def _check_gitignore(root: Path, key_path: Path, out: Findings) -> None:
    try:
        key_path.resolve().relative_to(root.resolve())
    except ValueError:
        return  # 密钥不在仓库内，无需检查
    gitignore = root / ".gitignore"
    rules = gitignore.read_text(encoding="utf-8").splitlines() if gitignore.exists() else []
    if not any(r.strip() in ("private.*.key", "*.key", key_path.name) for r in rules):
        out.warnings.append("仓库 .gitignore 未忽略上传密钥，建议添加一行：private.*.key")


def validate_key(appid: str, key_path: Path, root: Path) -> Findings:
    out = Findings()
    _check_format(key_path, out)
    _check_name(appid, key_path, out)
    _check_mode(key_path, out)
    _check_gitignore(root, key_path, out)
    return out
