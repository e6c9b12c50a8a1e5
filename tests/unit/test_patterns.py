"""Patterns compiled on first use (skillrouter.embeddings.patterns) read as compiled ones."""

from __future__ import annotations

import re

from skillrouter.embeddings.patterns import lazy
from skillrouter.embeddings.script import CJK_LETTER, CJK_RUN, cjk_share, has_cjk

from skillrouter.routing.lexical import tokenize


def test_a_lazy_pattern_compiles_when_first_used_and_answers_as_re_does() -> None:
    pattern = lazy(r"\bnot\b|n't", re.IGNORECASE)
    assert object.__getattribute__(pattern, "_compiled") is None
    assert pattern.pattern == r"\bnot\b|n't" and pattern.flags & re.IGNORECASE
    assert pattern.search("Do NOT run it") is not None and pattern.sub("-", "can't") == "ca-"
    assert object.__getattribute__(pattern, "_compiled") is re.compile(r"\bnot\b|n't", re.IGNORECASE)


def test_ascii_text_never_compiles_the_cjk_class_and_cjk_text_still_reads_as_cjk() -> None:
    assert not has_cjk("resize the photos, café") and cjk_share("plain English") == 0.0
    assert tokenize("Resize_the photos") == ["resize", "photo"]  # stop words out, stemmed
    assert has_cjk("把 PDF 转成 Markdown") and cjk_share("转成") == 1.0 and not has_cjk("é ü ß")
    assert [m.group() for m in CJK_RUN.finditer("把 PDF 转成")] == ["把", "转成"]
    assert CJK_LETTER.sub("*", "a转b") == "a*b"
    assert "转成" in tokenize("转成 markdown") and "markdown" in tokenize("转成 markdown")
