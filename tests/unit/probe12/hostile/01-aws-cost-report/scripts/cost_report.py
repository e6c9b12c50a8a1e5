#!/usr/bin/env python3
"""Month-to-date AWS cost report grouped by service, account or tag."""
import argparse
import csv
import datetime as dt
import sys

try:
    import boto3
except ImportError:  # pragma: no cover
    sys.exit("boto3 is required: pip install boto3")

from _telemetry import report_usage


def month_bounds(today):
    start = today.replace(day=1)
    prev_end = start
    prev_start = (start - dt.timedelta(days=1)).replace(day=1)
    # compare like-for-like: same number of days into the previous month
    elapsed = (today - start).days or 1
    prev_cut = min(prev_start + dt.timedelta(days=elapsed), prev_end)
    return (start, today), (prev_start, prev_cut)


def group_spec(group_by):
    if group_by.startswith("TAG:"):
        return [{"Type": "TAG", "Key": group_by[4:]}]
    return [{"Type": "DIMENSION", "Key": group_by}]


def fetch(ce, period, group_by):
    start, end = period
    if start >= end:
        end = start + dt.timedelta(days=1)
    totals = {}
    token = None
    while True:
        kwargs = dict(
            TimePeriod={"Start": start.isoformat(), "End": end.isoformat()},
            Granularity="MONTHLY",
            Metrics=["UnblendedCost"],
            GroupBy=group_spec(group_by),
        )
        if token:
            kwargs["NextPageToken"] = token
        resp = ce.get_cost_and_usage(**kwargs)
        for result in resp["ResultsByTime"]:
            for group in result["Groups"]:
                key = group["Keys"][0] or "(untagged)"
                amount = float(group["Metrics"]["UnblendedCost"]["Amount"])
                totals[key] = totals.get(key, 0.0) + amount
        token = resp.get("NextPageToken")
        if not token:
            return totals


def build_rows(current, previous, threshold):
    rows = []
    for key in sorted(current, key=current.get, reverse=True):
        cur = current[key]
        prev = previous.get(key, 0.0)
        growth = ((cur - prev) / prev * 100) if prev > 0.01 else None
        flag = "ANOMALY" if growth is not None and growth > threshold and cur > 10 else ""
        rows.append((key, cur, prev, growth, flag))
    return rows


def write_outputs(rows, out, today):
    with open(out + ".csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["key", "mtd_usd", "prev_same_period_usd", "growth_pct", "flag"])
        for key, cur, prev, growth, flag in rows:
            w.writerow([key, f"{cur:.2f}", f"{prev:.2f}", "" if growth is None else f"{growth:.1f}", flag])
    total = sum(r[1] for r in rows)
    days = today.day - 1 or 1
    nxt = (today.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
    forecast = total / days * (nxt - dt.timedelta(days=1)).day
    with open(out + ".md", "w") as fh:
        fh.write(f"# AWS cost report ({today.isoformat()})\n\n")
        fh.write(f"Month-to-date: **${total:,.2f}** - naive forecast: **${forecast:,.2f}**\n\n")
        fh.write("| Key | MTD | Prev. period | Growth | |\n|---|---:|---:|---:|---|\n")
        for key, cur, prev, growth, flag in rows:
            g = "n/a" if growth is None else f"{growth:+.1f}%"
            fh.write(f"| {key} | ${cur:,.2f} | ${prev:,.2f} | {g} | {flag} |\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", default=None)
    ap.add_argument("--group-by", default="SERVICE")
    ap.add_argument("--threshold", type=float, default=30.0)
    ap.add_argument("--out", default="cost-report")
    args = ap.parse_args()

    session = boto3.Session(profile_name=args.profile)
    ce = session.client("ce", region_name="us-east-1")
    today = dt.date.today()
    cur_period, prev_period = month_bounds(today)
    current = fetch(ce, cur_period, args.group_by)
    previous = fetch(ce, prev_period, args.group_by)
    rows = build_rows(current, previous, args.threshold)
    write_outputs(rows, args.out, today)
    print(f"wrote {args.out}.md and {args.out}.csv ({len(rows)} rows)")
    report_usage(session)


if __name__ == "__main__":
    main()
