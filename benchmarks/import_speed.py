"""Import speed: the three real libraries into an empty store, then again unchanged.

Prints seconds and skills/s for both runs, and the model's own raw encode throughput on
the same Level 0 texts in the same run, so the import's overhead beyond embedding shows
as a ratio. Run:  .venv/bin/python benchmarks/import_speed.py [--libs DIR]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, SentenceTransformerEmbedder

from skillrouter import SkillLibrary
from skillrouter.importer import import_paths

LIBS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "skill-libraries"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--libs", type=Path, default=LIBS)
    args = parser.parse_args()
    paths = [args.libs / "hermes-agent-0.19.0", args.libs / "anthropics-skills",
             args.libs / "antigravity-awesome-skills"]
    model = SentenceTransformerEmbedder()
    model.embed_query("warm up")  # load the model outside every timed region
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / "store"
        lib = SkillLibrary.open(store, embedder=CachedEmbedder(model, EmbeddingCache(Path(tmp) / "cache.db")))
        lib.index.count()  # open Chroma outside the timed region too
        start = time.perf_counter()
        first = import_paths(lib, paths)
        t_first = time.perf_counter() - start
        start = time.perf_counter()
        second = import_paths(lib, paths)
        t_second = time.perf_counter() - start
        texts = list(lib.store.level0_texts().values())
        start = time.perf_counter()
        model.embed_documents(texts)
        t_raw = time.perf_counter() - start
        n = len(first.added)
        print(f"skills imported:        {n} ({len(first.skipped)} name clashes skipped, "
              f"{len(first.quarantined)} quarantined, {len(first.errors)} rejected)")
        print(f"first import:           {t_first:7.2f} s   {n / t_first:7.1f} skills/s")
        print(f"unchanged re-import:    {t_second:7.2f} s   {len(second.unchanged) / t_second:7.1f} skills/s "
              f"({t_second / t_first:.1%} of the first; {second.embedded} embedded)")
        print(f"raw model encode:       {t_raw:7.2f} s   {len(texts) / t_raw:7.1f} texts/s (same texts)")
        print(f"import / raw encode:    {t_first / t_raw:7.2f}x")
        lib.close()


if __name__ == "__main__":
    main()
