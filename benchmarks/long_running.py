"""The long-running path's engine (issue 20, item 7): torch against ONNX Runtime, in one run.

A process that stays open (the Python API, ``skillrouter mcp``, the agent) embeds one task at a
time, and documents in batches when the store changes. Both engines load the default model
(all-MiniLM-L6-v2) once, outside every timed region; then:

- query: warm per-query time of each, torch as the product runs it (one intra-op thread for a
  single text) and ONNX Runtime as the product runs it (its default threads, no spinning), on the
  same unique MetaTool tasks, the engines alternating task by task; p50 / p95 ms and the ratio,
  and the p50 of the CPU time the process spent per query (all its threads);
- batch: ``embed_documents`` throughput (texts/s) at 8, 64 and 1,000 texts of Seal-Tools tools'
  "name: description", and at 64 and 500 of real skills' Level 0 texts (longer), new texts each
  round, the engines alternating (each first every other round), 3 rounds, median;
- agreement: the smallest cosine between the two engines' vectors over real texts
  (``cold_route.agreement_texts``: MetaTool queries and tools, Seal-Tools tools, whole hermes
  SKILL.md files), and routes: hermes-agent 0.19.0 in one store, opened once per engine, each
  with an embedding cache of its own (every document and task embedded by its engine; Chroma
  for both), the 174 tasks of eval/data/hermes_tasks.jsonl and the 74 Chinese hermes requests
  routed by both: same match, same candidates in the same order, the largest difference of a
  candidate's relevance;
- route: ``SkillLibrary.route`` p50 on that library before item 7 (torch, the old default) and
  after (ONNX Runtime, the default now), each task new to both (documents through the cache, the
  task straight to the model), beside each engine's bare query embedding, interleaved;
- ``--suite``: the suite's English corpora (``skillrouter eval suite``; default all of them)
  routed once per engine: per query, the same ranking and the same decision, and each corpus's
  P@1 and decision accuracy by both.

    .venv/bin/python benchmarks/long_running.py [--tasks 200] [--suite [CORPUS ...]]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from cold_route import HERMES, agreement_texts
from route_latency import NewTasks, percentile
from skillrouter.embeddings import (
    CachedEmbedder,
    Embedder,
    EmbeddingCache,
    OnnxEmbedder,
    SentenceTransformerEmbedder,
    limit_threads,
)
from skillrouter.eval.datasets import load_metatool, load_seal_tools
from skillrouter.eval.routing import EmbedderSpec, RoutingConfig, evaluate_routing
from skillrouter.eval.suite import CORPORA, TASKS_DIR, blind_queries, default_data_dir

from skillrouter import SkillFormatError, SkillLibrary, Store
from skillrouter.skillmd import read_skill_md

ENGINES = ("torch", "onnx")
ENGLISH_CORPORA = [c.name for c in CORPORA if not c.multilingual]


def timed_ms(call: Callable[[str], object], text: str) -> float:
    started = time.perf_counter()
    call(text)
    return (time.perf_counter() - started) * 1000


def p50_p95(values: Sequence[float]) -> str:
    return f"{statistics.median(values):6.1f} / {percentile(list(values), 0.95):6.1f}"


def queries(models: dict[str, Embedder], tasks: Sequence[str]) -> None:
    """Wall time per query, and the CPU time the whole process spent on it (every thread's: ONNX
    Runtime computes on threads of its own), which other work on the machine inflates less."""
    times: dict[str, list[float]] = {e: [] for e in models}
    cpu: dict[str, list[float]] = {e: [] for e in models}
    for task in tasks:
        for engine, model in models.items():
            started_cpu = time.process_time()
            times[engine].append(timed_ms(model.embed_query, task))
            cpu[engine].append((time.process_time() - started_cpu) * 1000)
    print(f"one query, warm ({len(tasks)} unique MetaTool tasks, engines alternating), p50 / p95 ms:")
    for engine in models:
        print(f"  {engine:<6} {p50_p95(times[engine])}   CPU p50 {statistics.median(cpu[engine]):5.1f} ms")
    ratio = statistics.median(times["torch"]) / statistics.median(times["onnx"])
    cpu_ratio = statistics.median(cpu["torch"]) / statistics.median(cpu["onnx"])
    print(f"  torch / onnx p50: {ratio:.2f}x (CPU time: {cpu_ratio:.2f}x)")


def batches(
    models: dict[str, Embedder], texts: Sequence[str], sizes: Sequence[int], rounds: int, label: str
) -> None:
    print(
        f"batch embedding of {label}, texts/s (median of {rounds} rounds, new texts each, engines "
        "alternating):"
    )
    print(f"  {'texts':>6}  " + "  ".join(f"{e:>7}" for e in models) + "  onnx / torch")
    offset = 0
    for size in sizes:
        rates: dict[str, list[float]] = {e: [] for e in models}
        for r in range(rounds):
            chunk = list(texts[offset : offset + size])
            offset = (offset + size) % max(1, len(texts) - size)
            for engine, model in list(models.items())[:: 1 if r % 2 == 0 else -1]:
                started = time.perf_counter()
                model.embed_documents(chunk)
                rates[engine].append(size / (time.perf_counter() - started))
        median = {e: statistics.median(r) for e, r in rates.items()}
        print(
            f"  {size:>6}  "
            + "  ".join(f"{median[e]:>7.0f}" for e in models)
            + f"  {median['onnx'] / median['torch']:>11.2f}x"
        )


def level0_texts(data: Path) -> list[str]:
    """The Level 0 text of every SKILL.md under skill-libraries/ that parses strictly (longer than
    a tool's description: a p50 of about 54 tokens, p90 121), shuffled."""
    texts = []
    for path in sorted((data / "skill-libraries").rglob("SKILL.md")):
        try:
            texts.append(read_skill_md(path).level0_text())
        except SkillFormatError:
            continue
    random.Random(0).shuffle(texts)
    return texts


def vectors_agree(models: dict[str, Embedder], texts: Sequence[str]) -> None:
    cosines = (models["torch"].embed_documents(texts) * models["onnx"].embed_documents(texts)).sum(axis=1)
    print(
        f"agreement over {len(texts)} real texts: min cosine {cosines.min():.7f}, mean {cosines.mean():.7f}"
    )


def hermes_tasks() -> list[str]:
    english = [
        json.loads(line)["query"] for line in (TASKS_DIR / "hermes_tasks.jsonl").read_text().splitlines()
    ]
    return english + [q.query for q in blind_queries("hermes")]


def routes_agree(libraries: dict[str, SkillLibrary], tasks: Sequence[str]) -> None:
    same_match = same_lists = 0
    worst = 0.0
    for task in tasks:
        a, b = (libraries[e].route(task) for e in ENGINES)
        same_match += (a.matched and a.matched.name) == (b.matched and b.matched.name)
        same_lists += [c.name for c in a.candidates] == [c.name for c in b.candidates]
        worst = max(
            [worst]
            + [abs(x.relevance - y.relevance) for x, y in zip(a.candidates, b.candidates) if x.name == y.name]
        )
    print(
        f"hermes routes ({len(tasks)} tasks: English and Chinese), torch vs ONNX Runtime, each embedding "
        f"everything itself: same match {same_match}/{len(tasks)}, same candidates in the same order "
        f"{same_lists}/{len(tasks)}, largest relevance difference {worst:.2e}"
    )


def route_before_after(
    libraries: dict[str, SkillLibrary], models: dict[str, Embedder], tasks: Sequence[str]
) -> None:
    calls: dict[str, Callable[[str], object]] = {}
    for engine in ENGINES:
        calls[f"embed {engine}"] = models[engine].embed_query
        calls[f"route {engine}"] = libraries[engine].route
    for warm in tasks[-5:]:
        for call in calls.values():
            call(warm)
    times: dict[str, list[float]] = {label: [] for label in calls}
    for task in tasks[:-5]:
        for label, call in calls.items():
            times[label].append(timed_ms(call, task))
    print(f"SkillLibrary.route on hermes ({len(tasks) - 5} tasks new to both, interleaved), p50 / p95 ms:")
    for label in calls:
        print(f"  {label:<14} {p50_p95(times[label])}")
    before, after = (statistics.median(times[f"route {e}"]) for e in ENGINES)
    for engine in ENGINES:
        ratio = statistics.median(times[f"route {engine}"]) / statistics.median(times[f"embed {engine}"])
        print(f"  route / embed ({engine}): {ratio:.2f}")
    print(f"  route p50 before (torch) / after (onnx): {before:.1f} / {after:.1f} ms = {before / after:.2f}x")


def suite_agrees(models: dict[str, Embedder], names: Sequence[str], data: Path, work: Path) -> None:
    """Each corpus routed once per engine (as ``skillrouter eval suite`` routes it), compared query
    by query."""
    print(
        f"{'corpus':<16}{'queries':>8}  {'same ranking':>13}  {'same decision':>14}  "
        "P@1 torch/onnx  decision acc."
    )
    for corpus in CORPORA:
        if corpus.name not in names:
            continue
        runs = []
        for engine in ENGINES:
            embedder = CachedEmbedder(models[engine], EmbeddingCache(work / f"suite-{engine}.db"))
            runs.append(
                evaluate_routing(
                    corpus.build(data), EmbedderSpec(), RoutingConfig(latency_sample=0), embedder=embedder
                )
            )
            embedder.cache.close()
        a, b = runs
        same_rank = sum(x.ranked == y.ranked for x, y in zip(a.results, b.results))
        same_decision = sum(x.matched == y.matched for x, y in zip(a.routed, b.routed))
        n = len(a.results)
        print(
            f"{corpus.name:<16}{n:>8}  {same_rank:>6}/{n:<6}  {same_decision:>7}/{n:<6}  "
            f"{a.metrics['p_at_1']:.4f}/{b.metrics['p_at_1']:.4f}  "
            f"{a.metrics['decision_accuracy']:.4f}/{b.metrics['decision_accuracy']:.4f}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tasks", type=int, default=200, help="unique tasks for the query and route timings")
    parser.add_argument("--batch-sizes", type=int, nargs="+", default=[8, 64, 1000])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--agreement-texts", type=int, default=2000)
    parser.add_argument("--speed-only", action="store_true", help="the query and batch timings alone")
    parser.add_argument(
        "--suite",
        nargs="*",
        default=None,
        metavar="CORPUS",
        help="also the suite's corpora (default: the English ones)",
    )
    parser.add_argument("--data", type=Path, default=default_data_dir())
    args = parser.parse_args()
    limit_threads()
    metatool = sorted({q.query for q in load_metatool(args.data / "metatool").queries})
    tasks = random.Random(1).sample(metatool, 2 * args.tasks + 5)
    seal = [f"{t.name}: {t.description}" for t in load_seal_tools(args.data / "seal-tools").tools]
    random.Random(0).shuffle(seal)
    models: dict[str, Embedder] = {"torch": SentenceTransformerEmbedder(), "onnx": OnnxEmbedder()}
    for model in models.values():
        model.embed_query("warm up")
    print(f"load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    queries(models, tasks[: args.tasks])
    batches(models, seal, args.batch_sizes, args.rounds, "Seal-Tools tools (name: description)")
    batches(models, level0_texts(args.data), [64, 500], args.rounds, "real skills' Level 0 texts")
    if args.speed_only:
        return
    vectors_agree(models, agreement_texts(args.agreement_texts))
    with tempfile.TemporaryDirectory(prefix="long-running-") as tmp:
        work = Path(tmp)
        libraries: dict[str, SkillLibrary] = {}
        for engine in ENGINES:  # a store per engine, so Chroma holds each engine's own vectors
            cached = CachedEmbedder(models[engine], EmbeddingCache(work / f"{engine}.db"))
            libraries[engine] = SkillLibrary(Store(work / engine), cached)
            libraries[engine].import_skills([HERMES], scan=False)
        routes_agree(libraries, hermes_tasks())
        for lib in libraries.values():
            lib.close()
        new_tasks = {
            e: SkillLibrary(Store(work / e, create=False), NewTasks(lib.embedder, models[e]))
            for e, lib in libraries.items()
        }
        route_before_after(new_tasks, models, tasks[args.tasks :])
        for lib in new_tasks.values():
            lib.close()
        if args.suite is not None:
            suite_agrees(models, args.suite or ENGLISH_CORPORA, args.data, work)
    print(f"load average at end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
