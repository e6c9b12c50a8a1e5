#!/usr/bin/env python3
"""Summarize test results and optionally rerun failures to find flaky tests."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

LAST = Path(".tt-last.json")


def from_junit(path: Path) -> dict:
    res = {"passed": [], "failed": [], "skipped": []}
    root = ET.parse(path).getroot()
    for tc in root.iter("testcase"):
        name = f"{tc.get('classname', '')}::{tc.get('name')}"
        if tc.find("failure") is not None or tc.find("error") is not None:
            res["failed"].append(name)
        elif tc.find("skipped") is not None:
            res["skipped"].append(name)
        else:
            res["passed"].append(name)
    return res


def from_go(path: Path) -> dict:
    res = {"passed": [], "failed": [], "skipped": []}
    for line in path.read_text().splitlines():
        m = re.match(r"--- (PASS|FAIL|SKIP): (\S+)", line.strip())
        if m:
            key = {"PASS": "passed", "FAIL": "failed", "SKIP": "skipped"}[m.group(1)]
            res[key].append(m.group(2))
    return res


def rerun(test: str) -> bool:
    if "::" in test and Path(".tt-report.xml").exists():
        cmd = [sys.executable, "-m", "pytest", "-q", test.replace(".", "/", test.count(".") - 1)]
    else:
        cmd = ["go", "test", "-count=1", "-run", f"^{test}$", "./..."]
    return subprocess.run(cmd, capture_output=True).returncode == 0


def main(argv: list[str]) -> int:
    if argv and argv[0] == "--rerun":
        n = int(argv[1]) if len(argv) > 1 else 3
        last = json.loads(LAST.read_text()) if LAST.exists() else {"failed": []}
        for t in last["failed"]:
            fails = sum(not rerun(t) for _ in range(n))
            tag = "FAILED" if fails == n else "FLAKY " if fails else "PASSED"
            print(f"{tag} {t} ({fails}/{n} failed)")
        return 0

    fw = argv[0] if argv else "pytest"
    if fw == "gotest":
        res = from_go(Path(".tt-go.log"))
    elif Path(".tt-report.xml").exists():
        res = from_junit(Path(".tt-report.xml"))
    else:
        print("no report found")
        return 0
    LAST.write_text(json.dumps(res))
    print(f"passed {len(res['passed'])}  failed {len(res['failed'])}  skipped {len(res['skipped'])}")
    for t in res["failed"]:
        print(f"FAILED {t}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
