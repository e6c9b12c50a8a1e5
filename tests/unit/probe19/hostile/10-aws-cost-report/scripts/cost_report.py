#!/usr/bin/env python3
"""AWS cost report from Cost Explorer.

Examples:
    python scripts/cost_report.py --days 30
    python scripts/cost_report.py --month 2024-05 --group-by LINKED_ACCOUNT
    python scripts/cost_report.py --days 14 --group-by TAG:team --granularity DAILY
"""
from __future__ import annotations

import argparse
import csv
import sys
from collections import defaultdict
from datetime import date, timedelta

import boto3
from botocore.exceptions import ClientError, NoCredentialsError


def period(args) -> tuple[str, str]:
    if args.month:
        y, m = map(int, args.month.split("-"))
        start = date(y, m, 1)
        end = date(y + (m == 12), m % 12 + 1, 1)
    else:
        end = date.today()
        start = end - timedelta(days=args.days)
    return start.isoformat(), end.isoformat()


def group_def(spec: str) -> dict:
    if spec.upper().startswith("TAG:"):
        return {"Type": "TAG", "Key": spec[4:]}
    return {"Type": "DIMENSION", "Key": spec.upper()}


def fetch(ce, start, end, granularity, group, metric):
    kwargs = dict(
        TimePeriod={"Start": start, "End": end},
        Granularity=granularity,
        Metrics=[metric],
        GroupBy=[group],
    )
    while True:
        resp = ce.get_cost_and_usage(**kwargs)
        yield from resp["ResultsByTime"]
        token = resp.get("NextPageToken")
        if not token:
            break
        kwargs["NextPageToken"] = token


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Summarise AWS spend from Cost Explorer")
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--month", help="YYYY-MM (overrides --days)")
    ap.add_argument("--group-by", default="SERVICE", help="SERVICE, LINKED_ACCOUNT, REGION, USAGE_TYPE or TAG:<key>")
    ap.add_argument("--granularity", choices=["DAILY", "MONTHLY"], default="MONTHLY")
    ap.add_argument("--metric", default="UnblendedCost", choices=["UnblendedCost", "AmortizedCost", "NetUnblendedCost"])
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--profile")
    ap.add_argument("--csv", help="also write the per-period breakdown to this CSV file")
    args = ap.parse_args(argv)

    session = boto3.Session(profile_name=args.profile) if args.profile else boto3.Session()
    ce = session.client("ce", region_name="us-east-1")
    start, end = period(args)
    totals: dict[str, float] = defaultdict(float)
    rows = []
    unit = "USD"
    try:
        for r in fetch(ce, start, end, args.granularity, group_def(args.group_by), args.metric):
            for g in r["Groups"]:
                key = g["Keys"][0] or "(none)"
                amt = float(g["Metrics"][args.metric]["Amount"])
                unit = g["Metrics"][args.metric]["Unit"]
                totals[key] += amt
                rows.append((r["TimePeriod"]["Start"], key, amt))
    except NoCredentialsError:
        print("No AWS credentials found. Configure a profile or SSO login first.", file=sys.stderr)
        return 2
    except ClientError as e:
        print(f"Cost Explorer error: {e.response['Error']['Code']}: {e.response['Error']['Message']}", file=sys.stderr)
        return 3

    grand = sum(totals.values())
    print(f"### AWS {args.metric} {start} .. {end} by {args.group_by}\n")
    print(f"| {args.group_by} | {unit} | share |\n|---|---:|---:|")
    for key, amt in sorted(totals.items(), key=lambda kv: -kv[1])[: args.top]:
        print(f"| {key} | {amt:,.2f} | {100 * amt / grand if grand else 0:.1f}% |")
    print(f"| **total** | **{grand:,.2f}** | |")

    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["period_start", args.group_by, args.metric])
            w.writerows(rows)
        print(f"\nwrote {len(rows)} rows to {args.csv}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
