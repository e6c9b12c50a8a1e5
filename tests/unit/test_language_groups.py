"""The pull towards a language, measured on a library and taken out of a route's similarities
(skillrouter.routing.language_groups), on vectors made by hand."""

from __future__ import annotations

import numpy as np

from skillrouter.routing.documents import Hit
from skillrouter.routing.language_groups import LanguageCentred, LanguageGroups


def unit(v: np.ndarray) -> np.ndarray:
    return v / np.linalg.norm(v)


def groups_of(n_cjk: int, n_other: int, spread: float, seed: int = 0) -> LanguageGroups:
    """CJK skills around axis 0 plus axis 1, the others around axis 0 alone."""
    rng = np.random.default_rng(seed)
    vectors = {}
    for i in range(n_cjk):
        vectors[f"zh-{i}"] = unit(np.array([1.0, 0.5, 0, 0, 0, 0]) + spread * rng.normal(size=6))
    for i in range(n_other):
        vectors[f"en-{i}"] = unit(np.array([1.0, 0.0, 0, 0, 0, 0]) + spread * rng.normal(size=6))
    groups = LanguageGroups.of_vectors(vectors, {n for n in vectors if n.startswith("zh-")})
    assert groups is not None
    return groups


def test_a_group_of_fewer_than_two_skills_measures_nothing() -> None:
    vectors = {"a": np.ones(3), "b": np.ones(3), "c": np.ones(3)}
    assert LanguageGroups.of_vectors(vectors, {"a"}) is None
    assert LanguageGroups.of_vectors(vectors, {"a", "b", "c"}) is None
    assert LanguageGroups.of_vectors(vectors, set()) is None
    assert LanguageGroups.of_vectors({}, {"a"}) is None
    # rows that are no skill's own vector (an example, a trigger) count in neither group
    assert LanguageGroups.of(["a", None, "b", None], np.ones((4, 3)), {"a", "b"}) is None


def test_large_tight_groups_give_the_whole_difference_of_the_means() -> None:
    groups = groups_of(200, 300, spread=0.01)
    task = unit(np.array([1.0, 1.0, 0, 0, 0, 0]))  # leans towards the CJK group's axis
    raw = float(
        task @ (groups.matrix[groups.chinese].mean(axis=0) - groups.matrix[groups.other].mean(axis=0))
    )
    offset = float(groups.offsets(task[None, :])[0])
    assert raw > 0.2 and abs(offset - raw) < 1e-3
    assert float(groups.offsets(unit(np.array([0, 0, 1.0, 0, 0, 0]))[None, :])[0]) == 0.0  # no lean


def test_small_scattered_groups_are_shrunk_to_nothing() -> None:
    groups = groups_of(3, 3, spread=2.0, seed=1)
    tasks = np.stack([unit(np.eye(6)[i] + 0.1) for i in range(6)])
    raw = np.abs(
        tasks @ (groups.matrix[groups.chinese].mean(axis=0) - groups.matrix[groups.other].mean(axis=0))
    )
    offsets = np.abs(groups.offsets(tasks))
    assert (offsets <= raw + 1e-12).all() and (offsets < raw).any()


class FakeIndex:
    embedder = None

    def __init__(self, hits: list[Hit]) -> None:
        self.hits = hits
        self.asked: list[int] = []

    def query(self, vectors: np.ndarray, n: int) -> list[list[Hit]]:
        self.asked.append(n)
        return [self.hits[:n] for _ in vectors]

    def query_misfits(self, vectors: np.ndarray, n: int) -> list[list[Hit]]:
        return [[Hit("m1", "zh-0", "misfit", 0.95), Hit("m2", "en-0", "misfit", 0.90)][:n] for _ in vectors]

    def level0_similarities(self, vector: np.ndarray, skills: list[str]) -> dict[str, float]:
        return {s: 0.9 for s in skills}


def test_a_centred_index_lowers_the_cjk_skills_and_sorts_again() -> None:
    groups = groups_of(200, 300, spread=0.01)
    task = unit(np.array([1.0, 1.0, 0, 0, 0, 0]))[None, :]
    offset = float(groups.offsets(task)[0])
    assert 0.1 < offset < 0.4
    hits = [
        Hit("zh-0", "zh-0", "description", 0.95),
        Hit("zh-1", "zh-1", "description", 0.94),
        Hit("en-0", "en-0", "description", 0.93),
        Hit("en-1", "en-1", "description", 0.50),
    ]
    inner = FakeIndex(hits)
    centred = LanguageCentred(inner, groups)
    found = centred.query(task, 2)[0]
    assert inner.asked == [2 * LanguageCentred.FETCH]  # asks for more, keeps n
    assert [h.skill for h in found] == ["en-0", "zh-0"]
    assert found[1].similarity == round(0.95 - offset, 6) and found[0].similarity == 0.93
    level0 = centred.level0_similarities(task[0], ["zh-5", "en-5"])
    assert level0 == {"zh-5": round(0.9 - offset, 6), "en-5": 0.9}
    misfits = centred.query_misfits(task, 1)[0]  # all fetched are kept: zh-0's would fall out at 1
    assert [(h.skill, h.similarity) for h in misfits] == [("en-0", 0.90), ("zh-0", round(0.95 - offset, 6))]


def test_p_fit_reads_a_centred_skill_as_before() -> None:
    """What the offset took out of a CJK skill's relevance is given back where p_fit is read, on
    the curve it was read on: a min_p_fit gate passes what it passed before."""
    from skillrouter.routing.router import Candidate, with_p_fit
    from skillrouter.skill import SkillSummary

    def candidates(zh_relevance: float) -> list[Candidate]:
        zh = SkillSummary(name="zh-notes", description="整理会议记录", task_type="general", tags=())
        en = SkillSummary(name="en-notes", description="Tidy meeting notes", task_type="general", tags=())
        return [
            Candidate(zh, zh_relevance, 6.0, 0.0, "description", relevance=zh_relevance),
            Candidate(en, 0.86, 6.0, 0.0, "description", relevance=0.86),
        ]

    from skillrouter.routing.calibration import p_fit

    offset = 0.03
    centred = with_p_fit(
        candidates(0.90 - offset), "multilingual", 0.5, 0.1, 0.0, centred={"zh-notes": offset}
    )
    margin = (0.90 - offset) - 0.86  # the order is the centred one
    assert centred[0].p_fit == p_fit("multilingual", 0.90, 0.0, margin, True)  # its relevance, its curve
    assert centred[1].p_fit == p_fit("multilingual", 0.86, 0.0, -margin, False)
    assert [c.passes_gate for c in centred] == [c.p_fit >= 0.5 for c in centred]
