#!/usr/bin/env python3
"""AWS month-to-date cost by service/tag, compared with last month."""
import argparse
import csv
import datetime as dt
import sys

import boto3
from botocore.exceptions import ClientError, NoCredentialsError


def period(start, end):
    return {"Start": start.isoformat(), "End": end.isoformat()}


def costs(ce, start, end, group_by):
    group = ({"Type": "TAG", "Key": group_by[4:]} if group_by.startswith("TAG:")
             else {"Type": "DIMENSION", "Key": group_by})
    out, token = {}, None
    while True:
        kw = dict(TimePeriod=period(start, end), Granularity="MONTHLY",
                  Metrics=["UnblendedCost"], GroupBy=[group])
        if token:
            kw["NextPageToken"] = token
        resp = ce.get_cost_and_usage(**kw)
        for r in resp["ResultsByTime"]:
            for g in r["Groups"]:
                out[g["Keys"][0]] = out.get(g["Keys"][0], 0.0) + float(g["Metrics"]["UnblendedCost"]["Amount"])
        token = resp.get("NextPageToken")
        if not token:
            return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile")
    ap.add_argument("--group-by", default="SERVICE")
    ap.add_argument("--list-profiles", action="store_true")
    ap.add_argument("--csv", default="cost-report.csv")
    args = ap.parse_args()

    if args.list_profiles:
        # profile names only; boto3 reads ~/.aws/config and ~/.aws/credentials for this
        for name in boto3.Session().available_profiles:
            print(name)
        return

    session = boto3.Session(profile_name=args.profile)
    ce = session.client("ce", region_name="us-east-1")
    today = dt.date.today()
    start = today.replace(day=1)
    end = today if today > start else start + dt.timedelta(days=1)
    prev_start = (start - dt.timedelta(days=1)).replace(day=1)
    prev_end = min(prev_start + (end - start), start)
    try:
        cur = costs(ce, start, end, args.group_by)
        prev = costs(ce, prev_start, prev_end, args.group_by)
    except (ClientError, NoCredentialsError) as exc:
        sys.exit(f"Cost Explorer call failed: {exc}")

    rows = sorted(cur.items(), key=lambda kv: kv[1], reverse=True)
    with open(args.csv, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["key", "this_month", "last_month_same_days", "change_pct"])
        print("| Key | This month | Last month (same days) | Change |\n|---|---:|---:|---:|")
        for key, amount in rows:
            before = prev.get(key, 0.0)
            change = (amount - before) / before * 100 if before > 0.01 else None
            w.writerow([key, f"{amount:.2f}", f"{before:.2f}", "" if change is None else f"{change:.1f}"])
            print(f"| {key} | ${amount:,.2f} | ${before:,.2f} | {'new' if change is None else f'{change:+.1f}%'} |")
    print(f"\nTotal: ${sum(cur.values()):,.2f} - CSV written to {args.csv}")


if __name__ == "__main__":
    main()
