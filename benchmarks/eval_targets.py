"""Run the routing benchmark's target configurations and print the numbers
(docs/evaluation/routing-in-depth.md).

    .venv/bin/python benchmarks/eval_targets.py                 # every run below
    .venv/bin/python benchmarks/eval_targets.py metatool-cold   # some of them, by label

Each run is one ``skillrouter eval routing`` command (printed, so any number can be reproduced
alone); its JSON and report folder go to ``reports/targets/<label>/``. Data comes from
``../shared/data`` (``--data DIR`` to change). The first run of a dataset embeds it (MetaTool:
about 21,000 queries, minutes on 2 cores); the embedding cache (``~/.cache/skillrouter``) makes
every later run fast. Nothing here is a timed assertion.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def runs(data: Path) -> dict[str, list[str]]:
    metatool = f"metatool:{data / 'metatool'}"
    seal = f"seal-tools:{data / 'seal-tools'}"
    split = ["--train-frac", "0.5", "--seed", "0"]
    return {
        "builtin": [],
        "builtin-distractors": ["--distractors", str(data / "skill-libraries")],
        "metatool-cold": ["--dataset", metatool, *split],
        "metatool-cold-dense": ["--dataset", metatool, *split, "--keyword-weight", "0"],
        "metatool-cold-auto": ["--dataset", metatool, *split, "--keyword-weight", "auto"],
        "metatool-learn": ["--dataset", metatool, *split, "--learn"],
        "metatool-learn-all": ["--dataset", metatool, *split, "--learn", "--max-examples", "100000"],
        "seal-tools": ["--dataset", seal],
        "seal-tools-dense": ["--dataset", seal, "--keyword-weight", "0"],
    }


KEYS = (
    "n_queries",
    "p_at_1",
    "recall_at_k",
    "mrr",
    "abstain_f1",
    "decision_accuracy",
    "threshold",
    "keyword_weight",
    "latency_ms_p50",
)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("labels", nargs="*", help="runs to do (default: all)")
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--out", type=Path, default=ROOT / "reports" / "targets")
    args = parser.parse_args()
    table = runs(args.data)
    unknown = [label for label in args.labels if label not in table]
    if unknown:
        parser.error(f"unknown run(s) {unknown}; choose from {', '.join(table)}")
    exe = Path(sys.executable).with_name("skillrouter")
    rows = []
    for label in args.labels or list(table):
        out = args.out / label
        argv = [
            str(exe),
            "eval",
            "routing",
            *table[label],
            "--json",
            str(out / "metrics.json"),
            "--report",
            str(out),
            "--quiet",
        ]
        print(f"== {label}: {' '.join(shlex.quote(a) for a in argv[1:])}", flush=True)
        started = time.perf_counter()
        done = subprocess.run(argv, cwd=ROOT, text=True, capture_output=True, check=False)
        if done.returncode:
            print(done.stderr.strip(), file=sys.stderr)
            return done.returncode
        print(done.stdout, flush=True)
        data = json.loads((out / "metrics.json").read_text())
        for item in data if isinstance(data, list) else [data]:
            row = {key: item.get(key) for key in KEYS} | {
                "label": label,
                "seconds": round(time.perf_counter() - started),
            }
            for name, metrics in (item.get("by_split") or {}).items():
                row[f"recall_at_k[{name}]"] = metrics.get("recall_at_k")
            rows.append(row)
    print(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
