"""What a search costs through ``skillrouter mcp``, beside the same route in-process, in one run,
for each engine that can run the default model (issue 20, item 7), and each server's memory.

One store (the 16 example skills, or ``--library hermes``: hermes-agent's 177 from the shared
data), one task list (the built-in routing queries, each new to every embedding cache), the
default model, warmed first. For each ``--backends`` engine (default both: ``torch``, what
long-running processes ran before item 7, and ``onnx``, their default now) a server
``skillrouter mcp --backend ENGINE`` runs, and a library in this process on the same engine:

- ``route``: ``SkillLibrary.route`` in this process: the floor;
- ``mcp``: ``search_skills`` sent by the MCP SDK's client over stdio and answered (JSON-RPC,
  validation, the worker thread, the result's schema) end to end.

Task by task, every engine's route and search take turns (each engine first every other task,
50 ms apart, so one call's threads are idle before the next is timed), so a busy machine slows
all alike. It
prints p50 / p95 in milliseconds, their ratio, the search p50 before (torch) / after (onnx), and
each server's start-up: the handshake (answered before the model loads) and the first answered
search (which waits for the model). Then memory: each server's resident set (VmRSS, and its peak
VmHWM) after the English searches (one engine loaded: MiniLM) and again after ``--chinese``
Chinese searches (the multilingual engine loaded too, its index built on the first one).

    .venv/bin/python benchmarks/mcp_latency.py [--library examples|hermes] [--tasks 100]
        [--backends torch onnx] [--chinese 10]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from contextlib import AsyncExitStack
from pathlib import Path

from mcp import Client, StdioServerParameters
from skillrouter.embeddings import BACKENDS, CachedEmbedder, EmbeddingCache, limit_threads, make_embedder
from skillrouter.eval.suite import blind_queries

from skillrouter import SkillLibrary, Store

ROOT = Path(__file__).resolve().parents[1]
QUERIES = ROOT / "eval" / "data" / "builtin_queries.jsonl"
WARM = ["warm the router up once", "and a second time, to be sure"]
PAUSE = 0.05  # seconds between timed calls: the last call's threads (any process's) go idle first


def build(path: Path, library: str) -> int:
    """The store, indexed (so the servers only embed queries); its number of skills."""
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


def server_pid(backend: str) -> int:
    """The pid of this process's child ``skillrouter mcp ... --backend BACKEND``."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            args = (entry / "cmdline").read_bytes().split(b"\0")
        except (OSError, IndexError, ValueError):
            continue
        if ppid == os.getpid() and b"mcp" in args and backend.encode() in args:
            return int(entry.name)
    raise SystemExit(f"no skillrouter mcp --backend {backend} child found")


def memory_mb(pid: int) -> tuple[float, float]:
    """(VmRSS, VmHWM) of ``pid`` in MB."""
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line
    )
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


async def measure(
    path: Path, backends: list[str], tasks: list[str], chinese: list[str], work: Path
) -> dict[str, dict[str, object]]:
    """Per engine: handshake s, first search s, route and search times, and the server's memory."""
    env = {"HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    if "SKILLROUTER_CACHE_DIR" in os.environ:  # the SDK passes a server only a few variables
        env["SKILLROUTER_CACHE_DIR"] = os.environ["SKILLROUTER_CACHE_DIR"]
    command = Path(sys.executable).parent / "skillrouter"
    out: dict[str, dict[str, object]] = {b: {"route": [], "search": []} for b in backends}
    libs = {
        # the baselines embed through caches of their own, so every task is new to the servers too
        b: SkillLibrary(
            Store(path, create=False),
            CachedEmbedder(make_embedder(None, b), EmbeddingCache(work / f"baseline-{b}.db")),  # type: ignore[arg-type]
        )
        for b in backends
    }
    async with AsyncExitStack() as stack:
        clients = {}
        for b in backends:
            params = StdioServerParameters(
                command=str(command), args=["mcp", "--store", str(path), "--backend", b], env=env
            )
            started = time.perf_counter()
            clients[b] = await stack.enter_async_context(Client(params, read_timeout_seconds=600))
            out[b]["handshake"] = time.perf_counter() - started
            await clients[b].call_tool("search_skills", {"query": WARM[0]})
            out[b]["first"] = time.perf_counter() - started
            for task in WARM:
                libs[b].route(task)
            await clients[b].call_tool("search_skills", {"query": WARM[1]})
        for i, task in enumerate(tasks):
            for b in backends if i % 2 == 0 else backends[::-1]:  # each engine first every other task
                await asyncio.sleep(PAUSE)
                t0 = time.perf_counter()
                libs[b].route(task)
                out[b]["route"].append(time.perf_counter() - t0)  # type: ignore[attr-defined]
                await asyncio.sleep(PAUSE)
                t0 = time.perf_counter()
                result = await clients[b].call_tool("search_skills", {"query": task})
                out[b]["search"].append(time.perf_counter() - t0)  # type: ignore[attr-defined]
                assert not result.is_error, result.content
        for b in backends:
            pid = server_pid(b)
            out[b]["english_mb"] = memory_mb(pid)
            for task in chinese:
                result = await clients[b].call_tool("search_skills", {"query": task})
                assert not result.is_error, result.content  # routed by the multilingual engine
            out[b]["both_mb"] = memory_mb(pid)
    for lib in libs.values():
        lib.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--library", choices=["examples", "hermes"], default="examples")
    parser.add_argument("--tasks", type=int, default=100)
    parser.add_argument("--backends", nargs="+", choices=BACKENDS, default=list(BACKENDS))
    parser.add_argument("--chinese", type=int, default=10, help="Chinese searches before the second reading")
    args = parser.parse_args()
    limit_threads()
    tasks = [json.loads(line)["query"] for line in QUERIES.read_text().splitlines() if line.strip()][
        : args.tasks
    ]
    chinese = [q.query for q in blind_queries("hermes")][: args.chinese]
    work = Path(tempfile.mkdtemp(prefix="mcp-latency-"))
    try:
        path = work / "store"
        skills = build(path, args.library)
        results = asyncio.run(measure(path, args.backends, tasks, chinese, work))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(
        f"{args.library}: {skills} skills, {len(tasks)} tasks, default model, one server per engine, "
        "task by task in turn"
    )
    print(f"{'':<42}{'p50 ms':>9}{'p95 ms':>9}")
    p50: dict[str, float] = {}
    for b in args.backends:
        (r50, r95), (m50, m95) = ms(results[b]["route"]), ms(results[b]["search"])  # type: ignore[arg-type]
        p50[b] = m50
        print(f"{f'[{b}] route, in-process (baseline)':<42}{r50:>9.1f}{r95:>9.1f}")
        print(f"{f'[{b}] search_skills over MCP stdio':<42}{m50:>9.1f}{m95:>9.1f}")
        print(f"{f'[{b}] ratio':<42}{m50 / r50:>9.2f}{m95 / r95:>9.2f}")
    if {"torch", "onnx"} <= set(p50):
        print(
            f"search p50 before (torch) / after (onnx): {p50['torch']:.1f} / {p50['onnx']:.1f} ms = "
            f"{p50['torch'] / p50['onnx']:.2f}x"
        )
    for b in args.backends:
        english, both = results[b]["english_mb"], results[b]["both_mb"]
        print(
            f"[{b}] server start: handshake after {results[b]['handshake']:.2f} s, first search answered "
            f"after {results[b]['first']:.2f} s; memory (RSS / peak) after English searches (MiniLM) "
            f"{english[0]:.0f} / {english[1]:.0f} MB, after {len(chinese)} Chinese ones (MiniLM + e5) "  # type: ignore[index]
            f"{both[0]:.0f} / {both[1]:.0f} MB"  # type: ignore[index]
        )


if __name__ == "__main__":
    main()
