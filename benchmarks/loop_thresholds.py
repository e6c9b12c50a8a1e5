"""The loop's similarity thresholds on the multilingual engine's scale, measured.

The self-improving loop compares a draft with skills (the duplicate gate's offers, the
near-duplicate threshold) and two skills with each other (the fold offers' centroids). The rule
book's thresholds (``DUPLICATE_THRESHOLD`` 0.80, ``OFFER_THRESHOLD`` 0.45, ``FOLD_THRESHOLD``
0.40) were set on all-MiniLM-L6-v2; a comparison that reads a CJK letter is made on the
multilingual engine (multilingual-e5-small with its Chinese-English direction taken out, as
``SkillLibrary`` builds it by default), whose cosines lie higher. Two measurements:

1. **Drafts** (the duplicate threshold): hand-written skill summaries (``"name words:
   description"``), in English and in Chinese, in four classes: two wordings of one skill,
   neighbours of one family, two skills of one domain, two skills of different domains (the
   classes the MiniLM threshold was set on; written for this benchmark, none taken from a
   library or from a task of the evaluation suite). Per engine and language, each class's range.
2. **Requests** (the offer and fold thresholds): every pair of blind requests of the evolution's
   blind streams (``eval/evolution/blind.py``: a kind is the one skill a request is labelled
   with), same kind against different kinds; in the simulation a draft's text is its task's, and
   a skill's documents are its tasks. For each MiniLM threshold, the share of English pairs of
   different kinds at or above it, and the multilingual engine's cosine that lets the same
   share of Chinese pairs (and of Chinese-English pairs) through, with the share of same-kind
   pairs each keeps.

3. **The import's duplicate report** (``skillrouter.routing.duplicates``, 0.92 on MiniLM: the
   same skill published twice): clawhub-sample's 800 skills in English (``en/``) and in the
   public machine translation (``zh/``), each library's pairs at or above a grid of cosines per
   engine, and each skill's similarity to its own translation (the same skill twice, in two
   languages).

Run from the project root (about five minutes cold, seconds with the cache warm):

    .venv/bin/python benchmarks/loop_thresholds.py [--data ../shared/data]
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from skillrouter.embeddings import Embedder, LanguageNeutralEmbedder
from skillrouter.eval.evolution.blind import blind_stream_queries
from skillrouter.eval.loading import folder_names, read_skills
from skillrouter.eval.routing import EmbedderSpec, default_cache_dir, make_embedder, multilingual_embedder
from skillrouter.eval.suite import default_data_dir

from skillrouter.rules import DUPLICATE_THRESHOLD, FOLD_THRESHOLD, OFFER_THRESHOLD
from skillrouter.skill import summary_text

# (name, English description, Chinese description): each tuple of a class is a pair of drafts
SAME = [
    (
        (
            "convert-csv-to-json",
            "Convert a CSV file into a JSON array of records, one object per row.",
            "把 CSV 文件转换成 JSON 记录数组，每行一个对象。",
        ),
        (
            "csv-rows-to-json-objects",
            "Turn the rows of a CSV export into JSON objects.",
            "把 CSV 导出文件的每一行变成 JSON 对象。",
        ),
    ),
    (
        ("write-haiku", "Write a haiku on a given theme.", "按给定主题写一首俳句。"),
        (
            "compose-haiku-poem",
            "Compose a three-line haiku poem about a subject.",
            "围绕一个题目创作一首三行的俳句诗。",
        ),
    ),
    (
        (
            "fix-flaky-test",
            "Find out why a test fails only sometimes and make it reliable.",
            "找出测试为什么有时失败，并让它稳定通过。",
        ),
        (
            "debug-intermittent-test-failures",
            "Diagnose tests that pass and fail at random and stabilise them.",
            "诊断时好时坏的测试，让它们稳定下来。",
        ),
    ),
    (
        (
            "backup-postgres",
            "Back up a PostgreSQL database every night and keep a week of copies.",
            "每天晚上备份 PostgreSQL 数据库，保留一周的副本。",
        ),
        (
            "nightly-database-dumps",
            "Dump the Postgres database each night and retain seven days of backups.",
            "每晚导出 Postgres 数据库，保留七天的备份。",
        ),
    ),
    (
        (
            "summarize-meeting-notes",
            "Summarise a meeting transcript into decisions and action items.",
            "把会议记录总结成决定和待办事项。",
        ),
        (
            "meeting-minutes-to-actions",
            "Turn the notes of a meeting into a short list of decisions and to-dos.",
            "把一次会议的笔记整理成简短的决定和待办清单。",
        ),
    ),
    (
        (
            "resize-images",
            "Resize every image in a folder to a given width.",
            "把文件夹里的每张图片缩放到指定宽度。",
        ),
        (
            "batch-shrink-photos",
            "Scale all the photos in a directory down to one width.",
            "把目录里所有照片批量缩小到同一个宽度。",
        ),
    ),
    (
        (
            "review-pull-request",
            "Review a pull request and comment on bugs and style.",
            "审查一个合并请求，指出错误和风格问题。",
        ),
        (
            "code-review-pr",
            "Read the changes of a PR and leave review comments on problems.",
            "阅读 PR 的改动，针对问题留下评审意见。",
        ),
    ),
    (
        (
            "plan-trip-itinerary",
            "Plan a multi-day trip with a day-by-day itinerary and a budget.",
            "规划一次多日旅行，包括每天的行程和预算。",
        ),
        (
            "travel-plan",
            "Make a travel plan for several days, with what to do each day and what it costs.",
            "做一个几天的旅行计划，写清每天做什么、花多少钱。",
        ),
    ),
]
NEIGHBOURS = [
    (
        SAME[1][0],
        (
            "write-limerick",
            "Write a limerick (five lines, AABBA rhyme) on a theme.",
            "按主题写一首五行打油诗（AABBA 押韵）。",
        ),
    ),
    (
        SAME[0][0],
        (
            "convert-csv-to-excel",
            "Convert a CSV file into an Excel workbook with a header row.",
            "把 CSV 文件转换成带表头的 Excel 工作簿。",
        ),
    ),
    (
        SAME[3][0],
        (
            "restore-postgres",
            "Restore a PostgreSQL database from last night's backup.",
            "从昨晚的备份恢复 PostgreSQL 数据库。",
        ),
    ),
    (
        SAME[2][0],
        (
            "write-unit-tests",
            "Write unit tests for a module that has none.",
            "给一个没有测试的模块编写单元测试。",
        ),
    ),
    (
        SAME[4][0],
        (
            "summarize-research-paper",
            "Summarise a research paper's method, results and limits.",
            "总结一篇论文的方法、结果和局限。",
        ),
    ),
    (
        SAME[5][0],
        ("remove-image-background", "Remove the background from a product photo.", "去掉商品照片的背景。"),
    ),
    (
        SAME[6][0],
        (
            "write-commit-message",
            "Write a clear commit message for staged changes.",
            "为暂存的改动写一条清楚的提交信息。",
        ),
    ),
    (
        SAME[7][0],
        ("book-hotel", "Find and book a hotel for given dates and a budget.", "按日期和预算找酒店并预订。"),
    ),
]
DOMAIN = [
    (
        SAME[0][0],
        (
            "clean-csv-with-pandas",
            "Clean a messy CSV with pandas: fix types, drop duplicates, fill gaps.",
            "用 pandas 清洗杂乱的 CSV：修正类型、去重、补缺失值。",
        ),
    ),
    (
        SAME[3][0],
        (
            "optimise-slow-sql",
            "Find why a SQL query is slow and speed it up with indexes.",
            "找出 SQL 查询慢的原因，用索引加速。",
        ),
    ),
    (
        SAME[2][0],
        (
            "set-up-ci-pipeline",
            "Set up a CI pipeline that builds and tests on every push.",
            "搭建每次推送都构建和测试的 CI 流水线。",
        ),
    ),
    (
        SAME[1][0],
        ("write-cover-letter", "Write a cover letter for a job application.", "为求职申请写一封求职信。"),
    ),
    (
        SAME[5][0],
        ("compress-videos", "Compress videos so they fit a size limit.", "压缩视频，让它们不超过大小限制。"),
    ),
    (
        SAME[4][0],
        (
            "draft-weekly-status-report",
            "Draft a weekly status report from the team's updates.",
            "根据团队的进展写每周状态报告。",
        ),
    ),
    (
        SAME[6][0],
        (
            "fix-nodejs-memory-leak",
            "Find and fix a memory leak in a Node.js service.",
            "找出并修复 Node.js 服务的内存泄漏。",
        ),
    ),
    (
        SAME[7][0],
        (
            "track-expenses",
            "Track daily expenses in a spreadsheet by category.",
            "在表格里按类别记录每天的开销。",
        ),
    ),
]
APART = [(SAME[i][0], SAME[j][0]) for i, j in itertools.combinations(range(len(SAME)), 2)]
CLASSES = {"two wordings": SAME, "neighbours": NEIGHBOURS, "one domain": DOMAIN, "different domains": APART}


def _summary(draft: tuple[str, str, str], lang: str) -> str:
    name, en, zh = draft
    if lang == "zh-bare":  # a Chinese draft whose name carries no words (a CJK name's hashed id)
        return zh
    return summary_text(name, zh if lang == "zh" else en)


def _pair_sims(engine: Embedder, pairs: Sequence[tuple[str, str]]) -> list[float]:
    left = np.asarray(engine.embed_documents([a for a, _ in pairs]), dtype=np.float32)
    right = np.asarray(engine.embed_documents([b for _, b in pairs]), dtype=np.float32)
    return [round(float(x), 3) for x in (left * right).sum(axis=1)]


def drafts(engines: dict[str, Embedder]) -> None:
    print("\n## 1. Drafts: cosine of two skill summaries, min-max (mean)\n")
    settings = [
        ("MiniLM", "en", "en"),
        ("e5", "en", "en"),
        ("e5", "zh", "zh"),
        ("e5", "zh-bare", "zh-bare"),
        ("e5", "en", "zh"),
        ("MiniLM", "zh", "zh"),
    ]
    print("| class | " + " | ".join(f"{e} {a}/{b}" for e, a, b in settings) + " |")
    print("|---|" + "---|" * len(settings))
    for label, pairs in CLASSES.items():
        cells = []
        for engine, a, b in settings:
            sims = _pair_sims(engines[engine], [(_summary(x, a), _summary(y, b)) for x, y in pairs])
            cells.append(f"{min(sims):.2f}-{max(sims):.2f} ({np.mean(sims):.2f})")
        print(f"| {label} | " + " | ".join(cells) + " |")


def _matrix(engine: Embedder, texts: Sequence[str]) -> np.ndarray:
    return np.asarray(engine.embed_documents(list(texts)), dtype=np.float32)


def _pairs(a: np.ndarray, kinds_a: list[str], b: np.ndarray | None = None, kinds_b: list[str] | None = None):
    """(same-kind cosines, other-kind cosines) of every pair of rows (of a with b, or within a)."""
    if b is None or kinds_b is None:
        sims = a @ a.T
        upper = np.triu_indices(len(a), 1)
        same = np.array([kinds_a[i] == kinds_a[j] for i, j in zip(*upper)])
        values = sims[upper]
    else:
        sims = a @ b.T
        same = np.array([[ka == kb for kb in kinds_b] for ka in kinds_a]).ravel()
        values = sims.ravel()
    return values[same], values[~same]


def requests(engines: dict[str, Embedder]) -> None:
    zh = blind_stream_queries("zh")
    en = blind_stream_queries("en")
    zh_kinds, en_kinds = [q.gold[0] for q in zh], [q.gold[0] for q in en]
    mini_en = _matrix(engines["MiniLM"], [q.query for q in en])
    e5_en = _matrix(engines["e5"], [q.query for q in en])
    e5_zh = _matrix(engines["e5"], [q.query for q in zh])
    mini_zh = _matrix(engines["MiniLM"], [q.query for q in zh])
    sets = {
        "MiniLM, English pairs": _pairs(mini_en, en_kinds),
        "e5, English pairs": _pairs(e5_en, en_kinds),
        "e5, Chinese pairs": _pairs(e5_zh, zh_kinds),
        "e5, Chinese-English pairs": _pairs(e5_zh, zh_kinds, e5_en, en_kinds),
        "MiniLM, Chinese pairs": _pairs(mini_zh, zh_kinds),
    }
    print(f"\n## 2. Requests: {len(zh)} Chinese and {len(en)} English blind requests, pairs by kind\n")
    print("| pairs | same kind | p10 / p50 / p90 | other kinds | p50 / p99 / p99.9 / max |")
    print("|---|--:|---|--:|---|")
    for label, (same, other) in sets.items():
        q_same = np.percentile(same, [10, 50, 90])
        q_other = np.percentile(other, [50, 99, 99.9])
        print(
            f"| {label} | {len(same)} | {' / '.join(f'{x:.3f}' for x in q_same)} | {len(other)} | "
            f"{' / '.join(f'{x:.3f}' for x in q_other)} / {other.max():.3f} |"
        )
    base_same, base_other = sets["MiniLM, English pairs"]
    print("\nAt each MiniLM threshold: the share of other-kind English pairs it lets through, and the")
    print("cosine that lets the same share through on the multilingual engine (same-kind share kept):\n")
    print(
        "| MiniLM threshold | other-kind share | same-kind kept (MiniLM en) | e5 zh: cosine, same kept "
        "| e5 zh-en: cosine, same kept | e5 en: cosine, same kept |"
    )
    print("|---|--:|--:|---|---|---|")
    for label, t in (
        ("FOLD_THRESHOLD", FOLD_THRESHOLD),
        ("OFFER_THRESHOLD", OFFER_THRESHOLD),
        ("DUPLICATE_THRESHOLD", DUPLICATE_THRESHOLD),
    ):
        share = float((base_other >= t).mean())
        kept = float((base_same >= t).mean())
        cells = []
        for key in ("e5, Chinese pairs", "e5, Chinese-English pairs", "e5, English pairs"):
            same, other = sets[key]
            cut = float(np.quantile(other, 1.0 - share)) if share > 0 else float(other.max())
            cells.append(f"{cut:.3f}, {float((same >= cut).mean()):.2f}")
        print(f"| {label} {t:.2f} | {share:.4f} | {kept:.2f} | " + " | ".join(cells) + " |")
    print("\nShare of pairs at or above a multilingual cosine (same kind / other kinds):\n")
    grid = [0.84, 0.86, 0.87, 0.88, 0.89, 0.90, 0.91, 0.92, 0.94, 0.95]
    print("| pairs | " + " | ".join(f"{g:.2f}" for g in grid) + " |")
    print("|---|" + "---|" * len(grid))
    for key in ("e5, Chinese pairs", "e5, Chinese-English pairs", "e5, English pairs"):
        same, other = sets[key]
        print(
            f"| {key} | "
            + " | ".join(f"{(same >= g).mean():.2f} / {(other >= g).mean():.4f}" for g in grid)
            + " |"
        )


def _centroids(vectors: np.ndarray, kinds: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """(same-kind, other-kind) cosines of centroids (the normalised mean of a group's vectors, as
    ``SkillIndex.centroids``): each request against the centroid of its kind's other requests,
    and the centroids of two kinds' requests against each other."""
    groups: dict[str, list[int]] = {}
    for i, kind in enumerate(kinds):
        groups.setdefault(kind, []).append(i)

    def centroid(rows: list[int]) -> np.ndarray:
        mean = vectors[rows].mean(axis=0)
        return mean / np.linalg.norm(mean)

    same = [
        float(vectors[i] @ centroid([j for j in rows if j != i]))
        for rows in groups.values()
        if len(rows) > 1
        for i in rows
    ]
    whole = np.stack([centroid(rows) for rows in groups.values() if len(rows) > 1])
    return np.array(same), (whole @ whole.T)[np.triu_indices(len(whole), 1)]


def centroids(engines: dict[str, Embedder]) -> None:
    print("\n## 2b. Centroids (the fold offers): a request against its kind's other requests' centroid,")
    print("and the centroids of two kinds' requests (kinds with two or more)\n")
    print(
        "| pairs | same kind p10 / p50 | other kinds p50 / p99 / max "
        "| cosine letting through the share MiniLM's 0.40 does, same kept |"
    )
    print("|---|---|---|---|")
    rows = {}
    for label, engine, lang in (
        ("MiniLM, English", "MiniLM", "en"),
        ("e5, English", "e5", "en"),
        ("e5, Chinese", "e5", "zh"),
        ("e5, Chinese and English", "e5", "zh-en"),
    ):
        queries = blind_stream_queries(lang)  # type: ignore[arg-type]
        rows[label] = _centroids(
            _matrix(engines[engine], [q.query for q in queries]), [q.gold[0] for q in queries]
        )
    share = float((rows["MiniLM, English"][1] >= FOLD_THRESHOLD).mean())
    for label, (same, other) in rows.items():
        cut = float(np.quantile(other, 1.0 - share)) if share > 0 else float(other.max())
        print(
            f"| {label} | {' / '.join(f'{x:.3f}' for x in np.percentile(same, [10, 50]))} | "
            f"{' / '.join(f'{x:.3f}' for x in np.percentile(other, [50, 99]))} / {other.max():.3f} | "
            f"{cut:.3f}, {(same >= cut).mean():.2f} |"
        )
    print(f"\n(MiniLM's 0.40 lets through {share:.4f} of English other-kind centroid pairs.)")


def _count_at(vectors: np.ndarray, cuts: Sequence[float]) -> list[int]:
    sims = vectors @ vectors.T
    upper = sims[np.triu_indices(len(vectors), 1)]
    return [int((upper >= c).sum()) for c in cuts]


def report(engines: dict[str, Embedder], data: Path) -> None:
    root = data / "skill-libraries" / "clawhub-sample"
    sides = {}
    for side in ("en", "zh"):
        names = folder_names(root / side)  # folder -> skill name
        skills = {s.name: s for s in read_skills([root / side])}
        sides[side] = {folder: skills[name] for folder, name in names.items() if name in skills}
    both = sorted(set(sides["en"]) & set(sides["zh"]))
    print(
        f"\n## 3. The duplicate report: clawhub-sample, {len(sides['en'])} English and "
        f"{len(sides['zh'])} Chinese skills\n"
    )
    cuts = [0.90, 0.92, 0.93, 0.94, 0.95, 0.96, 0.97]
    vectors: dict[tuple[str, str], np.ndarray] = {}
    print("| library | engine | " + " | ".join(f">= {c:.2f}" for c in cuts) + " |")
    print("|---|---|" + "--:|" * len(cuts))
    for side in ("en", "zh"):
        for engine in ("MiniLM", "e5"):
            texts = [sides[side][f].summary_text() for f in sorted(sides[side])]
            vectors[(side, engine)] = _matrix(engines[engine], texts)
            print(
                f"| {side} | {engine} | "
                + " | ".join(map(str, _count_at(vectors[(side, engine)], cuts)))
                + " |"
            )
    print(
        f"\nA skill and its own translation ({len(both)} pairs), p10 / p50 / p90; "
        "share at or above each cut:\n"
    )
    for engine in ("MiniLM", "e5"):
        en = _matrix(engines[engine], [sides["en"][f].summary_text() for f in both])
        zh = _matrix(engines[engine], [sides["zh"][f].summary_text() for f in both])
        own = (en * zh).sum(axis=1)
        print(
            f"- {engine}: "
            + " / ".join(f"{x:.3f}" for x in np.percentile(own, [10, 50, 90]))
            + "; "
            + ", ".join(f"{c:.2f}: {(own >= c).mean():.2f}" for c in cuts)
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--data", type=Path, default=None, help="the shared data folder (default: ../shared/data)"
    )
    args = parser.parse_args()
    minilm = make_embedder(EmbedderSpec(), default_cache_dir())
    engines: dict[str, Embedder] = {
        "MiniLM": minilm,
        "e5": LanguageNeutralEmbedder(multilingual_embedder(minilm)),  # as SkillLibrary builds it
    }
    print("loop thresholds on the multilingual engine", file=sys.stderr)
    drafts(engines)
    requests(engines)
    centroids(engines)
    report(engines, args.data or default_data_dir())


if __name__ == "__main__":
    main()
