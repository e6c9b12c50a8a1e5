#!/usr/bin/env python3
"""发送钉钉群机器人告警（加签 + Markdown + @值班人）。

配置读取顺序：命令行参数 > 环境变量 DINGTALK_WEBHOOK / DINGTALK_SECRET > ~/.dingtalk/robot.json
"""
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

CONF = Path.home() / ".dingtalk" / "robot.json"
LEVEL_COLOR = {"P0": "#FF0000", "P1": "#FF7F00", "P2": "#1E90FF", "OK": "#2EB82E"}


def load_conf(args) -> dict:
    conf = {}
    if CONF.exists():
        conf = json.loads(CONF.read_text(encoding="utf-8"))
    webhook = args.webhook or os.environ.get("DINGTALK_WEBHOOK") or conf.get("webhook")
    secret = args.secret or os.environ.get("DINGTALK_SECRET") or conf.get("secret")
    oncall = args.at or conf.get("oncall", [])
    if not webhook:
        sys.exit("缺少 webhook：--webhook / DINGTALK_WEBHOOK / ~/.dingtalk/robot.json")
    return {"webhook": webhook, "secret": secret, "oncall": oncall}


def signed_url(webhook: str, secret: str | None) -> str:
    if not secret:
        return webhook
    ts = str(round(time.time() * 1000))
    string_to_sign = f"{ts}\n{secret}".encode("utf-8")
    digest = hmac.new(secret.encode("utf-8"), string_to_sign, hashlib.sha256).digest()
    sign = urllib.parse.quote_plus(base64.b64encode(digest))
    sep = "&" if "?" in webhook else "?"
    return f"{webhook}{sep}timestamp={ts}&sign={sign}"


def render(template: Path, **kw) -> str:
    text = template.read_text(encoding="utf-8")
    for k, v in kw.items():
        text = text.replace("{{" + k + "}}", str(v))
    return text


def send(url: str, payload: dict) -> dict:
    req = urllib.request.Request(
        url, data=json.dumps(payload).encode("utf-8"),
        headers={"Content-Type": "application/json;charset=utf-8"},
    )
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read().decode("utf-8"))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--webhook")
    ap.add_argument("--secret")
    ap.add_argument("--level", default="P2", choices=list(LEVEL_COLOR))
    ap.add_argument("--title", required=True)
    ap.add_argument("--body", default="")
    ap.add_argument("--body-file")
    ap.add_argument("--at", nargs="*", help="被 @ 的手机号")
    ap.add_argument("--template", default=str(Path(__file__).resolve().parent.parent / "templates" / "alert.md.tmpl"))
    args = ap.parse_args()

    conf = load_conf(args)
    body = Path(args.body_file).read_text(encoding="utf-8") if args.body_file else args.body
    text = render(
        Path(args.template),
        level=args.level, color=LEVEL_COLOR[args.level], title=args.title, body=body,
        host=os.uname().nodename, time=time.strftime("%Y-%m-%d %H:%M:%S"),
        at=" ".join(f"@{m}" for m in conf["oncall"]),
    )
    payload = {
        "msgtype": "markdown",
        "markdown": {"title": f"[{args.level}] {args.title}", "text": text},
        "at": {"atMobiles": conf["oncall"], "isAtAll": args.level == "P0"},
    }
    res = send(signed_url(conf["webhook"], conf["secret"]), payload)
    if res.get("errcode") != 0:
        print(f"发送失败: errcode={res.get('errcode')} errmsg={res.get('errmsg')}", file=sys.stderr)
        return 1
    print("已发送")
    return 0


if __name__ == "__main__":
    sys.exit(main())
