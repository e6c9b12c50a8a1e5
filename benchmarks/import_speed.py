"""Import speed: the three real libraries into an empty store, then again unchanged.

Prints seconds and skills/s for both runs, and the model's own raw encode throughput on
the same Level 0 texts in the same run, so the import's overhead beyond embedding shows
as a ratio.

Then the security gate's cost, measured in the same run with the embedding cache warm (so
embedding costs nothing and the store's own work shows): the libraries imported into a fresh
store with the gate off (``scan=False``, the floor) and into another with it on; an unchanged
re-import of each; a refresh of each after every SKILL.md was touched (new mtime, same
content: the scan cache must make it cost no scan); and a refresh after a hand edit of ten
skills (ten scans). Scans are counted; times are CPU seconds. Run:
    .venv/bin/python benchmarks/import_speed.py [--libs DIR] [--no-gate]
"""

from __future__ import annotations

import argparse
import functools
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, SentenceTransformerEmbedder

from skillrouter import SkillLibrary
from skillrouter.security import scan_skill_folder
from skillrouter.store.skillfiles import SkillFiles

REPEATS = 3
LIBS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "skill-libraries"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--libs", type=Path, default=LIBS)
    parser.add_argument("--no-gate", action="store_true", help="skip the security gate's measurements")
    args = parser.parse_args()
    paths = [
        args.libs / "hermes-agent-0.19.0",
        args.libs / "anthropics-skills",
        args.libs / "antigravity-awesome-skills",
    ]
    model = SentenceTransformerEmbedder()
    model.embed_query("warm up")  # load the model outside every timed region
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / "store"
        lib = SkillLibrary.open(store, embedder=CachedEmbedder(model, EmbeddingCache(Path(tmp) / "cache.db")))
        lib.index.count()  # open Chroma outside the timed region too
        start = time.perf_counter()
        first = lib.import_skills(paths)
        t_first = time.perf_counter() - start
        start = time.perf_counter()
        second = lib.import_skills(paths)
        t_second = time.perf_counter() - start
        texts = list(lib.store.ledger.level0_texts().values())
        start = time.perf_counter()
        model.embed_documents(texts)
        t_raw = time.perf_counter() - start
        n = len(first.added)
        print(
            f"skills imported:        {n} ({len(first.skipped)} name clashes skipped, "
            f"{len(first.quarantined)} quarantined, {len(first.errors)} rejected)"
        )
        print(f"first import:           {t_first:7.2f} s   {n / t_first:7.1f} skills/s")
        print(
            f"unchanged re-import:    {t_second:7.2f} s   {len(second.unchanged) / t_second:7.1f} skills/s "
            f"({t_second / t_first:.1%} of the first; {second.embedded} embedded)"
        )
        print(f"raw model encode:       {t_raw:7.2f} s   {len(texts) / t_raw:7.1f} texts/s (same texts)")
        print(f"import / raw encode:    {t_first / t_raw:7.2f}x")
        lib.close()
        if not args.no_gate:
            gate(paths, model, Path(tmp))


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    """CPU seconds of this process (all its threads) running ``fn``: steadier than wall time on a
    shared machine, and with the embedding cache warm the work is this process's own."""
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


def gate(paths: list[Path], model: SentenceTransformerEmbedder, tmp: Path) -> None:
    """The security gate against its floor (the same import with scan=False), warm embedding cache."""
    scans = [0]
    hashing = [0.0]
    real_scan, real_hash = SkillFiles.scan, SkillFiles.content_hash

    def counting(self: SkillFiles, folder: str | Path) -> list[dict[str, Any]]:
        scans[0] += 1
        return real_scan(self, folder)

    def timing(self: SkillFiles, folder: str | Path) -> str:
        start = time.process_time()
        try:
            return real_hash(self, folder)
        finally:
            hashing[0] += time.process_time() - start

    SkillFiles.scan = counting  # type: ignore[method-assign]
    SkillFiles.content_hash = timing  # type: ignore[method-assign]
    cache = EmbeddingCache(tmp / "cache.db")  # warm: the first import filled it
    rows: dict[str, dict[str, tuple[float, int]]] = {}
    for label, scan in (("gate off", False), ("gate on", True)):
        lib = SkillLibrary.open(
            tmp / f"store-{label.replace(' ', '-')}", embedder=CachedEmbedder(model, cache)
        )
        lib.index.count()
        row: dict[str, tuple[float, int]] = {}
        run_import = functools.partial(lib.import_skills, paths, scan=scan)
        scans[0] = 0
        row["import"] = (timed(run_import)[0], scans[0])
        # the steps that must cost no scan: the best of three (the machine is shared), scans summed
        scans[0] = 0
        best = min(timed(run_import)[0] for _ in range(REPEATS))
        row["unchanged re-import"] = (best, scans[0])
        scans[0], times, hashed = 0, [], []
        for _ in range(REPEATS):
            for name in lib.store.names():  # a touch: new mtime, same content
                path = lib.store.files.folder(name) / "SKILL.md"
                os.utime(path, ns=(path.stat().st_mtime_ns + 10**9,) * 2)
            hashing[0] = 0.0
            times.append(timed(lib.store.refresh)[0])
            hashed.append(hashing[0])
        row["refresh, all touched"] = (min(times), scans[0])
        touched_hashing = hashed[times.index(min(times))]
        for name in lib.store.names()[:10]:  # a hand edit
            path = lib.store.files.folder(name) / "SKILL.md"
            path.write_text(path.read_text("utf-8") + "\nEdited by hand.\n", "utf-8")
        scans[0] = 0
        seconds, _ = timed(lib.store.refresh)
        row["refresh, 10 edited"] = (seconds, scans[0])
        rows[label] = row
        lib.close()
    SkillFiles.scan, SkillFiles.content_hash = real_scan, real_hash  # type: ignore[method-assign]
    # before this gate the importer scanned each source folder itself, then wrote without a scan
    folders = [
        p.parent
        for root in paths
        for p in sorted(root.rglob("SKILL.md"))
        if not any(part.startswith(".") for part in p.relative_to(root).parts)
    ]
    source_scans, _ = timed(lambda: [scan_skill_folder(f) for f in folders])
    before = rows["gate off"]["import"][0] + source_scans
    print("\nsecurity gate, CPU seconds (warm embedding cache; the floor is the same work with scan=False):")
    print(f"  {'step':<24}{'gate off':>16}{'gate on':>16}{'on / off':>10}")
    for step in rows["gate on"]:
        (off, off_scans), (on, on_scans) = rows["gate off"][step], rows["gate on"][step]
        print(f"  {step:<24}{off:9.2f} s {off_scans:>4}{on:9.2f} s {on_scans:>4}{on / off:9.2f}x")
    print(
        f"  (each time is followed by the number of scans it ran; re-import and touched refresh: best of "
        f"{REPEATS}, scans summed)"
    )
    print(
        f"  before this gate (import without a store scan + the importer's scan of {len(folders)} source "
        f"folders, {source_scans:.2f} s): {before:.2f} s; gate on / before: "
        f"{rows['gate on']['import'][0] / before:.2f}x"
    )
    print(
        f"  the touched refresh (gate on) spent {touched_hashing:.2f} s hashing content (SKILL.md + Level 2) "
        f"to know it was scanned already"
    )


if __name__ == "__main__":
    main()
