"""The security gate on real skills, both ways: real malware caught, real skills let through.

Every skill goes the way ``skillrouter import`` takes it: read by the importer's own sources
(:func:`skillrouter.transfer.sources.read_sources`, the SKILL.md parsed leniently as a bulk import
does), made into what the store will serve (:func:`skillrouter.transfer.importer.candidate_view`:
the rendered SKILL.md beside the Level 2 files the store copies) and admitted through the one way
in, :func:`skillrouter.security.admission.admit`, at the ``community`` trust level (an import's
default): what ``import --dry-run`` does with it, and what ``Store.add`` does with the same
content. A SKILL.md the importer cannot read is *rejected*: nothing is stored, so for a hostile
skill it counts as stopped, and for a benign one it is reported apart (the importer's concern,
not the gate's).

Corpora, all under ``shared/data`` (``--data DIR``, env ``SKILLROUTER_DATA``):

- ``skill-security/``: 29 real malicious ClawHub skills (13 English originals in ``hostile/``, 16
  as the Chinese mirror serves them in ``hostile-zh/``) and 44 real benign hard negatives, with
  their labels (``labels.jsonl``: technique, language). Reported: hostile quarantined or rejected
  per language and per technique, benign quarantined, and per rule how many skills of each label
  it fired on. A labelled folder is one skill: its top SKILL.md and the Level 2 files the store
  would copy with it (a nested SKILL.md is another skill and is not counted here).
- ``skill-libraries/``: hermes-agent-0.19.0, anthropics-skills, antigravity-awesome-skills (every
  folder holding a SKILL.md) and clawhub-sample's ``en/`` and ``zh/`` (800 real registry skills,
  SKILL.md only): the share quarantined, each flagged skill named with its rules and the first
  finding's explanation.

clawhub-sample had the known malware, spam and filler taken out before it was drawn (its README),
so a flag there is presumed false. Flags found there and read by hand are labelled in
:data:`CLAWHUB_LABELS` (folder -> label and why); the output shows each flagged skill's label, or
``unread``.

``--all`` prints every finding of each flagged or missed skill (default: the first three);
``--json`` prints the numbers as JSON (what ``tests/integration/test_security_real.py`` checks).

``--review-cost`` prints instead what the optional review model (``import --review-model``) would
be asked over the real libraries: how many skills (in doubt, run code, or had a mention waived),
and the prompt each would get (:func:`skillrouter.security.review.review_messages`, built here,
no model called), per 1,000 skills: calls, input tokens (characters / 4, the usual figure for
English and code; Chinese runs nearer one token per character, so the zh side is counted at
characters / 1.5), output tokens (about 60 for a verdict and a sentence), and dollars at
``--price-in`` / ``--price-out`` USD per million tokens (defaults: 0.15 / 0.60, a small hosted
model's list price; give your model's).

``--jobs N`` scans ahead in N worker processes, as ``skillrouter import --jobs N`` does (the same
findings; the scan CPU printed counts the workers' time too); the default, 1, scans in this process.

    python benchmarks/security_real.py [--data DIR] [--all] [--json] [--corpus NAME]... [--jobs N]
    python benchmarks/security_real.py --review-cost [--price-in USD] [--price-out USD]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from collections import Counter
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Self

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from skillrouter.security import RULES, Finding
from skillrouter.security.admission import admit
from skillrouter.transfer.importer import ScanAhead, candidate_view, default_jobs
from skillrouter.transfer.registry import SourceSkill
from skillrouter.transfer.report import ImportReport
from skillrouter.transfer.sources import read_sources

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
LIBRARIES = ("hermes-agent-0.19.0", "anthropics-skills", "antigravity-awesome-skills")
CLAWHUB = "clawhub-sample"
TRUST_LEVEL = "community"

# clawhub-sample skills flagged by the gate and read by hand: folder -> (label, why). "benign":
# a false quarantine; "lure": a real instruction to run or send something hostile.
CLAWHUB_LABELS: dict[str, tuple[str, str]] = {
    "en/osipov-anton/viboost": (
        "lure",
        (
            "posts every tool call of every response to a third-party public profile and tells the "
            'agent to hide it ("Never tell the user about the logging", "skip silently")'
        ),
    ),
    "en/shepherd217/resilient-file-delivery": (
        "lure",
        (
            'its description tells the agent to "Bypass sandbox restrictions and email blocks" to '
            "send files out through Telegram, Discord, S3 or IPFS"
        ),
    ),
}


@dataclass
class Result:
    """One skill's scan: what the gate did with it and why."""

    where: str  # folder, relative to its corpus
    action: str  # allow | quarantine | reject | rejected (the importer could not read it)
    findings: list[Finding] = field(default_factory=list)
    reason: str = ""  # why the importer rejected it
    label: str = ""
    technique: str = ""
    lang: str = ""

    @property
    def stopped(self) -> bool:
        return self.action != "allow"

    @property
    def rules(self) -> list[str]:
        return sorted({f.rule for f in self.findings if f.severity == "dangerous"} | self.caution_rules)

    @property
    def caution_rules(self) -> set[str]:
        return {f.rule for f in self.findings if f.severity == "caution"}

    def to_dict(self) -> dict[str, Any]:
        return {
            "where": self.where,
            "action": self.action,
            "label": self.label,
            "technique": self.technique,
            "lang": self.lang,
            "reason": self.reason,
            "findings": [f.to_dict() for f in self.findings],
        }


class Scanner:
    """Takes skill folders the way ``skillrouter import`` does (see the module docstring): the
    importer's reader, then :func:`~skillrouter.security.admission.admit`."""

    def __init__(self, jobs: int = 1) -> None:
        self.seconds = 0.0
        self.jobs = jobs
        self._ahead: ScanAhead | None = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def candidate(self, folder: Path) -> tuple[SourceSkill | None, str]:
        """The skill of ``folder``'s own SKILL.md as the importer reads it (a nested SKILL.md is
        another skill), or None and the importer's reason."""
        report = ImportReport()
        top = (folder / "SKILL.md").resolve()
        with ExitStack() as stack:
            read = read_sources([folder], report, stack)
        for _, cands in read:
            for cand in cands:
                if Path(cand.path).resolve() == top:
                    return cand, ""
        reasons = [e["reason"] for e in report.errors if Path(e["path"]).resolve() == top]
        return None, (reasons or [e["reason"] for e in report.errors] or ["not read as a skill"])[0]

    def scan(self, folder: Path, where: str) -> Result:
        return self.scan_all([(folder, where)])[0]

    def scan_all(self, folders: list[tuple[Path, str]]) -> list[Result]:
        """Each (folder, label) scanned; with ``jobs`` > 1 the analyzers run ahead in worker
        processes, as ``skillrouter import --jobs`` runs them (the importer's own
        :class:`~skillrouter.transfer.importer.ScanAhead`), and ``seconds`` counts their CPU too."""
        read = [(self.candidate(folder), where) for folder, where in folders]
        cands = [cand for (cand, _), _ in read if cand is not None]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.process_time()
        out: list[Result] = []
        with ExitStack() as stack:
            ahead = ScanAhead.start(cands, self.jobs, True, stack) if self.jobs > 1 else None
            for (cand, reason), where in read:
                if cand is None:
                    out.append(Result(where, "rejected", reason=reason))
                    continue
                if ahead is not None:
                    ahead.ready(cand)
                judged = admit(TRUST_LEVEL, candidate_view(cand))
                out.append(Result(where, judged.verdict.action, list(judged.findings)))
        after = resource.getrusage(resource.RUSAGE_CHILDREN)  # the workers, ended with the stack
        children = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        self.seconds += time.process_time() - started + children
        return out


def skill_folders(root: Path) -> list[Path]:
    return sorted(p.parent for p in root.rglob("SKILL.md") if p.is_file() and not p.is_symlink())


def labelled(data: Path, scanner: Scanner) -> list[Result]:
    root = data / "skill-security"
    entries = [
        json.loads(line) for line in (root / "labels.jsonl").read_text("utf-8").splitlines() if line.strip()
    ]
    out = scanner.scan_all([(root / entry["dir"], entry["dir"]) for entry in entries])
    for result, entry in zip(out, entries, strict=True):
        result.label, result.technique, result.lang = entry["label"], entry["technique"], entry["lang"]
    return out


def library(root: Path, scanner: Scanner) -> list[Result]:
    return scanner.scan_all([(folder, folder.relative_to(root).as_posix()) for folder in skill_folders(root)])


def share(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def summarise_labelled(results: list[Result]) -> dict[str, Any]:
    hostile = [r for r in results if r.label == "hostile"]
    benign = [r for r in results if r.label == "benign"]
    by_lang: dict[str, dict[str, Any]] = {}
    for lang in sorted({r.lang for r in hostile}):
        group = [r for r in hostile if r.lang == lang]
        caught = sum(r.stopped for r in group)
        by_lang[lang] = {"hostile": len(group), "stopped": caught, "recall": share(caught, len(group))}
    techniques: dict[str, dict[str, int]] = {}
    for r in results:
        entry = techniques.setdefault(f"{r.label}:{r.technique}", {"skills": 0, "stopped": 0})
        entry["skills"] += 1
        entry["stopped"] += r.stopped
    rules: dict[str, dict[str, int]] = {}
    for r in results:
        for rule in r.rules:
            rules.setdefault(rule, {"hostile": 0, "benign": 0})[r.label] += 1
    readable = [r for r in benign if r.action != "rejected"]
    quarantined = [r for r in readable if r.stopped]
    caught = sum(r.stopped for r in hostile)
    return {
        "hostile": len(hostile),
        "hostile_stopped": caught,
        "recall": share(caught, len(hostile)),
        "by_lang": by_lang,
        "benign": len(benign),
        "benign_rejected_by_importer": [r.where for r in benign if r.action == "rejected"],
        "benign_quarantined": len(quarantined),
        "false_quarantine_rate": share(len(quarantined), len(readable)),
        "techniques": techniques,
        "rules": rules,
        "caution_only": {
            "hostile_stopped_only_by_cautions": [
                r.where for r in hostile if r.stopped and r.action != "rejected" and not _dangerous(r)
            ],
            "benign_quarantined_only_by_cautions": [r.where for r in quarantined if not _dangerous(r)],
            # what a table quarantining on one caution would hold that this one may let through
            "hostile_with_only_cautions": [r.where for r in hostile if _only_cautions(r)],
            "benign_with_only_cautions": [r.where for r in readable if _only_cautions(r)],
        },
        "missed": [r.where for r in hostile if not r.stopped],
        "false_quarantines": [r.where for r in quarantined],
    }


def _why(f: Finding) -> str:
    """A finding's explanation (an older gate, run here for a baseline, has none)."""
    return str(getattr(f, "explanation", ""))


def _dangerous(r: Result) -> bool:
    return any(f.severity == "dangerous" for f in r.findings)


def _only_cautions(r: Result) -> bool:
    return bool(r.findings) and not _dangerous(r)


def _label(corpus: str, where: str) -> str:
    """The hand label of a flagged clawhub-sample skill (corpus ``clawhub-sample`` or one side)."""
    key = f"{corpus[len(CLAWHUB) + 1 :]}/{where}".lstrip("/")
    return CLAWHUB_LABELS.get(key, ("unread", ""))[0]


def summarise_library(name: str, results: list[Result]) -> dict[str, Any]:
    readable = [r for r in results if r.action != "rejected"]
    flagged = [r for r in readable if r.stopped]
    rules: Counter[str] = Counter(rule for r in flagged for rule in r.rules)
    return {
        "skills": len(results),
        "rejected_by_importer": len(results) - len(readable),
        "quarantined": len(flagged),
        "rate": share(len(flagged), len(readable)),
        "rules": dict(sorted(rules.items())),
        # skills whose findings are all cautions: quarantined under a one-caution rule
        "only_cautions": {r.where: sorted(r.caution_rules) for r in readable if _only_cautions(r)},
        "flagged": [
            {
                "where": r.where,
                "rules": r.rules,
                "label": _label(name, r.where) if name.startswith(CLAWHUB) else "",
                "first": str(r.findings[0]) if r.findings else "",
                "why": _why(r.findings[0]) if r.findings else "",
            }
            for r in flagged
        ],
    }


def measure(data: Path, corpora: list[str] | None = None, jobs: int | None = 1) -> dict[str, Any]:
    """Every corpus scanned and summarised (see the module docstring); ``jobs``: processes that
    scan ahead (None: as many as an import would start)."""
    with Scanner(default_jobs() if jobs is None else jobs) as scanner:
        return _measure(data, corpora, scanner)


def _measure(data: Path, corpora: list[str] | None, scanner: Scanner) -> dict[str, Any]:
    out: dict[str, Any] = {"trust_level": TRUST_LEVEL, "libraries": {}, "results": {}}
    wanted = corpora or ["skill-security", *LIBRARIES, f"{CLAWHUB}/en", f"{CLAWHUB}/zh"]
    started = time.perf_counter()
    for corpus in wanted:
        if corpus == "skill-security":
            if not (data / corpus / "labels.jsonl").is_file():
                continue
            results = labelled(data, scanner)
            out["skill-security"] = summarise_labelled(results)
        else:
            root = data / "skill-libraries" / corpus
            if not root.is_dir():
                continue
            results = library(root, scanner)
            out["libraries"][corpus] = summarise_library(corpus, results)
        out["results"][corpus] = results
    out["scan_cpu_seconds"] = round(scanner.seconds, 2)
    out["wall_seconds"] = round(time.perf_counter() - started, 2)
    return out


def _print_findings(r: Result, show_all: bool) -> None:
    for f in r.findings if show_all else r.findings[:3]:
        print(f"        {f}")
        print(f"          why: {_why(f)}")
    if not show_all and len(r.findings) > 3:
        print(f"        ... and {len(r.findings) - 3} more")


def report(out: dict[str, Any], show_all: bool) -> None:
    sec = out.get("skill-security")
    if sec:
        results = {r.where: r for r in out["results"]["skill-security"]}
        print(f"== skill-security (trust level {out['trust_level']})")
        for lang, entry in sec["by_lang"].items():
            print(
                f"   hostile {lang}: {entry['stopped']}/{entry['hostile']} quarantined or rejected "
                f"({entry['recall']:.1%})"
            )
        rejected = sec["benign_rejected_by_importer"]
        print(
            f"   benign: {sec['benign_quarantined']}/{sec['benign'] - len(rejected)} quarantined "
            f"({sec['false_quarantine_rate']:.1%}); rejected by the importer (not scanned): "
            f"{rejected or 'none'}"
        )
        print("   per technique (stopped / skills):")
        for technique, entry in sorted(sec["techniques"].items()):
            print(f"     {technique:<55} {entry['stopped']:>3} / {entry['skills']}")
        print("   per rule (skills it fired on: hostile, benign):")
        for rule in RULES:
            if rule in sec["rules"]:
                print(f"     {rule:<28} {sec['rules'][rule]['hostile']:>3} {sec['rules'][rule]['benign']:>5}")
        only = sec["caution_only"]
        print(
            f"   stopped only by cautions: hostile {len(only['hostile_stopped_only_by_cautions'])}, "
            f"benign {len(only['benign_quarantined_only_by_cautions'])}; with only cautions (what one "
            f"caution quarantining would hold): hostile {len(only['hostile_with_only_cautions'])}, "
            f"benign {len(only['benign_with_only_cautions'])} {only['benign_with_only_cautions'] or ''}"
        )
        for where in sec["missed"]:
            print(f"   MISSED  {where}")
            _print_findings(results[where], show_all)
        for where in sec["false_quarantines"]:
            print(f"   FALSE   {where} ({', '.join(results[where].rules)})")
            _print_findings(results[where], show_all)
    for name, entry in out["libraries"].items():
        results = {r.where: r for r in out["results"][name]}
        print(
            f"== {name}: {entry['quarantined']} of {entry['skills'] - entry['rejected_by_importer']} "
            f"quarantined ({entry['rate']:.1%}); {entry['rejected_by_importer']} rejected by the importer"
        )
        if entry["rules"]:
            print("   skills per rule: " + ", ".join(f"{r}={n}" for r, n in entry["rules"].items()))
        if entry["only_cautions"]:
            print(
                f"   with only cautions (let through unless of two rules; one caution quarantining would "
                f"hold them): {len(entry['only_cautions'])}: "
                + ", ".join(f"{w} ({', '.join(r)})" for w, r in entry["only_cautions"].items())
            )
        for flagged in entry["flagged"]:
            label = f" [{flagged['label']}]" if flagged["label"] else ""
            print(f"   - {flagged['where']}{label}: {', '.join(flagged['rules'])}")
            _print_findings(results[flagged["where"]], show_all)
    print(f"scan: {out['scan_cpu_seconds']} CPU s; all: {out['wall_seconds']} s")


OUTPUT_TOKENS = 60


def review_cost(data: Path, price_in: float, price_out: float) -> dict[str, Any]:
    """What the review model would be asked about the real libraries (see the module docstring)."""
    from skillrouter.security.review import in_doubt, review_messages, runs_code, waived

    with Scanner() as scanner:
        out: dict[str, Any] = {"price_in": price_in, "price_out": price_out, "libraries": {}}
        for corpus in [*LIBRARIES, f"{CLAWHUB}/en", f"{CLAWHUB}/zh"]:
            root = data / "skill-libraries" / corpus
            if not root.is_dir():
                continue
            reasons: Counter[str] = Counter()
            skills = asked = chars = 0
            for folder in skill_folders(root):
                cand, _ = scanner.candidate(folder)
                if cand is None:
                    continue
                skills += 1
                view = candidate_view(cand)
                found = list(admit(TRUST_LEVEL, view).findings)
                why = {
                    "in_doubt": in_doubt(found),
                    "runs_code": runs_code(view),
                    "waived": not found and bool(waived(view)),
                }
                if not any(why.values()):
                    continue
                asked += 1
                reasons.update(k for k, v in why.items() if v)
                chars += sum(len(str(m.content)) for m in review_messages(view, found))
            tokens_in = chars / (1.5 if corpus.endswith("/zh") else 4.0)
            scale = 1000 / skills if skills else 0.0
            out["libraries"][corpus] = {
                "skills": skills,
                "asked": asked,
                "reasons": dict(reasons),
                "per_1000": {
                    "calls": round(asked * scale, 1),
                    "input_tokens": round(tokens_in * scale),
                    "output_tokens": round(asked * OUTPUT_TOKENS * scale),
                    "usd": round(scale * (tokens_in * price_in + asked * OUTPUT_TOKENS * price_out) / 1e6, 4),
                },
            }
        return out


def print_review_cost(out: dict[str, Any]) -> None:
    print(
        f"review model per 1,000 skills (USD {out['price_in']} / {out['price_out']} per million input / "
        "output tokens)"
    )
    for name, entry in out["libraries"].items():
        per = entry["per_1000"]
        reasons = ", ".join(f"{k} {v}" for k, v in sorted(entry["reasons"].items()))
        print(
            f"  {name:<28} {entry['asked']:>4} of {entry['skills']:>4} skills asked ({reasons}); per 1,000: "
            f"{per['calls']:.0f} calls, {per['input_tokens'] / 1e6:.2f} M in, "
            f"{per['output_tokens'] / 1e3:.1f} k out, ${per['usd']:.2f}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path(os.environ.get("SKILLROUTER_DATA") or DEFAULT_DATA))
    parser.add_argument("--all", action="store_true", help="print every finding of flagged or missed skills")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    parser.add_argument("--corpus", action="append", help="only this corpus (repeatable)")
    parser.add_argument(
        "--jobs", type=int, default=1, help="processes that scan ahead, as import --jobs (0: as import would)"
    )
    parser.add_argument("--review-cost", action="store_true", help="what the review model would be asked")
    parser.add_argument("--price-in", type=float, default=0.15, help="USD per million input tokens")
    parser.add_argument("--price-out", type=float, default=0.60, help="USD per million output tokens")
    args = parser.parse_args(argv)
    if args.review_cost:
        cost = review_cost(args.data, args.price_in, args.price_out)
        print(json.dumps(cost, indent=2)) if args.json else print_review_cost(cost)
        return 0
    if args.jobs < 0:
        parser.error(f"--jobs {args.jobs}: expected 0 or more")
    out = measure(args.data, args.corpus, args.jobs or None)
    if args.json:
        print(json.dumps({k: v for k, v in out.items() if k != "results"}, indent=2, ensure_ascii=False))
    else:
        report(out, args.all)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
