"""A skill's own part of its description on SGD: every first turn and intent shift, each message
alone, plain dense over ``"name: description"`` against the same with the own part as a second
document (a skill's similarity its best document's: what the router computes on SGD, whose library
fit is plain dense), by domain group (the domains the conversation model is fitted on, and the
held-out ones: ``skillrouter.eval.datasets.sgd.HELD_OUT_DOMAINS``). Intent-level gold.

    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/own_parts_sgd.py [--data ../shared/data]

About two minutes on two cores with the embedding cache cold (27,464 turns), seconds warm.
Prints P@1 per cell and how many turns; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import numpy as np
from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, limit_threads, make_embedder
from skillrouter.embeddings.base import embed_queries
from skillrouter.eval.datasets.sgd import intent_gold, load_sgd
from skillrouter.eval.routing import default_cache_dir
from skillrouter.eval.suite import default_data_dir

from skillrouter.library import chosen_backend
from skillrouter.routing.own_parts import own_parts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=None, help="the shared data (default ../shared/data)")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    limit_threads()
    data = load_sgd((args.data or default_data_dir()) / "sgd")
    tools = data.tools
    names = [t.name for t in tools]
    cache = EmbeddingCache(default_cache_dir() / "embeddings.db")
    embedder = CachedEmbedder(make_embedder(None, chosen_backend(None)), cache)
    try:
        own = own_parts({t.name: t.description for t in tools})
        level0 = [f"{t.name}: {t.description}" for t in tools]
        plain = np.asarray(embedder.embed_documents(level0), dtype=np.float32)
        parts = np.asarray(
            embedder.embed_documents([own.get(t.name, text) for t, text in zip(tools, level0)])
        )
        print(f"{len(own)} of {len(tools)} skills have an own part")
        print(f"{'domains':10} {'turns':6} {'n':>6}  {'name: description':>17}  {'with own part':>13}")
        for held, label in ((False, "fitting"), (True, "held-out")):
            for kind in ("first", "shift"):
                rows = [
                    (turn.text, set(intent_gold(turn.gold, tools)))
                    for d in data.dialogues
                    if d.held_out == held
                    for turn in d.turns
                    if turn.speaker == "user" and turn.kind == kind and turn.gold
                ]
                tasks = embed_queries(embedder, [text for text, _ in rows])
                alone = tasks @ plain.T
                best = np.maximum(alone, tasks @ parts.T)
                p_plain = np.mean([names[i] in gold for i, (_, gold) in zip(alone.argmax(1), rows)])
                p_own = np.mean([names[i] in gold for i, (_, gold) in zip(best.argmax(1), rows)])
                print(f"{label:10} {kind:6} {len(rows):6}  {p_plain:17.3f}  {p_own:13.3f}")
    finally:
        cache.close()


if __name__ == "__main__":
    main()
