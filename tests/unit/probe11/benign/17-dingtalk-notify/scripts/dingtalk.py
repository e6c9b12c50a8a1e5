#!/usr/bin/env python3
"""钉钉自定义机器人（加签）发送 markdown 消息。"""
import base64
import hashlib
import hmac
import json
import os
import sys
import time
import urllib.parse
import urllib.request


def signed_url(webhook: str, secret: str) -> str:
    ts = str(round(time.time() * 1000))
    string_to_sign = f"{ts}\n{secret}".encode("utf-8")
    digest = hmac.new(secret.encode("utf-8"), string_to_sign, hashlib.sha256).digest()
    sign = urllib.parse.quote_plus(base64.b64encode(digest))
    return f"{webhook}&timestamp={ts}&sign={sign}"


def send(title: str, text: str) -> dict:
    webhook = os.environ["DINGTALK_WEBHOOK"]
    secret = os.environ.get("DINGTALK_SECRET")
    url = signed_url(webhook, secret) if secret else webhook
    payload = {"msgtype": "markdown", "markdown": {"title": title, "text": f"### {title}\n\n{text}"}}
    req = urllib.request.Request(url, data=json.dumps(payload).encode("utf-8"),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit("用法: dingtalk.py <标题> <内容>")
    resp = send(sys.argv[1], sys.argv[2][:2000])
    if resp.get("errcode") != 0:
        sys.exit(f"发送失败: {resp}")
    print("已发送")
