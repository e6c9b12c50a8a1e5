"""Invisible characters: the ``hidden-unicode`` rule and the normalisation every other rule reads.

Flagged: zero-width and bidirectional controls (U+200B-U+200F, U+202A-U+202E, U+2060-U+2064,
U+2066-U+2069), U+FEFF anywhere but the first character, tag characters (U+E0000-U+E007F).
Allowed: U+FEFF as the first character; ZWJ/ZWNJ after a non-ASCII letter, mark or symbol and
not before an ASCII letter or digit (emoji ZWJ sequences, Indic and Persian text); LRM/RLM on
lines with right-to-left text; emoji tag sequences (the England, Scotland and Wales flags).
"""

from __future__ import annotations

import re
import unicodedata

from skillrouter.security.findings import INVISIBLE_RE, Finding, excerpt, finding

_EMOJI_TAG_SEQ_RE = re.compile("\U0001f3f4[\U000e0020-\U000e007e]{1,12}\U000e007f")
_JOINERS = frozenset("\u200c\u200d")
_DIR_MARKS = frozenset("\u200e\u200f")


_WORD_SPLIT_RE = re.compile("(?<=[^\\W\\d_])[\u200b\u2060-\u2064\ufeff]+(?=[^\\W\\d_])")


def split_word_lines(text: str) -> set[int]:
    """The lines where an invisible character sits inside a word (密\u200b钥, "ke\u200by"): no
    reader sees it, and a keyword filter no longer finds the word it splits."""
    return {text.count("\n", 0, m.start()) + 1 for m in _WORD_SPLIT_RE.finditer(text)}


def _visible_neighbour(ch: str) -> bool:
    return ord(ch) > 0x7F and (unicodedata.category(ch)[0] in "LMS" or ch == "\ufe0f")


def hidden_unicode(relpath: str, text: str) -> list[Finding]:
    """One ``hidden-unicode`` finding per line holding a character that hides text."""
    if not INVISIBLE_RE.search(text):
        return []
    allowed = {i for m in _EMOJI_TAG_SEQ_RE.finditer(text) for i in range(m.start(), m.end())}
    findings: list[Finding] = []
    seen_lines: set[int] = set()
    for m in INVISIBLE_RE.finditer(text):
        pos, ch = m.start(), m.group()
        if pos in allowed or (ch == "\ufeff" and pos == 0):
            continue
        line_start = text.rfind("\n", 0, pos) + 1
        line_end = text.find("\n", pos)
        line = text[line_start : line_end if line_end != -1 else len(text)]
        if (
            ch in _JOINERS
            and pos > 0
            and _visible_neighbour(text[pos - 1])
            and not (pos + 1 < len(text) and text[pos + 1].isascii() and text[pos + 1].isalnum())
        ):
            continue  # emoji ZWJ sequences, Indic (chillu) and Persian joiners
        if ch in _DIR_MARKS and any(unicodedata.bidirectional(c) in ("R", "AL") for c in line):
            continue
        lineno = text.count("\n", 0, pos) + 1
        if lineno not in seen_lines:
            seen_lines.add(lineno)
            findings.append(finding("hidden-unicode", relpath, lineno, excerpt(line, pos - line_start)))
    return findings


_TAG_RUN_RE = re.compile("[\U000e0020-\U000e007e]{8,}")
_WORD_RE = re.compile(r"[A-Za-z]{2,}")


def tag_smuggled(relpath: str, text: str) -> list[Finding]:
    """Text spelled in Unicode tag characters (U+E0020-U+E007E, each an invisible copy of an ASCII
    one), outside the flags' tag sequences: nothing shows it to a person and a model reads it, so
    words hidden that way are an instruction smuggled past the reader (``prompt-injection``,
    dangerous by itself, whatever they say), one finding per run, with what it reads."""
    if not _TAG_RUN_RE.search(text):
        return []
    allowed = {i for m in _EMOJI_TAG_SEQ_RE.finditer(text) for i in range(m.start(), m.end())}
    out: list[Finding] = []
    for m in _TAG_RUN_RE.finditer(text):
        if m.start() in allowed:
            continue
        hidden = "".join(chr(ord(c) - 0xE0000) for c in m.group())
        if len(_WORD_RE.findall(hidden)) < 2:
            continue
        lineno = text.count("\n", 0, m.start()) + 1
        why = f"text hidden in invisible Unicode tag characters reads: {hidden[:160]!r}"
        out.append(finding("prompt-injection", relpath, lineno, excerpt(hidden), why=why))
    return out


def normalise(text: str) -> str:
    """Invisible characters removed and NFKC applied; line breaks (hence line numbers) kept."""
    return unicodedata.normalize("NFKC", INVISIBLE_RE.sub("", text))


def lower_aligned(norm: str) -> str:
    """``norm.lower()`` with the same length (a few characters lower-case to two)."""
    lower = norm.lower()
    if len(lower) != len(norm):
        lower = "".join(c if len(c.lower()) != 1 else c.lower() for c in norm)
    return lower
