"""Peers: skillrouter against numpy brute force, raw Chroma, semantic-router and LangGraph's
InMemoryStore, with the same model, the same documents and the same queries, in one run.

Every system indexes the same text per tool (skillrouter's Level 0 text: "name words:
description. Tags: ...") and embeds it with the same all-MiniLM-L6-v2 (torch); document vectors
come from one embedding cache, so each is embedded once for all systems. Each query is then
routed by every system in turn (the order rotates from query to query, so machine noise falls
on all alike), end to end: the system's own call embeds the query with the same model (never
from a cache) and returns its top match. The table gives P@1 (the top match is the query's
gold tool) and p50 / p95 milliseconds per query, beside the bare query embedding measured in
the same loop.

Queries: a seeded sample of MetaTool's single-tool queries. Libraries, each holding the last:

- 199: MetaTool's tools;
- 4,275: + Seal-Tools' 4,076 tools (its ``api_description``, tags from its ``field``);
- 10,069: + the 729 real SKILL.md skills of ../shared/data/skill-libraries (hermes-agent,
  anthropics, antigravity), the 4,076 Seal-Tools tools again described with their parameters,
  and the first paragraph of each of the 989 other Markdown files in those skill folders
  (references, templates).

The peers are an optional extra:  .venv/bin/pip install -e '.[peers]'
Run:  .venv/bin/python benchmarks/peers.py [--queries 1000] [--seed 0]
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import numpy as np
from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, SentenceTransformerEmbedder
from skillrouter.eval.datasets import Query, load_metatool, load_seal_tools
from skillrouter.eval.loading import tool_skill
from skillrouter.eval.routing import default_cache_dir

from skillrouter import Skill, SkillFormatError, SkillLibrary, Store
from skillrouter.skill import DESCRIPTION_MAX, slugify
from skillrouter.skillmd import parse_skill_md

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


# ---------------------------------------------------------------- the libraries


def _unique(name: str, taken: set[str]) -> str:
    base, n = name[:60].rstrip("-") or "skill", 1
    while name in taken:
        n += 1
        name = f"{base}-{n}"
    taken.add(name)
    return name


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= DESCRIPTION_MAX else text[: DESCRIPTION_MAX - 3].rstrip() + "..."


def _first_paragraph(markdown: str) -> str:
    """The first paragraph of prose: headings, fences, front matter and tables skipped."""
    body = re.sub(r"\A---\n.*?\n---\n", "", markdown, flags=re.DOTALL)
    body = re.sub(r"```.*?```", "", body, flags=re.DOTALL)
    for block in re.split(r"\n\s*\n", body):
        lines = [
            ln for ln in block.splitlines() if ln.strip() and not ln.lstrip().startswith(("#", "|", "<"))
        ]
        text = " ".join(lines).strip()
        if len(text) >= 40:
            return text
    return " ".join(body.split())[:400]


def libraries(data: Path) -> tuple[list[Skill], list[Query], list[int]]:
    """All skills (the smaller libraries are prefixes), MetaTool's queries, the library sizes."""
    meta = load_metatool(data / "metatool", include_no_tool=False)
    skills = [tool_skill(t) for t in meta.tools]
    taken = {s.name for s in skills}
    sizes = [len(skills)]
    parts: dict[str, int] = {"MetaTool tools": len(skills)}
    seal = load_seal_tools(data / "seal-tools")
    for tool in seal.tools:
        skills.append(Skill.create(_unique(tool.name, taken), tool.description, tags=tool.tags))
    sizes.append(len(skills))
    parts["Seal-Tools tools"] = len(seal.tools)

    roots = data / "skill-libraries"
    for path in sorted(roots.rglob("SKILL.md")):
        try:
            skill = parse_skill_md(path.read_bytes(), path=path, fallback_name=path.parent.name, warnings=[])
        except SkillFormatError:
            continue
        skills.append(Skill.create(_unique(skill.name, taken), _clip(skill.description)))
    parts["real SKILL.md skills"] = len(skills) - sizes[-1]
    raw = {t.name: t for t in seal.tools}
    params = _seal_parameters(data / "seal-tools" / "tool.jsonl")
    for name, tool in raw.items():
        text = f"{tool.description} Parameters: {params.get(tool.source_name, 'none')}"
        skills.append(Skill.create(_unique(f"{name}-with-parameters", taken), _clip(text), tags=tool.tags))
    before = len(skills)
    for path in sorted(p for p in roots.rglob("*.md") if p.name != "SKILL.md"):
        text = _first_paragraph(path.read_text("utf-8", errors="replace"))
        if text:
            name = slugify(f"{path.parent.parent.name}-{path.stem}") or "doc"
            skills.append(Skill.create(_unique(name, taken), _clip(text)))
    parts["Seal-Tools tools with their parameters"] = len(seal.tools)
    parts["other Markdown files of those skills (first paragraph)"] = len(skills) - before
    sizes.append(len(skills))
    print("library parts: " + ", ".join(f"{k} {v:,}" for k, v in parts.items()))
    return skills, meta.queries, sizes


def _seal_parameters(path: Path) -> dict[str, str]:
    import json

    out: dict[str, str] = {}
    for line in path.read_text("utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            out[row["api_name"]] = "; ".join(
                f"{p}: {(spec or {}).get('description', '')}"
                for p, spec in (row.get("parameters") or {}).items()
            )
    return out


# ---------------------------------------------------------------- the systems


class System:
    """One contender: ``extend`` indexes more documents, ``top1`` routes a query end to end."""

    name = "?"

    def extend(self, skills: Sequence[Skill], texts: list[str], vectors: np.ndarray) -> None:
        raise NotImplementedError

    def top1(self, query: str) -> str | None:
        raise NotImplementedError


class NumpyBrute(System):
    name = "numpy brute force"

    def __init__(self, model: SentenceTransformerEmbedder) -> None:
        self.model = model
        self.names: list[str] = []
        self.matrix = np.zeros((0, 384), dtype=np.float32)

    def extend(self, skills: Sequence[Skill], texts: list[str], vectors: np.ndarray) -> None:
        self.names += [s.name for s in skills]
        self.matrix = np.vstack([self.matrix, vectors]).astype(np.float32)

    def top1(self, query: str) -> str | None:
        return self.names[int(np.argmax(self.matrix @ self.model.embed_query(query)))]


class RawChroma(System):
    name = "Chroma (embedded, HNSW cosine)"

    def __init__(self, model: SentenceTransformerEmbedder, folder: Path) -> None:
        import chromadb
        from chromadb.config import Settings

        self.model = model
        client = chromadb.PersistentClient(path=str(folder), settings=Settings(anonymized_telemetry=False))
        self.collection = client.get_or_create_collection(
            "peers", configuration={"hnsw": {"space": "cosine"}}, embedding_function=None
        )

    def extend(self, skills: Sequence[Skill], texts: list[str], vectors: np.ndarray) -> None:
        names = [s.name for s in skills]
        for start in range(0, len(names), 2000):
            self.collection.add(
                ids=names[start : start + 2000],
                embeddings=vectors[start : start + 2000],
                documents=texts[start : start + 2000],
            )

    def top1(self, query: str) -> str | None:
        got = self.collection.query(query_embeddings=self.model.embed_query(query)[None, :], n_results=1)
        return str(got["ids"][0][0]) if got["ids"][0] else None


class SemanticRouterPeer(System):
    """semantic-router 1.x: an IndexedRouter over a LocalIndex, one route per tool whose one
    utterance is the tool's text; the encoder wraps our model (documents from the cache)."""

    name = "semantic-router (IndexedRouter, LocalIndex)"

    def __init__(self, model: SentenceTransformerEmbedder, cached: CachedEmbedder) -> None:
        from semantic_router.encoders import DenseEncoder
        from semantic_router.encoders.base import AsymmetricDenseMixin

        class Encoder(DenseEncoder, AsymmetricDenseMixin):  # type: ignore[misc]
            """Queries through the model, documents through the shared embedding cache."""

            def __call__(self, docs: list[Any]) -> list[list[float]]:
                return self.encode_queries(docs)

            def encode_queries(self, docs: list[str]) -> list[list[float]]:
                return model.embed_queries(list(docs)).tolist()  # type: ignore[no-any-return]

            def encode_documents(self, docs: list[str]) -> list[list[float]]:
                return cached.embed_documents(list(docs)).tolist()  # type: ignore[no-any-return]

        self.encoder = Encoder(name="all-MiniLM-L6-v2")
        self.router: Any = None

    def extend(self, skills: Sequence[Skill], texts: list[str], vectors: np.ndarray) -> None:
        from semantic_router import Route
        from semantic_router.routers import IndexedRouter

        routes = [Route(name=s.name, utterances=[t]) for s, t in zip(skills, texts)]
        if self.router is None:
            self.router = IndexedRouter(encoder=self.encoder, routes=routes)
        else:
            self.router.add(routes)

    def top1(self, query: str) -> str | None:
        return self.router(query).name  # type: ignore[no-any-return]


class LangGraphStore(System):
    """LangGraph's InMemoryStore with an embedding index over each item's ``text``."""

    name = "LangGraph InMemoryStore (index)"

    def __init__(self, model: SentenceTransformerEmbedder, cached: CachedEmbedder) -> None:
        from langchain_core.embeddings import Embeddings
        from langgraph.store.memory import InMemoryStore

        class Wrapped(Embeddings):
            def embed_documents(self, texts: list[str]) -> list[list[float]]:
                return cached.embed_documents(texts).tolist()  # type: ignore[no-any-return]

            def embed_query(self, text: str) -> list[float]:
                return model.embed_query(text).tolist()  # type: ignore[no-any-return]

        self.store = InMemoryStore(index={"dims": 384, "embed": Wrapped(), "fields": ["text"]})

    def extend(self, skills: Sequence[Skill], texts: list[str], vectors: np.ndarray) -> None:
        from langgraph.store.base import PutOp

        # one batch may not hold the same text twice (LangGraph 1.2 embeds each distinct text once
        # and then miscounts: "Number of embeddings does not match"): equal texts go in later batches
        batches: list[list[PutOp]] = []
        seen: list[set[str]] = []
        for s, t in zip(skills, texts):
            slot = next((i for i, taken in enumerate(seen) if t not in taken), len(seen))
            if slot == len(seen):
                batches.append([])
                seen.append(set())
            batches[slot].append(PutOp(("tools",), s.name, {"text": t}))
            seen[slot].add(t)
        for batch in batches:
            self.store.batch(batch)

    def top1(self, query: str) -> str | None:
        found = self.store.search(("tools",), query=query, limit=1)
        return found[0].key if found else None


class SkillRouterPeer(System):
    """skillrouter's ``SkillLibrary.route`` (store, embedded Chroma, router), as an agent calls it.
    Its embedding cache starts as a copy of the shared one: documents are cached, queries not."""

    name = "skillrouter (SkillLibrary.route)"

    def __init__(self, model: SentenceTransformerEmbedder, shared_cache: Path, folder: Path) -> None:
        self.model = model
        self.shared_cache = shared_cache
        self.folder = folder
        self.lib: SkillLibrary | None = None
        self.size = 0

    def extend(self, skills: Sequence[Skill], texts: list[str], vectors: np.ndarray) -> None:
        if self.lib is not None:
            self.lib.close()
        self.size += len(skills)
        self.folder.mkdir(parents=True, exist_ok=True)
        cache = self.folder / f"cache-{self.size}.db"  # a copy per size: no query is cached in it yet
        src, dst = sqlite3.connect(self.shared_cache), sqlite3.connect(cache)
        src.backup(dst)
        src.close()
        dst.close()
        store = Store(self.folder / "store")
        for skill in skills:
            store.add(skill)
        self.lib = SkillLibrary(store, CachedEmbedder(self.model, EmbeddingCache(cache)))
        self.lib.sync()

    def top1(self, query: str) -> str | None:
        assert self.lib is not None
        route = self.lib.route(query, k=1)
        return route.candidates[0].name if route.candidates else None


# ---------------------------------------------------------------- the run


def percentile(values: Sequence[float], q: float) -> float:
    return float(np.percentile(np.asarray(values), q))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--queries", type=int, default=1000, help="MetaTool queries sampled (seeded)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--cache-dir",
        type=Path,
        default=None,
        help="embedding cache folder (default: $SKILLROUTER_CACHE_DIR or ~/.cache/skillrouter)",
    )
    args = parser.parse_args()

    skills, all_queries, sizes = libraries(args.data)
    rng = np.random.default_rng(args.seed)
    queries = [all_queries[i] for i in sorted(rng.choice(len(all_queries), args.queries, replace=False))]
    model = SentenceTransformerEmbedder()
    model.embed_query("warm up")
    cache_dir = args.cache_dir or default_cache_dir()
    cache_dir.mkdir(parents=True, exist_ok=True)
    shared = cache_dir / "peers-embeddings.db"
    cached = CachedEmbedder(model, EmbeddingCache(shared))
    texts = [s.level0_text() for s in skills]
    started = time.perf_counter()
    vectors = cached.embed_documents(texts)
    print(
        f"{len(skills)} documents, {cached.misses} embedded now ({time.perf_counter() - started:.0f} s), "
        f"the rest from {shared}; {len(queries)} MetaTool queries (seed {args.seed})"
    )

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        systems: list[System] = [
            SkillRouterPeer(model, shared, work / "skillrouter"),
            NumpyBrute(model),
            RawChroma(model, work / "chroma"),
            SemanticRouterPeer(model, cached),
            LangGraphStore(model, cached),
        ]
        rows: list[tuple[int, str, float, float, float, float, float]] = []
        done = 0
        for size in sizes:
            build: dict[str, float] = {}
            for system in systems:
                start = time.perf_counter()
                system.extend(skills[done:size], texts[done:size], vectors[done:size])
                build[system.name] = time.perf_counter() - start
            done = size
            hits: dict[str, int] = {s.name: 0 for s in systems}
            times: dict[str, list[float]] = {s.name: [] for s in systems}
            bare: list[float] = []
            for i, query in enumerate(queries):
                start = time.perf_counter()
                model.embed_query(query.query)
                bare.append((time.perf_counter() - start) * 1000)
                for system in systems[i % len(systems) :] + systems[: i % len(systems)]:
                    start = time.perf_counter()
                    top = system.top1(query.query)
                    times[system.name].append((time.perf_counter() - start) * 1000)
                    hits[system.name] += top in query.gold
            p50_bare = statistics.median(bare)
            rows.append(
                (
                    size,
                    "bare query embedding (floor)",
                    float("nan"),
                    p50_bare,
                    percentile(bare, 95),
                    1.0,
                    float("nan"),
                )
            )
            for system in systems:
                p50 = statistics.median(times[system.name])
                rows.append(
                    (
                        size,
                        system.name,
                        hits[system.name] / len(queries),
                        p50,
                        percentile(times[system.name], 95),
                        p50 / p50_bare,
                        build[system.name],
                    )
                )
            print(f"library of {size}: done", flush=True)
        if isinstance(systems[0], SkillRouterPeer) and systems[0].lib is not None:
            systems[0].lib.close()
        shutil.rmtree(work, ignore_errors=True)

    print()
    print("| library | system | P@1 | p50 ms | p95 ms | p50 / bare embed | index s |")
    print("|---:|---|---:|---:|---:|---:|---:|")
    for size, name, p1, p50, p95, ratio, build_s in rows:
        p1_s = "-" if math.isnan(p1) else f"{p1:.3f}"
        build_text = "-" if math.isnan(build_s) else f"{build_s:.1f}"
        print(f"| {size:,} | {name} | {p1_s} | {p50:.1f} | {p95:.1f} | {ratio:.2f} | {build_text} |")


if __name__ == "__main__":
    main()
