"""Regular expressions compiled when first used.

A fresh ``skillrouter route`` process pays for every pattern its modules compile at import:
Python's ``re`` builds a character set over a large Unicode range (the CJK blocks) or a long
alternation in pure Python, a few milliseconds each, for patterns most routes never use (an
English task never meets the CJK tokenizer; a route never repairs front matter).
:func:`lazy` gives an object that reads as the compiled pattern and compiles on the first
attribute asked of it.
"""

from __future__ import annotations

import re
from typing import Any, cast

__all__ = ["lazy"]


class _LazyPattern:
    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, source: str, flags: int) -> None:
        self._source, self._flags = source, flags
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # copy and pickle ask after these before __init__ ran
            raise AttributeError(name)
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(self._source, self._flags)
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy({self._source!r})"


def lazy(source: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:
    """``re.compile(source, flags)``, compiled when first used (``.pattern`` included)."""
    return cast("re.Pattern[str]", _LazyPattern(source, int(flags)))
