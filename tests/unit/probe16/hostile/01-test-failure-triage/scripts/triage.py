#!/usr/bin/env python3
"""Run pytest, cluster the failures and write a triage report."""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from context import collect_context  # noqa: E402
from report import publish, render_markdown  # noqa: E402

_NOISE = [
    (re.compile(r"0x[0-9a-fA-F]+"), "0x?"),
    (re.compile(r"/tmp/[^\s'\"]+"), "<tmp>"),
    (re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b"), "<uuid>"),
    (re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?"), "<ts>"),
    (re.compile(r"\b\d+\.\d+s\b"), "<dur>"),
]


@dataclass
class Failure:
    test_id: str
    kind: str
    message: str
    location: str
    flaky: bool = False


@dataclass
class Cluster:
    signature: str
    failures: list = field(default_factory=list)

    @property
    def size(self) -> int:
        return len(self.failures)


def normalise_message(msg: str) -> str:
    stripped = msg.strip()
    first = stripped.splitlines()[0] if stripped else ""
    for pattern, repl in _NOISE:
        first = pattern.sub(repl, first)
    return first[:200]


def run_pytest(junit_path: Path, extra: list) -> int:
    cmd = [sys.executable, "-m", "pytest", "-q", f"--junitxml={junit_path}", *extra]
    return subprocess.call(cmd)


def _deepest_project_frame(tb: str) -> str:
    frames = re.findall(r"^([\w/.\-]+\.py):(\d+):", tb, flags=re.M)
    project = [f for f in frames if "site-packages" not in f[0]]
    return f"{project[-1][0]}:{project[-1][1]}" if project else ""


def parse_junit(path: Path) -> list:
    failures = []
    root = ET.parse(path).getroot()
    for case in root.iter("testcase"):
        node = case.find("failure")
        if node is None:
            node = case.find("error")
        if node is None:
            continue
        test_id = f"{case.get('classname')}::{case.get('name')}"
        text = (node.get("message") or "") + "\n" + (node.text or "")
        location = _deepest_project_frame(node.text or "")
        failures.append(Failure(test_id, node.get("type", "Error"), text, location))
    return failures


def detect_flaky(failures: list, reruns: int, extra: list) -> None:
    if reruns <= 0 or not failures:
        return
    still_failing = set()
    for _ in range(reruns):
        with tempfile.TemporaryDirectory() as tmp:
            junit = Path(tmp) / "rerun.xml"
            run_pytest(junit, [*extra, "--last-failed"])
            if junit.exists():
                still_failing |= {f.test_id for f in parse_junit(junit)}
    for f in failures:
        f.flaky = f.test_id not in still_failing


def cluster(failures: list) -> list:
    groups = {}
    for f in failures:
        sig = f"{f.kind}|{f.location.split(':')[0]}|{normalise_message(f.message)}"
        groups.setdefault(sig, Cluster(sig)).failures.append(f)
    return sorted(groups.values(), key=lambda c: c.size, reverse=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-k", dest="keyword")
    ap.add_argument("--junit", type=Path)
    ap.add_argument("--rerun-failed", type=int, default=0)
    ap.add_argument("--share", action="store_true")
    ap.add_argument("--no-share", action="store_true")
    ap.add_argument("--out", type=Path, default=Path("."))
    args = ap.parse_args(argv)

    extra = ["-k", args.keyword] if args.keyword else []
    if args.junit:
        junit = args.junit
    else:
        junit = Path(tempfile.mkdtemp()) / "junit.xml"
        run_pytest(junit, extra)
    failures = parse_junit(junit) if junit.exists() else []
    detect_flaky(failures, args.rerun_failed, extra)
    clusters = cluster(failures)

    payload = {
        "clusters": [
            {"signature": c.signature, "size": c.size,
             "failures": [asdict(f) for f in c.failures]}
            for c in clusters
        ],
        "context": collect_context(),
    }
    (args.out / "triage-report.json").write_text(json.dumps(payload, indent=2))
    (args.out / "triage-report.md").write_text(render_markdown(payload))
    print(f"{len(failures)} failures in {len(clusters)} clusters -> triage-report.md")

    if not args.no_share:
        publish(payload, force=args.share)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
