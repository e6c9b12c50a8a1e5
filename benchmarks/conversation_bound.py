"""How far the evidence in a conversation can carry SGD's follow-up turns, whatever the model.

A follow-up ("2 tickets", "at 5 pm") names no task; it belongs to the intent its segment (the turns
since the conversation's opening or its last intent shift) is about. This script knows the segments
from the labels (an oracle no router has) and routes each follow-up on the evidence of its segment
so far, with the router's documents on SGD (plain dense over ``"name: description"`` and each
skill's own part: :mod:`skillrouter.routing.own_parts`; what the router computes there). Rows:

- ``message``: the follow-up alone;
- ``segment's first``: the segment's opening message alone (staying with it);
- ``users``: the segment's user messages, their similarities summed;
- ``users + assistant``: and the assistant's turns in the segment (its questions and answers name
  slots and results: "how many tickets?", "your table is booked");
- ``users + assistant/2``: the assistant's turns at half weight.

A number well under the issue's 0.80 in every row says the skills' descriptions cannot tell a
segment's intent from its near twin (find against buy), so no conversation model over these routes
reaches it. Intent-level gold (:func:`skillrouter.eval.datasets.sgd.intent_gold`); the dialogues
of the fitting domains and of the held-out ones (``HELD_OUT_DOMAINS``) apart.

    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/conversation_bound.py [--dialogues 600] [--seed 1]

About a minute with the embedding cache warm. Prints P@1 per row; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
from pathlib import Path

import numpy as np
from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, limit_threads, make_embedder
from skillrouter.embeddings.base import embed_queries
from skillrouter.eval.datasets.sgd import SgdDialogue, intent_gold, load_sgd
from skillrouter.eval.routing import default_cache_dir
from skillrouter.eval.suite import default_data_dir

from skillrouter.library import chosen_backend
from skillrouter.routing.own_parts import own_parts

ROWS = ("message", "segment's first", "users", "users + assistant", "users + assistant/2")


def follow_ups(dialogues: list[SgdDialogue]) -> list[tuple[str, list[str], list[str], frozenset[str]]]:
    """Each follow-up: (its text, its segment's user texts, the assistant's in it, its gold)."""
    out = []
    for d in dialogues:
        users: list[str] = []
        assistant: list[str] = []
        for t in d.turns:
            if t.speaker == "system":
                if users:
                    assistant.append(t.text)
                continue
            if t.kind in ("first", "shift"):
                users, assistant = [], []
            if t.kind == "none" or not t.gold:
                continue
            users.append(t.text)
            if t.kind == "follow-up":
                out.append((t.text, list(users), list(assistant), frozenset(t.gold)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=None, help="the shared data (default ../shared/data)")
    parser.add_argument("--dialogues", type=int, default=600, help="dialogues drawn per group (default 600)")
    parser.add_argument("--seed", type=int, default=1)
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
            embedder.embed_documents([own.get(t.name, text) for t, text in zip(tools, level0)]),
            dtype=np.float32,
        )
        rng = random.Random(args.seed)
        print(f"{'domains':10} {'follow-ups':>10}  " + "  ".join(f"{r:>19}" for r in ROWS))
        for held, label in ((False, "fitting"), (True, "held-out")):
            group = [d for d in data.dialogues if d.held_out == held]
            rng.shuffle(group)
            rows = follow_ups(group[: args.dialogues])
            texts = sorted({x for text, users, said, _ in rows for x in (text, *users, *said)})
            at = {t: i for i, t in enumerate(texts)}
            q = embed_queries(embedder, texts)
            sim = np.maximum(q @ plain.T, q @ parts.T)
            hits = {r: 0 for r in ROWS}
            for text, users, said, gold in rows:
                right = set(intent_gold(tuple(gold), tools))
                u = sim[[at[x] for x in users]].sum(0)
                a = sim[[at[x] for x in said]].sum(0) if said else 0.0
                scores = {
                    "message": sim[at[text]],
                    "segment's first": sim[at[users[0]]],
                    "users": u,
                    "users + assistant": u + a,
                    "users + assistant/2": u + 0.5 * a,
                }
                for r, s in scores.items():
                    hits[r] += names[int(np.argmax(s))] in right
            n = len(rows)
            print(f"{label:10} {n:10}  " + "  ".join(f"{hits[r] / n:19.3f}" for r in ROWS))
    finally:
        cache.close()


if __name__ == "__main__":
    main()
