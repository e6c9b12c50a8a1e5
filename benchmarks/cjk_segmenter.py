"""Chinese keywords: character bigrams against a real word segmenter, on the suite's Chinese rows.

The keyword index cuts a run of CJK characters into its overlapping character bigrams
(:func:`skillrouter.routing.lexical.tokenize`): no dictionary, every two-character word found, and
noise ("我把", "把这"). This script replays the Chinese rows of the suite (the multilingual engine's
rows: zh-hermes, zh/mixed-antigravity, zh/mixed-clawhub-en, zh/mixed-clawhub-zh) with the CJK runs
cut instead by:

- ``bigrams``: what ships;
- ``jieba``: jieba 0.42's search-mode cut (words, and the shorter words inside long ones);
- ``rjieba``: the Rust port's cut (words only);
- ``bigrams+words``: both, the bigrams and rjieba's words.

For each it prints P@1 per row at every keyword weight of the fit's grid (the dense part is the same
in every column: only the keyword index changes), and the mean. Both segmenters are optional
(``pip install jieba rjieba``); the script says which it could not import and skips it.

    .venv/bin/python benchmarks/cjk_segmenter.py [--data ../shared/data] [--rows /tmp/fit_rows.pkl]

``--rows`` reuses the rows benchmarks/fit_constants.py kept (their dense similarities), re-scoring
only the keywords.
"""

from __future__ import annotations

import argparse
import pickle
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
from fit_constants import Row, _p1, gather_rows
from skillrouter.eval.suite import default_data_dir

from skillrouter.routing import fit as F
from skillrouter.routing import lexical
from skillrouter.routing.lexical import LexicalIndex

BIGRAMS = lexical._bigrams  # what ships, kept before any segmenter replaces it


def segmenters() -> dict[str, Callable[[str], list[str]] | None]:
    out: dict[str, Callable[[str], list[str]] | None] = {"bigrams": None}
    try:
        import jieba

        jieba.setLogLevel(60)
        out["jieba"] = lambda run: [w for w in jieba.cut_for_search(run) if w.strip()]
    except ImportError:
        print("jieba is not installed: skipped", file=sys.stderr)
    try:
        import rjieba

        out["rjieba"] = lambda run: [w for w in rjieba.cut(run) if w.strip()]
        out["bigrams+words"] = lambda run: [*BIGRAMS(run), *(w for w in rjieba.cut(run) if len(w) > 2)]
    except ImportError:
        print("rjieba is not installed: skipped", file=sys.stderr)
    return out


def rescore(row: Row, queries: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """BM25 and coverage of ``queries`` over the row's skills with the tokenizer in force now."""
    index = LexicalIndex()
    index.sync({s.name: (s.name, s.lexical, s.summary) for s in row.skills})
    column = {s.name: i for i, s in enumerate(row.skills)}
    bm25 = np.zeros((len(queries), len(row.skills)))
    coverage = np.zeros_like(bm25)
    for i, q in enumerate(queries):
        scores = index.score(q)
        cols = [column[n] for n in scores.skills]
        bm25[i, cols] = scores.bm25[: len(cols)]
        coverage[i, cols] = scores.coverage[: len(cols)]
    return bm25, coverage


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, default=default_data_dir())
    parser.add_argument("--rows", type=Path, default=None)
    args = parser.parse_args()
    if args.rows is not None and args.rows.exists():
        rows: list[Row] = pickle.loads(args.rows.read_bytes())
    else:
        rows = gather_rows(args.data, lambda m: print(m, file=sys.stderr, flush=True))
    rows = [r for r in rows if r.engine == "multilingual"]
    queries = {r.name: r.queries for r in rows}
    original = BIGRAMS
    print("| segmenter | keyword weight | " + " | ".join(r.name for r in rows) + " | mean |")
    print("|---|---|" + "---|" * (len(rows) + 1))
    try:
        for label, cut in segmenters().items():
            lexical._bigrams = original if cut is None else cut  # type: ignore[assignment]
            lexical._stem.cache_clear()
            scored = {r.name: rescore(r, queries[r.name]) for r in rows}
            for weight in F.KEYWORD_WEIGHTS:
                cells = []
                for r in rows:
                    bm25, _ = scored[r.name]
                    picks = F._ranked(r.dense["description"], bm25, weight).argmax(axis=1)
                    cells.append(_p1(picks, r.gold))
                print(
                    f"| {label} | {weight:g} | "
                    + " | ".join(f"{c:.3f}" for c in cells)
                    + f" | {np.mean(cells):.3f} |"
                )
    finally:
        lexical._bigrams = original  # type: ignore[assignment]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
