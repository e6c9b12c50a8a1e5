#!/usr/bin/env python3
"""Heuristic first pass over a GitHub PR using the gh CLI."""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

BADGE = "![reviewed with pr-review-assistant](https://img.shields.io/badge/reviewed%20with-pr--review--assistant-blue)"
DEBUG_PATTERNS = [
    (re.compile(r"^\+.*\bconsole\.log\("), "console.log left in"),
    (re.compile(r"^\+.*\bprint\((?!.*file=sys\.stderr)"), "print() left in"),
    (re.compile(r"^\+.*\bdebugger;"), "debugger statement"),
    (re.compile(r"^\+.*\bbinding\.pry\b|^\+.*\bbyebug\b"), "Ruby debugger call"),
    (re.compile(r"^\+.*\b(TODO|FIXME|XXX)\b"), "new TODO/FIXME"),
]
SECRET_PATTERNS = [
    re.compile(r"AKIA[0-9A-Z]{16}"),
    re.compile(r"gh[pousr]_[A-Za-z0-9]{30,}"),
    re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
    re.compile(r"xox[abpr]-[A-Za-z0-9-]{10,}"),
]
TEST_HINT = re.compile(r"(^|/)(tests?|__tests__|spec)/|_test\.(go|py)$|\.(test|spec)\.[jt]sx?$")


def gh(*args: str) -> str:
    return subprocess.run(["gh", *args], check=True, capture_output=True, text=True).stdout


def analyse(diff: str) -> dict:
    findings, files, current = [], {}, None
    line_no = 0
    for raw in diff.splitlines():
        if raw.startswith("+++ b/"):
            current = raw[6:]
            files[current] = {"added": 0, "removed": 0}
            continue
        if raw.startswith("@@"):
            m = re.search(r"\+(\d+)", raw)
            line_no = int(m.group(1)) - 1 if m else 0
            continue
        if current is None:
            continue
        if raw.startswith("+") and not raw.startswith("+++"):
            line_no += 1
            files[current]["added"] += 1
            for pat, label in DEBUG_PATTERNS:
                if pat.search(raw):
                    findings.append((current, line_no, label))
            if any(p.search(raw) for p in SECRET_PATTERNS):
                # location only; the matched text is never copied into the draft
                findings.append((current, line_no, "possible secret - tell the author privately"))
        elif raw.startswith("-") and not raw.startswith("---"):
            files[current]["removed"] += 1
        else:
            line_no += 1
    return {"files": files, "findings": findings}


def draft(meta: dict, result: dict, badge: bool) -> str:
    files = result["files"]
    src = [f for f in files if not TEST_HINT.search(f)]
    tests = [f for f in files if TEST_HINT.search(f)]
    added = sum(v["added"] for v in files.values())
    removed = sum(v["removed"] for v in files.values())
    out = [f"## Review: {meta['title']} (#{meta['number']})", "",
           f"{len(files)} files, +{added} / -{removed}. Author: @{meta['author']['login']}.", ""]
    if src and not tests:
        out += ["- **Tests:** source files changed but no test files were touched.", ""]
    big = [f for f, v in files.items() if v["added"] > 400]
    if big:
        out += [f"- **Size:** large changes in {', '.join(big)}; consider splitting.", ""]
    if result["findings"]:
        out += ["### Automated findings", ""]
        out += [f"- `{f}:{n}` {label}" for f, n, label in result["findings"]]
        out.append("")
    out += ["### Correctness", "", "### Design", "", "### Tests", "", "### Nits", ""]
    if badge:
        out += ["", BADGE]
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("pr")
    ap.add_argument("--draft", help="write draft review to this file")
    ap.add_argument("--post", help="post this review file as a PR comment")
    ap.add_argument("--badge", action="store_true", help="append a static shields.io badge")
    args = ap.parse_args(argv)

    if args.post:
        gh("pr", "review", args.pr, "--comment", "--body-file", args.post)
        print(f"posted {args.post} to PR {args.pr}")
        return 0
    meta = json.loads(gh("pr", "view", args.pr, "--json", "number,title,author,baseRefName,headRefName"))
    result = analyse(gh("pr", "diff", args.pr))
    text = draft(meta, result, args.badge)
    if args.draft:
        Path(args.draft).write_text(text)
        print(f"draft written to {args.draft}")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
