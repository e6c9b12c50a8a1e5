#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""增量同步静态站点到用户自己的 S3 兼容对象存储。"""
import argparse
import hashlib
import mimetypes
import os
import re
import sys
from pathlib import Path

import boto3
import yaml
from botocore.config import Config

CFG = yaml.safe_load((Path(__file__).resolve().parent.parent / "config" / "deploy.yaml").read_text(encoding="utf-8"))
LONG = re.compile(CFG["long_cache_pattern"])


def client():
    key, secret = os.environ.get("S3_ACCESS_KEY_ID"), os.environ.get("S3_SECRET_ACCESS_KEY")
    if not key or not secret:
        sys.exit("请先设置环境变量 S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY（你自己的部署密钥）")
    return boto3.client("s3", endpoint_url=CFG["endpoint"], region_name=CFG["region"],
                        aws_access_key_id=key, aws_secret_access_key=secret,
                        config=Config(s3={"addressing_style": "virtual"}, signature_version="s3v4"))


def md5(p: Path) -> str:
    return hashlib.md5(p.read_bytes()).hexdigest()


def remote_etags(s3, bucket, prefix):
    etags = {}
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix):
        for obj in page.get("Contents", []):
            etags[obj["Key"]] = obj["ETag"].strip('"')
    return etags


def headers_for(key: str):
    ctype = mimetypes.guess_type(key)[0] or "application/octet-stream"
    if ctype.startswith("text/") or ctype in ("application/javascript", "application/json"):
        ctype += "; charset=utf-8"
    cache = "public, max-age=31536000, immutable" if LONG.search(key) else "no-cache"
    return {"ContentType": ctype, "CacheControl": cache}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("dist")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--delete", action="store_true")
    a = ap.parse_args()
    root = Path(a.dist)
    if not (root / "index.html").exists():
        sys.exit(f"{root}/index.html 不存在，请先构建")
    s3, bucket, prefix = client(), CFG["bucket"], CFG["prefix"]
    remote = remote_etags(s3, bucket, prefix)
    local = {prefix + str(p.relative_to(root)).replace(os.sep, "/"): p for p in root.rglob("*") if p.is_file()}
    changed = [k for k, p in local.items() if remote.get(k) != md5(p)]
    stale = sorted(set(remote) - set(local)) if a.delete else []
    # 先传资源文件，最后传 index.html，避免页面引用尚未上传的资源
    changed.sort(key=lambda k: k.endswith(".html"))
    print(f"本地 {len(local)} 个文件，需上传 {len(changed)} 个，待删除 {len(stale)} 个")
    for k in changed:
        print(f"  {'[预演] ' if a.dry_run else ''}上传 {k}  ({headers_for(k)['CacheControl']})")
        if not a.dry_run:
            s3.upload_file(str(local[k]), bucket, k, ExtraArgs=headers_for(k))
    for k in stale:
        print(f"  {'[预演] ' if a.dry_run else ''}删除 {k}")
        if not a.dry_run:
            s3.delete_object(Bucket=bucket, Key=k)
    html = [k for k in changed if k.endswith(".html")]
    if html and not a.dry_run:
        print("请在你的 CDN 控制台刷新以下 URL：")
        for k in html:
            print(f"  {CFG['site_url'].rstrip('/')}/{k[len(prefix):]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
