"""Crash safety, probed: import a real library in a child process, kill -9 it at a random
moment, look at what it left, run the import again, and compare the store with one imported
without interruption (every SKILL.md, Level 2 listing, status, findings and import origin must
match, and a quarantined skill must never be active in what the killed import left).

``--team``: the same in team mode (the library in PostgreSQL, skillrouter.store.team): a server
is started for the run, every import (the reference, each killed one and its re-run) goes into a
database of its own through a store folder of its own, and the state compared is what a new
machine's copy reads from that database.

Prints one line per trial and the verdict. Run:
    .venv/bin/python benchmarks/kill_trials.py [--trials 9] [--library DIR]... [--seed 0] [--team]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, HashEmbedder

from skillrouter import SkillLibrary

ROOT = Path(__file__).resolve().parents[1]
LIBRARY = ROOT.parent / "shared" / "data" / "skill-libraries" / "hermes-agent-0.19.0"
CHILD = (
    "import sys\nfrom skillrouter.embeddings import CachedEmbedder, EmbeddingCache, HashEmbedder\n"
    "from skillrouter import SkillLibrary\n"
    "lib = SkillLibrary.open(sys.argv[1], embedder=CachedEmbedder(HashEmbedder(), "
    "EmbeddingCache(sys.argv[1] + '-c.db')))\nlib.import_skills(sys.argv[2:])\n"
)  # the ledger: the store's own, or $SKILLROUTER_LEDGER_URL's database (--team)


def open_lib(store: Path, url: str | None = None) -> SkillLibrary:
    return SkillLibrary.open(
        store, embedder=CachedEmbedder(HashEmbedder(), EmbeddingCache(f"{store}-c.db")), ledger_url=url or ""
    )


def state(
    store: Path, url: str | None = None
) -> dict[str, tuple[str, str, tuple[str, ...], tuple[str, ...], object]]:
    """What the store holds; in team mode (``url``), what a new machine's copy reads of it."""
    if url is not None:
        store = store.with_name(f"{store.name}-reader-{time.monotonic_ns()}")
    with open_lib(store, url) as lib:
        lib.refresh()
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
    parser.add_argument("--team", action="store_true", help="team mode: the library in PostgreSQL")
    args = parser.parse_args()
    libraries = [str(p) for p in (args.library or [LIBRARY])]
    rng = random.Random(args.seed)
    server = None
    if args.team:
        spec = importlib.util.spec_from_file_location("pg_support", ROOT / "tests" / "pg_support.py")
        assert spec and spec.loader
        support = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(support)
        server = support.PgServer(durable=True)
        server.start()
    try:
        trials(args.trials, libraries, rng, server)
    finally:
        if server is not None:
            server.stop()


def trials(count: int, libraries: list[str], rng: random.Random, server: object) -> None:
    def database() -> str | None:
        return None if server is None else server.new_database()  # type: ignore[attr-defined]

    def child(store: Path, url: str | None) -> list[str]:
        return [sys.executable, "-c", CHILD, str(store), *libraries]

    def env(url: str | None) -> dict[str, str]:
        return os.environ | ({"SKILLROUTER_LEDGER_URL": url} if url else {})

    with tempfile.TemporaryDirectory() as tmp:
        clean, clean_url = Path(tmp) / "clean", database()
        start = time.perf_counter()
        subprocess.run(child(clean, clean_url), check=True, env=env(clean_url))
        full = time.perf_counter() - start
        reference = state(clean, clean_url)
        quarantined = {n for n, s in reference.items() if s[1] == "quarantined"}
        print(
            f"uninterrupted import: {len(reference)} skills ({len(quarantined)} quarantined) in {full:.1f} s"
        )
        leaks, converged = 0, 0
        for trial in range(1, count + 1):
            killed, url = Path(tmp) / f"killed-{trial}", database()
            delay = rng.uniform(0.3, full)
            proc = subprocess.Popen(child(killed, url), env=env(url))
            time.sleep(delay)
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            left = state(killed, url)
            active = sorted(n for n in quarantined if left.get(n, ("", "quarantined"))[1] == "active")
            leaks += len(active)
            subprocess.run(child(killed, url), check=True, env=env(url))
            final = state(killed, url)
            converged += final == reference
            print(
                f"trial {trial}: killed after {delay:5.2f} s (exit {proc.returncode}) with {len(left):3d} "
                "skills "
                f"written; quarantined ones active: {len(active)}; after a re-run "
                f"{'identical to' if final == reference else 'DIFFERENT from'} the uninterrupted import"
            )
            for name in sorted(set(final) | set(reference)):
                if final.get(name) != reference.get(name):
                    print(f"  differs: {name}")
        print(f"{converged} of {count} converged; quarantined skills seen active: {leaks}")
        if converged != count or leaks:
            sys.exit(1)


if __name__ == "__main__":
    main()
