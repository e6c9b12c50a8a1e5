"""Import speed: the three real libraries into an empty store, then again unchanged.

Prints seconds and skills/s for both runs, and the model's own raw encode throughput on
the same Level 0 texts in the same run, so the import's overhead beyond embedding shows
as a ratio; once per ``--backends`` engine running the default model (default ``onnx``, what
every command uses now, and ``torch``, what ``import`` used before issue 20's item 7), each into
a store and an embedding cache of its own.

Then two engines against one (issue 20): the multilingual index (multilingual-e5-small) is built
lazily, on a store's first task in Chinese, and from then on every sync (an import too) embeds
for both engines. So, with the first ``--backends`` engine and fresh caches: the import into a
store that has no multilingual index yet (one engine) and the first Chinese route after it (which
builds that index over every skill), against the import into a store whose multilingual index
exists (two engines: a one-skill store routed one Chinese task first) and the first Chinese
route after that; with the multilingual engine's own raw encode throughput on the same texts.

Then the security gate's cost, measured in the same run with the embedding cache warm (so
embedding costs nothing and the store's own work shows): the libraries imported into a fresh
store with the gate off (``scan=False``, the floor) and into another with it on; an unchanged
re-import of each; a refresh of each after every SKILL.md was touched (new mtime, same
content: the scan cache must make it cost no scan); and a refresh after a hand edit of ten
skills (ten scans). Scans are counted; times are CPU seconds. Run:
    .venv/bin/python benchmarks/import_speed.py [--libs DIR] [--backends onnx torch] [--no-engines]
        [--no-gate]
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

from skillrouter.embeddings import (
    BACKENDS,
    CachedEmbedder,
    Embedder,
    EmbeddingCache,
    LanguageNeutralEmbedder,
    MultilingualE5Embedder,
    make_embedder,
)

from skillrouter import Skill, SkillLibrary
from skillrouter.security import admission, scan_skill_folder
from skillrouter.security.scan import forget_analyses
from skillrouter.store.skillfiles import SkillFiles

REPEATS = 3
LIBS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "skill-libraries"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--libs", type=Path, default=LIBS)
    parser.add_argument("--backends", nargs="+", choices=BACKENDS, default=["onnx", "torch"])
    parser.add_argument("--no-engines", action="store_true", help="skip two engines against one")
    parser.add_argument("--no-gate", action="store_true", help="skip the security gate's measurements")
    args = parser.parse_args()
    paths = [
        args.libs / "hermes-agent-0.19.0",
        args.libs / "anthropics-skills",
        args.libs / "antigravity-awesome-skills",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        models = {}
        for backend in args.backends:
            model = models[backend] = make_embedder(None, backend)
            model.embed_query("warm up")  # load the model outside every timed region
            cache = EmbeddingCache(Path(tmp) / f"cache-{backend}.db")
            lib = SkillLibrary.open(Path(tmp) / f"store-{backend}", embedder=CachedEmbedder(model, cache))
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
            print(f"== MiniLM on {backend}")
            print(
                f"skills imported:        {n} ({len(first.skipped)} name clashes skipped, "
                f"{len(first.quarantined)} quarantined, {len(first.errors)} rejected)"
            )
            print(f"first import:           {t_first:7.2f} s   {n / t_first:7.1f} skills/s")
            print(
                f"unchanged re-import:    {t_second:7.2f} s   {len(second.unchanged) / t_second:7.1f} "
                f"skills/s ({t_second / t_first:.1%} of the first; {second.embedded} embedded)"
            )
            print(f"raw model encode:       {t_raw:7.2f} s   {len(texts) / t_raw:7.1f} texts/s (same texts)")
            print(f"import / raw encode:    {t_first / t_raw:7.2f}x", flush=True)
            lib.close()
        first_model = models[args.backends[0]]
        if not args.no_engines:
            engines(paths, first_model, args.backends[0], Path(tmp))
        if not args.no_gate:
            gate(paths, first_model, Path(tmp) / f"cache-{args.backends[0]}.db", Path(tmp))


def engines(paths: list[Path], model: Embedder, backend: str, tmp: Path) -> None:
    """Two engines against one: the import, and the first Chinese route after it (wall seconds,
    fresh caches, models loaded)."""
    task = "帮我把这段录音转成文字"  # a Chinese task: routed by the multilingual engine
    e5 = MultilingualE5Embedder()
    e5.embed_query("warm up")
    rows = {}
    for label, built in (("one engine (no multilingual index yet)", False), ("two engines", True)):
        folder = tmp / ("two" if built else "one")
        cache = EmbeddingCache(folder / "cache.db")
        lib = SkillLibrary.open(
            folder / "store",
            embedder=CachedEmbedder(model, cache),
            multilingual=LanguageNeutralEmbedder(CachedEmbedder(e5, cache)),
        )
        lib.index.count()
        if built:  # a store that has routed a Chinese task: its multilingual index exists
            lib.add(Skill.create("transcribe-audio", "Turn a recording of speech into text."))
            lib.route(task)
        start = time.perf_counter()
        report = lib.import_skills(paths)
        t_import = time.perf_counter() - start
        start = time.perf_counter()
        lib.route(task)
        t_route = time.perf_counter() - start
        rows[label] = (len(report.added), t_import, t_route)
        texts = list(lib.store.ledger.level0_texts().values())
        lib.close()
    start = time.perf_counter()
    e5.embed_documents(texts)
    t_e5 = time.perf_counter() - start
    print(f"\ntwo engines against one (MiniLM on {backend}; wall seconds, fresh caches, models loaded):")
    print(f"  {'store':<40}{'import':>9}{'skills/s':>10}{'first Chinese route':>21}{'together':>10}")
    for label, (n, t_import, t_route) in rows.items():
        print(
            f"  {label:<40}{t_import:>8.2f}s{n / t_import:>10.1f}{t_route:>20.2f}s{t_import + t_route:>9.2f}s"
        )
    i1, i2 = (t_import for _, t_import, _ in rows.values())
    print(
        f"  import with two engines / with one: {i2 / i1:.2f}x; e5's raw encode of the {len(texts)} "
        f"Level 0 texts: {t_e5:.2f} s ({len(texts) / t_e5:.0f} texts/s)",
        flush=True,
    )


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    """CPU seconds of this process (all its threads) running ``fn``: steadier than wall time on a
    shared machine, and with the embedding cache warm the work is this process's own."""
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


def gate(paths: list[Path], model: Embedder, warm: Path, tmp: Path) -> None:
    """The security gate against its floor (the same import with scan=False), warm embedding cache."""
    scans = [0]
    hashing = [0.0]
    real_scan, real_hash = admission.screen, SkillFiles.content_hash

    def counting(content: Any, **kwargs: Any) -> list[Any]:
        scans[0] += 1
        return real_scan(content, **kwargs)

    def timing(self: SkillFiles, folder: str | Path) -> str:
        start = time.process_time()
        try:
            return real_hash(self, folder)
        finally:
            hashing[0] += time.process_time() - start

    admission.screen = counting  # every way in scans through admission.admit, which calls screen
    SkillFiles.content_hash = timing  # type: ignore[method-assign]
    cache = EmbeddingCache(warm)  # warm: the first import filled it
    rows: dict[str, dict[str, tuple[float, int]]] = {}
    for label, scan in (("gate off", False), ("gate on", True)):
        lib = SkillLibrary.open(
            tmp / f"store-{label.replace(' ', '-')}", embedder=CachedEmbedder(model, cache)
        )
        lib.index.count()
        row: dict[str, tuple[float, int]] = {}
        run_import = functools.partial(lib.import_skills, paths, scan=scan)
        scans[0] = 0
        forget_analyses()  # the first import's analyses (cached by what they read) would serve this one
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
    admission.screen, SkillFiles.content_hash = real_scan, real_hash  # type: ignore[method-assign]
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
