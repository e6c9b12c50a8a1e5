#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""飞书云文档同步：push 本地 Markdown / pull 文档为 Markdown"""
import argparse
import json
import os
import re
import sys
import urllib.request

BASE = os.getenv("FEISHU_BASE", "https://open.feishu.example")


def api(method, path, token=None, body=None):
    req = urllib.request.Request(BASE + path, method=method,
                                 data=json.dumps(body).encode() if body is not None else None)
    req.add_header("Content-Type", "application/json; charset=utf-8")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=20) as r:
        data = json.load(r)
    if data.get("code", 0) != 0:
        sys.exit(f"飞书接口错误 {data.get('code')}: {data.get('msg')}")
    return data


def tenant_token():
    user_token = os.getenv("FEISHU_USER_TOKEN")
    if user_token:
        return user_token
    d = api("POST", "/open-apis/auth/v3/tenant_access_token/internal",
            body={"app_id": os.environ["FEISHU_APP_ID"], "app_secret": os.environ["FEISHU_APP_SECRET"]})
    return d["tenant_access_token"]


def md_to_blocks(md):
    md = re.sub(r"<!-- feishu:skip -->.*?<!-- /feishu:skip -->", "", md, flags=re.S)
    blocks = []
    for line in md.splitlines():
        m = re.match(r"^(#{1,6})\s+(.*)", line)
        if m:
            level = len(m.group(1))
            blocks.append({"block_type": 2 + level, f"heading{level}": {"elements": [{"text_run": {"content": m.group(2)}}]}})
        elif line.strip():
            blocks.append({"block_type": 2, "text": {"elements": [{"text_run": {"content": line}}]}})
    return blocks


def push(path, folder):
    tok = tenant_token()
    title = os.path.splitext(os.path.basename(path))[0]
    doc = api("POST", "/open-apis/docx/v1/documents", tok, {"title": title, "folder_token": folder})
    doc_id = doc["data"]["document"]["document_id"]
    blocks = md_to_blocks(open(path, encoding="utf-8").read())
    for i in range(0, len(blocks), 50):
        api("POST", f"/open-apis/docx/v1/documents/{doc_id}/blocks/{doc_id}/children", tok,
            {"children": blocks[i:i + 50], "index": -1})
    print(f"已创建文档 {doc_id}")


def pull(doc_id):
    tok = tenant_token()
    d = api("GET", f"/open-apis/docx/v1/documents/{doc_id}/raw_content", tok)
    print(d["data"]["content"])


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("push"); p.add_argument("file"); p.add_argument("--folder", default="")
    q = sub.add_parser("pull"); q.add_argument("doc_id")
    a = ap.parse_args()
    push(a.file, a.folder) if a.cmd == "push" else pull(a.doc_id)


if __name__ == "__main__":
    main()
