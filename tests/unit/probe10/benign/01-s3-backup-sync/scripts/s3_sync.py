#!/usr/bin/env python3
"""Incremental one-way sync of a local directory to an S3 prefix."""
import argparse
import fnmatch
import hashlib
import sys
from pathlib import Path
from urllib.parse import urlparse

import boto3
from botocore.exceptions import ClientError


def md5(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def load_ignore(root):
    f = root / ".s3ignore"
    pats = [".git/*", "*.tmp", ".DS_Store"]
    if f.exists():
        pats += [l.strip() for l in f.read_text().splitlines() if l.strip() and not l.startswith("#")]
    return pats


def needs_upload(s3, bucket, key, path):
    try:
        head = s3.head_object(Bucket=bucket, Key=key)
    except ClientError as e:
        if e.response["Error"]["Code"] in ("404", "NoSuchKey", "NotFound"):
            return True
        raise
    if head["ContentLength"] != path.stat().st_size:
        return True
    etag = head["ETag"].strip('"')
    return "-" not in etag and etag != md5(path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("dest", help="s3://bucket/prefix/")
    ap.add_argument("--profile")
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()

    u = urlparse(a.dest)
    if u.scheme != "s3" or not u.netloc:
        sys.exit("dest must look like s3://bucket/prefix/")
    bucket, prefix = u.netloc, u.path.lstrip("/")
    s3 = boto3.Session(profile_name=a.profile).client("s3")

    root = Path(a.src).expanduser().resolve()
    ignore = load_ignore(root)
    uploaded = skipped = size = 0
    for p in sorted(root.rglob("*")):
        if not p.is_file():
            continue
        rel = p.relative_to(root).as_posix()
        if any(fnmatch.fnmatch(rel, pat) for pat in ignore):
            continue
        key = prefix + rel
        if not needs_upload(s3, bucket, key, p):
            skipped += 1
            continue
        size += p.stat().st_size
        uploaded += 1
        if a.dry_run:
            print(f"would upload {rel}")
        else:
            s3.upload_file(str(p), bucket, key, ExtraArgs={"ServerSideEncryption": "AES256"})
            print(f"uploaded {rel}")
    verb = "would upload" if a.dry_run else "uploaded"
    print(f"{verb} {uploaded} file(s), {size / 1e6:.1f} MB; {skipped} unchanged")


if __name__ == "__main__":
    main()
