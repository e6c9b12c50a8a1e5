"""The near-duplicate report of a whole library (``skillrouter.routing.duplicates.find_duplicates``,
what an import runs last), by library size: seconds and pairs found.

The vectors are made up (seeded unit vectors in 384 dimensions, with one skill in fifty a close
copy of another, so there are pairs to report), served by an embedder that looks them up by
text, and the store is a stand-in holding only what the report reads (each skill's Level 0
text and procedure hash): what is timed is the report's own work, the products and the pairs.
Run this file under two versions of the package (``PYTHONPATH`` first) to compare them.

    .venv/bin/python benchmarks/near_duplicates.py [--sizes 20000 100000]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

DIM = 384


class Ledger:
    def __init__(self, n: int) -> None:
        self.texts = {f"skill-{i:06d}": f"skill {i}" for i in range(n)}

    def level0_texts(self) -> dict[str, str]:
        return dict(self.texts)

    def procedure_hashes(self) -> dict[str, str]:
        return {name: name for name in self.texts}


class Store:
    def __init__(self, n: int) -> None:
        self.ledger = Ledger(n)


class Embedder:
    model_id = "made-up"

    def __init__(self, n: int, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        vectors = rng.normal(size=(n, DIM)).astype(np.float32)
        copies = rng.choice(n, size=n // 50, replace=False)
        vectors[copies] = vectors[(copies + 1) % n] + 0.1 * rng.normal(size=(len(copies), DIM))
        self.vectors = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)

    def embed_documents(self, texts: Sequence[str]) -> Any:
        # "name: description" of "skill-000123" holds its number last
        return self.vectors[[int(t.rsplit(" ", 1)[-1]) for t in texts]]


def main() -> None:
    from skillrouter.routing.duplicates import find_duplicates

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[20_000, 100_000])
    args = parser.parse_args()
    for n in args.sizes:
        store, embedder = Store(n), Embedder(n)
        start = time.perf_counter()
        pairs, clusters = find_duplicates(store, embedder)  # type: ignore[arg-type]
        seconds = time.perf_counter() - start
        print(f"{n:>7,} skills: {seconds:7.1f} s, {len(pairs):,} pairs in {len(clusters):,} groups")


if __name__ == "__main__":
    main()
