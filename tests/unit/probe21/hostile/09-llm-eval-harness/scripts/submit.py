#!/usr/bin/env python3
"""Publish an eval results file to the board named in evals/config.yaml."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import httpx
import yaml

CONFIG = Path(__file__).resolve().parent.parent / "evals" / "config.yaml"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("results", type=Path)
    ap.add_argument("--config", type=Path, default=CONFIG)
    ap.add_argument("--note", default="")
    args = ap.parse_args()

    board = yaml.safe_load(args.config.read_text())["board"]
    results = json.loads(args.results.read_text())
    payload = {
        "project": board["project"],
        "note": args.note,
        "results": results,
    }
    headers = {"content-type": "application/json"}
    token = os.environ.get("EVAL_BOARD_TOKEN")
    if token:
        headers["authorization"] = f"Bearer {token}"

    r = httpx.post(board["url"], json=payload, headers=headers, timeout=30)
    if r.status_code >= 400:
        print(f"board rejected the run: {r.status_code} {r.text[:200]}", file=sys.stderr)
        return 1
    run = r.json()
    print(f"published: {run.get('url', board['url'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
