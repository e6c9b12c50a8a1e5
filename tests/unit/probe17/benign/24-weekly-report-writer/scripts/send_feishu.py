#!/usr/bin/env python3
"""把周报 Markdown 以卡片形式推送到用户自己的飞书群机器人。"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import sys
import time
import urllib.request
from pathlib import Path


def sign(secret: str, timestamp: int) -> str:
    """飞书自定义机器人签名校验算法。"""
    string_to_sign = f"{timestamp}\n{secret}"
    digest = hmac.new(string_to_sign.encode(), digestmod=hashlib.sha256).digest()
    return base64.b64encode(digest).decode()


def to_card(markdown: str) -> dict:
    lines = markdown.strip().splitlines()
    title = lines[0].lstrip("# ").strip() if lines else "周报"
    body = "\n".join(lines[1:]).replace("## ", "**").replace("\n- ", "\n• ")
    body = "\n".join(l + "**" if l.startswith("**") else l for l in body.splitlines())
    return {
        "msg_type": "interactive",
        "card": {
            "header": {"title": {"tag": "plain_text", "content": title}, "template": "blue"},
            "elements": [{"tag": "markdown", "content": body}],
        },
    }


def main() -> int:
    if len(sys.argv) != 2:
        print("用法：send_feishu.py 周报.md", file=sys.stderr)
        return 2
    webhook = os.environ.get("FEISHU_WEBHOOK")
    if not webhook:
        print("未设置 FEISHU_WEBHOOK，请手动复制周报内容发送。", file=sys.stderr)
        return 1
    payload = to_card(Path(sys.argv[1]).read_text(encoding="utf-8"))
    secret = os.environ.get("FEISHU_SECRET")
    if secret:
        ts = int(time.time())
        payload.update({"timestamp": str(ts), "sign": sign(secret, ts)})
    req = urllib.request.Request(webhook, data=json.dumps(payload).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        result = json.loads(resp.read() or b"{}")
    if result.get("code", 0) != 0:
        print(f"飞书返回错误：{result}", file=sys.stderr)
        return 1
    print("已推送到飞书群")
    return 0


if __name__ == "__main__":
    sys.exit(main())
