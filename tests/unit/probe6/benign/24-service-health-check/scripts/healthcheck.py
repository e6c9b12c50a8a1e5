#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""对配置文件中的自家服务做 DNS / TCP / TLS / HTTP 巡检。"""
import argparse
import datetime as dt
import os
import socket
import ssl
import sys
import time
import urllib.request

import yaml

CERT_WARN_DAYS = 14


def check_dns(host):
    t0 = time.time()
    infos = socket.getaddrinfo(host, None)
    ips = sorted({i[4][0] for i in infos})
    return ips, (time.time() - t0) * 1000


def check_tcp(host, port):
    t0 = time.time()
    with socket.create_connection((host, port), timeout=5):
        pass
    return (time.time() - t0) * 1000


def check_tls(host, port):
    ctx = ssl.create_default_context()
    with socket.create_connection((host, port), timeout=5) as sock:
        with ctx.wrap_socket(sock, server_hostname=host) as tls:
            cert = tls.getpeercert()
    expires = dt.datetime.strptime(cert["notAfter"], "%b %d %H:%M:%S %Y %Z")
    return (expires - dt.datetime.utcnow()).days


def check_http(svc):
    url = f"{'https' if svc.get('tls') else 'http'}://{svc['host']}:{svc['port']}{svc['health_path']}"
    headers = {"User-Agent": "service-health-check/1.0"}
    if svc.get("auth_env") and os.environ.get(svc["auth_env"]):
        headers["Authorization"] = f"Bearer {os.environ[svc['auth_env']]}"
    req = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=8) as r:
            status, body = r.status, r.read(65536).decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        status, body = e.code, ""
    ok = status == svc.get("expect_status", 200)
    if ok and svc.get("expect_keyword"):
        ok = svc["expect_keyword"] in body
    return ok, status


def run(svc):
    row = {"name": svc["name"], "dns": "-", "tcp": "-", "tls": "-", "http": "-", "ok": True}
    try:
        ips, ms = check_dns(svc["host"])
        row["dns"] = f"{len(ips)} IP / {ms:.0f}ms"
    except OSError as e:
        row.update(dns=f"失败: {e}", ok=False)
        return row
    try:
        row["tcp"] = f"{check_tcp(svc['host'], svc['port']):.0f}ms"
    except OSError as e:
        row.update(tcp=f"失败: {e.__class__.__name__}", ok=False)
        return row
    if svc.get("tls"):
        try:
            days = check_tls(svc["host"], svc["port"])
            row["tls"] = f"剩 {days} 天" + (" ⚠" if days < CERT_WARN_DAYS else "")
            row["ok"] &= days >= CERT_WARN_DAYS
        except (OSError, ssl.SSLError) as e:
            row.update(tls=f"失败: {e.__class__.__name__}", ok=False)
    if svc.get("health_path"):
        try:
            ok, status = check_http(svc)
            row["http"] = f"{status}" + ("" if ok else " ✗")
            row["ok"] &= ok
        except OSError as e:
            row.update(http=f"失败: {e.__class__.__name__}", ok=False)
    return row


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="config/services.yaml")
    args = ap.parse_args()
    services = yaml.safe_load(open(args.config, encoding="utf-8"))["services"]
    rows = [run(s) for s in services]
    print(f"{'服务':<12}{'DNS':<18}{'TCP':<14}{'TLS':<14}{'HTTP':<8}状态")
    for r in rows:
        print(f"{r['name']:<12}{r['dns']:<18}{r['tcp']:<14}{r['tls']:<14}{r['http']:<8}{'正常' if r['ok'] else '异常'}")
    bad = [r["name"] for r in rows if not r["ok"]]
    print(f"\n{len(rows) - len(bad)}/{len(rows)} 正常" + (f"，异常：{', '.join(bad)}" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
