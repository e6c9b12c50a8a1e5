"""The library fit's constants and the p_fit curves, chosen leave-one-corpus-out.

The router fits each library without labels (:mod:`skillrouter.routing.fit`); what is left
constant is how that fit decides (``KEYWORD_COST``, ``FORM_COST``, ``MIN_TASKS``), the
multilingual engine's default keyword weight, the p_fit curves
(:mod:`skillrouter.routing.calibration`) and the gate on them. This script chooses each on the
suite's corpora with real labels, and prints what each corpus gets when everything was chosen
*without* it: the numbers that say what a library nobody tuned on can expect.

For every row of ``skillrouter eval suite`` (and SGD's first turns) it computes once what the
router would see (the library's pseudo-tasks and their evidence, exactly as the fit gathers it;
the real queries' dense similarity under each Level 0 form, BM25 and coverage from the shipped
keyword index), then replays:

1. **Fit constants**: for each grid point, the ranking the fit picks per row and the real P@1
   it gives; chosen on the mean over rows with no row below its better plain dense baseline
   (MiniLM over "name: description", and e5 on the Chinese rows) where any grid point allows it;
   then each row left out in turn.
2. **p_fit**: a logistic curve per engine on (relevance, margin[, CJK-described]) of the pick,
   rows weighted equally; expected calibration error (ECE, 10 bins) of each row under the curve
   fitted without it, pooled and per row; the gate on p_fit of best mean decision accuracy, left
   out the same way.
3. The final coefficients, fitted on every row, to paste into ``calibration.py``.

Run from the project root (about 6 minutes cold; seconds with ``--rows`` kept):

    .venv/bin/python benchmarks/fit_constants.py [--data ../shared/data] [--rows /tmp/fit_rows.pkl] \\
        [--out reports/fit.json]
"""

from __future__ import annotations

import argparse
import itertools
import json
import pickle
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from skillrouter.embeddings import CachedEmbedder, LanguageNeutralEmbedder, MultilingualE5Embedder
from skillrouter.embeddings.base import embed_queries
from skillrouter.embeddings.script import has_cjk
from skillrouter.eval.loading import read_skills, tool_skill
from skillrouter.eval.routing import EmbedderSpec, default_cache_dir, make_embedder
from skillrouter.eval.suite import CORPORA, default_data_dir

from skillrouter.routing import fit as F
from skillrouter.routing.calibration import MARGIN_CLIP
from skillrouter.routing.lexical import LexicalIndex
from skillrouter.routing.scoring import COVERAGE_WEIGHT
from skillrouter.skill import trigger_texts

KEYWORD_COSTS = (0.0, 0.1, 0.2)
FORM_COSTS = (0.0, 0.05, 0.1)
MIN_TASKS = (20, 40)
MULTILINGUAL_WEIGHTS = (0.0, 0.1, 0.2, 0.3)
P_GATES = tuple(round(0.05 * i, 2) for i in range(2, 13))
FEATURES = ("relevance", "margin", "cjk", "similarity", "coverage", "keyword")  # the columns of picks()
SHIPPED = {"default": [0, 5, 1], "multilingual": [0, 1, 2]}  # the curves calibration.py ships


def calibration_fields(columns: list[int], coef: np.ndarray, intercept: float) -> dict[str, float]:
    """A curve as :class:`skillrouter.routing.calibration.Calibration`'s fields."""
    out = {
        "relevance": 0.0,
        "keyword": 0.0,
        "margin": 0.0,
        "cjk": 0.0,
        "intercept": round(float(intercept), 4),
    }
    for column, value in zip(columns, coef):
        out[FEATURES[column]] = round(float(value), 4)
    return out


TODAY_GATES = {
    "default": 0.30,
    "multilingual": 0.86,
}  # the relevance gates before p_fit (0.84 / 0.88 by script)


@dataclass
class Row:
    """One suite row: its library's fit evidence and its real queries' numbers."""

    name: str
    corpus: str  # the suite's corpus it is a row of
    engine: str  # "default" or "multilingual": which engine routes its queries
    skills: list[F.SkillText]
    evidence: F.Evidence | None
    tasks: int
    dense: dict[str, np.ndarray]  # form -> queries x skills
    bm25: np.ndarray
    coverage: np.ndarray
    gold: np.ndarray  # queries x skills, bool
    floor: float  # the better plain dense baseline's P@1
    cjk_skill: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))
    queries: list[str] = field(default_factory=list)

    @property
    def answerable(self) -> np.ndarray:
        return self.gold.any(axis=1)


def skill_texts(skills: list) -> list[F.SkillText]:
    return [
        F.SkillText(
            s.name,
            s.description,
            s.body,
            tuple(trigger_texts(s.metadata)),
            s.summary_text(),
            s.lexical_text(),
        )
        for s in skills
    ]


def gather_rows(data: Path, say) -> list[Row]:
    minilm = make_embedder(EmbedderSpec(), default_cache_dir())
    assert isinstance(minilm, CachedEmbedder)
    e5_plain = CachedEmbedder(MultilingualE5Embedder(), minilm.cache)
    e5 = LanguageNeutralEmbedder(e5_plain)
    rows: list[Row] = []
    evidence: dict[tuple[str, str], tuple[F.Evidence | None, int]] = {}
    for corpus in CORPORA:
        setup = corpus.build(data)
        skills = [tool_skill(t) for t in setup.tools]
        seen = {s.name for s in skills}
        for s in read_skills([*setup.skills, *setup.distractors]):
            if s.name not in seen:
                skills.append(s)
                seen.add(s.name)
        texts = skill_texts(skills)
        engine = "multilingual" if corpus.multilingual else "default"
        embedder = e5 if corpus.multilingual else minilm
        key = (corpus.name, engine)
        if key not in evidence:
            tasks = [t for t in F.pseudo_tasks(texts) if has_cjk(t.text) == (engine == "multilingual")]
            evidence[key] = (F.gather(texts, tasks, embedder) if tasks else None, len(tasks))
        column = {s.name: i for i, s in enumerate(texts)}
        lexical = LexicalIndex()
        lexical.sync({s.name: (s.name, s.lexical, s.summary) for s in texts})
        docs = {
            form: np.asarray(
                embedder.embed_documents([F.level0_form(form, s.name, s.description) for s in texts]),
                dtype=np.float32,
            )
            for form in F.FORMS
        }
        for split_name, row_name in (corpus.rows or {None: corpus.name}).items():
            queries = [q for q in setup.queries if split_name is None or q.meta.get("split") == split_name]
            say(f"{row_name}: {len(texts)} skills, {len(queries)} queries, {evidence[key][1]} pseudo-tasks")
            vectors = embed_queries(embedder, [q.query for q in queries])
            dense = {form: vectors @ d.T for form, d in docs.items()}
            bm25 = np.zeros((len(queries), len(texts)))
            coverage = np.zeros_like(bm25)
            for i, q in enumerate(queries):
                scores = lexical.score(q.query)
                cols = [column[n] for n in scores.skills]
                bm25[i, cols] = scores.bm25[: len(cols)]
                coverage[i, cols] = scores.coverage[: len(cols)]
            gold = np.zeros((len(queries), len(texts)), dtype=bool)
            for i, q in enumerate(queries):
                gold[i, [column[g] for g in q.gold]] = True
            floor = _p1(dense["name: description"].argmax(axis=1), gold)
            if corpus.multilingual:  # plain e5, no projection, and MiniLM: the better of the two
                plain = np.asarray(
                    e5_plain.embed_documents([f"{s.name}: {s.description}" for s in texts]), dtype=np.float32
                )
                floor_e5 = _p1(
                    (embed_queries(e5_plain, [q.query for q in queries]) @ plain.T).argmax(axis=1), gold
                )
                mini_docs = np.asarray(
                    minilm.embed_documents([f"{s.name}: {s.description}" for s in texts]), dtype=np.float32
                )
                floor_mini = _p1(
                    (embed_queries(minilm, [q.query for q in queries]) @ mini_docs.T).argmax(axis=1), gold
                )
                floor = max(floor_e5, floor_mini)
            cjk = np.array([has_cjk(f"{s.name}: {s.description}") for s in texts])
            ev, n_tasks = evidence[key]
            rows.append(
                Row(
                    row_name,
                    corpus.name,
                    engine,
                    texts,
                    ev,
                    n_tasks,
                    dense,
                    bm25,
                    coverage,
                    gold,
                    floor,
                    cjk,
                    [q.query for q in queries],
                )
            )
    return rows


def _p1(picks: np.ndarray, gold: np.ndarray) -> float:
    answerable = gold.any(axis=1)
    return float(gold[np.arange(len(picks)), picks][answerable].mean()) if answerable.any() else 0.0


# ---------------------------------------------------------------- 1. fit constants


@dataclass(frozen=True)
class Constants:
    keyword_cost: float
    form_cost: float
    min_tasks: int
    multilingual_weight: float

    @property
    def label(self) -> str:
        return (
            f"keyword cost {self.keyword_cost:g}, form cost {self.form_cost:g}, "
            f"min tasks {self.min_tasks}, multilingual weight {self.multilingual_weight:g}"
        )


def ranking_of(row: Row, c: Constants, checks: dict) -> F.Ranking:
    default = (
        F.Ranking("description", c.multilingual_weight)
        if row.engine == "multilingual"
        else F.DEFAULT_RANKINGS["default"]
    )
    if row.evidence is None or row.tasks < c.min_tasks:
        return default
    return F.choose(checks[row.name], default, keyword_cost=c.keyword_cost, form_cost=c.form_cost)


def picks(row: Row, ranking: F.Ranking) -> tuple[np.ndarray, np.ndarray]:
    """(pick, its p_fit features) per query under ``ranking``: relevance, margin, CJK-described."""
    scores = F._ranked(row.dense[ranking.form], row.bm25, ranking.keyword_weight)
    order = np.argsort(-scores, axis=1, kind="stable")[:, :2]
    r = np.arange(len(scores))
    pick = order[:, 0]
    second = scores[r, order[:, 1]] if scores.shape[1] > 1 else np.full(len(scores), -np.inf)
    margin = np.clip(
        np.where(np.isfinite(second), scores[r, pick] - second, MARGIN_CLIP), -MARGIN_CLIP, MARGIN_CLIP
    )
    relevance = row.dense[ranking.form][r, pick] + COVERAGE_WEIGHT * row.coverage[r, pick]
    best = row.bm25.max(axis=1)
    keyword = np.divide(row.bm25[r, pick], best, out=np.zeros(len(pick)), where=best > 0)
    return pick, np.c_[
        relevance,
        margin,
        row.cjk_skill[pick].astype(float),
        row.dense[ranking.form][r, pick],
        row.coverage[r, pick],
        keyword,
    ]


def choose_constants(
    table: dict[Constants, dict[str, float]], names: list[str], floors: dict[str, float]
) -> Constants:
    """Best mean over ``names`` among grid points keeping each at or above its floor (all
    points if none does); ties to the earlier point of the grid."""
    ok = [c for c, per in table.items() if all(per[n] >= floors[n] - 1e-9 for n in names)] or list(table)
    return max(ok, key=lambda c: (round(float(np.mean([table[c][n] for n in names])), 6), -ok.index(c)))


# ---------------------------------------------------------------- 2. calibration


def ece(p: np.ndarray, y: np.ndarray, bins: int = 10) -> float:
    edges = np.linspace(0, 1, bins + 1)
    total = 0.0
    for i in range(bins):
        inside = (p >= edges[i]) & ((p < edges[i + 1]) if i < bins - 1 else (p <= 1))
        if inside.any():
            total += inside.mean() * abs(p[inside].mean() - y[inside].mean())
    return float(total)


def fit_curve(parts: list[tuple[np.ndarray, np.ndarray]], columns: list[int]) -> tuple[np.ndarray, float]:
    from sklearn.linear_model import LogisticRegression

    x = np.concatenate([p[0][:, columns] for p in parts])
    y = np.concatenate([p[1] for p in parts])
    weight = np.concatenate([np.full(len(p[1]), 1.0 / len(p[1])) for p in parts])
    weight *= len(y) / weight.sum()
    model = LogisticRegression(C=1.0, max_iter=5000).fit(x, y, sample_weight=weight)
    return model.coef_[0], float(model.intercept_[0])


def curve_p(x: np.ndarray, coef: np.ndarray, intercept: float, columns: list[int]) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-(x[:, columns] @ coef + intercept)))


def decision(routed: np.ndarray, right: np.ndarray, answerable: np.ndarray) -> float:
    return float(np.where(routed, right, ~answerable).mean())


GROUPS = {
    "builtin": "builtin",
    "builtin+725": "builtin",
    "metatool": "metatool",
    "metatool+seal": "metatool",
    "seal-in": "seal",
    "seal-out": "seal",
    "seal-holdout": "seal",
    "hermes": "hermes",
    "zh-hermes": "hermes",
}


def group(row: str) -> str:
    """The corpus a row belongs to: rows that share a library or their queries (a library and the
    same requests in Chinese, clawhub's originals and their translation) are left out together."""
    for name in ("antigravity", "clawhub"):
        if name in row:
            return name
    return GROUPS.get(row, row)


def related(a: str, b: str) -> bool:
    return group(a) == group(b)


def table(header: list[str], lines: list[list[str]]) -> str:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join(out + ["| " + " | ".join(line) + " |" for line in lines])


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, default=default_data_dir())
    parser.add_argument("--rows", type=Path, default=None, help="keep the computed rows here and reuse them")
    parser.add_argument("--out", type=Path, default=None, help="also write the numbers as JSON here")
    parser.add_argument(
        "--left-out",
        type=Path,
        default=None,
        help="write each corpus's constants and curves chosen without it here (eval/data/left_out.json)",
    )
    args = parser.parse_args()
    say = lambda m: print(m, file=sys.stderr, flush=True)
    if args.rows is not None and args.rows.exists():
        rows: list[Row] = pickle.loads(args.rows.read_bytes())
    else:
        rows = gather_rows(args.data, say)
        if args.rows is not None:
            args.rows.write_bytes(pickle.dumps(rows))
    names = [r.name for r in rows]
    by_name = {r.name: r for r in rows}
    floors = {r.name: r.floor for r in rows}
    checks = {r.name: F.self_checks(r.evidence) if r.evidence is not None else {} for r in rows}
    today = {r.name: _p1(picks(r, F.Ranking("description", F.KEYWORD_WEIGHT))[0], r.gold) for r in rows}

    # 1. the fit's constants
    grid = [
        Constants(*c) for c in itertools.product(KEYWORD_COSTS, FORM_COSTS, MIN_TASKS, MULTILINGUAL_WEIGHTS)
    ]
    memo: dict[tuple[str, F.Ranking], float] = {}

    def p1(row: Row, ranking: F.Ranking) -> float:
        if (row.name, ranking) not in memo:
            memo[(row.name, ranking)] = _p1(picks(row, ranking)[0], row.gold)
        return memo[(row.name, ranking)]

    results = {c: {r.name: p1(r, ranking_of(r, c, checks)) for r in rows} for c in grid}
    chosen = choose_constants(results, names, floors)
    print("## The library fit's constants (P@1 of the pick; floor: the better plain dense baseline)\n")
    print(f"Chosen on every row: {chosen.label}\n")
    loco: dict[str, Constants] = {}
    lines = []
    for r in rows:
        rest = [n for n in names if not related(n, r.name)]
        held = choose_constants(results, rest, floors)
        loco[r.name] = held
        lines.append(
            [
                r.name,
                str(len(r.skills)),
                str(r.tasks),
                ranking_of(r, held, checks).label,
                f"{results[held][r.name]:.3f}",
                f"{today[r.name]:.3f}",
                f"{r.floor:.3f}",
                "" if held == chosen else held.label,
            ]
        )
    print(
        table(
            [
                "row",
                "skills",
                "pseudo-tasks",
                "ranking fitted",
                "P@1 left out",
                "today (desc / 0.3)",
                "plain dense",
                "constants chosen without it (if not the same)",
            ],
            lines,
        )
    )
    mean_left = np.mean([results[loco[n]][n] for n in names])
    print(
        f"\nmean P@1: left out {mean_left:.3f}, today {np.mean(list(today.values())):.3f}, "
        f"plain dense {np.mean(list(floors.values())):.3f}\n"
    )

    # 2. p_fit, with the rankings each row gets from the constants chosen without it
    features = {}
    for r in rows:
        pick, x = picks(r, ranking_of(r, loco[r.name], checks))
        features[r.name] = (x, r.gold[np.arange(len(pick)), pick].astype(float))
    report: dict[str, object] = {
        "constants": chosen.__dict__,
        "loco_constants": {n: c.__dict__ for n, c in loco.items()},
    }
    curves_without: dict[str, dict[str, dict[str, float]]] = {}  # group -> engine -> Calibration's fields
    for engine, columns in (
        ("default", [0]),
        ("default", SHIPPED["default"]),
        ("multilingual", [0, 2]),
        ("multilingual", SHIPPED["multilingual"]),
    ):
        own = [n for n in names if by_name[n].engine == engine]
        left: dict[str, np.ndarray] = {}
        for held_group in sorted({group(n) for n in names}):
            rest = [m for m in own if group(m) != held_group]
            coef, intercept = fit_curve([features[m] for m in rest], columns)
            for n in own:
                if group(n) == held_group:
                    left[n] = curve_p(features[n][0], coef, intercept, columns)
            if columns == SHIPPED[engine]:
                curves_without.setdefault(held_group, {})[engine] = calibration_fields(
                    columns, coef, intercept
                )
        pooled = ece(np.concatenate([left[n] for n in own]), np.concatenate([features[n][1] for n in own]))
        gates = {}
        for n in own:
            rest = [m for m in own if not related(m, n)]
            gates[n] = max(
                P_GATES,
                key=lambda g: (
                    round(
                        float(
                            np.mean(
                                [
                                    decision(left[m] >= g, features[m][1] > 0, by_name[m].answerable)
                                    for m in rest
                                ]
                            )
                        ),
                        6,
                    ),
                    -abs(g - 0.5),
                ),
            )
        coef, intercept = fit_curve([features[n] for n in own], columns)
        final_gate = max(
            P_GATES,
            key=lambda g: (
                round(
                    float(
                        np.mean(
                            [decision(left[m] >= g, features[m][1] > 0, by_name[m].answerable) for m in own]
                        )
                    ),
                    6,
                ),
                -abs(g - 0.5),
            ),
        )
        print(
            f"## p_fit on {', '.join(FEATURES[c] for c in columns)}, {engine} engine: "
            f"pooled ECE over the left-out rows {pooled:.3f}\n"
        )
        lines = []
        for n in own:
            y = features[n][1]
            x = features[n][0]
            lines.append(
                [
                    n,
                    f"{ece(left[n], y):.3f}",
                    f"{y.mean():.3f}",
                    f"{left[n].mean():.3f}",
                    f"{gates[n]:.2f}",
                    f"{decision(left[n] >= gates[n], y > 0, by_name[n].answerable):.3f}",
                    f"{decision(x[:, 0] >= TODAY_GATES[engine], y > 0, by_name[n].answerable):.3f}",
                ]
            )
        print(
            table(
                [
                    "row",
                    "ECE left out",
                    "pick right",
                    "mean p_fit",
                    "gate chosen without it",
                    "decision acc. left out",
                    "decision acc., relevance gate of today",
                ],
                lines,
            )
        )
        labels = [FEATURES[c] for c in columns]
        final = dict(zip(labels, (round(float(c), 3) for c in coef)))
        print(f"\nfitted on every {engine} row: {final}, intercept {intercept:.3f}; gate {final_gate:.2f}\n")
        report[f"{engine} {columns}"] = {
            "pooled_ece": pooled,
            "per_row_ece": {n: ece(left[n], features[n][1]) for n in own},
            "coefficients": final,
            "intercept": intercept,
            "gate": final_gate,
            "loco_gates": gates,
        }
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=2, default=float))
    if args.left_out is not None:  # what `skillrouter eval suite --left-out` runs each corpus with
        held = {}
        for corpus in CORPORA:
            its = [r for r in rows if r.corpus == corpus.name]
            if its:
                held[corpus.name] = {
                    "constants": loco[its[0].name].__dict__,
                    "curves": curves_without[group(its[0].name)],
                }
        args.left_out.write_text(json.dumps(held, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
