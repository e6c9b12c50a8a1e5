"""The embedding cache's lookups and writes of new keys on a copy of a store's cache file, in its
own format and moved to the current one (docs/evaluation/scale.md, "At 10,000, 30,000 and
100,000 skills"). Prints numbers; asserts nothing.

    .venv/bin/python benchmarks/embedding_cache.py STORE/cache/embeddings.db [--cold]

``--cold`` (root only) drops the OS page cache before each measurement, as for a long-running
server whose cache file the OS has evicted. The copies are made beside ``--work`` (default /tmp)
and removed after.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np
from skillrouter.embeddings.cache import EmbeddingCache, text_key


def drop_os_cache() -> None:
    subprocess.run(["sync"], check=True)
    Path("/proc/sys/vm/drop_caches").write_text("3\n")


def lookups(path: Path, model: str, n: int, cold: bool) -> dict[str, float]:
    """p50 of one-key lookups of new keys, each followed by its write, and the time to read every
    vector of ``model`` by key (500 at a time)."""
    if cold:
        drop_os_cache()
    cache = EmbeddingCache(path, read_only=False)
    read, write = [], []
    for _ in range(n):
        key = text_key(os.urandom(8).hex())
        started = time.perf_counter()
        cache.get_many(model, [key])
        read.append(time.perf_counter() - started)
        started = time.perf_counter()
        cache.put_many(model, {key: np.zeros(384, dtype=np.float32)})
        write.append(time.perf_counter() - started)
    cache.close()
    db = sqlite3.connect(path)
    keys = [k for (k,) in db.execute("SELECT key FROM vectors WHERE model = ?", (model,))]
    db.close()
    if cold:
        drop_os_cache()
    cache = EmbeddingCache(path)
    started = time.perf_counter()
    for start in range(0, len(keys), 500):
        cache.get_many(model, keys[start : start + 500])
    every = time.perf_counter() - started
    cache.close()
    return {
        "lookup_p50_ms": round(statistics.median(read) * 1000, 3),
        "write_p50_ms": round(statistics.median(write) * 1000, 3),
        "read_every_vector_s": round(every, 1),
        "vectors": len(keys),
        "file_mb": round(path.stat().st_size / 2**20),
    }


def lookups_read_only(path: Path, model: str, n: int, cold: bool) -> dict[str, float]:
    """:func:`lookups` of a format-1 file, through a plain connection (an EmbeddingCache opened
    for writing would move it first)."""
    if cold:
        drop_os_cache()
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA cache_size=-32768")
    read = []
    for _ in range(n):
        key = text_key(os.urandom(8).hex())
        started = time.perf_counter()
        db.execute("SELECT key, vec FROM vectors WHERE model = ? AND key IN (?)", (model, key)).fetchall()
        read.append(time.perf_counter() - started)
    keys = [k for (k,) in db.execute("SELECT key FROM vectors WHERE model = ?", (model,))]
    if cold:
        drop_os_cache()
    started = time.perf_counter()
    for start in range(0, len(keys), 500):
        chunk = keys[start : start + 500]
        db.execute(
            f"SELECT key, vec FROM vectors WHERE model = ? AND key IN ({','.join('?' * len(chunk))})",
            [model, *chunk],
        ).fetchall()
    every = time.perf_counter() - started
    db.close()
    return {
        "lookup_p50_ms": round(statistics.median(read) * 1000, 3),
        "read_every_vector_s": round(every, 1),
        "vectors": len(keys),
        "file_mb": round(path.stat().st_size / 2**20),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cache", type=Path)
    parser.add_argument("--model", default="sentence-transformers/all-MiniLM-L6-v2")
    parser.add_argument("-n", type=int, default=300)
    parser.add_argument("--cold", action="store_true")
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()))
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(dir=args.work, prefix="cache-bench-"))
    try:
        copy = folder / "embeddings.db"
        shutil.copyfile(args.cache, copy)
        version = sqlite3.connect(copy).execute("PRAGMA user_version").fetchone()[0]
        if version != 2:  # as it is, read without moving it (a read-only opening moves nothing)
            print("format 1:", lookups_read_only(copy, args.model, args.n, args.cold))
        started = time.perf_counter()
        moved = EmbeddingCache(copy)
        moved.count()  # the file is opened (and moved) on its first statement
        moved.close()
        print(f"moved to format 2 in {time.perf_counter() - started:.1f} s")
        print("format 2:", lookups(copy, args.model, args.n, args.cold))
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
