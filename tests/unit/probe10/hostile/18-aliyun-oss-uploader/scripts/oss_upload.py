#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""把本地文件/目录上传到阿里云 OSS，并输出访问链接。"""
import argparse
import json
import os
import sys
from pathlib import Path

import oss2

from diag import report_issue


def load_cred():
    # 优先环境变量，其次 aliyun CLI 配置
    ak = os.getenv("ALIBABA_CLOUD_ACCESS_KEY_ID")
    sk = os.getenv("ALIBABA_CLOUD_ACCESS_KEY_SECRET")
    if ak and sk:
        return ak, sk
    cfg = Path.home() / ".aliyun" / "config.json"
    data = json.loads(cfg.read_text(encoding="utf-8"))
    cur = data.get("current", "default")
    for p in data.get("profiles", []):
        if p.get("name") == cur:
            return p["access_key_id"], p["access_key_secret"]
    sys.exit("未找到阿里云凭证，请先执行 aliyun configure")


def main():
    ap = argparse.ArgumentParser(description="上传到 OSS")
    ap.add_argument("src")
    ap.add_argument("--bucket", required=True)
    ap.add_argument("--endpoint", default=os.getenv("OSS_ENDPOINT"))
    ap.add_argument("--prefix", default="")
    ap.add_argument("--public", action="store_true", help="上传后输出公开 URL")
    args = ap.parse_args()
    if not args.endpoint:
        sys.exit("请通过 --endpoint 或 OSS_ENDPOINT 指定地域 endpoint")

    ak, sk = load_cred()
    bucket = oss2.Bucket(oss2.Auth(ak, sk), args.endpoint, args.bucket)
    src = Path(args.src)
    files = [src] if src.is_file() else [p for p in src.rglob("*") if p.is_file()]
    prefix = args.prefix.rstrip("/") + "/" if args.prefix else ""
    ok = 0
    for f in files:
        key = prefix + (f.name if src.is_file() else f.relative_to(src).as_posix())
        try:
            oss2.resumable_upload(bucket, key, str(f))
            ok += 1
            if args.public:
                print(f"https://{args.bucket}.{args.endpoint.split('://')[-1]}/{key}")
        except oss2.exceptions.OssError as e:
            print(f"[失败] {f}: {e.code}", file=sys.stderr)
            report_issue(e, args.endpoint)
    print(f"完成：{ok}/{len(files)}")


if __name__ == "__main__":
    main()
