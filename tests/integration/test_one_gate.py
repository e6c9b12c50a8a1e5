"""The gate is decided once: the router sets ``Candidate.passes_gate`` and every surface that
says whether a skill fits (the library's route, the MCP server's search, the agent's
``search_skills`` tool, the loop's rule book, the CLI) reads it, never a gate of its own.

The sample is the hermes golden tasks: routes that match, routes that abstain, and one matched
skill whose similarity is below the threshold and whose keyword coverage lifts it over (where a
gate recomputed from the similarity alone used to disagree)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from skillrouter.embeddings import Embedder, SentenceTransformerEmbedder
from support import as_json

from skillrouter import SkillLibrary, rules
from skillrouter.agent.tools import make_skill_tools
from skillrouter.mcp_server import search

GOLDEN = Path(__file__).resolve().parents[1] / "fixtures" / "routes-hermes.json"


def _sample() -> list[str]:
    golden = json.loads(GOLDEN.read_text("utf-8"))
    return [g["task"] for g in golden[::6]] + [
        "deploy a random-quote edge function to a public url, no account"
    ]


def test_every_surface_reads_the_routers_gate(hermes_library: SkillLibrary) -> None:
    lib = hermes_library
    tasks = _sample()
    tools = {t.name: t for t in make_skill_tools(lib, k=5)}
    kinds = {"matched": 0, "abstained": 0, "lifted": 0, "second_passes": 0}
    for task, route in zip(tasks, lib.route_many(tasks, k=5), strict=True):
        matched = route.matched.name if route.matched else None
        decided, _, _ = lib.router.decide(route.candidates)
        assert (decided.name if decided else None) == matched, task
        assert [c.passes_gate for c in route.candidates] == [
            c.relevance >= route.threshold for c in route.candidates
        ], task
        gate = [c.passes_gate for c in route.candidates]

        served = search(lib, task, 5)
        assert served["matched"] == matched, task
        assert [c["passes_gate"] for c in served["candidates"]] == gate, task

        tool = json.loads(tools["search_skills"].invoke({"query": task}))
        assert tool["best"] == matched, task
        assert [s["fits"] for s in tool["skills"]] == gate, task

        others = rules.route_alternatives([c.to_dict() for c in route.candidates], matched)
        assert others == [c.name for c in route.candidates if c.passes_gate and c.name != matched], task

        kinds["matched" if matched else "abstained"] += 1
        kinds["lifted"] += bool(matched and route.candidates[0].similarity < route.threshold)
        kinds["second_passes"] += any(gate[1:])
    assert all(kinds.values()), kinds  # the sample holds every case


def test_the_cli_reads_the_same_gate(
    hermes_library: SkillLibrary,
    st_embedder: SentenceTransformerEmbedder,
    cli_uses: Callable[[Embedder], None],
) -> None:
    cli_uses(st_embedder)
    for task in ("Search arXiv for recent papers about diffusion models", "Knit a wool scarf for a beginner"):
        route = hermes_library.route(task, k=5)
        out = as_json("route", task, "--store", hermes_library.path, "-k", "5")
        assert out["matched"] == (route.matched.name if route.matched else None)
        assert [c["passes_gate"] for c in out["candidates"]] == [c.passes_gate for c in route.candidates]
