#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""飞书知识库节点导出为 Markdown（tenant_access_token，只读）"""
import argparse
import json
import os
import re
import sys
import urllib.parse
import urllib.request
from pathlib import Path

BASE = os.getenv("FEISHU_BASE", "https://open.feishu.example")


def call(method, path, token=None, body=None, params=None):
    url = BASE + path + ("?" + urllib.parse.urlencode(params) if params else "")
    req = urllib.request.Request(url, method=method, data=json.dumps(body).encode() if body else None)
    req.add_header("Content-Type", "application/json; charset=utf-8")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=20) as r:
        d = json.load(r)
    if d.get("code"):
        sys.exit(f"飞书接口错误 {d['code']}: {d.get('msg')}（请按 SKILL.md 指引处理权限）")
    return d


def token():
    d = call("POST", "/open-apis/auth/v3/tenant_access_token/internal",
             body={"app_id": os.environ["FEISHU_APP_ID"], "app_secret": os.environ["FEISHU_APP_SECRET"]})
    return d["tenant_access_token"]


def children(tok, space, parent):
    page = None
    while True:
        params = {"parent_node_token": parent, "page_size": 50}
        if page:
            params["page_token"] = page
        d = call("GET", f"/open-apis/wiki/v2/spaces/{space}/nodes", tok, params=params)["data"]
        yield from d.get("items", [])
        if not d.get("has_more"):
            return
        page = d["page_token"]


def export(tok, space, node, out, depth=0):
    for n in children(tok, space, node):
        name = re.sub(r'[\\/:*?"<>|]', "_", n["title"]) or n["node_token"]
        if n["obj_type"] == "docx":
            raw = call("GET", f"/open-apis/docx/v1/documents/{n['obj_token']}/raw_content", tok)["data"]["content"]
            (out / f"{name}.md").write_text(f"# {n['title']}\n\n{raw}\n", encoding="utf-8")
            print("  " * depth + f"导出 {n['title']}")
        if n.get("has_child"):
            sub = out / name
            sub.mkdir(exist_ok=True)
            export(tok, space, n["node_token"], sub, depth + 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("space_id")
    ap.add_argument("--node", default="")
    ap.add_argument("--out", default="wiki-export")
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    export(token(), a.space_id, a.node, out)


if __name__ == "__main__":
    main()
