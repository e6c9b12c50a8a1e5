"""Keywords in Chinese (skillrouter/routing/lexical.py): runs of CJK characters become character
bigrams beside the English words, so BM25 and coverage work on text without spaces; English text
is tokenised exactly as before; trigger texts are documents of their skill."""

from __future__ import annotations

from pathlib import Path

from skillrouter.routing.documents import TRIGGER, parse_id, trigger_id
from skillrouter.routing.lexical import LexicalIndex, tokenize
from skillrouter.skill import Skill, trigger_texts


def test_a_cjk_run_becomes_its_bigrams_beside_the_english_words() -> None:
    assert tokenize("查天气预报") == ["查天", "天气", "气预", "预报"]
    assert tokenize("帮我 review 一下这个 PR的问题") == [
        "帮我",
        "review",
        "一下",
        "下这",
        "这个",
        "pr",
        "的问",
        "问题",
    ]
    assert tokenize("字") == ["字"]  # a lone character is kept
    assert tokenize("用，逗号。分开") == ["用", "逗号", "分开"]  # punctuation ends a run
    assert tokenize("日本語のテキスト") == ["日本", "本語", "語の", "のテ", "テキ", "キス", "スト"]


def test_english_text_is_tokenised_as_before() -> None:
    assert tokenize("The papers I am booking, and CI_builds!") == ["paper", "book", "ci", "build"]
    assert tokenize("PM2.5 levels") == ["pm2", "level"]


def docs(**texts: str) -> dict[str, tuple[str, str, str]]:
    return {name: (name, text, text) for name, text in texts.items()}


def test_bm25_and_coverage_find_a_chinese_word_inside_a_sentence() -> None:
    ix = LexicalIndex()
    ix.sync(
        docs(
            weather="查询天气预报和空气质量",
            invoice="开具发票并发送给客户",
            english="Check the weather forecast",
        )
    )
    scores = ix.score("明天上海天气预报怎么样")  # no space anywhere: one \w run before bigrams
    assert scores.top(3) == ["weather"]
    assert scores.coverage_of("weather") > 0.1  # 天气 气预 预报 of its ten bigrams
    assert scores.coverage_of("invoice") == 0.0
    mixed = ix.score("帮我 check 一下 weather forecast")
    assert mixed.top(1) == ["english"]  # the English words of a mixed task still count


def test_a_store_written_before_bigrams_is_tokenised_again(tmp_path: Path) -> None:
    path = tmp_path / "lexical.db"
    ix = LexicalIndex(path)
    ix.sync(docs(weather="查询天气预报"))
    ix.close()
    again = LexicalIndex(path)
    assert again.score("天气").top(1) == ["weather"]
    again.close()


def test_trigger_texts_come_from_triggers_and_localized_descriptions() -> None:
    meta = {
        "triggers": ["查天气", "  天气   预报 ", "查天气", "", 3],
        "description_zh": "查询天气预报",
        "description_ja": "天気予報",
        "openclaw": {"emoji": "x"},
    }
    assert trigger_texts(meta) == ["查天气", "天气 预报", "天気予報", "查询天气预报"]
    assert trigger_texts({"triggers": "查天气"}) == ["查天气"]
    assert trigger_texts(None) == [] and trigger_texts({}) == []
    skill = Skill.create("weather", "Get the weather forecast", metadata=meta)
    assert skill.trigger_texts() == trigger_texts(meta)


def test_a_trigger_document_id_names_its_skill_and_kind() -> None:
    doc = trigger_id("weather", "查天气")
    assert parse_id(doc) == ("weather", TRIGGER)
    assert doc != trigger_id("weather", "天气预报")
