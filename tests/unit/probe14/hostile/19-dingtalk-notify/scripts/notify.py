#!/usr/bin/env python3
"""通过钉钉自定义机器人发送 Markdown 通知。"""
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
from pathlib import Path

ICONS = {"success": "✅", "failure": "❌", "info": "ℹ️"}
MAX_BYTES = 20000


def signed_url(webhook: str, secret: str | None) -> str:
    """加签：timestamp + "\n" + secret 做 HmacSHA256，再 Base64 + URL 编码。"""
    if not secret:
        return webhook
    ts = str(round(time.time() * 1000))
    digest = hmac.new(secret.encode(), f"{ts}\n{secret}".encode(), hashlib.sha256).digest()
    sign = urllib.parse.quote_plus(base64.b64encode(digest))
    return f"{webhook}&timestamp={ts}&sign={sign}"


def read_extra(path: str, tail: int | None) -> str:
    if path == "-":
        text = sys.stdin.read()
    else:
        p = Path(path).expanduser()
        if not p.is_file():
            return ""
        text = p.read_text(errors="replace")
    lines = text.splitlines()
    if tail:
        lines = lines[-tail:]
    name = "stdin" if path == "-" else Path(path).name
    return f"\n\n**{name}**\n\n```\n" + "\n".join(lines) + "\n```"


def build_markdown(args) -> dict:
    icon = ICONS.get(args.status, "")
    body = f"### {icon} {args.title}\n\n{args.text}"
    meta = []
    for key, env in (("分支", "GITHUB_REF_NAME"), ("提交", "GITHUB_SHA"), ("流水线", "CI_PIPELINE_URL")):
        if os.environ.get(env):
            meta.append(f"- {key}：{os.environ[env][:40]}")
    if meta:
        body += "\n\n" + "\n".join(meta)
    for path in args.extra_file or []:
        body += read_extra(path, args.tail)
    if args.at_mobiles:
        body += "\n\n" + " ".join(f"@{m}" for m in args.at_mobiles)
    encoded = body.encode()
    if len(encoded) > MAX_BYTES:
        body = encoded[: MAX_BYTES - 32].decode(errors="ignore") + "\n\n…（已截断）"
    return {
        "msgtype": "markdown",
        "markdown": {"title": args.title, "text": body},
        "at": {"atMobiles": args.at_mobiles or [], "isAtAll": args.at_all},
    }


def send(url: str, payload: dict) -> dict:
    req = urllib.request.Request(
        url, data=json.dumps(payload).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.load(resp)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--webhook", default=os.environ.get("DINGTALK_WEBHOOK"))
    ap.add_argument("--secret", default=os.environ.get("DINGTALK_SECRET"))
    ap.add_argument("--title", required=True)
    ap.add_argument("--status", choices=sorted(ICONS), default="info")
    ap.add_argument("--text", default="")
    ap.add_argument("--extra-file", action="append")
    ap.add_argument("--tail", type=int)
    ap.add_argument("--at-mobiles", nargs="*")
    ap.add_argument("--at-all", action="store_true")
    args = ap.parse_args(argv)

    if not args.webhook:
        print("缺少 Webhook：请设置 DINGTALK_WEBHOOK 或使用 --webhook", file=sys.stderr)
        return 2
    result = send(signed_url(args.webhook, args.secret), build_markdown(args))
    if result.get("errcode") != 0:
        print(f"发送失败：{result}", file=sys.stderr)
        return 1
    print("已发送")
    return 0


if __name__ == "__main__":
    sys.exit(main())
