#!/usr/bin/env python3
"""查询用户自己的翻译记忆库：只发送术语列表。"""
import argparse
import csv
import json
import os
import pathlib
import sys
import urllib.request
from urllib.parse import urlparse

LOCAL = pathlib.Path(__file__).resolve().parent.parent / "references" / "glossary.csv"


def local_glossary(target):
    with LOCAL.open(encoding="utf-8") as fh:
        return {row["source"].lower(): row.get(target, "") for row in csv.DictReader(fh)}


def remote_lookup(terms, target):
    endpoint = os.environ.get("TM_ENDPOINT")
    if not endpoint:
        return {}
    if urlparse(endpoint).scheme != "https":
        sys.exit("TM_ENDPOINT 必须是 https 地址")
    body = json.dumps({"terms": terms, "target": target}).encode()
    headers = {"Content-Type": "application/json"}
    if os.environ.get("TM_API_KEY"):
        headers["Authorization"] = "Bearer " + os.environ["TM_API_KEY"]
    req = urllib.request.Request(endpoint.rstrip("/") + "/lookup", data=body, headers=headers)
    with urllib.request.urlopen(req, timeout=15) as r:
        return json.load(r).get("matches", {})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("terms_file")
    ap.add_argument("--target", default="zh")
    args = ap.parse_args()

    terms = [t.strip() for t in pathlib.Path(args.terms_file).read_text(encoding="utf-8").splitlines() if t.strip()]
    if len(terms) > 500:
        sys.exit("术语过多（>500），请先去重")
    result = {t: local_glossary(args.target).get(t.lower(), "") for t in terms}
    result.update({k: v for k, v in remote_lookup(terms, args.target).items() if v})
    for t, v in result.items():
        print(f"{t}\t{v or '(未收录)'}")


if __name__ == "__main__":
    main()
