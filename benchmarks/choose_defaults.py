"""How the router's defaults were chosen: on the suite's mean, never on one corpus.

For every corpus of ``skillrouter eval suite`` this script computes, once, what the router
sees for each query (dense similarity to every skill under several Level 0 texts, BM25 and
coverage from :class:`skillrouter.routing.lexical.LexicalIndex` under two lexical texts), then replays
the router's rule (candidate pool = dense top 20 + keyword top 20; rank by
``scoring.fused``; route the best if ``scoring.relevance`` reaches the threshold) for a grid of
settings. It prints:

1. Level 0 text x lexical text x keyword weight: P@1 per corpus, and the mean;
2. the gate (coverage weight x threshold): decision accuracy per corpus, and the mean;
3. alternatives to a fixed threshold, on the same replay: a threshold calibrated per library
   against a bank of 400 everyday requests (eval/data/offdomain_bank.jsonl; a quantile of
   their relevance to the library, with a floor), and scores normalised against the task's
   similarities over the library (z-score, margin to the second best, gap to the top ten's
   mean), each at its best setting on the suite mean;
4. leave-one-corpus-out: settings chosen on all corpora but one (best mean, no corpus below
   the plain dense baseline), and what they give on the one left out.

The replay makes the router's decisions exactly (checked query by query against
``SkillLibrary.route_many`` on 3,000 MetaTool queries: none differ).

Everything is cold (no track record, no examples), as in the suite. Run from the project root:

    .venv/bin/python benchmarks/choose_defaults.py [--data ../shared/data] [--out reports/defaults.json]
"""

from __future__ import annotations

import argparse
import itertools
import json
import pickle
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from skillrouter.embeddings.base import embed_queries
from skillrouter.eval.baseline import BASELINE_THRESHOLD
from skillrouter.eval.loading import read_skills, tool_skill
from skillrouter.eval.routing import EmbedderSpec, default_cache_dir, make_embedder
from skillrouter.eval.suite import CORPORA, default_data_dir

from skillrouter.routing.lexical import LexicalIndex
from skillrouter.routing.scoring import fused, relevance
from skillrouter.skill import Skill, split_words

POOL = 20
LEVEL0 = {
    "name: description": lambda s: f"{s.name}: {s.description}",
    "name words: description": lambda s: f"{split_words(s.name)}: {s.description}",
    "description": lambda s: s.description,
    "name: description. Tags": lambda s: (
        f"{s.name}: {s.description.rstrip('.')}. Tags: {', '.join(s.tags)}."
        if s.tags
        else f"{s.name}: {s.description}"
    ),
}
LEXICAL = {
    "Level 0 text": lambda s: f"{s.name}: {s.description}",
    "Level 0 + body[:1500]": lambda s: s.lexical_text(),
}
WEIGHTS = (0.0, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4)
COVERAGE_WEIGHTS = (0.0, 0.2, 0.3, 0.4, 0.5)
THRESHOLDS = tuple(round(0.26 + 0.02 * i, 2) for i in range(10))


BANK = Path(__file__).resolve().parents[1] / "eval" / "data" / "offdomain_bank.jsonl"


@dataclass
class Data:
    """One suite row: per query, gold mask over skills and the router's raw numbers; the same
    for the bank of everyday requests (``bank_*``) against this row's library."""

    name: str
    gold: np.ndarray  # queries x skills, bool
    dense: dict[str, np.ndarray]  # Level 0 variant -> queries x skills cosine
    bm25: dict[str, np.ndarray]  # lexical variant -> queries x skills
    coverage: np.ndarray  # queries x skills (coverage text = the Level 0 text)
    bank_dense: dict[str, np.ndarray]
    bank_bm25: dict[str, np.ndarray]
    bank_coverage: np.ndarray

    @property
    def answerable(self) -> np.ndarray:
        return self.gold.any(axis=1)


def lexical_matrices(
    skills: list[Skill], texts: list[str], column: dict[str, int]
) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """BM25 per lexical text and coverage of ``texts`` over ``skills``, from the shipped index."""
    bm25, coverage = {}, np.zeros((len(texts), len(skills)))
    for label, text in LEXICAL.items():
        index = LexicalIndex()
        index.sync({s.name: (s.name, text(s), f"{s.name}: {s.description}") for s in skills})
        matrix = np.zeros((len(texts), len(skills)))
        for i, task in enumerate(texts):
            scores = index.score(task)
            cols = [column[n] for n in scores.skills]
            matrix[i, cols] = scores.bm25[: len(cols)]
            coverage[i, cols] = scores.coverage[: len(cols)]
        bm25[label] = matrix
    return bm25, coverage


def corpus_rows(data_dir: Path, embedder: object, say: object) -> list[Data]:
    bank = [json.loads(line)["query"] for line in BANK.read_text("utf-8").splitlines() if line.strip()]
    bank_vectors = embed_queries(embedder, bank)  # type: ignore[arg-type]
    out = []
    for corpus in CORPORA:
        if corpus.multilingual:  # Chinese tasks route with the multilingual engine at its own gate
            continue
        setup = corpus.build(data_dir)
        skills: list[Skill] = [tool_skill(t) for t in setup.tools]
        seen = {s.name for s in skills}
        for s in read_skills([*setup.skills, *setup.distractors]):
            if s.name not in seen:
                skills.append(s)
                seen.add(s.name)
        names = [s.name for s in skills]
        column = {n: i for i, n in enumerate(names)}
        groups = corpus.rows or {None: corpus.name}
        for split_name, row in groups.items():
            queries = [q for q in setup.queries if split_name is None or q.meta.get("split") == split_name]
            say(f"{row}: {len(skills)} skills, {len(queries)} queries")  # type: ignore[operator]
            gold = np.zeros((len(queries), len(skills)), dtype=bool)
            for i, q in enumerate(queries):
                gold[i, [column[g] for g in q.gold]] = True
            vectors = embed_queries(embedder, [q.query for q in queries])  # type: ignore[arg-type]
            docs = {
                label: np.asarray(
                    embedder.embed_documents([text(s) for s in skills]),  # type: ignore[attr-defined]
                    dtype=np.float32,
                )
                for label, text in LEVEL0.items()
            }
            dense = {label: vectors @ v.T for label, v in docs.items()}
            bm25, coverage = lexical_matrices(skills, [q.query for q in queries], column)
            bank_bm25, bank_coverage = lexical_matrices(skills, bank, column)
            out.append(
                Data(
                    row,
                    gold,
                    dense,
                    bm25,
                    coverage,
                    {label: bank_vectors @ v.T for label, v in docs.items()},
                    bank_bm25,
                    bank_coverage,
                )
            )
    return out


def picks(d: Data, level0: str, lexical: str, weight: float, *, bank: bool = False) -> np.ndarray:
    """The router's best candidate per query (cold: quality is the prior for all)."""
    dense, bm25 = (d.bank_dense[level0], d.bank_bm25[lexical]) if bank else (d.dense[level0], d.bm25[lexical])
    n = dense.shape[1]
    pool = np.zeros(dense.shape, dtype=bool)
    k = min(POOL, n)
    np.put_along_axis(pool, np.argsort(-dense, axis=1, kind="stable")[:, :k], True, axis=1)
    if weight > 0:  # the keyword top k joins the pool, those with a positive score only
        top = np.argsort(-bm25, axis=1, kind="stable")[:, :k]
        keyword_pool = np.zeros(dense.shape, dtype=bool)
        np.put_along_axis(keyword_pool, top, np.take_along_axis(bm25, top, axis=1) > 0, axis=1)
        pool |= keyword_pool
    best = bm25.max(axis=1, keepdims=True)
    keyword = np.divide(bm25, best, out=np.zeros_like(bm25), where=best > 0)
    return np.where(pool, fused(dense, keyword, weight), -np.inf).argmax(axis=1)


def p_at_1(d: Data, pick: np.ndarray) -> float:
    rows = np.arange(len(pick))
    return float(d.gold[rows, pick][d.answerable].mean())


def decision(d: Data, pick: np.ndarray, level0: str, coverage_weight: float, threshold: float) -> float:
    rows = np.arange(len(pick))
    routed = relevance(d.dense[level0][rows, pick], d.coverage[rows, pick], coverage_weight) >= threshold
    return float(np.where(routed, d.gold[rows, pick], ~d.answerable).mean())


def alternatives(
    rows: list[Data], setting: tuple, chosen_gate: tuple, pick_cache: dict, floor: dict[str, float]
) -> dict[str, object]:
    """Decision accuracy per row of gates that adapt to the library, each at its best setting on
    the suite mean (under the same rule as the fixed threshold: no row below ``floor``, and
    without it), beside the fixed threshold chosen above."""
    level0, lexical, weight = setting
    lam, fixed = chosen_gate
    out: dict[str, object] = {}
    rel, bank_rel, extra = {}, {}, {}
    for d in rows:
        pick = pick_cache[setting][d.name]
        r = np.arange(len(pick))
        rel[d.name] = relevance(d.dense[level0][r, pick], d.coverage[r, pick], lam)
        bank_pick = picks(d, level0, lexical, weight, bank=True)
        br = np.arange(len(bank_pick))
        bank_rel[d.name] = relevance(d.bank_dense[level0][br, bank_pick], d.bank_coverage[br, bank_pick], lam)
        dense = -np.sort(-d.dense[level0], axis=1)
        top10 = dense[:, 1:11].mean(axis=1) if dense.shape[1] > 1 else np.zeros(len(dense))
        extra[d.name] = {
            "z-score": (dense[:, 0] - d.dense[level0].mean(axis=1)) / d.dense[level0].std(axis=1),
            "margin to the second": dense[:, 0] - (dense[:, 1] if dense.shape[1] > 1 else 0.0),
            "gap to the top ten's mean": dense[:, 0] - top10,
        }

    def accuracy(d: Data, routed: np.ndarray) -> float:
        pick = pick_cache[setting][d.name]
        return float(np.where(routed, d.gold[np.arange(len(pick)), pick], ~d.answerable).mean())

    out["fixed threshold"] = {d.name: accuracy(d, rel[d.name] >= fixed) for d in rows}
    best: tuple[float, dict[str, float], str] = (-1.0, {}, "")
    best_ok: tuple[float, dict[str, float], str] = (-1.0, {}, "")
    for low in THRESHOLDS:
        for q in (0.5, 0.75, 0.9, 0.95, 0.99):
            per = {
                d.name: accuracy(d, rel[d.name] >= max(low, float(np.quantile(bank_rel[d.name], q))))
                for d in rows
            }
            mean = float(np.mean(list(per.values())))
            label = f"floor {low:.2f}, quantile {q}"
            if mean > best[0]:
                best = (mean, per, label)
            if mean > best_ok[0] and all(per[n] >= floor[n] - 1e-9 for n in per):
                best_ok = (mean, per, label)
    out[f"bank-calibrated, no row below dense ({best_ok[2]})"] = best_ok[1]
    out[f"bank-calibrated, best mean ({best[2]})"] = best[1]
    for label in ("z-score", "margin to the second", "gap to the top ten's mean"):
        values = np.concatenate([extra[d.name][label] for d in rows])
        grid = np.quantile(values[np.isfinite(values)], np.linspace(0.02, 0.98, 49))
        scored = [(float(np.mean([accuracy(d, extra[d.name][label] >= t) for d in rows])), t) for t in grid]
        _, t = max(scored)
        out[f"{label} >= {t:.3f}"] = {d.name: accuracy(d, extra[d.name][label] >= t) for d in rows}
    out["bank medians"] = {d.name: float(np.median(bank_rel[d.name])) for d in rows}
    return out


def baseline(d: Data) -> tuple[float, float]:
    dense = d.dense["name: description"]
    pick = dense.argmax(axis=1)
    rows = np.arange(len(pick))
    routed = dense[rows, pick] >= BASELINE_THRESHOLD
    return p_at_1(d, pick), float(np.where(routed, d.gold[rows, pick], ~d.answerable).mean())


def choose(scores: dict[tuple, dict[str, float]], names: list[str], floor: dict[str, float]) -> tuple:
    """Best mean over ``names`` among settings that keep every one of them at or above ``floor``
    (if none does, the best mean of all)."""
    ok = [s for s, per in scores.items() if all(per[n] >= floor[n] - 1e-9 for n in names)] or list(scores)
    return max(ok, key=lambda s: (round(float(np.mean([scores[s][n] for n in names])), 6), -ok.index(s)))


def table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows])


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, default=default_data_dir())
    parser.add_argument("--out", type=Path, default=None, help="also write the numbers as JSON here")
    parser.add_argument(
        "--margin",
        type=float,
        default=0.0,
        help="how far above the plain dense baseline every corpus must stay (default 0: not below)",
    )
    parser.add_argument(
        "--rows",
        type=Path,
        default=None,
        help="keep the computed per-corpus numbers in this file and reuse them (a pickle)",
    )
    args = parser.parse_args()
    if args.rows is not None and args.rows.exists():
        rows = pickle.loads(args.rows.read_bytes())
    else:
        embedder = make_embedder(EmbedderSpec(), default_cache_dir())
        rows = corpus_rows(args.data, embedder, lambda m: print(m, file=sys.stderr, flush=True))
        if args.rows is not None:
            args.rows.parent.mkdir(parents=True, exist_ok=True)
            args.rows.write_bytes(pickle.dumps(rows))
    names = [d.name for d in rows]
    base = {d.name: baseline(d) for d in rows}

    ranking: dict[tuple, dict[str, float]] = {}
    pick_cache: dict[tuple, dict[str, np.ndarray]] = {}
    for setting in itertools.product(LEVEL0, LEXICAL, WEIGHTS):
        pick_cache[setting] = {d.name: picks(d, *setting) for d in rows}
        ranking[setting] = {d.name: p_at_1(d, pick_cache[setting][d.name]) for d in rows}
    p1_floor = {n: base[n][0] + args.margin for n in names}
    chosen_rank = choose(ranking, names, p1_floor)

    gates: dict[tuple, dict[str, float]] = {}
    for lam, t in itertools.product(COVERAGE_WEIGHTS, THRESHOLDS):
        gates[(lam, t)] = {
            d.name: decision(d, pick_cache[chosen_rank][d.name], chosen_rank[0], lam, t) for d in rows
        }
    dec_floor = {n: base[n][1] + args.margin for n in names}
    chosen_gate = choose(gates, names, dec_floor)

    out: dict[str, object] = {
        "corpora": names,
        "baseline": base,
        "chosen": {"ranking": chosen_rank, "gate": chosen_gate},
    }
    print("## Ranking: P@1 per corpus (cold), baseline = plain dense\n")
    header = ["Level 0 text", "lexical text", "keyword weight", *names, "mean"]
    lines = [
        [
            "plain dense baseline",
            "",
            "",
            *(f"{base[n][0]:.3f}" for n in names),
            f"{np.mean([base[n][0] for n in names]):.3f}",
        ]
    ]
    for setting, per in ranking.items():
        if setting[2] in (0.0, 0.15, 0.25) or setting == chosen_rank:
            mark = " **(chosen)**" if setting == chosen_rank else ""
            lines.append(
                [
                    setting[0] + mark,
                    setting[1],
                    f"{setting[2]:g}",
                    *(f"{per[n]:.3f}" for n in names),
                    f"{np.mean(list(per.values())):.3f}",
                ]
            )
    print(table(header, lines))
    print("\n## Gate: decision accuracy per corpus, ranking as chosen\n")
    header = ["coverage weight", "threshold", *names, "mean"]
    lines = [
        [
            "plain dense @ 0.28",
            "",
            *(f"{base[n][1]:.3f}" for n in names),
            f"{np.mean([base[n][1] for n in names]):.3f}",
        ]
    ]
    for setting, per in gates.items():
        if setting[0] in (0.0, 0.4) and setting[1] in (0.28, 0.3, 0.34, 0.38) or setting == chosen_gate:
            mark = " **(chosen)**" if setting == chosen_gate else ""
            lines.append(
                [
                    f"{setting[0]:g}{mark}",
                    f"{setting[1]:.2f}",
                    *(f"{per[n]:.3f}" for n in names),
                    f"{np.mean(list(per.values())):.3f}",
                ]
            )
    print(table(header, lines))
    print("\n## Alternatives to a fixed threshold: decision accuracy per corpus, each at its best\n")
    alts = alternatives(rows, chosen_rank, chosen_gate, pick_cache, dec_floor)
    medians = alts.pop("bank medians")
    lines = [
        [
            "plain dense @ 0.28",
            *(f"{base[n][1]:.3f}" for n in names),
            f"{np.mean([base[n][1] for n in names]):.3f}",
        ]
    ]
    for label, per in alts.items():
        lines.append([label, *(f"{per[n]:.3f}" for n in names), f"{np.mean(list(per.values())):.3f}"])  # type: ignore[union-attr]
    lines.append(["(the bank's median relevance)", *(f"{medians[n]:.3f}" for n in names), ""])  # type: ignore[index]
    print(table(["gate", *names, "mean"], lines))
    out["alternatives"] = alts | {"bank medians": medians}
    print("\n## Leave one corpus out: chosen on the other rows, reported on the one left out\n")
    lines, loco = [], {}
    for held in names:
        rest = [n for n in names if n != held]
        rank = choose(ranking, rest, p1_floor)
        gate = choose(
            {g: {d.name: decision(d, pick_cache[rank][d.name], rank[0], *g) for d in rows} for g in gates},
            rest,
            dec_floor,
        )
        p1 = ranking[rank][held]
        dec = decision(next(d for d in rows if d.name == held), pick_cache[rank][held], rank[0], *gate)
        loco[held] = {"ranking": rank, "gate": gate, "p_at_1": p1, "decision_accuracy": dec}
        lines.append(
            [
                held,
                f"{rank[0]} / {rank[1]} / w {rank[2]:g}",
                f"λ {gate[0]:g}, t {gate[1]:.2f}",
                f"{p1:.3f} ({p1 - base[held][0]:+.3f})",
                f"{dec:.3f} ({dec - base[held][1]:+.3f})",
            ]
        )
    print(
        table(
            [
                "left out",
                "ranking chosen on the rest",
                "gate chosen on the rest",
                "P@1 (vs dense)",
                "decision acc. (vs dense)",
            ],
            lines,
        )
    )
    out["loco"] = loco
    out["ranking"] = {" / ".join(map(str, k)): v for k, v in ranking.items()}
    out["gates"] = {" / ".join(map(str, k)): v for k, v in gates.items()}
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(out, indent=1, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
