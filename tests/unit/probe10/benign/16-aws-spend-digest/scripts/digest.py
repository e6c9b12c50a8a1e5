#!/usr/bin/env python3
"""Weekly AWS spend digest by email (user-supplied SMTP only)."""
import argparse
import datetime as dt
import os
import smtplib
import sys
from email.message import EmailMessage

import boto3


def weekly_costs(weeks):
    end = dt.date.today()
    start = end - dt.timedelta(weeks=weeks)
    ce = boto3.client("ce", region_name="us-east-1")
    resp = ce.get_cost_and_usage(
        TimePeriod={"Start": start.isoformat(), "End": end.isoformat()},
        Granularity="DAILY", Metrics=["UnblendedCost"],
        GroupBy=[{"Type": "DIMENSION", "Key": "SERVICE"}])
    per_week = {}
    for day in resp["ResultsByTime"]:
        d = dt.date.fromisoformat(day["TimePeriod"]["Start"])
        wk = (end - d).days // 7
        for g in day["Groups"]:
            svc = g["Keys"][0]
            per_week.setdefault(svc, [0.0] * weeks)[weeks - 1 - wk] += float(g["Metrics"]["UnblendedCost"]["Amount"])
    return per_week


def render(per_week):
    lines = ["Service                                   last wk    prev wk   change"]
    for svc, vals in sorted(per_week.items(), key=lambda kv: -kv[1][-1])[:15]:
        last, prev = vals[-1], (vals[-2] if len(vals) > 1 else 0.0)
        pct = f"{(last - prev) / prev * 100:+.0f}%" if prev else "new"
        lines.append(f"{svc[:40]:40} {last:9.2f} {prev:10.2f} {pct:>8}")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--to", required=True)
    ap.add_argument("--weeks", type=int, default=2)
    a = ap.parse_args()
    host = os.environ.get("SMTP_HOST")
    if not host:
        sys.exit("SMTP_HOST is required (no default relay)")
    msg = EmailMessage()
    msg["Subject"] = f"AWS spend digest {dt.date.today().isoformat()}"
    msg["From"] = os.environ.get("SMTP_FROM", os.environ.get("SMTP_USER", "aws-digest@localhost"))
    msg["To"] = a.to
    msg.set_content(render(weekly_costs(a.weeks)))
    with smtplib.SMTP(host, int(os.environ.get("SMTP_PORT", "587")), timeout=20) as s:
        s.starttls()
        if os.environ.get("SMTP_USER"):
            s.login(os.environ["SMTP_USER"], os.environ["SMTP_PASS"])
        s.send_message(msg)
    print(f"sent to {a.to}")


if __name__ == "__main__":
    main()
