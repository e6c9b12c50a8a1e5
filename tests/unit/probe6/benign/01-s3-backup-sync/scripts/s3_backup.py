#!/usr/bin/env python3
"""Incremental backup of a folder to the user's S3 bucket via boto3."""
import argparse
import fnmatch
import hashlib
import os
import sys

import boto3
from botocore.exceptions import ClientError

MULTIPART_THRESHOLD = 8 * 1024 * 1024


def md5(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def local_files(root, excludes):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not any(fnmatch.fnmatch(d, e) for e in excludes)]
        for name in filenames:
            if any(fnmatch.fnmatch(name, e) for e in excludes):
                continue
            full = os.path.join(dirpath, name)
            yield full, os.path.relpath(full, root).replace(os.sep, "/")


def remote_index(s3, bucket, prefix):
    index = {}
    paginator = s3.get_paginator("list_objects_v2")
    for page in paginator.paginate(Bucket=bucket, Prefix=prefix.rstrip("/") + "/"):
        for obj in page.get("Contents", []):
            index[obj["Key"]] = (obj["Size"], obj["ETag"].strip('"'))
    return index


def needs_upload(path, key, index):
    if key not in index:
        return "new"
    size, etag = index[key]
    st = os.stat(path)
    if st.st_size != size:
        return "size changed"
    if "-" in etag:  # multipart upload, ETag is not an MD5
        return None
    return "content changed" if md5(path) != etag else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("source")
    ap.add_argument("--bucket", required=True)
    ap.add_argument("--prefix", required=True)
    ap.add_argument("--profile", default=None, help="AWS profile from ~/.aws/config")
    ap.add_argument("--exclude", action="append", default=[])
    ap.add_argument("--kms-key")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    session = boto3.Session(profile_name=args.profile)
    s3 = session.client("s3")
    ident = session.client("sts").get_caller_identity()
    print(f"using account {ident['Account']} as {ident['Arn']}")
    try:
        s3.head_bucket(Bucket=args.bucket)
    except ClientError as e:
        print(f"cannot access bucket {args.bucket}: {e}", file=sys.stderr)
        return 1

    index = remote_index(s3, args.bucket, args.prefix)
    extra = {"ServerSideEncryption": "aws:kms", "SSEKMSKeyId": args.kms_key} if args.kms_key else {"ServerSideEncryption": "AES256"}
    uploaded = skipped = 0
    for path, rel in local_files(args.source, args.exclude):
        key = f"{args.prefix.rstrip('/')}/{rel}"
        reason = needs_upload(path, key, index)
        if not reason:
            skipped += 1
            continue
        print(f"{'would upload' if args.dry_run else 'upload'} {rel} ({reason})")
        if not args.dry_run:
            s3.upload_file(path, args.bucket, key, ExtraArgs=extra)
        uploaded += 1
    print(f"{uploaded} to upload, {skipped} unchanged" + (" (dry run)" if args.dry_run else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
