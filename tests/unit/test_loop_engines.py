"""The engine the self-improving loop compares texts on: the router's rule (a text holding CJK
letters needs the multilingual engine), applied to every text one comparison reads, with the
multilingual engine's own thresholds from the rule book.

Two hashed bags of words stand in for the engines: :class:`HashEmbedder` reads ASCII words only,
so every Chinese text is the same vector to it (as every Chinese text lies near every other to
all-MiniLM-L6-v2), and ``ReadsChinese`` reads CJK characters too. The real engines are tested in
tests/integration/test_chinese_loop.py.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from skillrouter.embeddings import HashEmbedder

from skillrouter import Skill, Store, rules
from skillrouter.learning import offers
from skillrouter.library import SkillLibrary
from skillrouter.rules import LoopRules

_TOKEN = re.compile(r"[a-z0-9]+|[\u4e00-\u9fff]")


class ReadsChinese(HashEmbedder):
    """A bag of ASCII words and single CJK characters: the multilingual engine's stand-in."""

    def _one(self, text: str) -> np.ndarray:
        vec = np.zeros(self.dimension, dtype=np.float32)
        for token in _TOKEN.findall(text.lower()):
            digest = hashlib.blake2b(token.encode(), digest_size=8).digest()
            vec[int.from_bytes(digest[:4], "little") % self.dimension] += 1.0 if digest[4] & 1 else -1.0
        if not vec.any():
            vec[0] = 1.0
        return vec


REPORT = "根据一周的工作记录写周报，列出完成事项和下周计划"
REPORT_AGAIN = "根据本周工作记录写一份周报，列出完成事项和下周计划"
BREAD = "在家用酵头烤酸面包，喂养酵头和面发酵烘烤"


@pytest.fixture
def lib(tmp_path: Path) -> Iterator[SkillLibrary]:
    library = SkillLibrary(
        Store(tmp_path / "store"),
        HashEmbedder(),
        multilingual=ReadsChinese(256, "reads-chinese"),
        threshold=0.0,
    )
    library.store.add(Skill.create("convert-csv-to-json", "convert csv rows into json objects"))
    yield library
    library.close()


def _minilm_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The loop as it was before it chose an engine: every comparison on the library's model."""
    monkeypatch.setattr(SkillLibrary, "engine_of", lambda self, *texts: "default")


def test_one_rule_names_the_engine_for_a_route_and_for_a_comparison(
    lib: SkillLibrary, tmp_path: Path
) -> None:
    assert lib.engine_of("convert csv to json") == "default"
    assert lib.engine_of("帮我 review 一下这个 PR") == "multilingual"  # as the router routes it
    assert lib.engine_of("convert csv to json", "把 CSV 转成 JSON") == "multilingual"  # any text read
    assert lib.router.engine_of("把 CSV 转成 JSON") == lib.engine_of("把 CSV 转成 JSON")
    plain = SkillLibrary(Store(tmp_path / "plain"), HashEmbedder(), multilingual=False)
    try:
        assert plain.engine_of("把 CSV 转成 JSON") == "default"  # no multilingual engine: the one there is
    finally:
        plain.close()
    assert lib.engine_index("default") is lib.index
    assert lib.engine_index("multilingual") is lib.multilingual_index
    assert lib.multilingual_index is not None and lib.multilingual_index.count() == 1  # built, in step


def test_the_rule_book_holds_each_engines_thresholds() -> None:
    r = LoopRules(offer_threshold=0.5, multilingual_offer_threshold=0.95)
    assert r.on("default") is r
    scaled = r.on("multilingual")
    assert (scaled.duplicate_threshold, scaled.offer_threshold, scaled.fold_threshold) == (
        rules.MULTILINGUAL_DUPLICATE_THRESHOLD,
        0.95,
        rules.MULTILINGUAL_FOLD_THRESHOLD,
    )
    assert scaled.max_offers == r.max_offers and scaled.skill_threshold == r.skill_threshold
    for bad in (
        {"multilingual_offer_threshold": 0},
        {"multilingual_duplicate_threshold": 1.5},
        {"multilingual_fold_threshold": 2},
    ):
        with pytest.raises(ValueError, match=next(iter(bad))):
            LoopRules(**bad)  # type: ignore[arg-type]


def test_a_chinese_draft_is_offered_to_its_own_kind_and_not_to_every_chinese_skill(
    lib: SkillLibrary, monkeypatch: pytest.MonkeyPatch
) -> None:
    lib.store.add(Skill.create("skill-1", REPORT))
    lib.store.add(Skill.create("skill-2", BREAD))
    draft = Skill.create("skill-3", REPORT_AGAIN).summary_text()
    loose = LoopRules(multilingual_offer_threshold=0.5)
    near = offers.merge_offers(lib, draft, loose)
    assert [n for n, _ in near] == ["skill-1"]
    assert offers.merge_offers(lib, draft, loose.replace(offer_threshold=1.0)) == near  # MiniLM's: not read
    assert offers.merge_offers(lib, draft, loose.replace(multilingual_offer_threshold=1.0)) == []
    assert (
        offers.nearest_active_skill(lib, draft, loose.replace(multilingual_duplicate_threshold=0.5))
        == near[0]
    )
    _minilm_only(monkeypatch)  # every Chinese text is one vector to it: the bread skill is as near
    assert {n for n, _ in offers.merge_offers(lib, draft)} == {"skill-1", "skill-2"}


def test_an_english_draft_meets_a_chinese_skill_on_the_multilingual_engine(
    lib: SkillLibrary, monkeypatch: pytest.MonkeyPatch
) -> None:
    used: list[str] = []
    index_of = lib.engine_index
    monkeypatch.setattr(lib, "engine_index", lambda engine: used.append(engine) or index_of(engine))
    draft = Skill.create("csv-to-json-records", "convert csv rows into json records").summary_text()
    loose = LoopRules(multilingual_offer_threshold=0.1)
    english = offers.merge_offers(lib, draft, loose)
    assert [n for n, _ in english] == ["convert-csv-to-json"] and used == ["default"]  # as before
    lib.store.add(Skill.create("skill-5", "把 csv 转成 json 记录"))
    used.clear()
    offered = offers.merge_offers(lib, draft, loose)
    assert sorted(used) == ["default", "multilingual"]  # each skill on the engine that reads both texts
    # the English skill as before, whatever else the library holds; then the Chinese one, on e5's
    # scale (ranked after those on the draft's own engine: two engines' cosines are never compared)
    assert offered[0] == english[0] and [n for n, _ in offered] == ["convert-csv-to-json", "skill-5"]
    assert offers.merge_offers(lib, draft, loose.replace(multilingual_offer_threshold=1.0)) == english
    assert offers.merge_offers(lib, draft, loose.replace(offer_threshold=1.0)) == offered[1:]
    lib.delete("skill-5")
    lib.add_examples([("convert-csv-to-json", "把 orders.csv 转成 JSON")])  # an example reads Chinese too
    used.clear()
    offers.merge_offers(lib, draft, loose)
    assert used == ["multilingual"]


def test_fold_offers_weigh_centroids_on_the_engine_that_reads_the_skills(
    lib: SkillLibrary, monkeypatch: pytest.MonkeyPatch
) -> None:
    lib.store.add(Skill.create("skill-1", REPORT))
    lib.store.add(Skill.create("skill-4", REPORT_AGAIN))
    lib.store.add(Skill.create("skill-2", BREAD))
    loose = LoopRules(multilingual_fold_threshold=0.5)
    candidates = ["skill-2", "skill-4"]
    offered = offers.fold_offers(lib, "skill-1", candidates, loose)
    assert [n for n, _ in offered] == ["skill-4"]
    assert offers.fold_offers(lib, "skill-1", candidates, loose.replace(fold_threshold=1.01)) == offered
    _minilm_only(monkeypatch)
    assert {n for n, _ in offers.fold_offers(lib, "skill-1", candidates, loose)} == set(candidates)
