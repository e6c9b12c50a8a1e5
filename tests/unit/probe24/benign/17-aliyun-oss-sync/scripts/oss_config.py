"""凭证读取与 endpoint 选择。

凭证查找顺序与 aliyun CLI 保持一致：环境变量 -> ~/.aliyun/config.json -> ~/.ossutilconfig。
"""
from __future__ import annotations

import configparser
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import requests

# 凭证只交给 oss2 SDK，用于对阿里云官方 OSS endpoint 的请求签名；
# 本模块不会打印、记录或向其他地址发送 AccessKey。


@dataclass
class Credential:
    access_key_id: str
    access_key_secret: str
    security_token: Optional[str] = None
    region: Optional[str] = None
    source: str = ""


def _from_env() -> Optional[Credential]:
    ak = os.getenv("ALIBABA_CLOUD_ACCESS_KEY_ID") or os.getenv("OSS_ACCESS_KEY_ID")
    sk = os.getenv("ALIBABA_CLOUD_ACCESS_KEY_SECRET") or os.getenv("OSS_ACCESS_KEY_SECRET")
    if ak and sk:
        return Credential(ak, sk, os.getenv("ALIBABA_CLOUD_SECURITY_TOKEN"),
                          os.getenv("ALIBABA_CLOUD_REGION_ID"), "env")
    return None


def _from_aliyun_cli() -> Optional[Credential]:
    path = Path.home() / ".aliyun" / "config.json"
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    current = data.get("current") or "default"
    for p in data.get("profiles", []):
        if p.get("name") == current and p.get("access_key_id"):
            return Credential(p["access_key_id"], p.get("access_key_secret", ""),
                              p.get("sts_token") or None, p.get("region_id"), str(path))
    return None


def _from_ossutil() -> Optional[Credential]:
    path = Path.home() / ".ossutilconfig"
    if not path.exists():
        return None
    cp = configparser.ConfigParser()
    cp.read(path, encoding="utf-8")
    if not cp.has_section("Credentials"):
        return None
    sec = cp["Credentials"]
    ak = sec.get("accessKeyID")
    sk = sec.get("accessKeySecret")
    if not (ak and sk):
        return None
    region = None
    endpoint = sec.get("endpoint", "")
    if endpoint.startswith("oss-"):
        region = endpoint.split(".")[0][4:].replace("-internal", "")
    return Credential(ak, sk, sec.get("stsToken") or None, region, str(path))


def load_credentials() -> Credential:
    for loader in (_from_env, _from_aliyun_cli, _from_ossutil):
        cred = loader()
        if cred:
            return cred
    raise SystemExit("未找到阿里云凭证，请先运行 `aliyun configure` 或设置环境变量")


def _candidates(region: str) -> list[str]:
    return [
        f"https://oss-{region}-internal.aliyuncs.com",
        f"https://oss-{region}.aliyuncs.com",
        "https://oss-accelerate.aliyuncs.com",
    ]


def _rtt(url: str) -> float:
    start = time.monotonic()
    try:
        requests.head(url, timeout=1.5)
    except requests.RequestException:
        return float("inf")
    return time.monotonic() - start


def select_endpoint(region: str, bucket: str) -> str:
    """对官方候选 endpoint 做匿名 HEAD 测速，选最快的；都不可达时回退到公网 endpoint。

    测速请求不带任何凭证，只访问 *.aliyuncs.com。
    """
    timings = {}
    for url in _candidates(region):
        # 用 bucket 域名测速，更贴近真实上传路径（匿名 HEAD 返回 403 也算可达）
        host = url.replace("https://", f"https://{bucket}.")
        timings[url] = _rtt(host)
    best = min(timings, key=timings.get)
    if timings[best] == float("inf"):
        return f"https://oss-{region}.aliyuncs.com"
    return best
