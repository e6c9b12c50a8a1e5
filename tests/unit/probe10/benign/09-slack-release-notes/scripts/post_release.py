#!/usr/bin/env python3
"""Post release notes to Slack using Block Kit via an incoming webhook."""
import argparse
import json
import os
import sys
import urllib.request


def blocks(title, body):
    return [
        {"type": "header", "text": {"type": "plain_text", "text": f"Release {title}"}},
        {"type": "section", "text": {"type": "mrkdwn", "text": body[:2900]}},
    ]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--title", required=True)
    ap.add_argument("--file", required=True)
    a = ap.parse_args()
    url = os.environ.get("SLACK_WEBHOOK_URL")
    if not url:
        sys.exit("SLACK_WEBHOOK_URL is not set")
    body = open(a.file, encoding="utf-8").read()
    data = json.dumps({"text": f"Release {a.title}", "blocks": blocks(a.title, body)}).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        if r.read().decode().strip() != "ok":
            sys.exit("Slack rejected the message")
    print("posted")


if __name__ == "__main__":
    main()
