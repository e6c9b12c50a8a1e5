"""Trigger evals on real skills with trigger sets written blind (issue 39).

The 30 Hermes Agent skills of ``eval/data/triggers/hermes`` and the 12 Anthropic skills of
``eval/data/triggers/anthropics`` (20 queries each, 10 should trigger and 10 near-misses, 5 in
Chinese; how they were written: ``eval/data/triggers/README.md``), each routed by
``skillrouter eval triggers``' own code (:func:`skillrouter.eval.triggers.run_triggers`) in one
bench holding both libraries (189 skills), so every skill stands among the others as installed.

Printed per library: recall, precision and F1 (means over skills, and pooled), beside plain dense
MiniLM over "name: description" (the skill triggers when it is the top-1, no gate: the baseline
every skillrouter number is shown beside), in the same run; the share of lost queries whose
explanation names uncovered words, the lost queries' destinations (another skill or none), and
with ``--suggest`` how many skills' F1 rose on the held-out half of their sets with the best
measured trigger phrase. Then five lost queries with their explanations, as a person reads them.

    .venv/bin/python benchmarks/trigger_evals.py [--data ../shared/data] [--suggest] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
from skillrouter.embeddings.base import embed_queries
from skillrouter.eval.suite import default_data_dir
from skillrouter.eval.triggers import (
    Bench,
    SkillReport,
    evaluate_skill,
    explain,
    load_queries,
    suggest,
)

from skillrouter.errors import SkillFormatError
from skillrouter.skillmd import parse_skill_md

HERE = Path(__file__).resolve().parents[1]
SETS = HERE / "eval" / "data" / "triggers"
LIBRARIES = {"hermes": "hermes-agent-0.19.0", "anthropics": "anthropics-skills"}


def skill_folders(library: Path) -> dict[str, Path]:
    """Every skill folder of ``library`` by its skill's name (read as an import reads it)."""
    out = {}
    for md in sorted(library.rglob("SKILL.md")):
        try:
            name = parse_skill_md(md.read_bytes(), path=md, fallback_name=md.parent.name, warnings=[]).name
        except SkillFormatError:
            continue  # a file the importer skips too
        out[name] = md.parent
    return out


def dense_baseline(bench: Bench, sets: dict[str, list[Any]]) -> dict[str, dict[str, float]]:
    """Per skill: plain dense MiniLM over "name: description", top-1 triggers (no gate)."""
    summaries = bench.lib.summaries(bench.lib.names())
    names = sorted(summaries)
    docs = np.asarray(
        bench.lib.embedder.embed_documents([f"{n}: {summaries[n].description}" for n in names]),
        dtype=np.float32,
    )
    out = {}
    for name, queries in sets.items():
        vectors = embed_queries(bench.lib.embedder, [q.query for q in queries])
        tops = [names[i] for i in (vectors @ docs.T).argmax(axis=1)]
        tp = sum(q.should_trigger and t == name for q, t in zip(queries, tops, strict=True))
        fp = sum(not q.should_trigger and t == name for q, t in zip(queries, tops, strict=True))
        fn = sum(q.should_trigger and t != name for q, t in zip(queries, tops, strict=True))
        out[name] = {
            "recall": tp / (tp + fn) if tp + fn else 0.0,
            "precision": tp / (tp + fp) if tp + fp else 0.0,
            "f1": 2 * tp / (2 * tp + fp + fn) if tp else 0.0,
            "tp": tp,
            "fp": fp,
            "fn": fn,
        }
    return out


def summary(reports: list[SkillReport], dense: dict[str, dict[str, float]]) -> dict[str, Any]:
    tp = sum(r.counts["tp"] for r in reports)
    fp = sum(r.counts["fp"] for r in reports)
    fn = sum(r.counts["fn"] for r in reports)
    dtp = sum(dense[r.name]["tp"] for r in reports)
    dfp = sum(dense[r.name]["fp"] for r in reports)
    dfn = sum(dense[r.name]["fn"] for r in reports)
    lost = [q for r in reports for q in r.lost]
    return {
        "skills": len(reports),
        "recall": round(statistics.mean(r.recall or 0.0 for r in reports), 3),
        "precision": round(statistics.mean(r.precision or 0.0 for r in reports), 3),
        "f1": round(statistics.mean(r.f1 for r in reports), 3),
        "pooled": {"recall": round(tp / (tp + fn), 3), "precision": round(tp / max(1, tp + fp), 3)},
        "dense": {
            "recall": round(statistics.mean(dense[r.name]["recall"] for r in reports), 3),
            "precision": round(statistics.mean(dense[r.name]["precision"] for r in reports), 3),
            "f1": round(statistics.mean(dense[r.name]["f1"] for r in reports), 3),
            "pooled": {"recall": round(dtp / (dtp + dfn), 3), "precision": round(dtp / max(1, dtp + dfp), 3)},
        },
        "lost": len(lost),
        "lost_to_none": sum(q.routed is None for q in lost),
        "lost_explained_by_words": sum(bool((q.why or {}).get("uncovered")) for q in lost),
        "lost_chinese_flagged": sum(bool((q.why or {}).get("language")) for q in lost),
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, default=default_data_dir())
    parser.add_argument("--suggest", action="store_true", help="measure --suggest on every skill")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    libraries = {key: args.data / "skill-libraries" / folder for key, folder in LIBRARIES.items()}
    started = time.perf_counter()
    out: dict[str, Any] = {"libraries": {}}
    with Bench.of_paths(list(libraries.values())) as bench:
        print(
            f"bench: {len(bench.lib.names())} skills, {time.perf_counter() - started:.0f} s",
            file=sys.stderr,
        )
        for key, library in libraries.items():
            folders = skill_folders(library)
            sets = {p.stem: load_queries(p) for p in sorted((SETS / key).glob("*.json"))}
            reports = []
            for name, queries in sets.items():
                bench.add(folders[name])
                report = evaluate_skill(bench, name, queries, str(folders[name]))
                if args.suggest and report.lost:
                    report.suggestions = suggest(bench, report, queries)
                reports.append(report)
            dense = dense_baseline(bench, sets)
            row = summary(reports, dense)
            if args.suggest:
                rose = [
                    r.name
                    for r in reports
                    if r.suggestions and r.suggestions[0].f1_held_out > r.suggestions[0].base_held_out
                ]
                row["suggest"] = {
                    "skills_with_lost": sum(bool(r.lost) for r in reports),
                    "skills_with_a_kept_phrase": sum(bool(r.suggestions) for r in reports),
                    "skills_held_out_f1_rose": len(rose),
                    "which": rose,
                }
            out["libraries"][key] = {"summary": row, "skills": [r.to_dict() for r in reports]}
            print(f"\n## {key}: {row['skills']} skills, trigger sets written blind\n")
            print("| | recall | precision | F1 | pooled recall | pooled precision |")
            print("|---|---|---|---|---|---|")
            d = row["dense"]
            print(
                f"| skillrouter | {row['recall']} | {row['precision']} | {row['f1']} | "
                f"{row['pooled']['recall']} | {row['pooled']['precision']} |"
            )
            print(
                f"| plain dense MiniLM, top-1 | {d['recall']} | {d['precision']} | {d['f1']} | "
                f"{d['pooled']['recall']} | {d['pooled']['precision']} |"
            )
            print(
                f"\nlost {row['lost']} (to none: {row['lost_to_none']}); explained by uncovered words: "
                f"{row['lost_explained_by_words']}; Chinese against an English description flagged: "
                f"{row['lost_chinese_flagged']}"
            )
            if args.suggest:
                s = row["suggest"]
                print(
                    f"--suggest: {s['skills_with_lost']} skills lost a query; "
                    f"{s['skills_with_a_kept_phrase']} got a measured phrase; held-out F1 rose for "
                    f"{s['skills_held_out_f1_rose']}"
                )
            shown = [(r.name, q) for r in reports for q in r.lost][:: max(1, row["lost"] // 5)][:5]
            for name, q in shown:
                print(f"- {name}: {q.query!r} -> {q.routed or 'none'}: {explain(q)}")
    out["seconds"] = round(time.perf_counter() - started, 1)
    if args.json is not None:
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", "utf-8")
    print(f"\n{out['seconds']} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
