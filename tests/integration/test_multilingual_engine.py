"""The multilingual engine behind the library, as the router will use it: English skills, Chinese
(and mixed) tasks, the real engine, real Chroma and the one-shot search over the embedding cache.
Which engine routes which task, and the engines' gate thresholds, are the router's to decide:
these tests look at the ranking only, never at the gate."""

from __future__ import annotations

from pathlib import Path

from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, MultilingualE5Embedder

from skillrouter import Skill, SkillLibrary, Store

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


def library(path: Path, embedder: MultilingualE5Embedder, **kwargs: object) -> SkillLibrary:
    return SkillLibrary(
        Store(path), CachedEmbedder(embedder, EmbeddingCache(path / "cache" / "embeddings.db")), **kwargs
    )


def test_chinese_tasks_rank_their_english_skills_first(
    multilingual_embedder: MultilingualE5Embedder, tmp_path: Path
) -> None:
    lib = library(tmp_path / "store", multilingual_embedder)
    for name, description in SKILLS.items():
        lib.add(Skill.create(name, description))
    try:
        for task, expected in TASKS.items():
            route = lib.route(task)
            assert route.candidates and route.candidates[0].skill.name == expected, (task, route.to_dict())
        assert lib.index.count() == len(SKILLS)
    finally:
        lib.close()

    # a one-shot process (the CLI's route) searches the same store over the cache, without Chroma,
    # and ranks the same way
    cached = CachedEmbedder(
        multilingual_embedder, EmbeddingCache(tmp_path / "store" / "cache" / "embeddings.db")
    )
    cold = SkillLibrary(Store(tmp_path / "store", create=False), cached, one_shot=True)
    try:
        for task, expected in TASKS.items():
            assert cold.route(task).candidates[0].skill.name == expected
        assert cached.misses == 0  # the skills' vectors and the tasks' came from the first library's cache
    finally:
        cold.close()
