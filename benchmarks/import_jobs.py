"""``skillrouter import --jobs N``: the three real libraries into a fresh store, for each N, in one run.

The libraries of ``shared/data/skill-libraries`` (``--libs DIR``): hermes-agent-0.19.0, anthropics-skills
and antigravity-awesome-skills (725 skills written, 4 name clashes skipped). Each run is a fresh
process that does what ``skillrouter import --jobs N`` does (:meth:`skillrouter.SkillLibrary.import_skills`
on a new store, the default model with the store's own embedding cache, or ``--embedder hash``, the
gate on at the default trust level). ``--jobs`` changes one phase, the writes (where the gate scans
each skill); the library fit and the index after it (the embedding) run as before. The values of N
alternate over ``--repeats`` rounds, so that a change in the machine's load falls on each alike.

Printed per run: the write phase's wall seconds (from the last skill read to the first phase after the
writes), the whole import's, and the process's (with Python's start and the model's load); CPU seconds
of the process and its workers together (user + system); the skills added and quarantined; the
1-minute load average just before the run (the machine may be shared: a load near the core count
means the cores were busy before the run began). Then the medians per N. No assertion on time. Run::

    .venv/bin/python benchmarks/import_jobs.py [--libs DIR] [--jobs 1 2] [--repeats 2] [--embedder hash]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LIBS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "skill-libraries"
LIBRARIES = ("hermes-agent-0.19.0", "anthropics-skills", "antigravity-awesome-skills")
# one import in a fresh process: when each phase began (progress), as JSON on stdout
CHILD = """
import json, sys, time
from skillrouter import SkillLibrary
store, jobs, embedder, *paths = sys.argv[1:]
seen = {}
def progress(stage, n):
    now = time.perf_counter()
    seen.setdefault(stage, now)
    seen["last " + stage] = now
if embedder == "hash":  # embedding costs nothing: the import's own work shows
    from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, HashEmbedder
    hashed = CachedEmbedder(HashEmbedder(), EmbeddingCache(store + ".db"))
    lib = SkillLibrary.open(store, create=True, embedder=hashed)
else:
    lib = SkillLibrary.open(store, create=True)
started = time.perf_counter()
report = lib.import_skills(paths, jobs=int(jobs), progress=progress)
done = time.perf_counter()
writes_end = min(seen.get(s, done) for s in ("fit", "index", "duplicates", "done"))
print(json.dumps({
    "writes_s": writes_end - seen.get("last parsed", started),
    "import_s": done - started,
    "added": len(report.added),
    "quarantined": len(report.quarantined),
}))
"""


def run(paths: list[Path], jobs: int, embedder: str, tmp: Path) -> dict[str, float]:
    """One import with ``jobs`` into a fresh store under ``tmp``, in a fresh process."""
    store = tmp / f"store-{jobs}-{time.monotonic_ns()}"
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    command = [sys.executable, "-c", CHILD, str(store), str(jobs), embedder, *map(str, paths)]
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"import with jobs={jobs} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    out = json.loads(done.stdout.strip().splitlines()[-1])
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {**out, "jobs": jobs, "process_s": wall, "cpu_s": cpu, "load_before": load}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--libs", type=Path, default=LIBS)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument(
        "--embedder",
        choices=["default", "hash"],
        default="default",
        help="hash: a HashEmbedder, so the fit and the index cost nearly nothing and more rounds fit",
    )
    args = parser.parse_args()
    paths = [args.libs / name for name in LIBRARIES]
    print(f"{os.cpu_count()} cores; {args.embedder} embedder; libraries: {', '.join(LIBRARIES)}")
    runs = []
    with tempfile.TemporaryDirectory(prefix="import-jobs-") as tmp:
        for round_ in range(args.repeats):
            order = args.jobs if round_ % 2 == 0 else list(reversed(args.jobs))
            for jobs in order:
                r = run(paths, jobs, args.embedder, Path(tmp))
                runs.append(r)
                print(
                    f"--jobs {jobs}: writes {r['writes_s']:5.1f} s, import {r['import_s']:5.1f} s, "
                    f"process {r['process_s']:5.1f} s wall; {r['cpu_s']:5.1f} s CPU; {r['added']:.0f} added "
                    f"({r['quarantined']:.0f} quarantined); load before {r['load_before']:.2f}",
                    flush=True,
                )
    for jobs in args.jobs:
        mine = [r for r in runs if r["jobs"] == jobs]
        med = {k: statistics.median(r[k] for r in mine) for k in ("writes_s", "import_s", "process_s")}
        print(
            f"--jobs {jobs}: median over {len(mine)} runs: writes {med['writes_s']:.1f} s, "
            f"import {med['import_s']:.1f} s, process {med['process_s']:.1f} s"
        )


if __name__ == "__main__":
    main()
