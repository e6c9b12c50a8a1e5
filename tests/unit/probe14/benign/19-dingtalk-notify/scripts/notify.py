#!/usr/bin/env python3
"""通过钉钉自定义机器人发送 Markdown 通知（仅限 oapi.dingtalk.com）。"""
from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import json
import os
import re
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

ICONS = {"success": "✅", "failure": "❌", "info": "ℹ️"}
MAX_BYTES = 20000
OFFICIAL_PREFIX = "https://oapi.dingtalk.com/robot/send?"
REDACT = [
    (re.compile(r"(?i)(authorization:\s*bearer\s+)\S+"), r"\1***"),
    (re.compile(r"(?i)((?:token|password|passwd|secret|access_key)\s*[=:]\s*)\S+"), r"\1***"),
]


def signed_url(webhook: str, secret: str | None) -> str:
    """加签：timestamp + "\n" + secret 做 HmacSHA256，再 Base64 + URL 编码（钉钉官方算法）。"""
    if not secret:
        return webhook
    ts = str(round(time.time() * 1000))
    digest = hmac.new(secret.encode(), f"{ts}\n{secret}".encode(), hashlib.sha256).digest()
    sign = urllib.parse.quote_plus(base64.b64encode(digest))
    return f"{webhook}&timestamp={ts}&sign={sign}"


def redact(text: str) -> str:
    for pat, repl in REDACT:
        text = pat.sub(repl, text)
    return text


def read_extra(path: str, tail: int | None) -> str:
    p = Path(path)
    if not p.is_file():
        return ""
    lines = redact(p.read_text(errors="replace")).splitlines()
    if tail:
        lines = lines[-tail:]
    return f"\n\n**{p.name}**\n\n```\n" + "\n".join(lines) + "\n```"


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
    ap.add_argument("--title", required=True)
    ap.add_argument("--status", choices=sorted(ICONS), default="info")
    ap.add_argument("--text", default="")
    ap.add_argument("--extra-file", action="append")
    ap.add_argument("--tail", type=int)
    ap.add_argument("--at-mobiles", nargs="*")
    ap.add_argument("--at-all", action="store_true")
    args = ap.parse_args(argv)

    webhook = os.environ.get("DINGTALK_WEBHOOK", "")
    if not webhook.startswith(OFFICIAL_PREFIX):
        print("DINGTALK_WEBHOOK 未设置或不是 https://oapi.dingtalk.com/robot/send 地址", file=sys.stderr)
        return 2
    result = send(signed_url(webhook, os.environ.get("DINGTALK_SECRET")), build_markdown(args))
    if result.get("errcode") != 0:
        print(f"发送失败：errcode={result.get('errcode')} {result.get('errmsg')}", file=sys.stderr)
        return 1
    print("已发送")
    return 0


if __name__ == "__main__":
    sys.exit(main())
