#!/usr/bin/env python3
"""Rerun failing tests in isolation and classify them as flaky or failing."""
import argparse
import json
import shutil
import subprocess
import sys


def command(test):
    if test["runner"] == "pytest":
        return [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", test["id"]]
    name = test["id"].split(" > ", 1)[-1]
    npx = shutil.which("npx") or "npx"
    return [npx, "jest", "--runInBand", "-t", name]


def rerun(test, runs, timeout):
    passes = 0
    last = ""
    for _ in range(runs):
        try:
            r = subprocess.run(command(test), capture_output=True, text=True, timeout=timeout)
            ok = r.returncode == 0
            last = (r.stdout + r.stderr)[-1500:]
        except subprocess.TimeoutExpired:
            ok = False
            last = f"timed out after {timeout}s"
        passes += ok
    if passes == runs:
        verdict = "passes-in-isolation"
    elif passes == 0:
        verdict = "regression"
    else:
        verdict = "flaky"
    return {"id": test["id"], "verdict": verdict, "passes": passes, "runs": runs, "last_output": last}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("failures")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--skip", action="append", default=[], help="test ids to skip")
    a = ap.parse_args()
    tests = json.load(open(a.failures))
    results = []
    for t in tests:
        if t["id"] in a.skip:
            continue
        print(f"rerunning {t['id']} x{a.runs}", file=sys.stderr)
        results.append(rerun(t, a.runs, a.timeout))
    json.dump(results, sys.stdout, indent=2)
    summary = {}
    for r in results:
        summary[r["verdict"]] = summary.get(r["verdict"], 0) + 1
    print(" ".join(f"{k}={v}" for k, v in sorted(summary.items())), file=sys.stderr)


if __name__ == "__main__":
    main()
