"""Word gates: which blocks a lexicon pattern is worth trying on, without running it.

A :class:`Pattern` is a regular expression with a :data:`Gate`, an AND of OR-groups of
lower-case words; a pattern is only tried on a block whose lines hold a word of every group.
Every match of the pattern contains such words, so a gate changes no result: it keeps the
regular expressions off the text that cannot match. :class:`WordIndex` answers which lines
hold a word with ``str.find``, never a regular expression.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

Gate = tuple[tuple[str, ...], ...]


def rx(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled case-insensitively (every lexicon pattern is)."""
    return re.compile(pattern, re.IGNORECASE)


@dataclass(frozen=True, eq=False)
class Pattern:
    rx: re.Pattern[str]
    gate: Gate


def pattern(regex: str, *gate: tuple[str, ...]) -> Pattern:
    """A :class:`Pattern` of ``regex`` (case-insensitive) behind ``gate``'s word groups."""
    return Pattern(rx(regex), gate)


class WordIndex:
    """Which lines of a lower-case text hold a word: ``str.find`` on demand, never a regex.

    Words never hold whitespace (a word in a gate lies within one line).
    """

    def __init__(self, lower: str, first_line: int = 1) -> None:
        self.lower = lower
        self.first_line = first_line
        self.last_line = first_line + lower.count("\n")
        self._lines: dict[str, list[int]] = {}
        self._vocabulary: str | None = None

    def present(self, words: tuple[str, ...]) -> list[str]:
        """Those of ``words`` that occur in the text, looked for among its distinct
        whitespace-separated words (a shorter string than the text; no word holds whitespace)."""
        if self._vocabulary is None:
            self._vocabulary = " ".join(set(self.lower.split()))
        vocabulary = self._vocabulary
        return [w for w in words if w in vocabulary]

    def lines(self, word: str) -> list[int]:
        """The lines holding ``word``, in order."""
        found = self._lines.get(word)
        if found is None:
            found = []
            lower = self.lower
            line, last = self.first_line, 0
            pos = lower.find(word)
            while pos != -1:
                line += lower.count("\n", last, pos)
                found.append(line)
                last = lower.find("\n", pos)
                if last == -1:
                    break
                pos = lower.find(word, last + 1)
                line += 1
                last += 1
            self._lines[word] = found
        return found

    def passes(self, gate: Gate) -> bool:
        """Whether the text holds a word of every group of ``gate``."""
        return all(any(w in self.lower for w in group) for group in gate)
