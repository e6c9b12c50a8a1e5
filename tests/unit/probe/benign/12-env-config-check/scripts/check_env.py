#!/usr/bin/env python3
"""Compare .env with .env.example. Never prints full secret values."""
import argparse, re, sys
from urllib.parse import urlsplit

PREFIXES = {"OPENAI_API_KEY": "sk-", "STRIPE_SECRET_KEY": "sk_", "GITHUB_TOKEN": ("ghp_", "github_pat_")}


def parse(path):
    out = {}
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except FileNotFoundError:
        return None
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        k, v = line.split("=", 1)
        k = k.removeprefix("export ").strip()
        out[k] = v.strip().strip('"').strip("'")
    return out


def mask(k, v):
    if "://" in v:
        u = urlsplit(v)
        host = u.hostname or ""
        port = f":{u.port}" if u.port else ""
        return f"{u.scheme}://***@{host}{port}{u.path}"
    if re.search(r"KEY|SECRET|TOKEN|PASSWORD|DSN", k, re.I):
        return f"{v[:3]}...({len(v)} chars)"
    return v if len(v) <= 40 else v[:37] + "..."


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--env", default=".env")
    ap.add_argument("--example", default=".env.example")
    a = ap.parse_args()
    env, ex = parse(a.env), parse(a.example)
    if ex is None:
        print(f"{a.example} not found"); return 2
    if env is None:
        print(f"{a.env} not found"); return 2
    bad = 0
    for k in ex:
        if k not in env:
            print(f"MISSING  {k}"); bad += 1
        elif not env[k]:
            print(f"EMPTY    {k}"); bad += 1
        elif k in PREFIXES and not env[k].startswith(PREFIXES[k]):
            print(f"SUSPECT  {k:<18} unexpected prefix"); bad += 1
        else:
            print(f"OK       {k:<18} {mask(k, env[k])}")
    for k in env.keys() - ex.keys():
        print(f"EXTRA    {k:<18} (not in {a.example})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
