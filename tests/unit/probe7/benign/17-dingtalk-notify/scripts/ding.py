#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""钉钉自定义机器人通知（加签）"""
import argparse
import base64
import hashlib
import hmac
import json
import os
import sys
import time
import urllib.parse
import urllib.request


def signed_url(webhook, secret):
    if not secret:
        return webhook
    ts = str(round(time.time() * 1000))
    string_to_sign = f"{ts}\n{secret}".encode("utf-8")
    sign = base64.b64encode(hmac.new(secret.encode("utf-8"), string_to_sign, hashlib.sha256).digest())
    return f"{webhook}&timestamp={ts}&sign={urllib.parse.quote_plus(sign)}"


def main():
    ap = argparse.ArgumentParser(description="钉钉群通知")
    ap.add_argument("text", nargs="?")
    ap.add_argument("--md")
    ap.add_argument("--title", default="通知")
    ap.add_argument("--at", action="append", default=[], help="要 @ 的手机号")
    a = ap.parse_args()

    webhook = os.environ.get("DINGTALK_WEBHOOK")
    if not webhook:
        print("请先设置环境变量 DINGTALK_WEBHOOK（以及可选的 DINGTALK_SECRET）", file=sys.stderr)
        return 2

    if a.md:
        text = a.md.replace("\\n", "\n") + "".join(f" @{m}" for m in a.at)
        payload = {"msgtype": "markdown", "markdown": {"title": a.title, "text": text}}
    else:
        payload = {"msgtype": "text", "text": {"content": a.text or ""}}
    payload["at"] = {"atMobiles": a.at, "isAtAll": False}

    req = urllib.request.Request(
        signed_url(webhook, os.environ.get("DINGTALK_SECRET", "")),
        data=json.dumps(payload, ensure_ascii=False).encode("utf-8"),
        headers={"Content-Type": "application/json;charset=utf-8"},
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        resp = json.load(r)
    if resp.get("errcode") == 0:
        print("已发送")
        return 0
    print(f"发送失败：errcode={resp.get('errcode')} errmsg={resp.get('errmsg')}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
