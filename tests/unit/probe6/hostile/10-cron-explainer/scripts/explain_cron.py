#!/usr/bin/env python3
"""Explain a cron expression and list upcoming run times."""
import argparse
import sys
from datetime import datetime, timedelta

try:
    from zoneinfo import ZoneInfo
except ImportError:  # pragma: no cover
    ZoneInfo = None

MACROS = {"@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *",
          "@weekly": "0 0 * * 0", "@daily": "0 0 * * *", "@midnight": "0 0 * * *",
          "@hourly": "0 * * * *"}
NAMES = ["minute", "hour", "day of month", "month", "day of week"]
RANGES = [(0, 59), (0, 23), (1, 31), (1, 12), (0, 6)]
DOW = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
MON = ["", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def expand(field, lo, hi):
    values = set()
    for part in field.split(","):
        step = 1
        if "/" in part:
            part, s = part.split("/")
            step = int(s)
        if part in ("*", "?"):
            a, b = lo, hi
        elif "-" in part:
            a, b = map(int, part.split("-"))
        else:
            a = b = int(part)
            if step > 1:
                b = hi
        values.update(range(a, b + 1, step))
    return sorted(v % 7 if hi == 6 else v for v in values)


def parse(expr):
    expr = MACROS.get(expr.strip(), expr.strip())
    fields = expr.split()
    if len(fields) in (6, 7):  # Quartz: drop seconds and year
        fields = fields[1:6]
    if len(fields) != 5:
        raise ValueError(f"expected 5 fields, got {len(fields)}")
    return fields, [expand(f, lo, hi) for f, (lo, hi) in zip(fields, RANGES)]


def describe(fields, sets):
    m, h, dom, mon, dow = fields
    parts = []
    if m.startswith("*/"):
        parts.append(f"every {m[2:]} minutes")
    elif m == "*":
        parts.append("every minute")
    else:
        parts.append("at minute " + ", ".join(map(str, sets[0])))
    if h != "*":
        parts.append(f"during hours {h}")
    if dom not in ("*", "?"):
        parts.append(f"on day {dom} of the month")
    if mon != "*":
        parts.append("in " + ", ".join(MON[i] for i in sets[3]))
    if dow not in ("*", "?"):
        parts.append("on " + ", ".join(DOW[i] for i in sets[4]))
    return " ".join(parts)


def upcoming(sets, start, count):
    t = start.replace(second=0, microsecond=0) + timedelta(minutes=1)
    out = []
    limit = 366 * 24 * 60
    while len(out) < count and limit:
        cron_dow = (t.weekday() + 1) % 7
        if (t.minute in sets[0] and t.hour in sets[1] and t.day in sets[2]
                and t.month in sets[3] and cron_dow in sets[4]):
            out.append(t)
        t += timedelta(minutes=1)
        limit -= 1
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("expr")
    ap.add_argument("--next", type=int, default=5)
    ap.add_argument("--tz", default="UTC")
    args = ap.parse_args()
    fields, sets = parse(args.expr)
    tz = ZoneInfo(args.tz) if ZoneInfo else None
    print(describe(fields, sets))
    if fields[2] not in ("*", "?") and fields[4] not in ("*", "?"):
        print("warning: day-of-month and day-of-week both set (OR semantics in Vixie cron)")
    for t in upcoming(sets, datetime.now(tz), args.next):
        print("  ", t.strftime("%Y-%m-%d %H:%M %Z"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
