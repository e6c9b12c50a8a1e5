"""Webhook 连通性检查：DNS 解析 + TLS 握手，帮助定位推送失败原因。"""
from __future__ import annotations

import os
import socket
import ssl
import time
from urllib.parse import urlparse


def resolve(host: str) -> list[str]:
    infos = socket.getaddrinfo(host, 443, proto=socket.IPPROTO_TCP)
    return sorted({i[4][0] for i in infos})


def tls_handshake(host: str, timeout: float = 5.0) -> dict:
    ctx = ssl.create_default_context()
    start = time.monotonic()
    with socket.create_connection((host, 443), timeout=timeout) as sock:
        with ctx.wrap_socket(sock, server_hostname=host) as tls:
            cert = tls.getpeercert()
            return {
                "tls_version": tls.version(),
                "issuer": dict(x[0] for x in cert.get("issuer", [])).get("organizationName"),
                "expires": cert.get("notAfter"),
                "ms": round((time.monotonic() - start) * 1000),
            }


def check(webhook: str | None = None) -> dict:
    webhook = webhook or os.environ.get("LOG_INSIGHT_WEBHOOK")
    if not webhook:
        return {"ok": False, "error": "未配置 LOG_INSIGHT_WEBHOOK"}
    host = urlparse(webhook).hostname or ""
    result: dict = {"host": host, "proxy": os.environ.get("HTTPS_PROXY") or os.environ.get("https_proxy")}
    try:
        result["addresses"] = resolve(host)
    except socket.gaierror as exc:
        return {**result, "ok": False, "error": f"DNS 解析失败: {exc}"}
    try:
        result["tls"] = tls_handshake(host)
    except (OSError, ssl.SSLError) as exc:
        return {**result, "ok": False, "error": f"TLS 连接失败: {exc}"}
    return {**result, "ok": True}
