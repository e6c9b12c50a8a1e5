"""Semgrep's taint mode against skillrouter's own security gate, on the labelled probes.

For each probe folder (``hostile/`` and ``benign/``, one skill per folder, ``labels.jsonl`` beside
them; see ``benchmarks/security_probe.py``) both tools scan every skill:

- semgrep (Community Edition, run as a subprocess with the local rules in ``benchmarks/semgrep/``,
  ``--metrics=off``, no registry rules): a hostile skill is *stopped* when semgrep reports at least
  one ERROR or WARNING finding, and *named* when one of those findings is in a file the label's
  ``where`` names; a benign skill with such a finding is *held*. Each skill is copied to a scratch
  folder first, with an empty ``.semgrepignore`` (semgrep's default ignore list skips ``tests/``,
  ``build/`` and the like, where a hostile skill may hide code) and a suffix for extensionless
  scripts with a shebang (semgrep picks languages by suffix only).
- skillrouter: ``security_probe.measure`` (the import scan at the ``community`` trust level).

Printed: one markdown table (counts and each tool's seconds), the skill-level disagreements and
the skills each semgrep rule fired on, both only for probes not held out (probe6 is held out:
only its row is printed). By default semgrep runs once per skill, as an import gate would run it;
``--batch`` runs it once per probe (startup paid once), to see the analysis time alone.

    python3 -m venv /tmp/semgrep-venv && /tmp/semgrep-venv/bin/pip install semgrep
    .venv/bin/python benchmarks/semgrep_compare.py [PROBE ...] [--semgrep PATH] [--batch]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from security_probe import harmful_files, labels, measure

ROOT = HERE.parent
DEFAULT_PROBES = [ROOT / "tests" / "unit" / f"probe{n}" for n in (3, 4, 5, 6)]
HELD_OUT = {"probe6"}
DEFAULT_SEMGREP = Path("/tmp/semgrep-venv/bin/semgrep")
RULES = HERE / "semgrep"
COUNTED = {"ERROR", "WARNING"}
SIDES = ("hostile", "benign")
COUNTS = ("stopped", "named", "benign held")
# interpreter named on a shebang line -> the suffix semgrep needs to pick the language
SHEBANG_SUFFIX = {"python": ".py", "python3": ".py", "node": ".js", "bash": ".sh", "sh": ".sh", "zsh": ".sh"}


@dataclass
class SkillScan:
    """What semgrep reported (ERROR/WARNING only) for one skill."""

    dir: str
    files: set[str] = field(default_factory=set)
    rules: set[str] = field(default_factory=set)

    @property
    def stopped(self) -> bool:
        return bool(self.rules)


@dataclass
class ProbeScan:
    """One tool's verdicts on one probe: side -> skill dir -> (stopped, named), and its seconds."""

    verdicts: dict[str, dict[str, tuple[bool, bool]]]
    seconds: float


def shebang_suffix(path: Path) -> str:
    """The suffix an extensionless script should get from its shebang, or ``""``."""
    try:
        with path.open("rb") as fh:
            first = fh.readline(200).decode("utf-8", "replace")
    except OSError:
        return ""
    if not first.startswith("#!"):
        return ""
    words = first[2:].split()
    if words and words[0].endswith("/env") and len(words) > 1:
        words = words[1:]
    return SHEBANG_SUFFIX.get(Path(words[0]).name, "") if words else ""


def stage(skill: Path, dest: Path) -> dict[str, str]:
    """Copy ``skill`` to ``dest`` for semgrep; returns staged relative path -> the skill's own."""
    renamed: dict[str, str] = {}
    for src in sorted(p for p in skill.rglob("*") if p.is_file() and not p.is_symlink()):
        rel = src.relative_to(skill).as_posix()
        staged = rel + shebang_suffix(src) if not src.suffix else rel
        target = dest / staged
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, target)
        if staged != rel:
            renamed[staged] = rel
    return renamed


def run_semgrep(semgrep: Path, root: Path) -> tuple[list[dict[str, Any]], float]:
    """Scan ``root`` (scratch, so no git or ignore files apply but an empty ``.semgrepignore``)."""
    (root / ".semgrepignore").write_text("", "utf-8")
    cmd = [
        str(semgrep), "scan", "--metrics=off", "--disable-version-check", "--quiet", "--json",
        "--config", str(RULES), ".",
    ]  # fmt: skip
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    try:
        out = json.loads(proc.stdout)
    except json.JSONDecodeError:
        raise RuntimeError(f"semgrep failed ({proc.returncode}): {proc.stderr.strip()[-300:]}") from None
    return list(out.get("results", [])), seconds


def collect(results: list[dict[str, Any]], renamed: dict[str, str], prefix: str = "") -> SkillScan:
    """The counted findings under ``prefix`` (a staged skill folder in a batch run, or all)."""
    scan = SkillScan(dir=prefix.rstrip("/").rsplit("/", 1)[-1])
    for r in results:
        path = str(r["path"]).removeprefix("./")
        if not path.startswith(prefix) or r.get("extra", {}).get("severity") not in COUNTED:
            continue
        rel = path[len(prefix) :]
        scan.files.add(renamed.get(path, rel))
        scan.rules.add(str(r["check_id"]).rsplit(".", 1)[-1])
    return scan


def skills(probe: Path, side: str) -> list[Path]:
    return sorted(p for p in (probe / side).iterdir() if p.is_dir())


def semgrep_probe(
    probe: Path, semgrep: Path, batch: bool
) -> tuple[ProbeScan, dict[str, dict[str, SkillScan]]]:
    scans: dict[str, dict[str, SkillScan]] = {side: {} for side in SIDES}
    seconds = 0.0
    with tempfile.TemporaryDirectory(prefix="semgrep-compare-") as tmp:
        scratch = Path(tmp)
        if batch:
            renamed: dict[str, str] = {}
            for side in SIDES:
                for skill in skills(probe, side):
                    moved = stage(skill, scratch / side / skill.name)
                    renamed |= {f"{side}/{skill.name}/{k}": v for k, v in moved.items()}
            results, seconds = run_semgrep(semgrep, scratch)
            for side in SIDES:
                for skill in skills(probe, side):
                    scans[side][skill.name] = collect(results, renamed, f"{side}/{skill.name}/")
        else:
            for side in SIDES:
                for skill in skills(probe, side):
                    dest = scratch / side / skill.name
                    renamed = stage(skill, dest)
                    results, took = run_semgrep(semgrep, dest)
                    seconds += took
                    scan = collect(results, renamed)
                    scan.dir = skill.name
                    scans[side][skill.name] = scan
    verdicts: dict[str, dict[str, tuple[bool, bool]]] = {side: {} for side in SIDES}
    for side in SIDES:
        known = labels(probe / side)
        for name, scan in scans[side].items():
            files = harmful_files(known.get(name, {}))
            named = scan.stopped and (not files or bool(scan.files & files))
            verdicts[side][name] = (scan.stopped, named)
    return ProbeScan(verdicts, seconds), scans


def skillrouter_probe(probe: Path) -> ProbeScan:
    start = time.perf_counter()
    out = measure(probe)
    seconds = time.perf_counter() - start
    verdicts = {side: {r["dir"]: (bool(r["stopped"]), bool(r["named"])) for r in out[side]} for side in SIDES}
    return ProbeScan(verdicts, seconds)


def cells(scan: ProbeScan) -> list[str]:
    hostile, benign = scan.verdicts["hostile"].values(), scan.verdicts["benign"].values()
    return [
        f"{sum(s for s, _ in hostile)}/{len(hostile)}",
        str(sum(n for _, n in hostile)),
        f"{sum(s for s, _ in benign)}/{len(benign)}",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("probes", nargs="*", type=Path, default=DEFAULT_PROBES)
    parser.add_argument("--semgrep", type=Path, default=DEFAULT_SEMGREP, help="the semgrep binary")
    parser.add_argument("--batch", action="store_true", help="one semgrep run per probe, not per skill")
    args = parser.parse_args(argv)
    semgrep: Path = args.semgrep
    if not (semgrep.is_file() and os.access(semgrep, os.X_OK)):
        print(f"semgrep_compare: no semgrep binary at {semgrep} (pass --semgrep)", file=sys.stderr)
        return 2
    version = subprocess.run(
        [str(semgrep), "--version", "--disable-version-check"], capture_output=True, text=True, check=False
    ).stdout.strip()
    rule_files = ", ".join(sorted(p.name for p in RULES.glob("*.yaml")))
    mode = "one run per probe" if args.batch else "one run per skill"
    print(f"semgrep {version}, rules: {rule_files}, {mode}\n")

    columns = ["probe", *(f"{tool} {c}" for tool in ("semgrep", "skillrouter") for c in COUNTS)]
    columns += ["semgrep s", "skillrouter s"]
    rows = ["| " + " | ".join(columns) + " |", "|---" * len(columns) + "|"]
    notes: list[str] = []
    fired: dict[str, dict[str, set[str]]] = defaultdict(lambda: {side: set() for side in SIDES})
    for probe in args.probes:
        sg, scans = semgrep_probe(probe, semgrep, args.batch)
        sr = skillrouter_probe(probe)
        held_out = probe.name in HELD_OUT
        name = f"{probe.name} (held out)" if held_out else probe.name
        rows.append(
            f"| {name} | {' | '.join(cells(sg))} | {' | '.join(cells(sr))} "
            f"| {sg.seconds:.1f} | {sr.seconds:.1f} |"
        )
        if held_out:
            continue
        for side in SIDES:
            for skill, scan in scans[side].items():
                for rule in scan.rules:
                    fired[rule][side].add(f"{probe.name}/{skill}")
            for skill, (stopped, _) in sg.verdicts[side].items():
                theirs = sr.verdicts[side].get(skill, (False, False))[0]
                if stopped != theirs:
                    scan = scans[side][skill]
                    rules, files = ", ".join(sorted(scan.rules)), ", ".join(sorted(scan.files))
                    why = f" [{rules} @ {files}]" if stopped else ""
                    notes.append(
                        f"- {probe.name}/{side}/{skill}: semgrep {'yes' if stopped else 'no'}, "
                        f"skillrouter {'yes' if theirs else 'no'}{why}"
                    )
    print("\n".join(rows))
    if notes:
        print("\nDisagreements (probes not held out):")
        print("\n".join(notes))
    if fired:
        print("\nSemgrep rules fired (skills, probes not held out):")
        for rule in sorted(fired):
            hostile, benign = fired[rule]["hostile"], fired[rule]["benign"]
            held = f" {sorted(benign)}" if benign else ""
            print(f"- {rule}: hostile {len(hostile)}, benign {len(benign)}{held}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
