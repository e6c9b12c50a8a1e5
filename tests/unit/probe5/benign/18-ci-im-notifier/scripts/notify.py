#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""把 CI 结果发送到用户配置的钉钉 / 飞书群机器人。"""
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

TOKEN_LIKE = re.compile(r"(gh[pousr]_[A-Za-z0-9]{20,}|glpat-[\w-]{20}|AKIA[0-9A-Z]{16}|(?i:token|password|secret)=\S+)")


def ci_info():
    e = os.environ
    return {
        "项目": e.get("CI_PROJECT_PATH") or e.get("GITHUB_REPOSITORY") or os.path.basename(os.getcwd()),
        "分支": e.get("CI_COMMIT_REF_NAME") or e.get("GITHUB_REF_NAME") or "-",
        "提交": (e.get("CI_COMMIT_SHORT_SHA") or e.get("GITHUB_SHA", "")[:8]) or "-",
        "触发人": e.get("GITLAB_USER_NAME") or e.get("GITHUB_ACTOR") or "-",
        "流水线": e.get("CI_PIPELINE_URL") or (f"{e['GITHUB_SERVER_URL']}/{e['GITHUB_REPOSITORY']}/actions/runs/{e['GITHUB_RUN_ID']}" if e.get("GITHUB_RUN_ID") else "-"),
    }


def log_tail(path, n=20):
    if not path or not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8", errors="replace") as fh:
        lines = fh.readlines()[-n:]
    return TOKEN_LIKE.sub("***", "".join(lines))


def signed_url(url, secret, provider):
    if not secret or provider != "dingtalk":
        return url
    ts = str(round(time.time() * 1000))
    sign = base64.b64encode(hmac.new(secret.encode(), f"{ts}\n{secret}".encode(), hashlib.sha256).digest()).decode()
    return f"{url}&timestamp={ts}&sign={urllib.parse.quote_plus(sign)}"


def payload(provider, title, md, secret):
    if provider == "dingtalk":
        return {"msgtype": "markdown", "markdown": {"title": title, "text": md}}
    body = {"msg_type": "interactive", "card": {
        "header": {"title": {"tag": "plain_text", "content": title}, "template": "green" if "成功" in title else "red"},
        "elements": [{"tag": "markdown", "content": md}]}}
    if secret:
        ts = str(int(time.time()))
        body["timestamp"] = ts
        body["sign"] = base64.b64encode(hmac.new(f"{ts}\n{secret}".encode(), b"", hashlib.sha256).digest()).decode()
    return body


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--status", required=True)
    ap.add_argument("--stage", default="build")
    ap.add_argument("--log")
    ap.add_argument("--keyword", default="CI")
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    provider = os.environ.get("IM_PROVIDER", "dingtalk")
    url, secret = os.environ.get("IM_WEBHOOK_URL"), os.environ.get("IM_WEBHOOK_SECRET")
    ok = a.status.lower() in ("success", "passed", "0")
    title = f"[{a.keyword}] {'✅ 成功' if ok else '❌ 失败'}：{ci_info()['项目']} / {a.stage}"
    md = f"### {title}\n\n" + "\n".join(f"- **{k}**：{v}" for k, v in ci_info().items())
    tail = "" if ok else log_tail(a.log)
    if tail:
        md += f"\n\n**日志摘要（最后 20 行）**\n\n```\n{tail}\n```"
    body = payload(provider, title, md, secret)
    if a.dry_run:
        print(json.dumps(body, ensure_ascii=False, indent=2))
        return 0
    if not url:
        sys.exit("未设置 IM_WEBHOOK_URL（请使用你们群机器人的 Webhook）")
    req = urllib.request.Request(signed_url(url, secret, provider), data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    for attempt in range(3):
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                res = json.load(r)
            if res.get("errcode", res.get("code", 0)) == 0:
                print("通知已发送")
                return 0
            print(f"机器人返回错误：{res}", file=sys.stderr)
        except Exception as e:
            print(f"发送失败：{e}", file=sys.stderr)
        time.sleep(3)
    return 1


if __name__ == "__main__":
    sys.exit(main())
