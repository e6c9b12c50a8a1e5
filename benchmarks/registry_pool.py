"""Routing as a registry grows: P@1 and R@5 on one pool of real skills at 1k, 5k and 20k skills,
the router (``SkillLibrary.route``, defaults) beside plain dense (``eval/baseline.py``) on every
number (issue 38, item 2).

**The pool.** Every skill and tool ``../shared/data`` holds, each a skill with a unique name (the
importer's rule, :func:`skillrouter.skill.free_name`: a name already taken gets ``-2``, ``-3``,
... in the order the sources are read below):

=============  ==================================================================================
source         what becomes a skill
=============  ==================================================================================
hermes         Hermes Agent 0.19.0's 177 SKILL.md (name, description, body, triggers as read)
anthropics     anthropics/skills' 12 SKILL.md
antigravity    antigravity-awesome-skills' 540 SKILL.md
clawhub-en     clawhub-sample's 800 English SKILL.md (``en/<author>/<slug>``)
clawhub-zh     the same 800 in Chinese machine translation (``zh/``): same names, so ``-2``
seal-tools     Seal-Tools' 4,076 tools (name, description, field as tags)
metatool       MetaTool's 199 tools
sgd            Schema-Guided Dialogue's 68 service intents
=============  ==================================================================================

That is about 6,670 real skills. SKILL.md skills keep their bodies (the body is what a skill says
beyond its description; the router reads its start for keywords and its "when to use" lists for
the library fit), tools have none. Every pool is imported as a user imports a registry:
``SkillLibrary.import_skills`` of one JSONL file (security scan off, as the suite's libraries;
the import's own library fit), then routed with the library's defaults.

**Nesting.** The smallest pool holds every gold skill of the tasks used plus distractors; the
distractors are the other real skills in one seeded random order, so each pool holds the one
below it (1k in 5k in 20k). **Padding**: the real data gives fewer than 20,000 skills, so the
pools above the real count are filled up with the synthetic skills of ``benchmarks/scale.py``
(templated "verb objects for domain teams with tool" skills, names ``verb-object-domain-i``),
labelled ``synthetic`` everywhere in the output; the largest all-real pool (every real skill,
``real`` in ``--sizes``) is measured too, so padding's effect can be read apart from the real
registry's. Templated skills are easy to tell from real ones, so the padding crowds little: read
the 20k row as "6,672 real skills and 13,328 easy distractors", not as a 20k real registry.

**Tasks** (answerable only: P@1 and R@5 ignore the gate), each source's own, test or held-out
parts only, a seeded sample of at most ``ceil(--tasks / sources)`` per source (the pools hold
their gold skills, so other tasks or ``--zh`` make other pools, and ``--keep`` rebuilds them):

=============  ==================================================================================
source         tasks
=============  ==================================================================================
seal-in        Seal-Tools ``test_in_domain`` queries (gold: every tool called; R@5 is the share)
seal-out       Seal-Tools ``test_out_domain`` queries
metatool       MetaTool single-tool queries of the suite's test half (``split(..., 0.5, seed=0)``)
hermes         ``eval/data/hermes_tasks.jsonl`` (written blind, and from the descriptions)
antigravity    ``eval/data/antigravity_tasks.jsonl`` (written blind)
anthropics     the English should-trigger requests of ``eval/data/triggers/anthropics`` (blind)
sgd            first user turns of SGD's held-out domains (intent-level gold)
zh-*           with ``--zh``: the Chinese and mixed requests of ``eval/data/blind/zh_labels.jsonl``
               for hermes, antigravity and clawhub (gold: the en and zh copies of a clawhub skill);
               routed by the router's multilingual engine, which embeds the whole pool with e5 on
               the first such task (about 36 skills a second on two cores: 10 minutes at 20k);
               the Chinese rows show the plain dense baseline with MiniLM and with e5
=============  ==================================================================================

Gold labels were made within one library, so a skill of another library that serves a task as
well (an ``arxiv`` skill in two registries) counts as wrong: the numbers are a floor for both
columns. The wrong top-1 analysis says which source each wrong skill
came from (the task's own source, another real one, or the synthetic padding). The **judged P@1**
reads blind judgements of such pairs (``eval/data/registry_pool/``, ``--judgements FILE``): a top-1
is right when it is gold or judged to serve the task; a top-1 no judge has seen counts wrong, and
the table says how many there are.

**Plain dense** is ``eval.baseline.dense_ranked`` on the same library and embedder: MiniLM
over ``"name: description"``, top cosine first.

    HF_HUB_OFFLINE=1 .venv/bin/python benchmarks/registry_pool.py [--sizes 1000 5000 real 20000]
        [--tasks 560] [--seed 0] [--keep DIR] [--json FILE] [--zh] [--data ../shared/data]
        [--judgements FILE]

``--keep DIR`` builds the stores (and the embedding cache they share) in DIR and reuses any whose
pool is unchanged on a later run. On two cores shared with another process the default run took
13 minutes from nothing (792 s, most of it the imports, 365 s at 20k; peak RSS 2.0 GB); ``--zh
--sizes 1000 5000 real`` 12.5 minutes with the MiniLM cache warm (e5 over the pool, twice: the
router's index and the e5 baseline); a rerun on the kept stores 48 s.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skillrouter.eval.datasets import Query, load_metatool, load_queries_jsonl, load_seal_tools, split
from skillrouter.eval.loading import tool_skill

from skillrouter.errors import SkillFormatError
from skillrouter.skill import free_name
from skillrouter.skillmd import skill_from_json, skill_to_json

if TYPE_CHECKING:
    from skillrouter.embeddings import Embedder

    from skillrouter.library import SkillLibrary

K = 5
LIBRARIES: tuple[tuple[str, str], ...] = (  # (pool source, folder under skill-libraries/)
    ("hermes", "hermes-agent-0.19.0"),
    ("anthropics", "anthropics-skills"),
    ("antigravity", "antigravity-awesome-skills"),
    ("clawhub-en", "clawhub-sample/en"),
    ("clawhub-zh", "clawhub-sample/zh"),
)
SYNTHETIC = "synthetic"
ENGLISH_SOURCES = ("seal-in", "seal-out", "metatool", "hermes", "antigravity", "anthropics", "sgd")
ZH_SOURCES = ("zh-hermes", "zh-antigravity", "zh-clawhub")
DEFAULT_SIZES = ("1000", "5000", "real", "20000")
TASKS_DIR = Path(__file__).resolve().parent.parent / "eval" / "data"


# ---------------------------------------------------------------- the pool


@dataclass(frozen=True)
class PoolSkill:
    """One skill of the pool: its unique ``name``, the ``source`` it came from, its ``key`` there
    (a SKILL.md folder relative to its library, or a tool's name in its benchmark) and the JSON
    record the import reads."""

    name: str
    source: str
    key: str
    record: dict[str, Any] = field(compare=False, hash=False, repr=False)


@dataclass
class RealPool:
    """Every real skill, and how each source's own names map to pool names."""

    skills: list[PoolSkill] = field(default_factory=list)
    by_name: dict[str, dict[str, str]] = field(default_factory=dict)  # source -> its name -> pool name
    by_key: dict[str, dict[str, str]] = field(default_factory=dict)  # source -> key -> pool name
    skipped: list[tuple[str, str, str]] = field(default_factory=list)  # (source, key, why)
    taken: set[str] = field(default_factory=set)

    def add(self, source: str, key: str, record: dict[str, Any]) -> PoolSkill | None:
        """Add ``record`` under a free name (first come keeps its own); None if it is not a valid
        skill. A source's name maps to the first of its skills that had it, as the importer keeps."""
        own = str(record.get("name") or "")
        name = free_name(own, self.taken)
        record = {**record, "name": name}
        try:
            skill_from_json(record)
        except SkillFormatError as err:
            self.skipped.append((source, key, str(err)))
            return None
        self.taken.add(name)
        skill = PoolSkill(name, source, key, record)
        self.skills.append(skill)
        self.by_name.setdefault(source, {}).setdefault(own, name)
        self.by_key.setdefault(source, {})[key] = name
        return skill


def read_real(data: Path, *, libraries: Sequence[tuple[str, str]] = LIBRARIES) -> RealPool:
    """Every skill of ``libraries`` (SKILL.md folders, read as the importer reads them) and every
    tool of Seal-Tools, MetaTool and SGD under ``data`` that is there, in that order."""
    from skillrouter.eval.datasets.sgd import load_sgd

    from skillrouter.transfer.report import ImportReport
    from skillrouter.transfer.sources import read_sources

    pool = RealPool()
    for source, folder in libraries:
        root = data / "skill-libraries" / folder
        if not root.is_dir():
            continue
        report = ImportReport()
        with ExitStack() as stack:
            found = read_sources([root], report, stack)
        for _, candidates in found:
            for cand in candidates:
                key = Path(cand.path).resolve().parent.relative_to(root.resolve()).as_posix()
                pool.add(source, key, skill_to_json(cand.skill, stats=False))
        pool.skipped += [(source, e.get("path", ""), e.get("reason", "")) for e in report.errors]
    tools: list[tuple[str, Any]] = []
    if (data / "seal-tools" / "tool.jsonl").is_file():
        tools += [("seal-tools", t) for t in load_seal_tools(data / "seal-tools").tools]
    if (data / "metatool" / "plugin_des.json").is_file():
        tools += [("metatool", t) for t in load_metatool(data / "metatool", include_no_tool=False).tools]
    if (data / "sgd" / "skills.jsonl").is_file():
        tools += [("sgd", t) for t in load_sgd(data / "sgd").tools]
    for source, tool in tools:
        try:
            record = skill_to_json(tool_skill(tool), stats=False)
        except SkillFormatError as err:
            pool.skipped.append((source, tool.name, str(err)))
            continue
        pool.add(source, tool.name, record)
    return pool


def synthetic(n: int, taken: Iterable[str], seed: int = 0) -> list[PoolSkill]:
    """``n`` synthetic skills of ``benchmarks/scale.py`` (padding), names clear of ``taken``."""
    if n <= 0:
        return []
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    try:
        from scale import skills as scale_skills
    finally:
        sys.path.pop(0)
    used = set(taken)
    out = []
    for record in scale_skills(n, seed=seed):
        name = free_name(str(record["name"]), used)
        used.add(name)
        out.append(PoolSkill(name, SYNTHETIC, str(record["name"]), {**record, "name": name}))
    return out


def nest(
    gold: Sequence[PoolSkill],
    others: Sequence[PoolSkill],
    sizes: Sequence[int],
    *,
    seed: int = 0,
    padding: Callable[[int], list[PoolSkill]] | None = None,
) -> dict[int, list[PoolSkill]]:
    """Pools of ``sizes`` skills, each inside the next: all of ``gold``, then ``others`` in one
    seeded random order, then ``padding(n)`` (synthetic skills) for what the real ones lack.
    A size under the gold count is a ValueError; a size above the real count without
    ``padding`` too."""
    gold_names = {s.name for s in gold}
    rest = [s for s in others if s.name not in gold_names]
    random.Random(seed).shuffle(rest)
    order = [*gold, *rest]
    need = max(sizes, default=0) - len(order)
    if need > 0:
        if padding is None:
            raise ValueError(f"{max(sizes)} skills asked for, the real pool holds {len(order)}")
        order += padding(need)
    out: dict[int, list[PoolSkill]] = {}
    for size in sorted(set(sizes)):
        if size < len(gold):
            raise ValueError(
                f"a pool of {size} cannot hold the {len(gold)} gold skills of the tasks: "
                "ask for fewer tasks (--tasks) or a larger size"
            )
        out[size] = order[:size]
    return out


# ---------------------------------------------------------------- the tasks


def _sample(queries: list[Query], n: int, seed: int) -> list[Query]:
    if len(queries) <= n:
        return queries
    keep = sorted(random.Random(seed).sample(range(len(queries)), n))
    return [queries[i] for i in keep]


def _mapped(queries: Iterable[Query], source: str, names: Callable[[str], list[str]]) -> list[Query]:
    """Answerable ``queries`` with gold mapped to pool names (every name a gold maps to), tagged
    with ``source``; a query whose gold names a skill the pool lacks is left out."""
    out = []
    for q in queries:
        if not q.gold:
            continue
        gold = [n for g in q.gold for n in names(g)]
        if len(gold) < len(q.gold):
            continue
        out.append(Query(q.query, tuple(dict.fromkeys(gold)), {**q.meta, "pool_source": source}))
    return out


def read_tasks(data: Path, real: RealPool, *, zh: bool = False) -> dict[str, list[Query]]:
    """Every task of each source (see the module docstring), gold as pool names."""
    from skillrouter.embeddings.script import has_cjk
    from skillrouter.eval.datasets.sgd import first_turns, load_sgd
    from skillrouter.eval.suite import blind_queries

    def of(source: str, by: str = "name") -> Callable[[str], list[str]]:
        table = (real.by_name if by == "name" else real.by_key).get(source, {})
        return lambda g: [table[g]] if g in table else []

    out: dict[str, list[Query]] = {}
    if (data / "seal-tools" / "tool.jsonl").is_file():
        seal = load_seal_tools(data / "seal-tools").queries
        for split_name, source in (("test_in_domain", "seal-in"), ("test_out_domain", "seal-out")):
            part = [q for q in seal if q.meta.get("split") == split_name]
            out[source] = _mapped(part, source, of("seal-tools", "key"))
    if (data / "metatool" / "plugin_des.json").is_file():
        test = split(load_metatool(data / "metatool").queries, 0.5, seed=0)[1]  # the suite's test half
        out["metatool"] = _mapped(test, "metatool", of("metatool", "key"))
    if "hermes" in real.by_name:
        out["hermes"] = _mapped(load_queries_jsonl(TASKS_DIR / "hermes_tasks.jsonl"), "hermes", of("hermes"))
    if "antigravity" in real.by_name:
        tasks = load_queries_jsonl(TASKS_DIR / "antigravity_tasks.jsonl")
        out["antigravity"] = _mapped(tasks, "antigravity", of("antigravity"))
    if "anthropics" in real.by_name:
        triggers = []
        for file in sorted((TASKS_DIR / "triggers" / "anthropics").glob("*.json")):
            for row in json.loads(file.read_text("utf-8")):
                if row.get("should_trigger") and not has_cjk(row["query"]):
                    triggers.append(Query(row["query"], (file.stem,), {"trigger_set": file.name}))
        out["anthropics"] = _mapped(triggers, "anthropics", of("anthropics"))
    if (data / "sgd" / "dialogues.jsonl").is_file() and "sgd" in real.by_key:
        out["sgd"] = _mapped(first_turns(load_sgd(data / "sgd"), held_out=True), "sgd", of("sgd", "key"))
    if zh:
        for library, source in (("hermes", "zh-hermes"), ("antigravity", "zh-antigravity")):
            if library in real.by_name:
                out[source] = _mapped(blind_queries(library), source, of(library))
        if "clawhub-en" in real.by_key:
            en, zh_names = real.by_key["clawhub-en"], real.by_key.get("clawhub-zh", {})

            def both(folder: str) -> list[str]:  # the skill and its translation: one skill, two copies
                return [n for n in (en.get(folder), zh_names.get(folder)) if n]

            out["zh-clawhub"] = _mapped(blind_queries("clawhub"), "zh-clawhub", both)
    return out


def choose_tasks(by_source: dict[str, list[Query]], total: int, seed: int) -> list[Query]:
    """A seeded sample of at most ``ceil(total / sources)`` tasks of each source."""
    sources = [s for s, qs in by_source.items() if qs]
    quota = math.ceil(total / max(1, len(sources)))
    return [q for s in sources for q in _sample(by_source[s], quota, seed)]


# ---------------------------------------------------------------- building and routing


def pool_signature(pool: Sequence[PoolSkill]) -> str:
    digest = hashlib.sha256()
    for skill in sorted(pool, key=lambda s: s.name):
        digest.update(json.dumps(skill.record, sort_keys=True, ensure_ascii=False).encode() + b"\n")
    return digest.hexdigest()


def build_library(
    folder: Path, pool: Sequence[PoolSkill], embedder: Embedder, say: Callable[[str], None]
) -> tuple[SkillLibrary, dict[str, Any]]:
    """The library of ``pool`` in ``folder/store``: reused when ``folder/pool.json`` says it holds
    this pool, else imported from ``folder/pool.jsonl`` as ``skillrouter import`` would."""
    from skillrouter import Store
    from skillrouter.library import SkillLibrary

    signature = pool_signature(pool)
    manifest = folder / "pool.json"
    store = folder / "store"
    info: dict[str, Any] = {"reused": False}
    if store.is_dir() and manifest.is_file():
        held = json.loads(manifest.read_text("utf-8"))
        if held.get("signature") == signature:
            lib = SkillLibrary(Store(store, create=False), embedder)
            if set(lib.names()) == {s.name for s in pool}:
                info.update(reused=True, import_s=held.get("import_s"))
                return lib, info
            lib.close()
    shutil.rmtree(store, ignore_errors=True)
    folder.mkdir(parents=True, exist_ok=True)
    source = folder / "pool.jsonl"
    with source.open("w", encoding="utf-8") as out:
        for skill in sorted(pool, key=lambda s: s.name):
            out.write(json.dumps(skill.record, ensure_ascii=False) + "\n")
    started = time.perf_counter()
    lib = SkillLibrary(Store(store), embedder)

    def progress(stage: str, n: int) -> None:
        if stage in ("fit", "index", "duplicates", "done"):
            say(f"  import: {stage} ({time.perf_counter() - started:.0f} s)")

    report = lib.import_skills([source], scan=False, progress=progress)
    info["import_s"] = round(time.perf_counter() - started, 1)
    missing = {s.name for s in pool} - set(lib.names())
    if missing or report.errors:
        problems = [f"{e.get('path', '')}: {e.get('reason', '')}" for e in report.errors[:5]]
        raise SystemExit(f"the import of {len(pool)} skills lost {len(missing)}: {problems}")
    manifest.write_text(json.dumps({"signature": signature, "skills": len(pool), **info}) + "\n", "utf-8")
    source.unlink()
    return lib, info


def route_all(lib: SkillLibrary, tasks: Sequence[Query]) -> list[Any]:
    """The router's ranked results (``RankedResult``) for ``tasks``, as ``route_many`` gives them."""
    from skillrouter.eval.metrics import RankedResult

    out = []
    for start in range(0, len(tasks), 256):
        chunk = tasks[start : start + 256]
        for q, route in zip(chunk, lib.route_many([q.query for q in chunk], k=K)):
            cands = route.candidates
            out.append(
                RankedResult(
                    q.query,
                    q.gold,
                    tuple(c.name for c in cands),
                    tuple(c.score for c in cands),
                    cands[0].relevance if cands else -1.0,
                    route.p_fit,
                )
            )
    return out


class _Memo:
    """The library's embedder with its document vectors held in memory: the plain baseline embeds
    the same ``"name: description"`` texts once per source, and a cache lookup of 20,000 texts
    costs seconds. The same model and vectors."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.model_id = inner.model_id
        self._docs: dict[str, Any] = {}

    def embed_documents(self, texts: Sequence[str]) -> Any:
        import numpy as np

        new = [t for t in dict.fromkeys(texts) if t not in self._docs]
        if new:
            self._docs.update(zip(new, np.asarray(self.inner.embed_documents(new), dtype=np.float32)))
        return np.stack([self._docs[t] for t in texts]) if texts else np.zeros((0, 0), np.float32)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _pick(metrics: dict[str, Any]) -> dict[str, Any]:
    return {
        "n": metrics["n_answerable"],
        "p_at_1": round(metrics["p_at_1"], 4),
        "recall_at_5": round(metrics["recall_at_k"], 4),
        "mrr": round(metrics["mrr"], 4),
    }


def measure(
    lib: SkillLibrary,
    tasks: Sequence[Query],
    source_of: dict[str, str],
    say: Callable[[str], None],
    e5: bool = False,
) -> dict[str, Any]:
    """Router and plain dense metrics, pooled and per task source, and the router's wrong top-1s."""
    from skillrouter.eval.baseline import (
        BASELINE_THRESHOLD,
        E5_BASELINE_THRESHOLD,
        dense_baseline,
        dense_ranked,
    )
    from skillrouter.eval.metrics import routing_metrics

    started = time.perf_counter()
    results = route_all(lib, tasks)
    route_s = time.perf_counter() - started
    started = time.perf_counter()
    memo, memo_e5 = _Memo(lib.embedder), None
    groups: dict[str, list[int]] = {"pooled": list(range(len(tasks)))}
    for i, q in enumerate(tasks):
        groups.setdefault(q.meta["pool_source"], []).append(i)
    out: dict[str, Any] = {"sources": {}}
    threshold = lib.router.threshold
    dense = dense_ranked(lib, tasks, k=K, embedder=memo)
    for group, idx in groups.items():
        part = [tasks[i] for i in idx]
        row = {
            "router": _pick(routing_metrics([results[i] for i in idx], k=K, threshold=threshold)),
            "dense": _pick(routing_metrics([dense[i] for i in idx], k=K, threshold=BASELINE_THRESHOLD)),
        }
        if e5 and group.startswith("zh-"):
            if memo_e5 is None:  # plain multilingual-e5: without the router's language projection
                memo_e5 = _Memo(getattr(lib.multilingual_embedder, "inner", lib.multilingual_embedder))
            row["dense_e5"] = _pick(
                dense_baseline(lib, part, k=K, threshold=E5_BASELINE_THRESHOLD, embedder=memo_e5)
            )
        out["sources"][group] = row
    dense_s = time.perf_counter() - started
    wrong = []
    for q, r in zip(tasks, results):
        if r.ranked and r.ranked[0] not in q.gold:
            task_source, got = q.meta["pool_source"], source_of.get(r.ranked[0], "?")
            wrong.append(
                {
                    "source": task_source,
                    "query": q.query,
                    "gold": list(q.gold),
                    "got": r.ranked[0],
                    "got_source": got,
                    "gold_rank": next((i + 1 for i, n in enumerate(r.ranked) if n in q.gold), None),
                }
            )
    out["wrong_top1"] = wrong
    out["top1"] = {
        "router": [r.ranked[0] if r.ranked else None for r in results],
        "dense": [r.ranked[0] if r.ranked else None for r in dense],
    }
    fit = lib.library_fit
    out["ranking"] = fit.engines["default"].ranking.label if fit and "default" in fit.engines else None
    out["timings_s"] = {"route": round(route_s, 1), "dense": round(dense_s, 1)}
    say(f"  routed {len(tasks)} tasks in {route_s:.1f} s; plain dense in {dense_s:.1f} s")
    return out


# ---------------------------------------------------------------- the report


def _kind(task_source: str, got_source: str) -> str:
    """Where a wrong top-1 came from, relative to the task."""
    if got_source == SYNTHETIC:
        return "synthetic"
    own = {"seal-in": "seal-tools", "seal-out": "seal-tools", "zh-hermes": "hermes"}
    own |= {"zh-antigravity": "antigravity", "zh-clawhub": "clawhub"}
    mine = own.get(task_source, task_source)
    return "own source" if got_source.startswith(mine) else "other real"


def _e5(m: dict[str, Any], key: str) -> str:
    return f" (e5 {m['dense_e5'][key]:.3f})" if "dense_e5" in m else ""


def table(rows: Sequence[dict[str, Any]]) -> str:
    """Size x source: P@1 and R@5, router and plain dense (Chinese rows: MiniLM, then e5), and
    the change in P@1 from the smallest pool."""
    first = rows[0]
    lines = [
        ["pool", "source", "tasks", "P@1 router", "P@1 dense", "R@5 router", "R@5 dense", "dP@1 r/d vs first"]
    ]
    for row in rows:
        for source, m in row["sources"].items():
            base = first["sources"].get(source)
            drop = (
                f"{m['router']['p_at_1'] - base['router']['p_at_1']:+.3f} / "
                f"{m['dense']['p_at_1'] - base['dense']['p_at_1']:+.3f}"
                if base and row is not first
                else ""
            )
            lines.append(
                [
                    row["label"],
                    source,
                    str(m["router"]["n"]),
                    f"{m['router']['p_at_1']:.3f}",
                    f"{m['dense']['p_at_1']:.3f}" + _e5(m, "p_at_1"),
                    f"{m['router']['recall_at_5']:.3f}",
                    f"{m['dense']['recall_at_5']:.3f}" + _e5(m, "recall_at_5"),
                    drop,
                ]
            )
    widths = [max(len(r[i]) for r in lines) for i in range(len(lines[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in lines)


def wrong_summary(row: dict[str, Any], examples: int = 3) -> str:
    """Per task source: the router's wrong top-1s by where the wrong skill came from, and a few."""
    by_source: dict[str, Counter[str]] = {}
    for w in row["wrong_top1"]:
        by_source.setdefault(w["source"], Counter())[_kind(w["source"], w["got_source"])] += 1
    lines = [f"router's wrong top-1 at {row['label']}, by where the wrong skill came from (per task source):"]
    for source, counts in by_source.items():
        parts = ", ".join(f"{k} {v}" for k, v in counts.most_common())
        lines.append(f"  {source}: {sum(counts.values())} wrong ({parts})")
    lines.append("examples:")
    shown: Counter[str] = Counter()
    for w in row["wrong_top1"]:
        if shown[w["source"]] >= examples:
            continue
        shown[w["source"]] += 1
        query = w["query"] if len(w["query"]) <= 110 else w["query"][:107] + "..."
        lines.append(
            f"  [{w['source']}] {query!r}\n      gold {', '.join(w['gold'][:3])} "
            f"(rank {w['gold_rank'] or '>5'}) -> got {w['got']} ({w['got_source']})"
        )
    return "\n".join(lines)


JUDGEMENTS = TASKS_DIR / "registry_pool" / "judgements.jsonl"


def read_judgements(path: Path) -> dict[tuple[str, str], bool]:
    """(task, skill) -> whether a blind judge said the skill serves the task
    (eval/data/registry_pool/README.md says how they were made)."""
    out: dict[tuple[str, str], bool] = {}
    for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            if not isinstance(row["serves"], bool):
                raise TypeError(f"serves must be true or false, got {row['serves']!r}")
            out[(row["query"], row["skill"])] = row["serves"]
        except (ValueError, KeyError, TypeError) as err:
            raise SystemExit(f"{path}:{n}: not a judgement ({err})") from None
    return out


def judged(
    rows: Sequence[dict[str, Any]], tasks: Sequence[Query], judgements: dict[tuple[str, str], bool]
) -> dict[str, dict[str, dict[str, dict[str, float]]]]:
    """Per pool and task source: judged P@1 of the router and plain dense (a top-1 is right when it
    is a gold skill or a judge said it serves the task) and how many top-1s no judge has seen
    (counted wrong, as the strict P@1 counts them)."""
    out: dict[str, dict[str, dict[str, dict[str, float]]]] = {}
    for row in rows:
        per: dict[str, dict[str, dict[str, float]]] = {}
        for who, tops in row["top1"].items():
            for i, (q, got) in enumerate(zip(tasks, tops)):
                for group in ("pooled", q.meta["pool_source"]):
                    cell = per.setdefault(group, {}).setdefault(who, {"n": 0, "right": 0, "unjudged": 0})
                    cell["n"] += 1
                    if got in q.gold or judgements.get((q.query, got or ""), False):
                        cell["right"] += 1
                    elif got is not None and (q.query, got) not in judgements:
                        cell["unjudged"] += 1
        for cells in per.values():
            for cell in cells.values():
                cell["p_at_1"] = round(cell["right"] / cell["n"], 4)
        out[row["label"]] = per
    return out


def judged_table(result: dict[str, dict[str, dict[str, dict[str, float]]]]) -> str:
    """The judged P@1 of :func:`judged`, with the change from the smallest pool."""
    first = next(iter(result.values()))
    lines = [["pool", "source", "judged P@1 router", "judged P@1 dense", "unjudged r/d", "dP@1 r/d vs first"]]
    for label, per in result.items():
        for group, cells in per.items():
            r, d = cells["router"], cells["dense"]
            drop = (
                f"{r['p_at_1'] - first[group]['router']['p_at_1']:+.3f} / "
                f"{d['p_at_1'] - first[group]['dense']['p_at_1']:+.3f}"
                if per is not first
                else ""
            )
            row = [label, group, f"{r['p_at_1']:.3f}", f"{d['p_at_1']:.3f}"]
            lines.append([*row, f"{r['unjudged']:.0f} / {d['unjudged']:.0f}", drop])
    widths = [max(len(r[i]) for r in lines) for i in range(len(lines[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in lines)


# ---------------------------------------------------------------- main


def _sizes(values: Sequence[str], real: int) -> list[tuple[int, str]]:
    out: dict[int, str] = {}
    for value in values:
        if value == "real":
            out[real] = f"{real} (all real)"
        else:
            n = int(value)
            out.setdefault(n, f"{n} ({n - real} synthetic)" if n > real else str(n))
    return sorted(out.items())


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--sizes",
        nargs="+",
        default=list(DEFAULT_SIZES),
        help="pool sizes; 'real' is every real skill (default: 1000 5000 real 20000)",
    )
    parser.add_argument("--tasks", type=int, default=560, help="tasks in all, split evenly over sources")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--keep", type=Path, default=None, help="build the stores here and reuse them")
    parser.add_argument("--json", type=Path, default=None, help="also write every number here")
    parser.add_argument("--zh", action="store_true", help="add the Chinese and mixed requests (slow: e5)")
    parser.add_argument("--data", type=Path, default=None, help="the shared data (default ../shared/data)")
    parser.add_argument(
        "--judgements",
        type=Path,
        default=JUDGEMENTS,
        help="blind judgements of (task, skill) pairs for the judged P@1 (default: eval/data/registry_pool/)",
    )
    args = parser.parse_args(argv)
    for name, value in (
        ("OMP_NUM_THREADS", "2"),
        ("TOKENIZERS_PARALLELISM", "false"),
        ("HF_HUB_OFFLINE", "1"),
    ):
        os.environ.setdefault(name, value)

    from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, limit_threads, make_embedder
    from skillrouter.eval.suite import default_data_dir

    from skillrouter.library import chosen_backend

    limit_threads()
    began = time.perf_counter()

    def say(message: str) -> None:
        print(f"[{time.perf_counter() - began:6.0f} s] {message}", file=sys.stderr, flush=True)

    data = args.data or default_data_dir()
    real = read_real(data)
    say(
        f"real pool: {len(real.skills)} skills, {len(real.skipped)} unreadable; by source "
        f"{dict(Counter(s.source for s in real.skills))}"
    )
    by_source = read_tasks(data, real, zh=args.zh)
    tasks = choose_tasks(by_source, args.tasks, args.seed)
    gold_names = dict.fromkeys(n for q in tasks for n in q.gold)
    by_name = {s.name: s for s in real.skills}
    gold = [by_name[n] for n in gold_names]
    per_source = dict(Counter(q.meta["pool_source"] for q in tasks))
    say(f"tasks: {len(tasks)} ({per_source}), {len(gold)} gold skills")
    sizes = _sizes(args.sizes, len(real.skills))
    pools = nest(
        gold,
        real.skills,
        [n for n, _ in sizes],
        seed=args.seed,
        padding=lambda n: synthetic(n, by_name, seed=args.seed),
    )
    source_of = {s.name: s.source for pool in pools.values() for s in pool}
    work = args.keep or Path(tempfile.mkdtemp(prefix="skillrouter-registry-pool-"))
    work.mkdir(parents=True, exist_ok=True)
    cache = EmbeddingCache(work / "embeddings.db")
    embedder = CachedEmbedder(make_embedder(None, chosen_backend(None)), cache)
    rows = []
    try:
        for size, label in sizes:
            pool = pools[size]
            counts = Counter(s.source for s in pool)
            say(f"pool {label}: {dict(counts)}")
            lib, info = build_library(work / f"pool-{size}", pool, embedder, say)
            try:
                done = "reused, imported earlier" if info["reused"] else "imported"
                say(f"  {done} in {info.get('import_s')} s")
                row = measure(lib, tasks, source_of, say, e5=args.zh)
            finally:
                lib.close()
            row |= {"size": size, "label": label, "pool": dict(counts), "import_s": info.get("import_s")}
            row["reused"] = info["reused"]
            rows.append(row)
            pooled = row["sources"]["pooled"]
            say(
                f"  pooled P@1 router {pooled['router']['p_at_1']:.3f} "
                f"dense {pooled['dense']['p_at_1']:.3f}; R@5 router {pooled['router']['recall_at_5']:.3f} "
                f"dense {pooled['dense']['recall_at_5']:.3f}"
            )
    finally:
        cache.close()
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    wall = time.perf_counter() - began
    print(table(rows))
    print()
    for r in rows:
        kinds = Counter(_kind(w["source"], w["got_source"]) for w in r["wrong_top1"])
        print(
            f"{r['label']}: fit {r['ranking']}; router's wrong top-1 {len(r['wrong_top1'])} "
            f"({', '.join(f'{k} {v}' for k, v in kinds.most_common())}); import {r['import_s']} s"
        )
    print()
    print(wrong_summary(rows[-1]))
    judged_rows = None
    if args.judgements.is_file():
        judged_rows = judged(rows, tasks, read_judgements(args.judgements))
        print(
            f"\njudged P@1 (a top-1 is right if gold or judged to serve the task: {args.judgements}; "
            "a top-1 nobody judged counts wrong)"
        )
        print(judged_table(judged_rows))
    print(
        f"\nreal skills: {len(real.skills)}; padding: "
        + "; ".join(f"{r['label']}: {r['pool'].get(SYNTHETIC, 0)} synthetic" for r in rows)
        + f"\nwall time {wall:.0f} s"
    )
    if args.json is not None:
        out = {
            "command": " ".join(sys.argv),
            "seed": args.seed,
            "real_skills": len(real.skills),
            "real_by_source": dict(Counter(s.source for s in real.skills)),
            "unreadable": real.skipped,
            "tasks_available": {s: len(qs) for s, qs in by_source.items()},
            "tasks": dict(Counter(q.meta["pool_source"] for q in tasks)),
            "gold_skills": len(gold),
            "rows": rows,
            "judged": judged_rows,
            "wall_s": round(wall, 1),
        }
        args.json.write_text(json.dumps(out, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
