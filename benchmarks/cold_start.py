"""Cold ``skillrouter route`` of this working tree against a git revision, in one run.

Each timed route is a fresh ``skillrouter route TASK --json`` process (as a prompt hook runs it)
with a task no cache has seen, on one store both versions read; the two versions alternate
round by round, so a busy neighbour slows both alike. The revision runs from a copy laid out as
the package installs (``skillrouter/``, ``embeddings/`` and ``eval/`` inside it, byte-compiled),
put first on ``PYTHONPATH`` of the same interpreter; the working tree runs as installed.

Then, for this tree, where a fresh process spends its time: Python's own start, importing
``skillrouter.cli``, the command, and the exit (``-X importtime`` lists the imports).

Against a revision before 31b575f (one-shot snapshots named without a documents version) the two
versions delete each other's snapshot on the shared store and every route rebuilds its indexes:
its numbers then say nothing of a cold route; compare such revisions on separate stores.

Stores: hermes-agent 0.19.0 (177 skills) and, with ``--synthetic N``, N skills of
``benchmarks/scale.py``'s generator (the issue's targets: 0.3 s at 177, 1 s at 30,000).

Run:  .venv/bin/python benchmarks/cold_start.py [--against 89a8b05] [--rounds 15] [--synthetic 30000]
"""

from __future__ import annotations

import argparse
import compileall
import io
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from scale import skills as synthetic_skills

ROOT = Path(__file__).resolve().parents[1]
HERMES = ROOT.parent / "shared" / "data" / "skill-libraries" / "hermes-agent-0.19.0"

VERBS = ["rename", "resize", "summarise", "translate", "back up", "chart", "clean up", "compare"]
THINGS = ["photos by date", "the sales sheet", "meeting notes", "a Postgres table", "my dotfiles"]


def task(rng: random.Random) -> str:
    """A task no cache has seen (a number at the end makes each one new)."""
    return f"{rng.choice(VERBS)} {rng.choice(THINGS)} {rng.randrange(10**9)}"


def revision_package(revision: str, into: Path) -> Path:
    """``revision``'s package as it installs, byte-compiled, under ``into``: the folder to put
    first on PYTHONPATH."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision], capture_output=True, check=True)
    source = into / "source"
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(source, filter="data")
    package = into / "package"
    shutil.copytree(source / "skillrouter", package / "skillrouter")
    shutil.copytree(source / "embeddings", package / "skillrouter" / "embeddings")
    shutil.copytree(source / "eval", package / "skillrouter" / "eval")
    compileall.compile_dir(package, quiet=1)
    return package


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def route_seconds(store: Path, text: str, pythonpath: Path | None) -> tuple[float, float]:
    """(wall, CPU) seconds of one fresh route process."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    cpu = children_cpu()
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "skillrouter.cli", "route", text, "--store", str(store), "--json"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
        cwd=tempfile.gettempdir(),
    )
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"route failed ({'revision' if pythonpath else 'this tree'}): {done.stderr.strip()}")
    json.loads(done.stdout)
    return seconds, children_cpu() - cpu


PHASES = """
import sys, time
t0 = time.perf_counter()
import skillrouter.cli
t1 = time.perf_counter()
sys.argv = ["skillrouter", "route", sys.argv[1], "--store", sys.argv[2], "--json"]
import atexit
def done():
    sys.stderr.write(f"phases {t1 - t0:.4f} {time.perf_counter() - t1:.4f} {time.time():.4f}\\n")
atexit.register(done)
skillrouter.cli.main()
"""


def phases(store: Path, text: str) -> tuple[float, float, float, float]:
    """(start, import, command, exit) seconds of one fresh process of this tree."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    began = time.time()
    done = subprocess.run(
        [sys.executable, "-c", PHASES, text, str(store)], env=env, capture_output=True, text=True, check=True
    )
    ended = time.time()
    line = next(x for x in done.stderr.splitlines() if x.startswith("phases "))
    imported, command, at_exit = (float(v) for v in line.split()[1:])
    total = ended - began
    return total - imported - command - (ended - at_exit), imported, command, ended - at_exit


def measure(name: str, store: Path, package: Path, rounds: int, rng: random.Random) -> None:
    route_seconds(store, task(rng), None)  # the first route after an import writes the snapshot
    route_seconds(store, task(rng), package)
    times: dict[str, list[tuple[float, float]]] = {"revision": [], "tree": []}
    for _ in range(rounds):
        times["revision"].append(route_seconds(store, task(rng), package))
        times["tree"].append(route_seconds(store, task(rng), None))
    print(f"{name}: cold `skillrouter route`, {rounds} fresh processes each, alternating (seconds)")
    for who, runs in times.items():
        wall = [w for w, _ in runs]
        cpu = statistics.median(c for _, c in runs)
        print(
            f"  {who:<9} wall median {statistics.median(wall):.3f}  min {min(wall):.3f}  "
            f"max {max(wall):.3f};  CPU median {cpu:.3f}"
        )
    parts = [phases(store, task(rng)) for _ in range(rounds)]
    medians = [statistics.median(p[i] for p in parts) for i in range(4)]
    print(
        "  this tree, where the time goes (medians): Python's start {:.3f}, import skillrouter.cli {:.3f}, "
        "the command {:.3f}, the exit {:.3f}".format(*medians)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="HEAD", help="the git revision to compare with (default HEAD)")
    parser.add_argument("--rounds", type=int, default=15, help="fresh processes per version and store")
    parser.add_argument(
        "--synthetic", type=int, default=0, metavar="N", help="also a store of N synthetic skills"
    )
    args = parser.parse_args()
    rng = random.Random(0)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        package = revision_package(args.against, tmp / "revision")
        compileall.compile_dir(ROOT / "skillrouter", quiet=1)
        compileall.compile_dir(ROOT / "embeddings", quiet=1)
        stores = [("hermes-agent 0.19.0", HERMES)]
        if args.synthetic:
            jsonl = tmp / f"synthetic-{args.synthetic}.jsonl"
            jsonl.write_text("".join(json.dumps(s) + "\n" for s in synthetic_skills(args.synthetic)), "utf-8")
            stores.append((f"{args.synthetic:,} synthetic skills", jsonl))
        short = ["git", "-C", str(ROOT), "rev-parse", "--short", args.against]
        commit = subprocess.run(short, capture_output=True, text=True, check=True).stdout.strip()
        print(f"against {args.against} ({commit})")
        for name, source in stores:
            store = tmp / f"store-{len(name)}"
            subprocess.run(
                [sys.executable, "-m", "skillrouter.cli", "import", str(source), "--store", str(store)],
                check=True,
                capture_output=True,
            )
            measure(name, store, package, args.rounds, rng)


if __name__ == "__main__":
    main()
