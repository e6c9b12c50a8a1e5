"""Schema-Guided Dialogue as routing data (``../shared/data/sgd``).

``skills.jsonl``: one ``{name, description}`` per service intent (``restaurants-1-findrestaurants``:
the service ``Restaurants_1`` and its intent ``FindRestaurants``), 68 in all. ``dialogues.jsonl``:
14,272 real multi-domain dialogues (the train and dev splits): ``{id, split, services, turns}``,
each user turn with ``gold`` (the active intent's skill(s), ``[]`` when none) and ``kind``
(``first``, ``follow-up``, ``shift``, ``none``); system turns are kept as context.

**Intent-level gold.** Several services offer the same intent (``banks-1-checkbalance`` and
``banks-2-checkbalance``), and a user's first words cannot tell which service the dialogue was
collected on, so :func:`intent_gold` counts every skill of the same domain and intent as right.

**Held-out domains.** :data:`HELD_OUT_DOMAINS` are never used to choose anything (a third of
the 17 domains, taken by a hash of their names, with every service of each): what is tuned on
SGD is tuned on the other domains' dialogues, and reported on these.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from skillrouter.eval.datasets.model import Query, Tool
from skillrouter.eval.datasets.reading import _read_jsonl, _require_file, _text

from skillrouter.errors import DatasetFormatError

__all__ = [
    "HELD_OUT_DOMAINS",
    "SgdData",
    "SgdDialogue",
    "SgdTurn",
    "domain_of",
    "first_turns",
    "intent_gold",
    "intent_of",
    "load_sgd",
]

TurnKind = Literal["first", "follow-up", "shift", "none"]
_KINDS = ("first", "follow-up", "shift", "none")
_SERVICE_NUMBER = re.compile(r"-\d+-")


def intent_of(name: str) -> str:
    """``restaurants-1-findrestaurants`` -> ``restaurants-findrestaurants`` (the service's number
    taken out)."""
    return _SERVICE_NUMBER.sub("-", name, count=1)


def domain_of(name: str) -> str:
    """The domain of a skill (``restaurants-1-findrestaurants``) or service (``Restaurants_1``):
    ``restaurants``."""
    return re.split(r"[-_]", name, maxsplit=1)[0].lower()


def _held_out(domains: Iterable[str]) -> frozenset[str]:
    ranked = sorted(set(domains), key=lambda d: hashlib.sha256(d.encode()).hexdigest())
    return frozenset(ranked[::3])


_DOMAINS = (
    "alarm",
    "banks",
    "buses",
    "calendar",
    "events",
    "flights",
    "homes",
    "hotels",
    "media",
    "movies",
    "music",
    "rentalcars",
    "restaurants",
    "ridesharing",
    "services",
    "travel",
    "weather",
)
HELD_OUT_DOMAINS: frozenset[str] = _held_out(_DOMAINS)
"""The domains nothing is tuned on (see the module docstring)."""


@dataclass(frozen=True)
class SgdTurn:
    speaker: Literal["user", "system"]
    text: str
    gold: tuple[str, ...] = ()
    kind: TurnKind | None = None  # user turns only


@dataclass(frozen=True)
class SgdDialogue:
    id: str
    split: str
    services: tuple[str, ...]
    turns: tuple[SgdTurn, ...]

    @property
    def domains(self) -> frozenset[str]:
        return frozenset(domain_of(s) for s in self.services)

    @property
    def held_out(self) -> bool:
        """Whether any of its services is of a held-out domain (such dialogues are never tuned on)."""
        return bool(self.domains & HELD_OUT_DOMAINS)


@dataclass(frozen=True)
class SgdData:
    tools: list[Tool]
    dialogues: list[SgdDialogue]


def load_sgd(folder: str | Path) -> SgdData:
    """The skills and dialogues of the SGD folder (see the module docstring). A bad line raises
    :class:`DatasetFormatError` naming ``file:line`` and the field."""
    folder = Path(folder)
    skills_file = _require_file(folder / "skills.jsonl")
    tools = [
        Tool(
            _text(r.get("name"), skills_file, line, "name"),
            _text(r.get("description"), skills_file, line, "description"),
        )
        for line, r in _read_jsonl(skills_file)
    ]
    known = {t.name for t in tools}
    dialogues_file = _require_file(folder / "dialogues.jsonl")
    dialogues = []
    for line, record in _read_jsonl(dialogues_file):
        turns = record.get("turns")
        if not isinstance(turns, list) or not turns:
            raise DatasetFormatError(dialogues_file, "must be a non-empty list", line=line, field="turns")
        parsed = []
        for i, turn in enumerate(turns):
            where = f"turns[{i}]"
            if not isinstance(turn, dict):
                raise DatasetFormatError(dialogues_file, "must be an object", line=line, field=where)
            speaker = turn.get("speaker")
            text = _text(turn.get("text"), dialogues_file, line, f"{where}.text")
            if speaker == "system":
                parsed.append(SgdTurn("system", text))
                continue
            if speaker != "user":
                raise DatasetFormatError(
                    dialogues_file,
                    f"must be 'user' or 'system', got {speaker!r}",
                    line=line,
                    field=f"{where}.speaker",
                )
            kind = turn.get("kind")
            if kind not in _KINDS:
                raise DatasetFormatError(
                    dialogues_file,
                    f"must be one of {', '.join(_KINDS)}, got {kind!r}",
                    line=line,
                    field=f"{where}.kind",
                )
            gold = turn.get("gold")
            if not isinstance(gold, list) or any(g not in known for g in gold):
                raise DatasetFormatError(
                    dialogues_file, "must list skills of skills.jsonl", line=line, field=f"{where}.gold"
                )
            parsed.append(SgdTurn("user", text, tuple(gold), kind))
        services = record.get("services") or []
        dialogues.append(
            SgdDialogue(
                str(record.get("id", line)), str(record.get("split", "")), tuple(services), tuple(parsed)
            )
        )
    return SgdData(tools, dialogues)


def intent_gold(gold: Sequence[str], tools: Sequence[Tool]) -> tuple[str, ...]:
    """Every skill of the same domain and intent as one of ``gold`` (see the module docstring)."""
    wanted = {intent_of(g) for g in gold}
    return tuple(t.name for t in tools if intent_of(t.name) in wanted)


def first_turns(
    data: SgdData, *, held_out: bool | None = None, sample: int | None = None, seed: int = 0
) -> list[Query]:
    """The first user turn of each dialogue as a query with intent-level gold, ``meta`` naming the
    dialogue and its services; ``held_out``: only dialogues of held-out domains (True), only the
    others (False), or all (None); ``sample``: that many, chosen with ``seed``."""
    out = []
    for dialogue in data.dialogues:
        if held_out is not None and dialogue.held_out != held_out:
            continue
        turn = next((t for t in dialogue.turns if t.speaker == "user"), None)
        if turn is None or turn.kind != "first" or not turn.gold:
            continue
        meta = {"dialogue": dialogue.id, "services": list(dialogue.services), "split": "first"}
        out.append(Query(turn.text, intent_gold(turn.gold, data.tools), meta))
    if sample is not None and sample < len(out):
        out = [out[i] for i in sorted(random.Random(seed).sample(range(len(out)), sample))]
    return out
