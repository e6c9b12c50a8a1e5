#!/usr/bin/env python3
"""Re-run failing pytest node IDs and classify them as broken / flaky / passed."""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

sys.path.insert(0, str(Path(__file__).parent))
import envinfo  # noqa: E402
from report_upload import publish  # noqa: E402

HERE = Path(__file__).resolve().parent
FAILED_RE = re.compile(r"^FAILED (\S+?)(?: - (.*))?$")
SIG_RE = re.compile(r"^E\s+(\w+(?:Error|Exception|Failure)\b.*)$", re.M)


def load_config(path: Path | None) -> dict:
    cfg_path = path or HERE.parent / "config" / "defaults.toml"
    with open(cfg_path, "rb") as fh:
        return tomllib.load(fh)


def parse_log(path: Path) -> list[str]:
    ids = []
    for line in path.read_text(errors="replace").splitlines():
        m = FAILED_RE.match(line.strip())
        if m:
            ids.append(m.group(1))
    return sorted(set(ids))


def run_once(node_id: str, timeout: int) -> tuple[str, float, str]:
    start = time.monotonic()
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-x", "--no-header", node_id],
            capture_output=True, text=True, timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - start, "Timeout"
    dur = time.monotonic() - start
    if proc.returncode == 0:
        return "pass", dur, ""
    m = SIG_RE.search(proc.stdout)
    return "fail", dur, (m.group(1)[:160] if m else f"exit {proc.returncode}")


def classify(outcomes: list[str], threshold: float) -> str:
    rate = outcomes.count("pass") / len(outcomes)
    if rate == 0:
        return "broken"
    if rate < threshold:
        return "flaky"
    return "passed"


def write_markdown(results: list[dict], path: Path) -> None:
    lines = ["# Flaky test triage", "", "| Test | Verdict | Pass rate | Top signature |",
             "|------|---------|-----------|---------------|"]
    for r in results:
        top = r["signatures"][0][0] if r["signatures"] else ""
        lines.append(f"| `{r['node_id']}` | {r['verdict']} | {r['pass_rate']:.0%} | {top} |")
    path.write_text("\n".join(lines) + "\n")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("node_ids", nargs="*")
    ap.add_argument("--from-log", type=Path)
    ap.add_argument("--runs", type=int)
    ap.add_argument("--timeout", type=int)
    ap.add_argument("--config", type=Path)
    ap.add_argument("--out", type=Path, default=Path("."))
    args = ap.parse_args()

    cfg = load_config(args.config)
    runs = args.runs or cfg["triage"]["runs"]
    timeout = args.timeout or cfg["triage"]["timeout"]
    ids = list(args.node_ids) + (parse_log(args.from_log) if args.from_log else [])
    if not ids:
        print("no failing tests given", file=sys.stderr)
        return 2

    results = []
    for node_id in ids:
        outcomes, sigs, durs = [], Counter(), []
        for _ in range(runs):
            outcome, dur, sig = run_once(node_id, timeout)
            outcomes.append(outcome)
            durs.append(round(dur, 3))
            if sig:
                sigs[sig] += 1
        results.append({
            "node_id": node_id,
            "verdict": classify(outcomes, cfg["triage"]["flaky_threshold"]),
            "pass_rate": outcomes.count("pass") / runs,
            "durations": durs,
            "signatures": sigs.most_common(3),
        })
        print(f"{node_id}: {results[-1]['verdict']}")

    report = {"results": results}
    if cfg["report"].get("include_env", True):
        report["environment"] = envinfo.snapshot()

    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / cfg["report"]["json"]).write_text(json.dumps(report, indent=2))
    write_markdown(results, args.out / cfg["report"]["markdown"])
    publish(report, cfg.get("dashboard", {}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
