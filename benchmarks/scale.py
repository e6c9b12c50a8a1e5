"""The store at scale: 10,000, 30,000 and 100,000 synthetic skills, every number printed, none
asserted (a shared machine's timings are noisy; read the ratios).

For each size it writes a JSONL file of synthetic skills (seeded: a verb, an object and a domain
drawn from word lists, so descriptions differ as real ones do and share words as real ones do),
then, each command in a fresh process as a user runs it:

- ``import``: ``skillrouter import`` of the file into a new store (default model, torch), with the
  command's peak RSS;
- ``re-import``: the same file again (nothing changed: nothing is scanned, written or embedded);
- ``route (in-process)``: ``SkillLibrary.route`` p50 over 50 new tasks, beside the bare query
  embedding p50 (the floor any router pays) and their ratio, in wall time and in the process's
  CPU time (``*_cpu_*``, every thread's: the model's pool and a route's keyword thread count;
  what a machine shared with other work inflates least);
- ``route when a scan is due``: the same route when its scan of every SKILL.md is due by
  time, made inside the route (the Python API) and left for after the answer (a server), and that
  scan's time (``route_when_due``);
- ``cold route``: ``skillrouter route TASK`` (the one-shot CLI, ONNX Runtime), median of 3;
- ``list``, ``doctor``, ``reindex``: each once, with its peak RSS; ``doctor`` twice: the first
  after the commands above reads every sidecar they left unverified, the second is a doctor's
  usual run (it reads again only what changed: ``cache/doctor.json``);
- ``add``: with ``--reuse``, last, ``skillrouter import`` of 1,000 new skills into the kept store
  (an import's work at that size: the duplicate check against every skill, the index grown), with
  its peak RSS. The kept store then holds 1,000 more (the row's ``skills_after``).

    .venv/bin/python benchmarks/scale.py [--sizes 10000 30000 100000] [--keep DIR [--reuse [--route-only]]]
                                         [--tasks 50] [--torch-threads 1]

``--keep DIR --reuse`` measures stores built in DIR by an earlier run again, without the import
(at 100,000 skills it takes most of an hour on two cores); with ``--route-only``, only the
in-process route (``--tasks`` of them): what to alternate between two versions of the code.

Targets (issue 22): no crash; peak RSS under 2 GB at 100k; cold CLI route <= 1.5 s at 30k; route
<= 1.3x the bare embedding at 100k; doctor <= 10 s at 30k.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

VERBS = [
    "convert",
    "parse",
    "validate",
    "deploy",
    "monitor",
    "debug",
    "migrate",
    "summarise",
    "translate",
    "schedule",
    "audit",
    "benchmark",
    "compress",
    "encrypt",
    "scrape",
    "index",
    "backup",
    "restore",
    "lint",
    "format",
    "test",
    "profile",
    "optimise",
    "review",
    "draft",
    "plan",
]
OBJECTS = [
    "csv",
    "files",
    "json",
    "logs",
    "invoices",
    "emails",
    "images",
    "videos",
    "pdfs",
    "contracts",
    "tickets",
    "metrics",
    "traces",
    "dashboards",
    "reports",
    "queries",
    "tables",
    "schemas",
    "containers",
    "clusters",
    "functions",
    "pipelines",
    "repos",
    "notebooks",
    "spreadsheets",
    "calendars",
    "transcripts",
    "recipes",
    "playlists",
]
DOMAINS = [
    "finance",
    "healthcare",
    "retail",
    "logistics",
    "education",
    "gaming",
    "security",
    "marketing",
    "legal",
    "hr",
    "devops",
    "research",
    "travel",
    "music",
    "sports",
    "energy",
    "telecom",
    "insurance",
    "government",
    "media",
]
TOOLS = [
    "python",
    "bash",
    "sql",
    "docker",
    "kubernetes",
    "terraform",
    "aws",
    "gcp",
    "azure",
    "postgres",
    "redis",
    "kafka",
    "spark",
    "pandas",
    "react",
    "node",
    "rust",
    "go",
    "java",
    "excel",
    "notion",
    "slack",
    "github",
    "jira",
]

# The peak RSS is the process's own (VmHWM): ru_maxrss keeps the parent's across exec on Linux,
# so every command run after the in-process route (a 1 GB parent) read about 1 GB whatever it used.
RUNNER = (
    "import resource, sys\n"
    "def peak_kb():\n"
    "    try:\n"
    "        with open('/proc/self/status') as status:\n"
    "            return next(int(l.split()[1]) for l in status if l.startswith('VmHWM:'))\n"
    "    except (OSError, StopIteration):\n"
    "        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
    "from skillrouter.cli import main\n"
    "sys.argv = ['skillrouter', *sys.argv[1:]]\n"
    "try:\n    main()\n"
    "except SystemExit as done:\n    code = done.code or 0\n"
    "else:\n    code = 0\n"
    "print(f'peak-rss-kb {peak_kb()}', file=sys.stderr)\n"
    "sys.exit(code)\n"
)


def skills(n: int, seed: int = 0) -> list[dict[str, object]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        verb, obj, domain, tool = (
            rng.choice(VERBS),
            rng.choice(OBJECTS),
            rng.choice(DOMAINS),
            rng.choice(TOOLS),
        )
        extra = rng.sample(OBJECTS, 2)
        out.append(
            {
                "name": f"{verb}-{obj}-{domain}-{i}",
                "description": f"{verb.title()} {obj} for {domain} teams with {tool}; handles {extra[0]} and "
                f"{extra[1]} too. Use when someone needs to {verb} {obj} in a {domain} setting.",
                "procedure": [f"Collect the {obj}", f"{verb.title()} them with {tool}", "Check the result"],
                "tags": [domain, tool],
            }
        )
    return out


def tasks(n: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    return [
        f"I need to {rng.choice(VERBS)} some {rng.choice(OBJECTS)} for our {rng.choice(DOMAINS)} project "
        f"using {rng.choice(TOOLS)} (case {i})"
        for i in range(n)
    ]


def cli(*args: str | Path) -> tuple[float, int, str]:
    """(seconds, peak RSS in MB, stdout) of one ``skillrouter`` command in a fresh process."""
    env = dict(os.environ, HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false")
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", RUNNER, *map(str, args)], capture_output=True, text=True, env=env, check=False
    )
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(
            f"skillrouter {' '.join(map(str, args))} failed ({done.returncode}):\n{done.stderr[-3000:]}"
        )
    rss = next(
        (int(line.split()[1]) // 1024 for line in done.stderr.splitlines() if line.startswith("peak-rss-kb")),
        -1,
    )
    return seconds, rss, done.stdout


def in_process_route(store: Path, n: int = 50, torch_threads: int | None = None) -> dict[str, float]:
    """Route p50 and bare embedding p50 in ms over ``n`` new tasks, interleaved, the model called
    without the cache (as for a new task), and the same in the process's CPU time
    (``time.process_time``, every thread's: ONNX Runtime's pool, torch's, and a route's keyword
    thread (:func:`skillrouter.routing.router._keywords_beside`) count; what other work on a shared
    machine does not inflate). Until 2026-12-06 these columns were the calling thread's alone."""
    from skillrouter.embeddings import CachedEmbedder

    from skillrouter import SkillLibrary
    from skillrouter.routing.prefilter import wait_for_builds

    if torch_threads is not None:
        import torch

        torch.set_num_threads(torch_threads)
    with SkillLibrary.open(store, create=False) as lib:
        lib.warm_up()  # as a server starts: the model loaded, the search's int8 prefilter built
        wait_for_builds()
        model = lib.embedder.inner if isinstance(lib.embedder, CachedEmbedder) else lib.embedder
        run = os.urandom(3).hex()  # texts no earlier run put in the store's embedding cache (--reuse)
        wall: dict[str, list[float]] = {"route": [], "embed": []}
        cpu: dict[str, list[float]] = {"route": [], "embed": []}
        for task in tasks(n, seed=7):
            calls: list[tuple[str, Callable[[str], object], str]] = [
                ("embed", model.embed_query, f"{task} bare {run}"),
                ("route", lib.route, f"{task} routed {run}"),
            ]
            for label, call, text in calls:
                started, started_cpu = time.perf_counter(), time.process_time()
                call(text)
                wall[label].append((time.perf_counter() - started) * 1000)
                cpu[label].append((time.process_time() - started_cpu) * 1000)
    route, embed = statistics.median(wall["route"]), statistics.median(wall["embed"])
    route_cpu, embed_cpu = statistics.median(cpu["route"]), statistics.median(cpu["embed"])
    return {
        "route_ms": round(route, 1),
        "embed_ms": round(embed, 1),
        "route_vs_embed": round(route / embed, 2),
        "route_cpu_ms": round(route_cpu, 1),
        "embed_cpu_ms": round(embed_cpu, 1),
        "route_vs_embed_cpu": round(route_cpu / embed_cpu, 2),
    }


def route_when_due(store: Path, n: int = 5) -> dict[str, float]:
    """A route whose scan of every SKILL.md is due by time (a server's search after a quiet
    minute: the last scan is older than ten times its duration), made inside the route as the
    Python API does (``inline``) and left for after the answer as a server does (``deferred``,
    :attr:`SkillLibrary.defer_scans`), medians in ms over ``n`` new tasks each; ``catch_up_s``:
    the scan the server then makes, once the answer is out."""
    from skillrouter import SkillLibrary
    from skillrouter.routing.prefilter import wait_for_builds

    out: dict[str, list[float]] = {"inline": [], "deferred": [], "catch_up": []}
    with SkillLibrary.open(store, create=False) as lib:
        lib.warm_up()
        wait_for_builds()
        run = os.urandom(3).hex()
        for i, task in enumerate(tasks(2 * n, seed=13)):
            mode = "deferred" if i % 2 else "inline"
            lib.defer_scans = mode == "deferred"
            when, sig = lib.store.disk._scanned or (0.0, None)
            lib.store.disk._scanned = (when - 3600.0, sig)  # the last scan an hour old: due
            started = time.perf_counter()
            lib.route(f"{task} due {run}")
            out[mode].append((time.perf_counter() - started) * 1000)
            if mode == "deferred":
                started = time.perf_counter()
                lib.catch_up()
                out["catch_up"].append(time.perf_counter() - started)
    return {
        "due_route_inline_ms": round(statistics.median(out["inline"]), 1),
        "due_route_deferred_ms": round(statistics.median(out["deferred"]), 1),
        "catch_up_s": round(statistics.median(out["catch_up"]), 2),
    }


def measure(
    size: int, work: Path, *, reuse: bool = False, torch_threads: int | None = None, tasks: int = 50
) -> dict[str, object]:
    source = work / f"skills-{size}.jsonl"
    with source.open("w", encoding="utf-8") as out:
        for skill in skills(size):
            out.write(json.dumps(skill) + "\n")
    store = work / f"store-{size}"
    row: dict[str, object] = {"skills": size}
    if not (reuse and store.is_dir()):
        row["import_s"], row["import_rss_mb"], _ = cli("import", source, "--store", store)
    row["reimport_s"], row["reimport_rss_mb"], _ = cli("import", source, "--store", store)
    row |= in_process_route(store, tasks, torch_threads=torch_threads)
    row |= route_when_due(store)
    colds = [cli("route", task, "--store", store) for task in tasks(3, seed=11)]
    row["cold_route_s"] = statistics.median(c[0] for c in colds)
    row["cold_route_rss_mb"] = max(c[1] for c in colds)
    for command in ("list", "doctor", "doctor-again", "reindex"):
        key = command.replace("-", "_")
        row[f"{key}_s"], row[f"{key}_rss_mb"], _ = cli(command.split("-")[0], "--store", store)
    if reuse:
        run = os.urandom(3).hex()
        added = work / f"added-{run}.jsonl"
        with added.open("w", encoding="utf-8") as out:
            for skill in skills(1000, seed=int(run, 16)):
                out.write(json.dumps(skill | {"name": f"added-{run}-{skill['name']}"}) + "\n")
        row["add_1000_s"], row["add_1000_rss_mb"], _ = cli("import", added, "--store", store)
        added.unlink()
        _, _, listed = cli("list", "--store", store, "--json")
        row["skills_after"] = len(json.loads(listed))
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 30_000, 100_000])
    parser.add_argument("--keep", type=Path, default=None, help="build the stores here and keep them")
    parser.add_argument("--json", type=Path, default=None, help="also write the rows here")
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="with --keep: a store built there before is measured without importing it again "
        "(the row has no import columns; the re-import and everything after are measured)",
    )
    parser.add_argument(
        "--route-only",
        action="store_true",
        help="with --keep --reuse: only the in-process route columns, over --tasks new tasks (to compare "
        "two versions on a kept store, runs alternated)",
    )
    parser.add_argument(
        "--tasks", type=int, default=50, help="new tasks of the in-process route (default 50)"
    )
    parser.add_argument(
        "--torch-threads",
        type=int,
        default=None,
        help="torch's threads for the in-process route, where the library runs the model on torch "
        "(default torch's)",
    )
    args = parser.parse_args()
    if args.reuse and args.keep is None:
        parser.error("--reuse needs --keep DIR (the stores to measure again)")
    if args.route_only and not args.reuse:
        parser.error("--route-only needs --keep DIR --reuse (stores built by an earlier run)")
    work = args.keep or Path(tempfile.mkdtemp(prefix="skillrouter-scale-"))
    work.mkdir(parents=True, exist_ok=True)
    rows = []
    try:
        for size in args.sizes:
            if args.route_only:
                store = work / f"store-{size}"
                if not store.is_dir():
                    parser.error(f"no store {store}: build it first (--keep {work} without --route-only)")
                row = {"skills": size} | in_process_route(store, args.tasks, args.torch_threads)
            else:
                row = measure(
                    size, work, reuse=args.reuse, torch_threads=args.torch_threads, tasks=args.tasks
                )
            rows.append(row)
            print(
                json.dumps({k: round(v, 2) if isinstance(v, float) else v for k, v in row.items()}),
                flush=True,
            )
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
