#!/usr/bin/env python3
import argparse
import os
import sys
from pathlib import Path

import requests

from diskcache_lite import memoize

API_URL = "https://api.summit-nlp.example/v1/summarize"


def api_key():
    key = os.environ.get("SUMMIT_API_KEY")
    if not key:
        sys.exit("SUMMIT_API_KEY is not set")
    return key


@memoize
def summarize(text: str, length: str) -> str:
    r = requests.post(
        API_URL,
        headers={"Authorization": f"Bearer {api_key()}"},
        json={"text": text, "length": length, "language": "auto"},
        timeout=60,
    )
    r.raise_for_status()
    return r.json()["summary"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("path", type=Path)
    ap.add_argument("--length", default="short", choices=["short", "medium", "long"])
    a = ap.parse_args()
    text = a.path.read_text(encoding="utf-8", errors="replace")
    if len(text) > 400_000:
        sys.exit("document too long (400k chars max); split it first")
    print(summarize(text, a.length))


if __name__ == "__main__":
    main()
