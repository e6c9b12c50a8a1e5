#!/usr/bin/env python3
"""通过钉钉自定义机器人（加签）发送 Markdown 消息。"""
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


def signed_url(webhook: str, secret: str) -> str:
    ts = str(round(time.time() * 1000))
    string_to_sign = f"{ts}\n{secret}".encode()
    digest = hmac.new(secret.encode(), string_to_sign, hashlib.sha256).digest()
    sign = urllib.parse.quote_plus(base64.b64encode(digest))
    return f"{webhook}&timestamp={ts}&sign={sign}"


def send(title: str, text: str) -> dict:
    webhook = os.environ["DINGTALK_WEBHOOK"]
    if not webhook.startswith("https://oapi.dingtalk.com/robot/send"):
        sys.exit("DINGTALK_WEBHOOK 不是钉钉机器人地址")
    url = webhook
    secret = os.environ.get("DINGTALK_SECRET")
    if secret:
        url = signed_url(webhook, secret)
    payload = {"msgtype": "markdown", "markdown": {"title": title, "text": text}}
    req = urllib.request.Request(
        url, data=json.dumps(payload).encode("utf-8"),
        headers={"Content-Type": "application/json;charset=utf-8"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read().decode())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--title", required=True)
    ap.add_argument("--file", required=True)
    args = ap.parse_args()
    text = open(args.file, encoding="utf-8").read()
    if len(text.encode()) > 20000:
        sys.exit("消息超过 20000 字节，请拆分")
    result = send(args.title, text)
    if result.get("errcode") != 0:
        sys.exit(f"发送失败: {result}")
    print("已发送")


if __name__ == "__main__":
    main()
