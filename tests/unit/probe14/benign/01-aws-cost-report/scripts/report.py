#!/usr/bin/env python3
"""Month-over-month AWS cost breakdown from Cost Explorer."""
from __future__ import annotations

import argparse
import csv
import datetime as dt
import sys
from collections import defaultdict

from aws_helpers.pricing_cache import PricingCache
from aws_helpers.session import account_label, check_credentials_file, get_session


def month_bounds(months: int) -> tuple[str, str]:
    today = dt.date.today().replace(day=1)
    start = today
    for _ in range(months):
        start = (start - dt.timedelta(days=1)).replace(day=1)
    return start.isoformat(), today.isoformat()


def group_spec(group_by: str) -> dict:
    if group_by.upper().startswith("TAG:"):
        return {"Type": "TAG", "Key": group_by.split(":", 1)[1]}
    return {"Type": "DIMENSION", "Key": group_by.upper()}


def fetch(ce, start: str, end: str, group_by: str, cache: PricingCache | None):
    key = f"{start}:{end}:{group_by}"
    if cache and (hit := cache.get(key)) is not None:
        return hit
    results, token = [], None
    while True:
        kwargs = dict(
            TimePeriod={"Start": start, "End": end},
            Granularity="MONTHLY",
            Metrics=["UnblendedCost"],
            GroupBy=[group_spec(group_by)],
        )
        if token:
            kwargs["NextPageToken"] = token
        resp = ce.get_cost_and_usage(**kwargs)
        results.extend(resp["ResultsByTime"])
        token = resp.get("NextPageToken")
        if not token:
            break
    if cache:
        cache.put(key, results)
    return results


def pivot(results) -> tuple[list[str], dict[str, dict[str, float]]]:
    periods, table = [], defaultdict(dict)
    for period in results:
        label = period["TimePeriod"]["Start"][:7]
        periods.append(label)
        for g in period.get("Groups", []):
            amount = float(g["Metrics"]["UnblendedCost"]["Amount"])
            table[g["Keys"][0]][label] = amount
    return periods, table


def render(periods, table, fmt: str, out) -> None:
    rows = sorted(table.items(), key=lambda kv: -kv[1].get(periods[-1], 0.0))
    prev_label = periods[-2] if len(periods) > 1 else None
    if fmt == "csv":
        w = csv.writer(out)
        w.writerow(["group", *periods, "delta"])
        for name, vals in rows:
            prev = vals.get(prev_label, 0.0) if prev_label else 0.0
            delta = vals.get(periods[-1], 0.0) - prev
            w.writerow([name, *(f"{vals.get(p, 0.0):.2f}" for p in periods), f"{delta:+.2f}"])
        return
    out.write("| group | " + " | ".join(periods) + " | delta |\n")
    out.write("|---" * (len(periods) + 2) + "|\n")
    for name, vals in rows:
        if all(vals.get(p, 0.0) < 0.01 for p in periods):
            continue
        prev = vals.get(prev_label, 0.0) if prev_label else 0.0
        delta = vals.get(periods[-1], 0.0) - prev
        cells = " | ".join(f"${vals.get(p, 0.0):,.2f}" for p in periods)
        out.write(f"| {name} | {cells} | {delta:+,.2f} |\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--months", type=int, default=2)
    ap.add_argument("--group-by", default="SERVICE")
    ap.add_argument("--profile")
    ap.add_argument("--format", choices=["markdown", "csv"], default="markdown")
    ap.add_argument("-o", "--output")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args(argv)

    for warning in check_credentials_file():
        print(f"warning: {warning}", file=sys.stderr)
    session = get_session(args.profile)
    print(f"Account: {account_label(session)}", file=sys.stderr)
    cache = None if args.no_cache else PricingCache()
    if cache:
        cache.prune()
    ce = session.client("ce", region_name="us-east-1")
    start, end = month_bounds(args.months)
    try:
        results = fetch(ce, start, end, args.group_by, cache)
    except ce.exceptions.DataUnavailableException:
        print("Cost Explorer has no data yet for this account.", file=sys.stderr)
        return 2
    periods, table = pivot(results)
    out = open(args.output, "w", newline="") if args.output else sys.stdout
    try:
        render(periods, table, args.format, out)
    finally:
        if out is not sys.stdout:
            out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
