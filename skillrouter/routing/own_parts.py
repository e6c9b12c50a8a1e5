"""The part of each skill's description that is its own: the rest after an opening that other
skills' descriptions share.

Catalogues built from APIs describe each function with the service's sentence and then its own:
SGD's ``"Manage alarms by getting and setting them easily: Set a new alarm."`` beside ``"...:
Get the alarms user has already set."``, an OpenAPI spec's endpoints, an MCP server's tools. The
shared sentence says which service, not which of its skills, and it is most of each Level 0
text, so the skills of one service lie close together and a request for one of them goes to
whichever is nearest by chance. Embedded alone, the sentence that is the skill's own tells them
apart. On every first turn and intent shift of SGD (each message alone; the best of ``"name:
description"`` and the skill's own part against ``"name: description"``; the domains the
conversation model is fitted on / the held-out ones; docs/evaluation/conversations.md): first
turns 0.649 -> 0.765 / 0.762 -> 0.783, shifts 0.521 -> 0.588 / 0.579 -> 0.644.

:func:`own_parts` finds, for a whole library, the sentences (or the side of its one colon) each
description opens with that other skills' descriptions hold too, and returns the rest of the
description for the skills that open so and keep enough of their own to stand alone (three keyword
words). Only the opening is cut: the rest may be another service's words as well (SGD's
``events-1`` and ``events-2`` both "Find events in a given city"), and it is still what tells the
skill from its own service's others.

The index holds it as one more document of the skill (:meth:`SkillLibrary.documents`, a trigger
text: a skill's similarity is its best document's), beside the Level 0 text in whatever form the
library fit chose. The fit does not read it: its pseudo-tasks are the parts of these very
descriptions, so each one's own part is what it holds out, and with the own parts of every other
skill in the evidence the fit on SGD moved from ``"name: description"`` to the description alone
and first turns lost 6 points (held-out dialogues of ``skillrouter eval conversations``: 0.720
against 0.780 with the fit as before). Nothing is chosen here: a library whose descriptions open
with no shared sentence gets no document.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Mapping

from skillrouter.routing.lexical import tokenize

__all__ = ["own_parts", "segments"]

_SENTENCE_END = re.compile(r"(?<=[.!?。！？；;])\s+|(?<=[。！？；])")
_COLON = re.compile(r":\s|：")  # a service's name before its function's; never 08:30 or https://
_EDGES = " \t\n-:;,.。，；：!?！？"
CACHED = 1 << 17
"""Descriptions whose segment keys are kept between calls: a sync of a registry asks again for
every description after each change. Kept as hashes, about 200 bytes a description beside the
string itself (at most some 60 MB at the cap)."""


def segments(description: str) -> list[str]:
    """The sentences of ``description`` (whitespace collapsed), or, for one sentence, the two
    sides of its first colon followed by a space (or a full-width one) when each has two words or
    more; else the description whole."""
    text = " ".join(description.split())
    parts = [p.strip() for p in _SENTENCE_END.split(text) if p.strip(_EDGES)]
    colon = _COLON.search(text) if len(parts) == 1 else None
    if colon is not None:
        head, tail = text[: colon.start()], text[colon.end() :]
        if len(tokenize(head)) >= 2 and len(tokenize(tail)) >= 2:
            parts = [head.strip(), tail.strip()]
    return parts


def _key(part: str) -> str:
    return part.strip(_EDGES).casefold()


@functools.lru_cache(maxsize=CACHED)
def _keys(description: str) -> tuple[int, ...]:
    """A hash of each segment's comparison key (see :data:`CACHED`)."""
    return tuple(hash(_key(p)) for p in segments(description))


def own_parts(descriptions: Mapping[str, str]) -> dict[str, str]:
    """Skill -> its description less the opening other skills share (see the module docstring),
    for the skills whose description opens so and keeps enough of its own."""
    keyed = {name: _keys(text) for name, text in descriptions.items()}
    counts = Counter(key for keys in keyed.values() for key in set(keys))
    out = {}
    for name, keys in keyed.items():
        if len(keys) < 2:
            continue
        # the shared opening, its last sentence kept whatever (another service's twin may share it)
        shared = next((i for i, k in enumerate(keys[:-1]) if counts[k] < 2), len(keys) - 1)
        if shared <= 0:  # it opens with words of its own
            continue
        text = " ".join(segments(descriptions[name])[shared:]).strip(_EDGES)
        if len(tokenize(text)) >= 3:
            out[name] = text
    return out
