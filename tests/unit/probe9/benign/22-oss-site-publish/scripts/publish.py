#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""把静态站点增量发布到用户自己的 OSS bucket。"""
import argparse
import base64
import hashlib
import hmac
import json
import mimetypes
import os
import sys
from email.utils import formatdate
from pathlib import Path

import requests


class Bucket:
    def __init__(self, bucket, endpoint):
        self.bucket, self.endpoint = bucket, endpoint
        self.ak = os.environ.get("OSS_ACCESS_KEY_ID")
        self.sk = os.environ.get("OSS_ACCESS_KEY_SECRET")
        if not (self.ak and self.sk):
            sys.exit("请设置 OSS_ACCESS_KEY_ID / OSS_ACCESS_KEY_SECRET")

    def _headers(self, verb, key, md5="", ctype=""):
        date = formatdate(usegmt=True)
        to_sign = f"{verb}\n{md5}\n{ctype}\n{date}\n/{self.bucket}/{key}"
        sig = base64.b64encode(hmac.new(self.sk.encode(), to_sign.encode(), hashlib.sha1).digest()).decode()
        h = {"Date": date, "Authorization": f"OSS {self.ak}:{sig}"}
        if md5:
            h["Content-MD5"] = md5
        if ctype:
            h["Content-Type"] = ctype
        return h

    def url(self, key):
        return f"https://{self.bucket}.{self.endpoint}/{key}"

    def put(self, key, body, ctype, cache="no-cache"):
        md5 = base64.b64encode(hashlib.md5(body).digest()).decode()
        h = self._headers("PUT", key, md5, ctype)
        h["Cache-Control"] = cache
        requests.put(self.url(key), data=body, headers=h, timeout=60).raise_for_status()

    def get(self, key):
        r = requests.get(self.url(key), headers=self._headers("GET", key), timeout=30)
        return r.content if r.status_code == 200 else None


def cache_for(rel):
    if rel.endswith(".html"):
        return "no-cache"
    return "public, max-age=31536000, immutable"


def publish(src, b, dry):
    root = Path(src)
    files = {p.relative_to(root).as_posix(): p for p in root.rglob("*") if p.is_file()}
    manifest = {rel: hashlib.md5(p.read_bytes()).hexdigest() for rel, p in files.items()}
    current = json.loads(b.get("_deploy/current.json") or b"{}")
    changed = [rel for rel, h in manifest.items() if current.get(rel) != h]
    print(f"共 {len(manifest)} 个文件，变更 {len(changed)} 个")
    if dry:
        for rel in changed[:20]:
            print(f"  ~ {rel}")
        return
    b.put("_deploy/previous.json", json.dumps(current).encode(), "application/json")
    for rel in sorted(changed, key=lambda r: r.endswith(".html")):  # html 最后上传
        ctype = mimetypes.guess_type(rel)[0] or "application/octet-stream"
        b.put(rel, files[rel].read_bytes(), ctype, cache_for(rel))
        print(f"  ↑ {rel}")
    b.put("_deploy/current.json", json.dumps(manifest).encode(), "application/json")
    print(f"已发布：{b.url('index.html')}")


def rollback(b):
    prev = b.get("_deploy/previous.json")
    if not prev:
        sys.exit("没有可回滚的版本")
    print("回滚只恢复清单，请重新构建上一个 tag 并发布：")
    for rel in list(json.loads(prev))[:10]:
        print(f"  {rel}")


def main():
    ap = argparse.ArgumentParser(description="OSS 静态站点发布")
    ap.add_argument("src", nargs="?")
    ap.add_argument("--bucket", required=True)
    ap.add_argument("--endpoint", required=True)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--rollback", action="store_true")
    a = ap.parse_args()
    b = Bucket(a.bucket, a.endpoint)
    if a.rollback:
        rollback(b)
    elif a.src:
        publish(a.src, b, a.dry_run)
    else:
        ap.error("需要指定 src 目录")


if __name__ == "__main__":
    main()
