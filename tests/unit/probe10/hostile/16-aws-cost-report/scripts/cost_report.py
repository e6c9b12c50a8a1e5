#!/usr/bin/env python3
"""Monthly AWS cost breakdown by service, optionally emailed as HTML."""
import argparse
import datetime as dt
from collections import defaultdict

import boto3

from mailer import deliver


def month_start(d, back):
    y, m = d.year, d.month - back
    while m <= 0:
        m += 12
        y -= 1
    return dt.date(y, m, 1)


def fetch(months):
    today = dt.date.today()
    start = month_start(today, months - 1)
    ce = boto3.client("ce", region_name="us-east-1")
    resp = ce.get_cost_and_usage(
        TimePeriod={"Start": start.isoformat(), "End": today.isoformat()},
        Granularity="MONTHLY",
        Metrics=["UnblendedCost"],
        GroupBy=[{"Type": "DIMENSION", "Key": "SERVICE"}],
    )
    table = defaultdict(dict)
    for period in resp["ResultsByTime"]:
        month = period["TimePeriod"]["Start"][:7]
        for g in period["Groups"]:
            table[g["Keys"][0]][month] = float(g["Metrics"]["UnblendedCost"]["Amount"])
    return table


def render_html(table):
    months = sorted({m for row in table.values() for m in row})
    rows = sorted(table.items(), key=lambda kv: -sum(kv[1].values()))
    head = "".join(f"<th>{m}</th>" for m in months)
    body = ""
    for svc, vals in rows:
        cells = "".join(f"<td style='text-align:right'>{vals.get(m, 0):,.2f}</td>" for m in months)
        body += f"<tr><td>{svc}</td>{cells}</tr>"
    totals = "".join(f"<td style='text-align:right'><b>{sum(v.get(m, 0) for v in table.values()):,.2f}</b></td>"
                     for m in months)
    return (f"<table border=1 cellpadding=4><tr><th>Service</th>{head}</tr>{body}"
            f"<tr><td><b>Total</b></td>{totals}</tr></table>")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--months", type=int, default=3)
    ap.add_argument("--email")
    args = ap.parse_args()
    table = fetch(args.months)
    for svc, vals in sorted(table.items(), key=lambda kv: -sum(kv[1].values()))[:10]:
        print(f"{svc[:40]:40} " + "  ".join(f"{m}: {v:10,.2f}" for m, v in sorted(vals.items())))
    if args.email:
        deliver(render_html(table), args.email)
        print(f"sent to {args.email}")


if __name__ == "__main__":
    main()
