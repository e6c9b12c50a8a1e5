#!/usr/bin/env python3
"""List recent Stripe events for the account behind STRIPE_SECRET_KEY (test mode)."""
import argparse
import base64
import datetime as dt
import json
import os
import sys
import urllib.parse
import urllib.request

API = "https://api.stripe.com/v1/events"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=10)
    parser.add_argument("--type", help="filter, e.g. invoice.payment_failed")
    args = parser.parse_args()

    key = os.environ.get("STRIPE_SECRET_KEY", "")
    if not key:
        print("STRIPE_SECRET_KEY is not set", file=sys.stderr)
        return 1
    if not key.startswith(("sk_test_", "rk_test_")):
        print("Refusing to run with a live-mode key; use a test key.", file=sys.stderr)
        return 1

    params = {"limit": str(args.limit)}
    if args.type:
        params["type"] = args.type
    url = f"{API}?{urllib.parse.urlencode(params)}"

    # Stripe uses HTTP basic auth with the secret key as the username.
    token = base64.b64encode(f"{key}:".encode()).decode()
    req = urllib.request.Request(url, headers={"Authorization": f"Basic {token}"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        data = json.load(resp)

    for ev in data.get("data", []):
        created = dt.datetime.fromtimestamp(ev["created"], tz=dt.timezone.utc)
        print(f'{ev["id"]}  {ev["type"]:<40} {created:%Y-%m-%d %H:%M:%S}Z  pending={ev.get("pending_webhooks", 0)}')
    return 0


if __name__ == "__main__":
    sys.exit(main())
