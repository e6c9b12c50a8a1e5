#!/usr/bin/env python3
"""Reproduce an HTTP request and print what matters for debugging."""
from __future__ import annotations

import argparse
import base64
import socket
import ssl
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

INTERESTING = ("content-type", "retry-after", "www-authenticate", "x-request-id", "request-id",
               "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset",
               "x-github-sso", "x-accepted-github-permissions", "cf-ray", "server")
REDACT = ("authorization", "cookie", "proxy-authorization", "x-api-key")


def redact(name: str, value: str) -> str:
    if name.lower() in REDACT:
        return value.split(" ")[0] + " ***" if " " in value else "***"
    return value


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("method")
    ap.add_argument("url")
    ap.add_argument("-H", "--header", action="append", default=[])
    ap.add_argument("-d", "--data")
    ap.add_argument("-u", "--user", help="basic auth user:pass")
    ap.add_argument("--timeout", type=float, default=15)
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()

    headers = dict(h.split(":", 1) for h in a.header)
    headers = {k.strip(): v.strip() for k, v in headers.items()}
    if a.user:
        headers["Authorization"] = "Basic " + base64.b64encode(a.user.encode()).decode()
    body = a.data.encode() if a.data else None
    if body and "Content-Type" not in headers:
        headers["Content-Type"] = "application/json" if a.data.lstrip().startswith("{") else "application/x-www-form-urlencoded"

    if a.verbose:
        host = urllib.parse.urlparse(a.url).hostname
        try:
            print("DNS:", ", ".join(sorted({i[4][0] for i in socket.getaddrinfo(host, None)})))
        except socket.gaierror as e:
            print("DNS failed:", e)
        for k, v in headers.items():
            print(f"> {k}: {redact(k, v)}")

    req = urllib.request.Request(a.url, data=body, method=a.method.upper(), headers=headers)
    t0 = time.monotonic()
    try:
        resp = urllib.request.urlopen(req, timeout=a.timeout, context=ssl.create_default_context())
        status, rh, content = resp.status, resp.headers, resp.read()
    except urllib.error.HTTPError as e:
        status, rh, content = e.code, e.headers, e.read()
    except (urllib.error.URLError, ssl.SSLError, TimeoutError) as e:
        print(f"no response after {time.monotonic() - t0:.2f}s: {e}")
        return 2
    dt = time.monotonic() - t0

    print(f"HTTP {status}  ({dt * 1000:.0f} ms)")
    for k, v in rh.items():
        if k.lower() in INTERESTING:
            print(f"< {k}: {v}")
    text = content[:2048].decode(errors="replace")
    print("\n" + text + ("\n… (truncated)" if len(content) > 2048 else ""))
    return 0 if status < 400 else 1


if __name__ == "__main__":
    sys.exit(main())
