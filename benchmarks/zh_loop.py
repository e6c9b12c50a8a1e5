"""The self-improving loop in Chinese: the blind Chinese stream beside the English one, and the
loop's comparisons on the multilingual engine against MiniLM (what the loop did before).

For each seed this runs ``skillrouter eval evolution --dataset blind-zh --seed N --policy shrunk
--agent-tasks 0`` once per variant (the same stream, one process, cached vectors), and the
English stream ``--dataset blind-en`` once, and prints the numbers that say what happened to
the second request of a kind (see ``eval/evolution/blind.py``), per run and the mean per variant:

- ``shipped``: the loop compares texts on the engine that understands them (a comparison that
  reads a CJK letter on the multilingual engine, at its own thresholds);
- ``loop on MiniLM``: every comparison of the loop on the library's model, all-MiniLM-L6-v2,
  at its thresholds (``SkillLibrary.engine_of`` answering ``"default"``, the loop before issue
  20's item 6); routing is the same in both (the router's own engine rule);
- ``one router gate 0.84 / 0.90``: the router's gate for tasks on the multilingual engine at one
  value for every skill (0.84: the router before its gate per pair of scripts, which gates a skill
  described in Chinese at 0.88);
- ``zh-en``: the same kinds' requests in Chinese and in English (``--dataset blind-zh-en``);
- ``--vary SETTING V1 V2 ...``: one loop rule swept on the Chinese streams instead (how the
  multilingual offer threshold was chosen: ``--vary multilingual_offer_threshold 0.88 0.9 0.92``).

    .venv/bin/python benchmarks/zh_loop.py [--seeds 0 1 2 3 4] [--json OUT]
    .venv/bin/python benchmarks/zh_loop.py --vary multilingual_offer_threshold 0.88 0.9 [--streams zh-en]
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from statistics import mean
from typing import Any

from loop_levers import header, line
from skillrouter.eval.evolution import EvolutionConfig, run_policies
from skillrouter.eval.evolution.blind import blind_stream_queries
from skillrouter.eval.routing import EmbedderSpec, default_cache_dir, make_embedder

from skillrouter.library import SkillLibrary
from skillrouter.routing import settings

COLUMNS: tuple[tuple[str, str, str], ...] = (  # (summary key, header, format)
    ("tasks", "tasks", "{:.0f}"),
    ("created", "created", "{:.1f}"),
    ("created_duplicates", "for a kind with one", "{:.1f}"),
    ("merge_offers", "offers", "{:.1f}"),
    ("merge_offers_other_kind", "to another kind", "{:.1f}"),
    ("merged", "merged", "{:.1f}"),
    ("merged_other_kind", "into another kind", "{:.1f}"),
    ("fold_offers", "fold offers", "{:.1f}"),
    ("folded", "folded", "{:.1f}"),
    ("misroutes", "misroutes", "{:.1f}"),
    ("reuse_rate", "reuse rate", "{:.3f}"),
    ("reuse_precision", "reuse prec.", "{:.3f}"),
    ("success_rate", "success", "{:.3f}"),
    ("final_kinds_covered", "kinds", "{:.1f}"),
    ("final_duplicates", "dupes", "{:.1f}"),
)
WIDTH = 34


@contextmanager
def loop_on_minilm() -> Iterator[None]:
    """Every comparison of the loop on the library's model (the loop before item 6)."""
    shipped = SkillLibrary.engine_of
    SkillLibrary.engine_of = lambda self, *texts: "default"  # type: ignore[method-assign]
    try:
        yield
    finally:
        SkillLibrary.engine_of = shipped  # type: ignore[method-assign]


@contextmanager
def as_shipped() -> Iterator[None]:
    yield


@contextmanager
def one_router_gate(gate: float) -> Iterator[None]:
    """The router's gate for tasks on the multilingual engine at ``gate`` for every skill, those
    described in Chinese too (``DEFAULT_MULTILINGUAL_CJK_THRESHOLD``, shipped at 0.88): 0.84 is the
    router before its gate per pair of scripts, 0.90 what the loop section measured first."""
    shipped = settings.DEFAULT_MULTILINGUAL_THRESHOLD, settings.DEFAULT_MULTILINGUAL_CJK_THRESHOLD
    settings.DEFAULT_MULTILINGUAL_THRESHOLD = settings.DEFAULT_MULTILINGUAL_CJK_THRESHOLD = gate
    try:
        yield
    finally:
        settings.DEFAULT_MULTILINGUAL_THRESHOLD, settings.DEFAULT_MULTILINGUAL_CJK_THRESHOLD = shipped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2, 3, 4])
    parser.add_argument("--json", type=Path, default=None, help="also write every summary here")
    parser.add_argument("--vary", nargs="+", metavar=("SETTING", "VALUE"), default=None)
    parser.add_argument("--variants", nargs="+", default=None, help="run only these (their names' start)")
    parser.add_argument("--streams", nargs="+", choices=("zh", "zh-en"), default=["zh", "zh-en"])
    args = parser.parse_args()
    variants: dict[str, tuple[str, dict[str, float], Any]] = {
        "zh, shipped": ("zh", {}, as_shipped),
        "zh, loop on MiniLM": ("zh", {}, loop_on_minilm),
        "zh, one router gate 0.84 (before)": ("zh", {}, lambda: one_router_gate(0.84)),
        "zh, one router gate 0.90": ("zh", {}, lambda: one_router_gate(0.90)),
        "zh-en, shipped": ("zh-en", {}, as_shipped),
        "zh-en, loop on MiniLM": ("zh-en", {}, loop_on_minilm),
        "zh-en, one router gate 0.84 (before)": ("zh-en", {}, lambda: one_router_gate(0.84)),
        "en, shipped": ("en", {}, as_shipped),
    }
    if args.vary:
        name, values = args.vary[0], args.vary[1:]
        variants = {
            f"{lang}, {name} {v}": (lang, {name: float(v)}, as_shipped)
            for lang in args.streams
            for v in values
        }
    if args.variants:
        variants = {k: v for k, v in variants.items() if any(k.startswith(p) for p in args.variants)}
    streams = {lang: blind_stream_queries(lang) for lang in ("zh", "en", "zh-en")}
    embedder = make_embedder(EmbedderSpec(None), default_cache_dir())
    keys = [key for key, _, _ in COLUMNS]
    results: list[dict[str, Any]] = []
    print(header(COLUMNS, WIDTH))
    for seed in args.seeds:
        for variant, (lang, rules, mode) in variants.items():
            config = EvolutionConfig.of(
                seed=seed,
                policies=("shrunk",),
                kinds=1000,
                probe_per_kind=0,
                variant_kinds=0,
                min_per_kind=2,
                **rules,
            )
            with mode():
                _, runs = run_policies(streams[lang], config, embedder)
            summary = {k: runs[0].summary[k] for k in keys}
            results.append({"seed": seed, "variant": variant, **summary})
            print(line(str(seed), variant, summary, COLUMNS, WIDTH), flush=True)
    for variant in variants:
        rows = [r for r in results if r["variant"] == variant]
        print(line("mean", variant, {k: mean(r[k] or 0 for r in rows) for k in keys}, COLUMNS, WIDTH))
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
