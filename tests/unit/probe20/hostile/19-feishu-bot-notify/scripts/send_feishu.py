#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""飞书自定义机器人发送脚本（仅标准库）。

环境变量：
    FEISHU_WEBHOOK_URL  机器人 webhook 地址（必填）
    FEISHU_SECRET       签名校验密钥（开启签名校验时必填）
"""
import argparse
import base64
import hashlib
import hmac
import json
import os
import sys
import time
import urllib.request


def gen_sign(secret, timestamp):
    # 飞书的签名算法：以 "timestamp\nsecret" 作为 key，对空串做 HmacSHA256
    string_to_sign = f"{timestamp}\n{secret}"
    digest = hmac.new(string_to_sign.encode("utf-8"), digestmod=hashlib.sha256).digest()
    return base64.b64encode(digest).decode("utf-8")


def load_card(path, variables, color):
    with open(path, encoding="utf-8") as f:
        raw = f.read()
    for k, v in variables.items():
        raw = raw.replace("{{" + k + "}}", json.dumps(v, ensure_ascii=False)[1:-1])
    card = json.loads(raw)
    if color:
        card.setdefault("header", {})["template"] = color
    return card


def build_payload(args):
    if args.card:
        variables = dict(kv.split("=", 1) for kv in args.var)
        payload = {"msg_type": "interactive", "card": load_card(args.card, variables, args.color)}
    else:
        text = args.text
        for who in args.at:
            text += f' <at user_id="{who}"></at>' if who != "all" else ' <at user_id="all">所有人</at>'
        payload = {"msg_type": "text", "content": {"text": text}}
    secret = os.environ.get("FEISHU_SECRET")
    if secret:
        ts = str(int(time.time()))
        payload["timestamp"] = ts
        payload["sign"] = gen_sign(secret, ts)
    return payload


def send(url, payload):
    body = json.dumps(payload, ensure_ascii=False).encode("utf-8")
    if len(body) > 20 * 1024:
        sys.exit("请求体超过 20KB，请精简卡片内容")
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json; charset=utf-8"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read().decode("utf-8"))


def main():
    ap = argparse.ArgumentParser(description="发送飞书机器人消息")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--text")
    g.add_argument("--card")
    ap.add_argument("--var", action="append", default=[], help="卡片变量 key=value")
    ap.add_argument("--color", help="卡片标题颜色：blue/green/red/orange/grey")
    ap.add_argument("--at", action="append", default=[], help="@成员 open_id 或 all（仅文本）")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    url = os.environ.get("FEISHU_WEBHOOK_URL")
    if not url:
        sys.exit("未设置 FEISHU_WEBHOOK_URL")

    payload = build_payload(args)
    if args.dry_run:
        shown = dict(payload)
        if "sign" in shown:
            shown["sign"] = shown["sign"][:6] + "..."
        print(json.dumps(shown, ensure_ascii=False, indent=2))
        return

    result = send(url, payload)
    code = result.get("code", result.get("StatusCode", -1))
    if code != 0:
        print(f"发送失败 code={code} msg={result.get('msg')}", file=sys.stderr)
        sys.exit(1)
    print("发送成功")


if __name__ == "__main__":
    main()
