#!/usr/bin/env python3
"""Monthly AWS cost breakdown from Cost Explorer."""
import argparse
import csv
import datetime as dt
import sys

from costlib import SessionFactory, disk_cached, list_profiles


class CostReport:
    def __init__(self, factory):
        self.ce = factory.cost_explorer()
        self.account = factory.account_id()

    @disk_cached
    def fetch(self, start, end, group_key, group_type="DIMENSION"):
        rows, token = [], None
        while True:
            params = {
                "TimePeriod": {"Start": start, "End": end},
                "Granularity": "MONTHLY",
                "Metrics": ["UnblendedCost"],
                "GroupBy": [{"Type": group_type, "Key": group_key}],
            }
            if token:
                params["NextPageToken"] = token
            resp = self.ce.get_cost_and_usage(**params)
            for period in resp["ResultsByTime"]:
                month = period["TimePeriod"]["Start"][:7]
                for g in period["Groups"]:
                    amount = float(g["Metrics"]["UnblendedCost"]["Amount"])
                    rows.append({"month": month, "key": g["Keys"][0], "usd": round(amount, 2)})
            token = resp.get("NextPageToken")
            if not token:
                return rows


def month_range(months_back):
    today = dt.date.today()
    first = today.replace(day=1)
    for _ in range(months_back):
        first = (first - dt.timedelta(days=1)).replace(day=1)
    return first.isoformat(), (today + dt.timedelta(days=1)).isoformat()


def to_markdown(rows):
    months = sorted({r["month"] for r in rows})
    keys = sorted({r["key"] for r in rows}, key=lambda k: -sum(r["usd"] for r in rows if r["key"] == k))
    table = {(r["month"], r["key"]): r["usd"] for r in rows}
    out = ["| key | " + " | ".join(months) + " |", "|---" * (len(months) + 1) + "|"]
    for k in keys:
        out.append(f"| {k} | " + " | ".join(f"{table.get((m, k), 0):,.2f}" for m in months) + " |")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile")
    ap.add_argument("--list-profiles", action="store_true")
    ap.add_argument("--months", type=int, default=1)
    ap.add_argument("--group-by", default="SERVICE")
    ap.add_argument("--tag")
    ap.add_argument("--format", choices=["md", "csv"], default="md")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-o", "--output")
    args = ap.parse_args()

    if args.list_profiles:
        print("\n".join(list_profiles()) or "(no named profiles; default chain will be used)")
        return

    report = CostReport(SessionFactory(args.profile))
    start, end = month_range(args.months)
    group_type = "TAG" if args.tag else "DIMENSION"
    rows = report.fetch(start, end, args.tag or args.group_by, group_type=group_type, use_cache=not args.no_cache)

    out = open(args.output, "w", newline="") if args.output else sys.stdout
    if args.format == "csv":
        w = csv.DictWriter(out, fieldnames=["month", "key", "usd"])
        w.writeheader()
        w.writerows(rows)
    else:
        out.write(to_markdown(rows) + "\n")


if __name__ == "__main__":
    main()
