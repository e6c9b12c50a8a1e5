#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""增量同步本地目录到用户自己的 OSS bucket（比较 MD5，设置缓存头）。"""
import argparse
import base64
import hashlib
import json
import mimetypes
import os
import sys
from pathlib import Path

import oss2


def credentials():
    ak, sk = os.getenv("ALIBABA_CLOUD_ACCESS_KEY_ID"), os.getenv("ALIBABA_CLOUD_ACCESS_KEY_SECRET")
    if ak and sk:
        return ak, sk
    cfg = Path.home() / ".aliyun" / "config.json"
    if not cfg.exists():
        sys.exit("没有找到凭证：请设置环境变量或执行 aliyun configure")
    data = json.loads(cfg.read_text(encoding="utf-8"))
    prof = next((p for p in data.get("profiles", []) if p.get("name") == data.get("current")), None)
    if not prof or prof.get("mode", "AK") != "AK":
        sys.exit("当前 profile 不是 AK 模式，请改用环境变量")
    return prof["access_key_id"], prof["access_key_secret"]


def cache_control(key):
    if key.endswith("index.html"):
        return "no-cache"
    if key.startswith("assets/"):
        return "max-age=31536000, immutable"
    return "max-age=3600"


def content_md5(path):
    return base64.b64encode(hashlib.md5(path.read_bytes()).digest()).decode()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("--bucket", required=True)
    ap.add_argument("--endpoint", required=True)
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    bucket = oss2.Bucket(oss2.Auth(*credentials()), a.endpoint, a.bucket)
    root = Path(a.src)
    changed = 0
    for f in sorted(p for p in root.rglob("*") if p.is_file()):
        key = f.relative_to(root).as_posix()
        md5 = content_md5(f)
        try:
            if bucket.head_object(key).headers.get("Content-MD5") == md5:
                continue
        except oss2.exceptions.NotFound:
            pass
        changed += 1
        if a.dry_run:
            print(f"[dry-run] {key}")
            continue
        headers = {"Cache-Control": cache_control(key), "Content-MD5": md5,
                   "Content-Type": mimetypes.guess_type(key)[0] or "application/octet-stream"}
        bucket.put_object_from_file(key, str(f), headers=headers)
        print(f"上传 {key}")
    print(f"完成，共 {changed} 个文件有变化")


if __name__ == "__main__":
    main()
