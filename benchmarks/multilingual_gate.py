"""How the multilingual engine's gate (and the e5 baseline's cut) were chosen: on every row of
the suite with Chinese tasks at once, never one corpus.

Each Chinese corpus of ``skillrouter eval suite`` (zh-hermes, zh/mixed-antigravity,
zh/mixed-clawhub-en, zh/mixed-clawhub-zh) is routed once through ``SkillLibrary.route_many`` with
the defaults (so every task holding CJK letters goes to the multilingual engine), keeping each
query's candidates; the plain dense e5 baseline's best cosine is kept beside it. Then, with no
routing again:

1. the gate: for each threshold of a grid, the router's decision accuracy on every row, and the
   mean over rows; the best mean is the default (``DEFAULT_MULTILINGUAL_THRESHOLD``);
2. the e5 baseline's cut, chosen the same way (``E5_BASELINE_THRESHOLD``), so the baseline is
   given its best single cut, not one on MiniLM's scale where it never abstains;
3. the keyword weight for these tasks: P@1 per row over the weight grid (the candidates
   re-ranked by the router's own rule), to see whether e5's tasks want a weight of their own.

English rows are not touched by either number: their tasks hold no CJK letter and route with
MiniLM at its own gate. Run from the project root:

    .venv/bin/python benchmarks/multilingual_gate.py [--data ../shared/data] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from skillrouter.embeddings.base import embed_queries
from skillrouter.embeddings.script import has_cjk
from skillrouter.eval.loading import read_skills
from skillrouter.eval.routing import (
    EmbedderSpec,
    Routed,
    RoutingConfig,
    default_cache_dir,
    evaluate_routing,
    make_embedder,
    multilingual_embedder,
)
from skillrouter.eval.suite import CORPORA, default_data_dir

from skillrouter.routing.scoring import QUALITY_WEIGHT

GATES = [round(0.70 + 0.005 * i, 3) for i in range(61)]  # 0.700 .. 1.000
WEIGHTS = [round(0.05 * i, 2) for i in range(13)]  # 0.00 .. 0.60


CJK_DESCRIBED: dict[str, set[str]] = {}  # row -> the skills whose Level 0 holds CJK letters


def _rows(data: Path) -> dict[str, tuple[list[Routed], list[float], list[str]]]:
    """row -> (routed queries, the e5 baseline's best cosine per query, its best skill)."""
    e5 = multilingual_embedder(make_embedder(EmbedderSpec(), default_cache_dir()))
    out: dict[str, tuple[list[Routed], list[float], list[str]]] = {}
    for corpus in CORPORA:
        if not corpus.multilingual:
            continue
        print(f"== {corpus.name}", file=sys.stderr)
        setup = corpus.build(data)
        run = evaluate_routing(
            setup,
            EmbedderSpec(),
            RoutingConfig(latency_sample=0),
            cache_dir=default_cache_dir(),
            progress=lambda m: print(m, file=sys.stderr),
        )
        skills = read_skills(setup.skills)  # the library's skills, as the importer read them
        docs = np.asarray(
            e5.embed_documents([f"{s.name}: {s.description}" for s in skills]), dtype=np.float32
        )
        for split, row in (corpus.rows or {"": corpus.name}).items():
            part = [r for r in run.routed if not split or r.query.meta.get("split") == split]
            sims = embed_queries(e5, [r.query.query for r in part]) @ docs.T
            best = sims.argmax(axis=1)
            CJK_DESCRIBED[row] = {s.name for s in skills if has_cjk(f"{s.name}: {s.description}")}
            out[row] = (part, [float(sims[i, b]) for i, b in enumerate(best)], [skills[b].name for b in best])
    return out


def _decision(top: str | None, passes: bool, gold: tuple[str, ...]) -> bool:
    return (top in gold) if passes else not gold


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=default_data_dir())
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    rows = _rows(args.data)
    report: dict[str, object] = {"rows": {}}
    names = list(rows)

    def pair_acc(gate_zh: float, gate_en: float) -> dict[str, float]:
        """Decision accuracy per row, a best candidate described in Chinese gated at ``gate_zh``."""
        out = {}
        for row, (routed, _, _) in rows.items():
            ok = 0
            for r in routed:
                ranked = r.ranked(0.3, QUALITY_WEIGHT)
                top = ranked[0] if ranked else None
                gate = gate_zh if top and top.name in CJK_DESCRIBED[row] else gate_en
                ok += _decision(
                    top.name if top else None, top is not None and top.relevance >= gate, r.query.gold
                )
            out[row] = ok / len(routed)
        return out

    def router_acc(gate: float) -> dict[str, float]:
        return pair_acc(gate, gate)

    def baseline_acc(cut: float) -> dict[str, float]:
        return {
            row: sum(_decision(name, sim >= cut, r.query.gold) for r, sim, name in zip(routed, sims, best))
            / len(routed)
            for row, (routed, sims, best) in rows.items()
        }

    print("\n1. the multilingual gate: router decision accuracy per row")
    print("gate   " + "  ".join(f"{n[:16]:>16}" for n in names) + "      mean")
    best_gate, best_mean = 0.0, -1.0
    for gate in GATES:
        acc = router_acc(gate)
        mean = sum(acc.values()) / len(acc)
        if mean > best_mean + 1e-12:
            best_gate, best_mean = gate, mean
        if round(gate * 1000) % 10 == 0:
            print(f"{gate:.3f}  " + "  ".join(f"{acc[n]:16.3f}" for n in names) + f"  {mean:8.3f}")
    print(f"best gate {best_gate:.3f}: mean decision accuracy {best_mean:.3f}")

    print("\n2. the e5 baseline's cut: its decision accuracy per row")
    best_cut, best_base = 0.0, -1.0
    for cut in [0.0, *GATES]:
        acc = baseline_acc(cut)
        mean = sum(acc.values()) / len(acc)
        if mean > best_base + 1e-12:
            best_cut, best_base = cut, mean
        if cut == 0.0 or round(cut * 1000) % 20 == 0:
            print(f"{cut:.3f}  " + "  ".join(f"{acc[n]:16.3f}" for n in names) + f"  {mean:8.3f}")
    print(f"best cut {best_cut:.3f}: mean decision accuracy {best_base:.3f}")

    print("\n3. keyword weight: router P@1 per row (answerable queries)")
    for weight in WEIGHTS:
        p1 = {}
        for row, (routed, _, _) in rows.items():
            answerable = [r for r in routed if r.query.gold]
            p1[row] = sum(
                bool(r.ranked(weight, QUALITY_WEIGHT))
                and r.ranked(weight, QUALITY_WEIGHT)[0].name in r.query.gold
                for r in answerable
            ) / len(answerable)
        print(
            f"{weight:.2f}  "
            + "  ".join(f"{p1[n]:16.3f}" for n in names)
            + f"  {sum(p1.values()) / len(p1):8.3f}"
        )
    print("\n4. a gate per pair of scripts: the top skill's Level 0 in Chinese or not")
    print("gate zh / en  " + "  ".join(f"{n[:16]:>16}" for n in names) + "      mean")

    pairs = {(z, e): pair_acc(z, e) for z in GATES[::2] for e in GATES[::2]}
    best_pair = max(pairs, key=lambda k: (sum(pairs[k].values()), -abs(k[0] - k[1])))
    shown = {best_pair, (best_gate, best_gate)}
    shown |= {(z, e) for e in {best_pair[1], best_gate} for z in GATES[::2] if 0.83 <= z <= 0.93}
    for key in sorted(shown, key=lambda k: (k[1], k[0])):
        acc = pairs.get(key) or pair_acc(*key)
        print(
            f"{key[0]:.3f} / {key[1]:.3f}  "
            + "  ".join(f"{acc[n]:16.3f}" for n in names)
            + f"  {sum(acc.values()) / len(acc):8.3f}"
        )
    print(f"best pair {best_pair[0]:.3f} / {best_pair[1]:.3f}")
    report.update(
        {
            "gate": best_gate,
            "gate_mean_decision_accuracy": best_mean,
            "router_at_gate": router_acc(best_gate),
            "e5_cut": best_cut,
            "e5_mean_decision_accuracy": best_base,
            "e5_at_cut": baseline_acc(best_cut),
        }
    )
    if args.out:
        args.out.write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
