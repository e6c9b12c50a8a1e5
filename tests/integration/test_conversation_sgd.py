"""Conversations of services the conversation model was never fitted on: SGD dialogues of a
held-out domain, routed turn by turn through the library with their context (user and assistant
turns), as a user routes them, with the real model and embedded Chroma."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import DATA
from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, SentenceTransformerEmbedder
from skillrouter.eval.datasets.sgd import HELD_OUT_DOMAINS, domain_of, intent_gold, load_sgd
from skillrouter.eval.sgd_dialogues import dense, held_out_turns, route_dialogues, shares

from skillrouter import SkillLibrary, Store
from skillrouter.routing.conversation import default_model

SGD = DATA / "sgd"


def test_the_model_was_fitted_without_the_held_out_domains() -> None:
    trained = default_model().trained
    assert all(domain in trained["on"] for domain in sorted(HELD_OUT_DOMAINS))  # named as left out
    assert trained["held_out"]["follow-up"][1] > 500  # reported on held-out turns, and how many


def test_held_out_dialogues_follow_their_conversation(
    tmp_path: Path, st_embedder: SentenceTransformerEmbedder
) -> None:
    if not SGD.is_dir():
        pytest.skip(f"SGD data not in {SGD} (set SKILLROUTER_DATA)")
    data = load_sgd(SGD)
    dialogues = held_out_turns(data, 12, seed=3)
    assert all(d.held_out for d in dialogues)
    path = tmp_path / "store"
    lib = SkillLibrary(
        Store(path), CachedEmbedder(st_embedder, EmbeddingCache(path / "cache" / "embeddings.db"))
    )
    try:
        lib.import_skills([SGD / "skills.jsonl"], scan=False)
        routed = shares(route_dialogues(lib, dialogues, data))
        alone = shares(dense(lib, dialogues, data, joined=False))
        joined = shares(dense(lib, dialogues, data, joined=True))
        firsts = [
            (turn.text, intent_gold(turn.gold, data.tools))
            for d in dialogues
            for turn in d.turns
            if turn.kind == "first" and {domain_of(g) for g in turn.gold} & HELD_OUT_DOMAINS
        ]
        by_itself = [r.candidates[0].name for r in lib.route_many([text for text, _ in firsts])]
    finally:
        lib.close()
    assert routed["follow-up"]["n"] >= 30 and routed["none"]["n"] >= 5
    # a follow-up stays with its conversation where the message alone names nothing
    assert routed["follow-up"]["share"] > alone["follow-up"]["share"] + 0.2
    assert routed["follow-up"]["share"] >= joined["follow-up"]["share"]
    # the first message routes as the router routes it with no conversation
    assert routed["first"]["n"] == len(firsts) > 0
    assert routed["first"]["share"] == pytest.approx(
        sum(n in gold for n, (_, gold) in zip(by_itself, firsts)) / len(firsts)
    )
    # "no, that's all, thanks" needs no skill
    assert routed["none"]["share"] >= 0.5 and alone["none"]["share"] == 0.0
