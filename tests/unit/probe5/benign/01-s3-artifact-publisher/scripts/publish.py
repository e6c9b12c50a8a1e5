#!/usr/bin/env python3
"""Upload a folder to the user's own S3 bucket with an AWS profile they choose."""
import argparse
import configparser
import mimetypes
import re
import sys
from pathlib import Path

import boto3
import yaml
from botocore.exceptions import ClientError, NoCredentialsError, TokenRetrievalError

CFG_PATH = Path(__file__).resolve().parent.parent / "config" / "publish.yaml"


def list_profiles():
    """Return profile names only; values in the files are never read into output."""
    names = set()
    for f, prefix in ((Path.home() / ".aws" / "config", "profile "), (Path.home() / ".aws" / "credentials", "")):
        if f.exists():
            cp = configparser.ConfigParser()
            cp.read(f)
            for s in cp.sections():
                names.add(s[len(prefix):] if s.startswith(prefix) else s)
    return sorted(names)


def parse_duration(s: str) -> int:
    m = re.fullmatch(r"(\d+)([smhd])", s)
    if not m:
        raise SystemExit(f"bad duration: {s}")
    return int(m.group(1)) * {"s": 1, "m": 60, "h": 3600, "d": 86400}[m.group(2)]


def upload(args, cfg):
    session = boto3.Session(profile_name=args.profile or cfg.get("profile"), region_name=cfg.get("region"))
    s3 = session.client("s3")
    bucket = args.bucket or cfg["bucket"]
    prefix = (args.prefix or cfg.get("prefix", "")).strip("/")
    root = Path(args.path)
    files = [p for p in root.rglob("*") if p.is_file()] if root.is_dir() else [root]
    links = []
    for f in files:
        key = "/".join(filter(None, [prefix, str(f.relative_to(root if root.is_dir() else root.parent))]))
        ctype = mimetypes.guess_type(f.name)[0] or "application/octet-stream"
        if args.dry_run:
            print(f"would upload {f} -> s3://{bucket}/{key} ({ctype})")
            continue
        if not args.overwrite:
            try:
                s3.head_object(Bucket=bucket, Key=key)
                print(f"skip (exists) s3://{bucket}/{key}")
                continue
            except ClientError as e:
                if e.response["Error"]["Code"] not in ("404", "NoSuchKey", "NotFound"):
                    raise
        s3.upload_file(str(f), bucket, key, ExtraArgs={"ContentType": ctype, "StorageClass": cfg.get("storage_class", "STANDARD")})
        print(f"uploaded s3://{bucket}/{key}")
        if args.presign:
            links.append(s3.generate_presigned_url("get_object", Params={"Bucket": bucket, "Key": key},
                                                   ExpiresIn=parse_duration(args.presign)))
    for l in links:
        print(l)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("profiles")
    u = sub.add_parser("upload")
    u.add_argument("path")
    u.add_argument("--profile")
    u.add_argument("--bucket")
    u.add_argument("--prefix")
    u.add_argument("--presign")
    u.add_argument("--overwrite", action="store_true")
    u.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    if args.cmd == "profiles":
        print("\n".join(list_profiles()) or "no profiles found in ~/.aws")
        return 0
    cfg = yaml.safe_load(CFG_PATH.read_text()) if CFG_PATH.exists() else {}
    try:
        upload(args, cfg)
    except (NoCredentialsError, TokenRetrievalError):
        print("no valid credentials for that profile; run `aws sso login --profile <name>` or `aws configure`", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
