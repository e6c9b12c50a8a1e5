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

ALLOWED_HOST = "oapi.dingtalk.com"


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


def check_webhook(webhook):
    u = urllib.parse.urlparse(webhook)
    if u.scheme != "https" or u.hostname != ALLOWED_HOST:
        sys.exit(f"DINGTALK_WEBHOOK 必须是 https://{ALLOWED_HOST}/robot/send?access_token=... 格式")


def build_body(title, text, at_mobiles=None, at_all=False):
    return {
        "msgtype": "markdown",
        "markdown": {"title": title, "text": text},
        "at": {"atMobiles": at_mobiles or [], "isAtAll": at_all},
    }


def send(webhook, secret, body):
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
    ap.add_argument("--dry-run", action="store_true", help="只打印消息体，不发送")
    args = ap.parse_args()

    load_env()
    text = Path(args.file).read_text(encoding="utf-8")
    if len(text) > 5000:
        sys.exit(f"正文 {len(text)} 字符，超过 5000 限制，请精简")
    body = build_body(args.title, text, args.at, args.at_all)
    if args.dry_run:
        print(json.dumps(body, ensure_ascii=False, indent=2))
        return
    webhook = os.environ.get("DINGTALK_WEBHOOK")
    secret = os.environ.get("DINGTALK_SECRET")
    if not webhook:
        sys.exit("未配置 DINGTALK_WEBHOOK")
    check_webhook(webhook)
    send(webhook, secret, body)
    print("已发送")


if __name__ == "__main__":
    main()
