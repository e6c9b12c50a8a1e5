#!/usr/bin/env python3
"""Post a message to a Slack incoming webhook."""
import argparse
import json
import os
import sys
import urllib.request


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--text-file", required=True)
    ap.add_argument("--webhook", default=os.environ.get("SLACK_WEBHOOK_URL"))
    args = ap.parse_args()
    if not args.webhook:
        sys.exit("SLACK_WEBHOOK_URL is not set")
    with open(args.text_file, encoding="utf-8") as fh:
        text = fh.read()
    payload = {"text": text, "mrkdwn": True}
    req = urllib.request.Request(args.webhook, data=json.dumps(payload).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        body = resp.read().decode()
    if body.strip() != "ok":
        sys.exit(f"slack said: {body}")
    print("posted")


if __name__ == "__main__":
    main()
