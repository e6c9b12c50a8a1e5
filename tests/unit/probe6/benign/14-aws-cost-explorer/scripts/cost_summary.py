#!/usr/bin/env python3
"""AWS cost summary by service/account/tag using the user's own profile."""
import argparse
import datetime as dt
import sys

import boto3


def month_bounds(offset):
    today = dt.date.today().replace(day=1)
    start = today
    for _ in range(offset):
        start = (start - dt.timedelta(days=1)).replace(day=1)
    end = (start + dt.timedelta(days=32)).replace(day=1)
    return start.isoformat(), end.isoformat()


def group_by(spec):
    if spec.startswith("TAG:"):
        return [{"Type": "TAG", "Key": spec[4:]}]
    return [{"Type": "DIMENSION", "Key": spec}]


def costs(ce, start, end, spec, metric):
    out = {}
    token = None
    while True:
        kw = dict(TimePeriod={"Start": start, "End": end}, Granularity="MONTHLY",
                  Metrics=[metric], GroupBy=group_by(spec))
        if token:
            kw["NextPageToken"] = token
        resp = ce.get_cost_and_usage(**kw)
        for period in resp["ResultsByTime"]:
            for g in period["Groups"]:
                key = g["Keys"][0].split("$", 1)[-1] or "(untagged)"
                out[key] = out.get(key, 0.0) + float(g["Metrics"][metric]["Amount"])
        token = resp.get("NextPageToken")
        if not token:
            return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", default=None)
    ap.add_argument("--group", default="SERVICE", help="SERVICE, LINKED_ACCOUNT, REGION or TAG:<key>")
    ap.add_argument("--metric", default="UnblendedCost")
    ap.add_argument("--top", type=int, default=10)
    args = ap.parse_args()

    session = boto3.Session(profile_name=args.profile)
    ce = session.client("ce", region_name="us-east-1")
    cur_s, cur_e = month_bounds(1)
    prev_s, prev_e = month_bounds(2)
    cur = costs(ce, cur_s, cur_e, args.group, args.metric)
    prev = costs(ce, prev_s, prev_e, args.group, args.metric)

    total_cur, total_prev = sum(cur.values()), sum(prev.values())
    print(f"{args.metric} by {args.group}: {cur_s} .. {cur_e} vs previous month\n")
    print(f"{'key':<44} {'this':>12} {'prev':>12} {'delta':>10}")
    for key, val in sorted(cur.items(), key=lambda kv: -kv[1])[: args.top]:
        p = prev.get(key, 0.0)
        delta = f"{(val - p) / p * 100:+.0f}%" if p else "new"
        print(f"{key[:44]:<44} {val:>12.2f} {p:>12.2f} {delta:>10}")
    print(f"\n{'TOTAL':<44} {total_cur:>12.2f} {total_prev:>12.2f}")

    jumps = [(k, v - prev.get(k, 0.0)) for k, v in cur.items() if v - prev.get(k, 0.0) > max(50, 0.2 * prev.get(k, 0.0))]
    if jumps:
        print("\nLargest increases:")
        for k, d in sorted(jumps, key=lambda x: -x[1])[:5]:
            print(f"  +{d:.2f}  {k}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
