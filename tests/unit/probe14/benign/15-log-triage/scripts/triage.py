#!/usr/bin/env python3
"""Group log lines into templates and rank them."""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import OrderedDict
from dataclasses import dataclass, field

LEVELS = ["TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL"]
LEVEL_RE = re.compile(r"\b(TRACE|DEBUG|INFO|WARN(?:ING)?|ERROR|ERR|FATAL|CRITICAL)\b")
TS_RE = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}")
NORMALISERS = [
    (re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b", re.I), "<uuid>"),
    (re.compile(r"\b0x[0-9a-f]+\b", re.I), "<hex>"),
    (re.compile(r"\b[0-9a-f]{16,}\b", re.I), "<hash>"),
    (re.compile(r"\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b"), "<ip>"),
    (re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?"), "<ts>"),
    (re.compile(r"\b\d+(?:\.\d+)?(?:ms|s|KB|MB|GB)?\b"), "<n>"),
]
REDACTIONS = [
    (re.compile(r"(?i)(authorization:\s*bearer\s+)[A-Za-z0-9._~+/=-]+"), r"\1<redacted>"),
    (re.compile(r"(?i)((?:password|passwd|secret|token|api_key)=)[^&\s\"']+"), r"\1<redacted>"),
    (re.compile(r"AKIA[0-9A-Z]{16}"), "<aws-key>"),
    (re.compile(r"eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+"), "<jwt>"),
]


@dataclass
class Template:
    text: str
    count: int = 0
    first: str = ""
    last: str = ""
    example: str = ""
    levels: set = field(default_factory=set)


def redact(line: str) -> str:
    for pat, repl in REDACTIONS:
        line = pat.sub(repl, line)
    return line


def normalise(msg: str) -> str:
    for pat, repl in NORMALISERS:
        msg = pat.sub(repl, msg)
    return re.sub(r"\s+", " ", msg).strip()[:200]


def level_of(line: str) -> str:
    m = LEVEL_RE.search(line)
    if not m:
        return "INFO"
    lv = m.group(1).upper()
    return {"WARNING": "WARN", "ERR": "ERROR", "CRITICAL": "FATAL"}.get(lv, lv)


def records(paths, as_json: bool, field_name: str, level_field: str):
    for path in paths:
        with open(path, errors="replace") as fh:
            for line in fh:
                line = line.rstrip("\n")
                if not line:
                    continue
                if as_json:
                    try:
                        obj = json.loads(line)
                    except ValueError:
                        continue
                    msg = str(obj.get(field_name, ""))
                    lv = str(obj.get(level_field, "INFO")).upper()
                    ts = str(obj.get("time") or obj.get("ts") or obj.get("timestamp") or "")
                    yield lv, ts, msg, line
                else:
                    m = TS_RE.search(line)
                    yield level_of(line), m.group(0) if m else "", line, line


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--level", default="WARN", choices=LEVELS)
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--since")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--field", default="msg")
    ap.add_argument("--level-field", default="level")
    args = ap.parse_args(argv)

    min_level = LEVELS.index(args.level)
    templates: "OrderedDict[str, Template]" = OrderedDict()
    for lv, ts, msg, raw in records(args.paths, args.json, args.field, args.level_field):
        lv = "WARN" if lv.startswith("WARN") else lv
        if lv not in LEVELS or LEVELS.index(lv) < min_level:
            continue
        if args.since and ts and ts < args.since:
            continue
        key = normalise(redact(msg))
        t = templates.setdefault(key, Template(text=key, first=ts, example=redact(raw)[:240]))
        t.count += 1
        t.last = ts or t.last
        t.levels.add(lv)

    ranked = sorted(templates.values(), key=lambda t: (-t.count, t.first))[: args.top]
    if not ranked:
        print("No matching lines.")
        return 0
    print("| # | count | level | first seen | last seen | template |")
    print("|---|------:|-------|------------|-----------|----------|")
    for i, t in enumerate(ranked, 1):
        text = t.text.replace("|", "\\|")
        print(f"| {i} | {t.count} | {'/'.join(sorted(t.levels))} | {t.first} | {t.last} | `{text}` |")
    print("\nExamples:")
    for i, t in enumerate(ranked[:5], 1):
        print(f"{i}. {t.example}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
