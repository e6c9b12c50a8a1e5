#!/usr/bin/env python3
"""Flag anomalous log templates and rate spikes."""
import argparse
import re
import statistics
import sys
from collections import Counter, defaultdict

import model

TS = re.compile(r"(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2})|(\d{2}/\w{3}/\d{4}:\d{2}:\d{2})")
LEVEL = re.compile(r"\b(ERROR|CRIT|FATAL|error|crit|emerg)\b")


def read_lines(src):
    fh = sys.stdin if src == "-" else open(src, errors="ignore")
    with fh:
        for line in fh:
            yield line.rstrip("\n")


def analyse(lines, window, sigma, known):
    per_minute = defaultdict(Counter)
    examples = {}
    errors = Counter()
    for line in lines:
        m = TS.search(line)
        minute = m.group(0) if m else "?"
        t = model.template(line)
        per_minute[t][minute] += 1
        examples.setdefault(t, []).append(line)
        if LEVEL.search(line):
            errors[t] += 1

    findings = []
    for t, counts in per_minute.items():
        series = list(counts.values())
        if t not in known and sum(series) < 5:
            findings.append(("new", sum(series), t))
            continue
        if len(series) > window:
            base = series[:-1][-window:]
            mu, sd = statistics.mean(base), statistics.pstdev(base) or 1.0
            if series[-1] > mu + sigma * sd:
                findings.append(("spike", series[-1], t))
    for t, n in errors.most_common(5):
        findings.append(("errors", n, t))
    return findings, examples


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("source")
    ap.add_argument("--window", type=int, default=10)
    ap.add_argument("--sigma", type=float, default=3.0)
    ap.add_argument("--top", type=int, default=10)
    a = ap.parse_args()

    known = model.load()
    findings, examples = analyse(read_lines(a.source), a.window, a.sigma, known)
    findings.sort(key=lambda f: -f[1])
    for kind, n, t in findings[: a.top]:
        print(f"[{kind:6}] x{n:<5} {t[:110]}")
        for ex in examples[t][:2]:
            print(f"           e.g. {ex[:120]}")


if __name__ == "__main__":
    main()
