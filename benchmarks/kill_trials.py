"""Crash safety, probed: import a real library in a child process, kill -9 it at a random
moment, look at what it left, run the import again, and compare the store with one imported
without interruption (every SKILL.md, Level 2 listing, status, findings and import origin must
match, and a quarantined skill must never be active in what the killed import left).

Prints one line per trial and the verdict. Run:
    .venv/bin/python benchmarks/kill_trials.py [--trials 9] [--library DIR]... [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, HashEmbedder

from skillrouter import SkillLibrary

LIBRARY = (
    Path(__file__).resolve().parents[1].parent / "shared" / "data" / "skill-libraries" / "hermes-agent-0.19.0"
)
CHILD = (
    "import sys\nfrom skillrouter.embeddings import CachedEmbedder, EmbeddingCache, HashEmbedder\n"
    "from skillrouter import SkillLibrary\n"
    "lib = SkillLibrary.open(sys.argv[1], embedder=CachedEmbedder(HashEmbedder(), "
    "EmbeddingCache(sys.argv[1] + '/c.db')))\nlib.import_skills(sys.argv[2:])\n"
)


def open_lib(store: Path) -> SkillLibrary:
    return SkillLibrary.open(store, embedder=CachedEmbedder(HashEmbedder(), EmbeddingCache(store / "c.db")))


def state(store: Path) -> dict[str, tuple[str, str, tuple[str, ...], tuple[str, ...], object]]:
    with open_lib(store) as lib:
        origins = lib.store.ledger.origins()
        out = {}
        for summary in lib.list_skills():
            text = (lib.store.files.folder(summary.name) / "SKILL.md").read_text()
            text = "\n".join(
                ln for ln in text.splitlines() if not ln.startswith(("created_at:", "updated_at:"))
            )
            out[summary.name] = (
                text,
                summary.status,
                tuple(lib.list_files(summary.name)),
                tuple(sorted(f["rule"] for f in lib.findings(summary.name))),
                origins.get(summary.name, ("", ""))[1],
            )
        return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=9)
    parser.add_argument(
        "--library",
        type=Path,
        action="append",
        help="a skill library to import (repeatable; default: hermes-agent 0.19.0)",
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    libraries = [str(p) for p in (args.library or [LIBRARY])]
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        clean = Path(tmp) / "clean"
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", CHILD, str(clean), *libraries], check=True)
        full = time.perf_counter() - start
        reference = state(clean)
        quarantined = {n for n, s in reference.items() if s[1] == "quarantined"}
        print(
            f"uninterrupted import: {len(reference)} skills ({len(quarantined)} quarantined) in {full:.1f} s"
        )
        leaks, converged = 0, 0
        for trial in range(1, args.trials + 1):
            killed = Path(tmp) / f"killed-{trial}"
            delay = rng.uniform(0.3, full)
            child = subprocess.Popen([sys.executable, "-c", CHILD, str(killed), *libraries])
            time.sleep(delay)
            child.send_signal(signal.SIGKILL)
            child.wait()
            left = state(killed)
            active = sorted(n for n in quarantined if left.get(n, ("", "quarantined"))[1] == "active")
            leaks += len(active)
            subprocess.run([sys.executable, "-c", CHILD, str(killed), *libraries], check=True)
            final = state(killed)
            converged += final == reference
            print(
                f"trial {trial}: killed after {delay:5.2f} s (exit {child.returncode}) with {len(left):3d} "
                "skills "
                f"written; quarantined ones active: {len(active)}; after a re-run "
                f"{'identical to' if final == reference else 'DIFFERENT from'} the uninterrupted import"
            )
            for name in sorted(set(final) | set(reference)):
                if final.get(name) != reference.get(name):
                    print(f"  differs: {name}")
        print(f"{converged} of {args.trials} converged; quarantined skills seen active: {leaks}")
        if converged != args.trials or leaks:
            sys.exit(1)


if __name__ == "__main__":
    main()
