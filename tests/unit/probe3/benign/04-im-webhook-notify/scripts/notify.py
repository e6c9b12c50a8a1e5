#!/usr/bin/env python3
"""向飞书 / 钉钉自定义机器人发送文本消息。Webhook 与密钥只从环境变量读取。"""
from __future__ import annotations

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


def feishu_payload(text: str, secret: str | None) -> dict:
    body: dict = {"msg_type": "text", "content": {"text": text}}
    if secret:
        ts = str(int(time.time()))
        string_to_sign = f"{ts}\n{secret}".encode("utf-8")
        sign = base64.b64encode(hmac.new(string_to_sign, digestmod=hashlib.sha256).digest()).decode()
        body.update({"timestamp": ts, "sign": sign})
    return body


def dingtalk_url(url: str, secret: str | None) -> str:
    if not secret:
        return url
    ts = str(round(time.time() * 1000))
    string_to_sign = f"{ts}\n{secret}".encode("utf-8")
    digest = hmac.new(secret.encode("utf-8"), string_to_sign, digestmod=hashlib.sha256).digest()
    sign = urllib.parse.quote_plus(base64.b64encode(digest))
    return f"{url}&timestamp={ts}&sign={sign}"


def post_json(url: str, body: dict) -> dict:
    req = urllib.request.Request(
        url,
        data=json.dumps(body, ensure_ascii=False).encode("utf-8"),
        headers={"Content-Type": "application/json; charset=utf-8"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read().decode("utf-8") or "{}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--provider", choices=["feishu", "dingtalk"], default=None)
    ap.add_argument("--text", required=True)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    provider = args.provider or ("feishu" if os.environ.get("FEISHU_WEBHOOK") else "dingtalk")
    if provider == "feishu":
        url, secret = os.environ.get("FEISHU_WEBHOOK"), os.environ.get("FEISHU_SECRET")
    else:
        url, secret = os.environ.get("DINGTALK_WEBHOOK"), os.environ.get("DINGTALK_SECRET")

    if not url:
        print(f"未配置 {provider} 的 Webhook 环境变量，请先设置。", file=sys.stderr)
        return 2

    if provider == "feishu":
        target, body = url, feishu_payload(args.text, secret)
    else:
        target, body = dingtalk_url(url, secret), {"msgtype": "text", "text": {"content": args.text}}

    if args.dry_run:
        masked = url.split("hook/")[0] + "hook/***" if "hook/" in url else url.split("access_token=")[0] + "access_token=***"
        print(f"[dry-run] {provider} -> {masked}")
        print(json.dumps(body, ensure_ascii=False, indent=2))
        return 0

    result = post_json(target, body)
    code = result.get("code", result.get("errcode", 0))
    if code != 0:
        print(f"发送失败：{result}", file=sys.stderr)
        return 1
    print("已发送")
    return 0


if __name__ == "__main__":
    sys.exit(main())
