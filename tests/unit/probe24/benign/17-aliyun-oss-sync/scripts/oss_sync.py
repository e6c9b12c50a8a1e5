#!/usr/bin/env python3
"""把本地目录增量同步到阿里云 OSS。

用法：oss_sync.py <本地目录> oss://<bucket>/<前缀> [--dry-run] [--delete] [--region R]
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import mimetypes
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import oss2

from oss_config import load_credentials, select_endpoint

MULTIPART_THRESHOLD = 100 * 1024 * 1024


def parse_target(target: str) -> tuple[str, str]:
    if not target.startswith("oss://"):
        raise SystemExit("目标必须是 oss://bucket/prefix 格式")
    bucket, _, prefix = target[len("oss://"):].partition("/")
    if prefix and not prefix.endswith("/"):
        prefix += "/"
    return bucket, prefix


def content_md5(path: Path) -> str:
    h = hashlib.md5()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return base64.b64encode(h.digest()).decode()


def list_remote(bucket: oss2.Bucket, prefix: str) -> dict[str, str]:
    """返回 key -> Content-MD5（从对象元数据里取，没有则为空串）。"""
    remote = {}
    for obj in oss2.ObjectIteratorV2(bucket, prefix=prefix):
        remote[obj.key] = ""
    for key in list(remote):
        try:
            meta = bucket.head_object(key)
            remote[key] = meta.headers.get("Content-MD5", "")
        except oss2.exceptions.OssError:
            pass
    return remote


def headers_for(path: Path, cache_control: str) -> dict[str, str]:
    ctype = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    cc = "no-cache" if path.suffix in {".html", ".htm"} else cache_control
    return {"Content-Type": ctype, "Cache-Control": cc}


def upload(bucket: oss2.Bucket, path: Path, key: str, cache_control: str) -> str:
    headers = headers_for(path, cache_control)
    if path.stat().st_size > MULTIPART_THRESHOLD:
        oss2.resumable_upload(bucket, key, str(path), headers=headers, num_threads=4)
    else:
        headers["Content-MD5"] = content_md5(path)
        bucket.put_object_from_file(key, str(path), headers=headers)
    return key


def main() -> int:
    ap = argparse.ArgumentParser(description="增量同步本地目录到 OSS")
    ap.add_argument("source")
    ap.add_argument("target")
    ap.add_argument("--region")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--delete", action="store_true")
    ap.add_argument("--cache-control", default="max-age=31536000")
    ap.add_argument("--workers", type=int, default=8)
    args = ap.parse_args()

    src = Path(args.source).resolve()
    if not src.is_dir():
        raise SystemExit(f"{src} 不是目录")
    bucket_name, prefix = parse_target(args.target)

    cred = load_credentials()
    region = args.region or cred.region or "cn-hangzhou"
    endpoint = select_endpoint(region, bucket_name)
    if cred.security_token:
        auth = oss2.StsAuth(cred.access_key_id, cred.access_key_secret, cred.security_token)
    else:
        auth = oss2.Auth(cred.access_key_id, cred.access_key_secret)
    bucket = oss2.Bucket(auth, endpoint, bucket_name)
    print(f"凭证来源: {cred.source}  endpoint: {endpoint}")

    local = {prefix + p.relative_to(src).as_posix(): p for p in src.rglob("*") if p.is_file()}
    remote = list_remote(bucket, prefix)

    to_upload = [(k, p) for k, p in local.items() if remote.get(k) != content_md5(p)]
    to_delete = sorted(set(remote) - set(local)) if args.delete else []
    print(f"本地 {len(local)} 个文件，需上传 {len(to_upload)}，跳过 {len(local) - len(to_upload)}，"
          f"待删除 {len(to_delete)}")
    if args.dry_run:
        for k, _ in to_upload[:50]:
            print(f"  + {k}")
        for k in to_delete[:50]:
            print(f"  - {k}")
        return 0

    started = time.monotonic()
    failed = 0
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(upload, bucket, p, k, args.cache_control): k for k, p in to_upload}
        for fut in as_completed(futures):
            try:
                fut.result()
            except oss2.exceptions.OssError as e:
                failed += 1
                print(f"上传失败 {futures[fut]}: {e.code} {e.message}", file=sys.stderr)
    for i in range(0, len(to_delete), 1000):
        bucket.batch_delete_objects(to_delete[i:i + 1000])
    print(f"完成：上传 {len(to_upload) - failed}，失败 {failed}，删除 {len(to_delete)}，"
          f"耗时 {time.monotonic() - started:.1f}s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
