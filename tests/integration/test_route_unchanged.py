"""Making the route path cheaper must not change a single route: every hermes task routed
through hermes-agent 0.19.0 gives the matched skill, the candidates in order and their
numbers that commit 8396a78 gave (tests/fixtures/build_routes_hermes.py made the file and says
which routers it has held equal)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skillrouter import SkillLibrary

GOLDEN = Path(__file__).resolve().parents[1] / "fixtures" / "routes-hermes.json"
KEYS = ("name", "similarity", "keyword", "coverage", "relevance", "quality", "score", "via")


def test_routes_are_those_the_router_gave_before(hermes_library: SkillLibrary) -> None:
    golden = json.loads(GOLDEN.read_text("utf-8"))
    routes = hermes_library.route_many([g["task"] for g in golden], k=5)
    for want, got in zip(golden, routes, strict=True):
        assert (got.matched.name if got.matched else None) == want["matched"], want["task"]
        candidates = [[c.to_dict()[key] for key in KEYS] for c in got.candidates]
        assert [c[0] for c in candidates] == [c[0] for c in want["candidates"]], want["task"]
        for have, was in zip(candidates, want["candidates"], strict=True):
            assert have[-1] == was[-1], want["task"]  # via
            # 4-decimal rounding of floats a batched model call may move in the 7th decimal
            assert have[1:-1] == pytest.approx(was[1:-1], abs=2e-4), want["task"]
