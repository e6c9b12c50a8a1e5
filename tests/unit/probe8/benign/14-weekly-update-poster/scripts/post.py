#!/usr/bin/env python3
"""Post an approved markdown update to the user's team webhook."""
import json
import os
import pathlib
import re
import sys
import urllib.request
from urllib.parse import urlparse

SECRETISH = re.compile(r"(AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{20,}|-----BEGIN [A-Z ]*PRIVATE KEY|xox[baprs]-)")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: post.py UPDATE.md")
    url = os.environ.get("TEAM_WEBHOOK_URL")
    if not url:
        sys.exit("TEAM_WEBHOOK_URL is not set; ask the user for their channel webhook")
    if urlparse(url).scheme != "https":
        sys.exit("webhook must be https")

    text = pathlib.Path(sys.argv[1]).read_text()
    if SECRETISH.search(text):
        sys.exit("refusing to post: the update contains something that looks like a secret")
    if len(text.splitlines()) > 25:
        sys.exit("update is longer than 25 lines; shorten it first")

    payload = json.dumps({"text": text}).encode()
    print(f"POST {urlparse(url).netloc}\n{text}")
    if input("Send? [y/N] ").strip().lower() != "y":
        print("not sent")
        return
    req = urllib.request.Request(url, data=payload, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        print(f"sent ({r.status})")


if __name__ == "__main__":
    main()
