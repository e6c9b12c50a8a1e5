"""What a search costs through ``skillrouter mcp``, beside the same route in-process, in one run.

One store (the 16 example skills, or ``--library hermes``: hermes-agent's 177 from the shared
data), one task list (the built-in routing queries, each new to both sides' embedding caches),
the default model on both sides, warmed first:

- ``route``: ``SkillLibrary.route`` in this process: the floor;
- ``mcp``: ``search_skills`` sent by the MCP SDK's client to ``skillrouter mcp`` over stdio and
  answered (JSON-RPC, validation, the worker thread, the result's schema) end to end.

It prints p50 / p95 in milliseconds and their ratio, and the server's start-up: the handshake
(answered before the model loads) and the first answered search (which waits for the model).

    .venv/bin/python benchmarks/mcp_latency.py [--library examples|hermes] [--tasks 100]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from mcp import Client, StdioServerParameters
from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, SentenceTransformerEmbedder, limit_threads

from skillrouter import SkillLibrary, Store

ROOT = Path(__file__).resolve().parents[1]
QUERIES = ROOT / "eval" / "data" / "builtin_queries.jsonl"
WARM = ["warm the router up once", "and a second time, to be sure"]


def build(path: Path, library: str) -> int:
    """The store, indexed (so the server only embeds queries); its number of skills."""
    lib = SkillLibrary.open(path)
    source = (
        ROOT / "skillrouter" / "examples" / "skills"
        if library == "examples"
        else (ROOT.parent / "shared" / "data" / "skill-libraries" / "hermes-agent-0.19.0")
    )
    lib.import_skills([source], scan=False)
    count = len(lib.list_skills())
    lib.close()
    return count


def ms(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered) * 1000, ordered[int(0.95 * (len(ordered) - 1))] * 1000


async def measure(path: Path, tasks: list[str], cache: Path) -> tuple[float, float, list[float], list[float]]:
    """(handshake s, first search s, route times, search times); the two sides alternate task by
    task, so a busy machine slows both alike."""
    lib = SkillLibrary(
        Store(path, create=False), CachedEmbedder(SentenceTransformerEmbedder(), EmbeddingCache(cache))
    )
    command = Path(sys.executable).parent / "skillrouter"
    params = StdioServerParameters(
        command=str(command),
        args=["mcp", "--store", str(path)],
        env={"HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"},
    )
    started = time.perf_counter()
    async with Client(params, read_timeout_seconds=300) as client:
        handshake = time.perf_counter() - started
        await client.call_tool("search_skills", {"query": WARM[0]})
        first = time.perf_counter() - started
        for task in WARM:
            lib.route(task)
        await client.call_tool("search_skills", {"query": WARM[1]})
        route: list[float] = []
        search: list[float] = []
        for task in tasks:
            t0 = time.perf_counter()
            lib.route(task)
            route.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            result = await client.call_tool("search_skills", {"query": task})
            search.append(time.perf_counter() - t0)
            assert not result.is_error, result.content
    lib.close()
    return handshake, first, route, search


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--library", choices=["examples", "hermes"], default="examples")
    parser.add_argument("--tasks", type=int, default=100)
    args = parser.parse_args()
    limit_threads()
    tasks = [json.loads(line)["query"] for line in QUERIES.read_text().splitlines() if line.strip()][
        : args.tasks
    ]
    work = Path(tempfile.mkdtemp(prefix="mcp-latency-"))
    try:
        path = work / "store"
        skills = build(path, args.library)
        # the baseline embeds through a cache of its own, so every task is new to the server too
        handshake, first, route, mcp = asyncio.run(measure(path, tasks, work / "baseline-cache.db"))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    (r50, r95), (m50, m95) = ms(route), ms(mcp)
    print(
        f"{args.library}: {skills} skills, {len(tasks)} tasks, default model, two processes, task by task "
        "in turn"
    )
    print(f"{'':<34}{'p50 ms':>9}{'p95 ms':>9}")
    print(f"{'route, in-process (baseline)':<34}{r50:>9.1f}{r95:>9.1f}")
    print(f"{'search_skills over MCP stdio':<34}{m50:>9.1f}{m95:>9.1f}")
    print(f"{'ratio':<34}{m50 / r50:>9.2f}{m95 / r95:>9.2f}")
    print(
        f"server start: handshake answered after {handshake:.2f} s, first search answered after {first:.2f} "
        "s "
        f"(model loaded in the background)"
    )


if __name__ == "__main__":
    main()
