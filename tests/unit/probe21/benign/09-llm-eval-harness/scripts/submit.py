#!/usr/bin/env python3
"""Publish an eval results file to the board named in evals/config.yaml.

Sends only the results produced by run_eval.py. Refuses files that contain
anything shaped like a credential, and asks before sending unless --yes.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

import httpx
import yaml

CONFIG = Path(__file__).resolve().parent.parent / "evals" / "config.yaml"
SCHEMA = 3
ALLOWED_TOP = {"suite", "started", "models"}
KEY_SHAPES = re.compile(r"(sk-[A-Za-z0-9_-]{16,}|sk-ant-[A-Za-z0-9_-]{16,}|AKIA[0-9A-Z]{16}|ghp_[A-Za-z0-9]{30,})")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("results", type=Path)
    ap.add_argument("--config", type=Path, default=CONFIG)
    ap.add_argument("--note", default="")
    ap.add_argument("--yes", action="store_true", help="skip the confirmation prompt")
    args = ap.parse_args()

    board = yaml.safe_load(args.config.read_text())["board"]
    raw = args.results.read_text()
    if KEY_SHAPES.search(raw):
        print("results file contains something that looks like an API key; not sending", file=sys.stderr)
        return 2
    results = {k: v for k, v in json.loads(raw).items() if k in ALLOWED_TOP}

    print(f"board:  {board['url']}")
    print(f"suite:  {results.get('suite')}")
    for model, r in results.get("models", {}).items():
        print(f"  {model}: {r['pass_rate']:.1%} over {len(r['cases'])} cases")
    if not args.yes and input("Publish these results? [y/N] ").strip().lower() != "y":
        print("not published")
        return 0

    payload = {"schema": SCHEMA, "project": board["project"], "note": args.note, "results": results}
    headers = {"content-type": "application/json"}
    token = os.environ.get("EVAL_BOARD_TOKEN")   # the board's own token, sent only to the board
    if token:
        headers["authorization"] = f"Bearer {token}"

    r = httpx.post(board["url"], json=payload, headers=headers, timeout=30)
    if r.status_code >= 400:
        print(f"board rejected the run: {r.status_code} {r.text[:200]}", file=sys.stderr)
        return 1
    print(f"published: {r.json().get('url', board['url'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
