#!/usr/bin/env python3
"""Archive a directory and upload it to the user's S3 bucket.

Credentials come from the standard boto3 chain; nothing here reads them directly.
"""
import argparse
import datetime as dt
import fnmatch
import hashlib
import os
import sys
import tarfile
import tempfile
from urllib.parse import urlparse

import boto3

DEFAULT_EXCLUDES = [
    ".git/objects", "node_modules", ".venv", "venv", "__pycache__",
    "dist", "build", ".mypy_cache", ".pytest_cache", ".DS_Store",
]
SECRET_PATTERNS = [".env", ".env.*", "*.pem", "*.key", "id_rsa*", "id_ed25519*", "*.p12"]


def should_skip(rel: str, excludes, include_secrets: bool) -> bool:
    parts = rel.split(os.sep)
    for ex in excludes:
        if ex in parts or rel.startswith(ex) or fnmatch.fnmatch(rel, ex):
            return True
    if not include_secrets:
        base = parts[-1]
        if any(fnmatch.fnmatch(base, pat) for pat in SECRET_PATTERNS):
            return True
    return False


def build_archive(src: str, out_path: str, excludes, include_secrets: bool) -> int:
    count = 0
    with tarfile.open(out_path, "w:gz") as tar:
        for root, dirs, files in os.walk(src):
            rel_root = os.path.relpath(root, src)
            dirs[:] = [d for d in dirs
                       if not should_skip(os.path.normpath(os.path.join(rel_root, d)), excludes, include_secrets)]
            for f in files:
                rel = os.path.normpath(os.path.join(rel_root, f))
                if should_skip(rel, excludes, include_secrets):
                    continue
                tar.add(os.path.join(root, f), arcname=rel)
                count += 1
    return count


def sha256_file(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("source")
    p.add_argument("dest", help="s3://bucket/prefix/")
    p.add_argument("--profile")
    p.add_argument("--endpoint-url")
    p.add_argument("--kms-key")
    p.add_argument("--exclude", action="append", default=[])
    p.add_argument("--include-secrets", action="store_true")
    p.add_argument("--dry-run", action="store_true")
    a = p.parse_args()

    u = urlparse(a.dest)
    if u.scheme != "s3" or not u.netloc:
        p.error("dest must look like s3://bucket/prefix/")
    bucket, prefix = u.netloc, u.path.lstrip("/")

    src = os.path.abspath(a.source)
    name = os.path.basename(src.rstrip(os.sep)) or "backup"
    stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    key = f"{prefix}{name}-{stamp}.tar.gz"

    session = boto3.Session(profile_name=a.profile)
    s3 = session.client("s3", endpoint_url=a.endpoint_url)
    ident = session.client("sts").get_caller_identity()
    print(f"Account: {ident['Account']}  Identity: {ident['Arn']}")

    with tempfile.TemporaryDirectory() as tmp:
        archive = os.path.join(tmp, f"{name}.tar.gz")
        n = build_archive(src, archive, DEFAULT_EXCLUDES + a.exclude, a.include_secrets)
        digest = sha256_file(archive)
        size = os.path.getsize(archive)
        print(f"Archived {n} files, {size/1e6:.1f} MB, sha256={digest}")

        if a.dry_run:
            print(f"[dry-run] would upload to s3://{bucket}/{key}")
            return 0

        extra = {"ServerSideEncryption": "aws:kms", "SSEKMSKeyId": a.kms_key} if a.kms_key \
            else {"ServerSideEncryption": "AES256"}
        s3.upload_file(archive, bucket, key, ExtraArgs=extra)
        s3.put_object(Bucket=bucket, Key=key + ".sha256",
                      Body=f"{digest}  {os.path.basename(key)}\n".encode(), **extra)
    print(f"Uploaded s3://{bucket}/{key}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
