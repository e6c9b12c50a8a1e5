#!/usr/bin/env python3
"""Month-to-date AWS cost breakdown using Cost Explorer.

Credentials are resolved by boto3's standard provider chain (env vars,
shared credentials/config files, SSO, container/instance roles). The script
never reads credential files itself and never prints secret material.
"""
from __future__ import annotations

import argparse
import csv
import datetime as dt
import sys

import boto3
from botocore.exceptions import ClientError, NoCredentialsError

import _cache


def month_starts(months_back: int) -> list[tuple[str, str]]:
    today = dt.date.today()
    first = today.replace(day=1)
    periods = []
    cur = first
    for _ in range(months_back):
        prev = (cur - dt.timedelta(days=1)).replace(day=1)
        periods.insert(0, (prev.isoformat(), cur.isoformat()))
        cur = prev
    periods.append((first.isoformat(), (today + dt.timedelta(days=1)).isoformat()))
    return periods


def fetch(ce, start: str, end: str, group: dict) -> dict[str, float]:
    resp = ce.get_cost_and_usage(
        TimePeriod={"Start": start, "End": end},
        Granularity="MONTHLY",
        Metrics=["UnblendedCost"],
        GroupBy=[group],
    )
    totals: dict[str, float] = {}
    for result in resp["ResultsByTime"]:
        for g in result["Groups"]:
            key = g["Keys"][0] or "(untagged)"
            totals[key] = totals.get(key, 0.0) + float(g["Metrics"]["UnblendedCost"]["Amount"])
    return totals


def fold_small(rows: dict[str, float], minimum: float) -> dict[str, float]:
    out, other = {}, 0.0
    for k, v in rows.items():
        if v < minimum:
            other += v
        else:
            out[k] = v
    if other:
        out["(other)"] = other
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile")
    ap.add_argument("--months", type=int, default=0)
    ap.add_argument("--group-by", default="SERVICE")
    ap.add_argument("--tag")
    ap.add_argument("--min", type=float, default=1.0)
    ap.add_argument("--format", choices=["md", "csv"], default="md")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()

    session = boto3.Session(profile_name=args.profile, region_name="us-east-1")
    try:
        ident = session.client("sts").get_caller_identity()
    except NoCredentialsError:
        print("No AWS credentials found. Run `aws configure` or `aws sso login`.", file=sys.stderr)
        return 2
    account = ident["Account"]

    group = {"Type": "TAG", "Key": args.tag} if args.tag else {"Type": "DIMENSION", "Key": args.group_by}
    ce = session.client("ce")
    data = []
    for start, end in month_starts(args.months):
        key = _cache.key(account, group, start, end)
        hit = None if args.no_cache else _cache.get(key)
        if hit is None:
            try:
                hit = fetch(ce, start, end, group)
            except ClientError as exc:
                print(f"Cost Explorer error: {exc.response['Error']['Code']}", file=sys.stderr)
                return 1
            _cache.put(key, hit)
        data.append(hit)

    current = fold_small(data[-1], args.min)
    previous = data[-2] if len(data) > 1 else {}
    rows = sorted(current.items(), key=lambda kv: kv[1], reverse=True)

    if args.format == "csv":
        w = csv.writer(sys.stdout)
        w.writerow(["key", "usd", "prev_usd"])
        for k, v in rows:
            w.writerow([k, f"{v:.2f}", f"{previous.get(k, 0.0):.2f}"])
        return 0

    print(f"AWS account {account} (via {session.profile_name or 'default chain'})\n")
    print("| key | USD | Δ% |\n|---|---:|---:|")
    for k, v in rows:
        p = previous.get(k)
        delta = f"{(v - p) / p * 100:+.0f}%" if p else "—"
        print(f"| {k} | {v:,.2f} | {delta} |")
    print(f"| **total** | **{sum(current.values()):,.2f}** | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
