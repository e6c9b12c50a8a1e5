"""Which writing system a text is in: enough for a router to pick an engine per task.

all-MiniLM-L6-v2 (the default model) reads English; a Chinese, Japanese or Korean task, or one
that mixes such words with English ("帮我 review 一下这个 PR"), needs the multilingual engine
(:class:`~skillrouter.embeddings.MultilingualE5Embedder`). What decides is the text's share of
CJK letters: :func:`cjk_share` counts, among the text's letters (Unicode category L*: digits,
spaces, punctuation and symbols do not count), those of the Han, kana, Hangul and Bopomofo
blocks. "帮我 review 一下这个 PR" has 6 Han letters and 8 Latin ones: 6/14 = 0.43.

Pure and fast (a regular expression and ``str.isalpha``): no model, nothing to load.
"""

from __future__ import annotations

from skillrouter.embeddings.patterns import lazy

__all__ = ["CJK_LETTER", "CJK_RUN", "cjk_share", "has_cjk"]

# the blocks whose letters MiniLM cannot read: Han (unified, extensions A-H, compatibility),
# Hiragana, Katakana (with its extensions and the half-width forms), Hangul (syllables and jamo)
# and Bopomofo; marks such as 々 and ー are letters of these blocks too
_CJK_CLASS = (
    "["
    "\u1100-\u11ff"  # Hangul jamo
    "\u3005-\u3007"  # 々 〆 〇
    "\u3031-\u3035\u303b\u303c"  # kana repeat marks
    "\u3040-\u30ff"  # Hiragana, Katakana
    "\u3100-\u312f\u3130-\u318f\u31a0-\u31bf\u31f0-\u31ff"  # Bopomofo, Hangul jamo, Katakana ext.
    "\u3400-\u4dbf\u4e00-\u9fff"  # CJK unified ideographs, extension A
    "\ua960-\ua97f\uac00-\ud7ff"  # Hangul jamo extended A, syllables, jamo extended B
    "\uf900-\ufaff"  # CJK compatibility ideographs
    "\uff66-\uffdc"  # half-width Katakana and Hangul
    "\U00020000-\U0003ffff"  # CJK extensions B-H and compatibility supplement
    "]"
)
_CJK = lazy(_CJK_CLASS)  # Python builds this class in 5 ms: only a text that is not ASCII needs it

CJK_LETTER = _CJK
"""One CJK character (the blocks above)."""

CJK_RUN = lazy(_CJK_CLASS + "+")
"""A run of CJK characters: what a keyword tokenizer cuts into bigrams (Chinese has no spaces)."""


def cjk_share(text: str) -> float:
    """The share of ``text``'s letters that are CJK (Han, kana, Hangul, Bopomofo), in [0, 1];
    0.0 for a text without letters."""
    if text.isascii():
        return 0.0
    letters = sum(1 for c in text if c.isalpha())
    if not letters:
        return 0.0
    cjk = sum(1 for c in _CJK.findall(text) if c.isalpha())
    return cjk / letters


def has_cjk(text: str) -> bool:
    """True when ``text`` holds at least one CJK letter."""
    return not text.isascii() and any(c.isalpha() for c in _CJK.findall(text))
