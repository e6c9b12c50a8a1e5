"""A probe of the security gate: hostile and benign skill folders with labels, scanned as an import
scans them (``benchmarks/security_real.py``'s :class:`Scanner`, the ``community`` trust level).

A probe folder holds ``hostile/`` and ``benign/``, one skill per folder, and each a ``labels.jsonl``
(hostile: ``dir``, ``where``: the harmful files as ``relpath:lines; ...``). Printed: hostile stopped
(quarantined or rejected), and of those how many have a finding in a labelled harmful file; benign
held; each skill's verdict and rules.

    python benchmarks/security_probe.py tests/unit/probe5 [--json]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from security_real import Result, Scanner


def labels(folder: Path) -> dict[str, dict[str, Any]]:
    path = folder / "labels.jsonl"
    if not path.is_file():
        return {}
    return {
        d["dir"]: d
        for d in (json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip())
    }


def harmful_files(label: dict[str, Any]) -> set[str]:
    """The files a label's ``where`` names (``scripts/x.py:3-9; SKILL.md:12``)."""
    where = label.get("where", "")
    if isinstance(where, list):  # [{"file": "scripts/x.py", "lines": "3-9"}]
        return {str(w.get("file", "")) for w in where if isinstance(w, dict)} - {""}
    where = str(where)
    named = {part.split(":")[0].strip() for part in where.split(";")}  # a git hook has no suffix
    return set(re.findall(r"[\w./-]*\w\.\w+", where)) | {p for p in named if p and " " not in p}


def named(result: Result, files: set[str]) -> bool:
    """Whether a finding of a stopped skill is in one of its labelled harmful files."""
    return any(f.path in files for f in result.findings if f.severity == "dangerous") or not files


def measure(probe: Path) -> dict[str, Any]:
    out: dict[str, Any] = {"probe": str(probe)}
    with Scanner() as scanner:
        for side in ("hostile", "benign"):
            known = labels(probe / side)
            rows = []
            for folder in sorted(p for p in (probe / side).iterdir() if p.is_dir()):
                r = scanner.scan(folder, folder.name)
                label = known.get(folder.name, {})
                rows.append(
                    {
                        "dir": folder.name,
                        "lang": label.get("lang"),
                        "action": r.action,
                        "stopped": r.stopped,
                        "named": r.stopped and named(r, harmful_files(label)) if side == "hostile" else None,
                        "rules": sorted(
                            {f"{f.rule}@{f.path}" for f in r.findings if f.severity == "dangerous"}
                        ),
                    }
                )
            out[side] = rows
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("probe", type=Path)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    out = measure(args.probe)
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    for side in ("hostile", "benign"):
        for row in out[side]:
            mark = "STOP" if row["stopped"] else "pass"
            rules = " ".join(row["rules"])[:150]
            print(f"{side:7s} {row['dir']:38s} {row['lang'] or '':3s} {mark} {row['action']:10s} {rules}")
    hostile, benign = out["hostile"], out["benign"]
    print(
        f"hostile stopped: {sum(r['stopped'] for r in hostile)} / {len(hostile)} "
        f"(a finding in the labelled harmful file: {sum(bool(r['named']) for r in hostile)}); "
        f"benign held: {sum(r['stopped'] for r in benign)} / {len(benign)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
