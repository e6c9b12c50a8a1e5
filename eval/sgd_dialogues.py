"""SGD's dialogues routed turn by turn, as a user routes them, and scored by kind of turn.

Every user turn of a dialogue is routed with ``SkillLibrary.route_many(..., contexts=...)``, its
context the dialogue's turns before it (user and assistant), over SGD's 68 service intents
imported as one library (and fitted, as every import is). Only dialogues that touch a held-out
domain (:data:`skillrouter.eval.datasets.sgd.HELD_OUT_DOMAINS`: nothing in skillrouter was fitted
on them) are scored, and of them every turn whose gold is in a held-out domain and every
no-intent turn. Per kind of turn:

- ``first``, ``follow-up``, ``shift``: P@1 of the route's first candidate (intent-level gold);
- ``follow-up routed``, ``shift routed``: the share routed (``matched``) to a right skill: what
  the conversation does with the turn;
- ``stuck``: the shifts routed to the previous turn's skill (among shifts whose previous turn
  had another skill);
- ``none``: the no-intent turns ("no, that's all, thanks") that route to no skill.

Beside them, the plain dense baseline (MiniLM over "name: description", never abstaining) on the
message alone and on the user's turns joined.
"""

from __future__ import annotations

import random
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np
from skillrouter.embeddings import Embedder
from skillrouter.embeddings.base import embed_queries
from skillrouter.eval.conversation import text_table
from skillrouter.eval.datasets.sgd import (
    HELD_OUT_DOMAINS,
    SgdData,
    SgdDialogue,
    domain_of,
    intent_gold,
    load_sgd,
)

from skillrouter import Store
from skillrouter.library import SkillLibrary
from skillrouter.routing.conversation import with_context

__all__ = [
    "KINDS",
    "Labelled",
    "Turn",
    "add_counts",
    "count",
    "evaluate_sgd_dialogues",
    "held_out_turns",
    "sgd_table",
]

KINDS = ("first", "follow-up", "shift", "none")


@dataclass(frozen=True)
class Turn:
    """One user turn as it is scored: its kind, exact and intent-level gold."""

    kind: str
    exact: tuple[str, ...]
    gold: frozenset[str]


class Labelled(Protocol):
    """What :func:`count` reads of a turn (a :class:`Turn`, or a benchmark's routed row)."""

    @property
    def kind(self) -> str: ...
    @property
    def exact(self) -> tuple[str, ...]: ...
    @property
    def gold(self) -> frozenset[str]: ...


def count(
    turns: Sequence[Labelled],
    tops: Sequence[str | None],
    matched: Sequence[str | None],
    *,
    held_out: bool = True,
) -> dict[str, Any]:
    """The numbers of one dialogue's turns (see the module docstring): per kind ``[right, of]``,
    and ``stuck`` (``held_out``: only turns whose gold is of a held-out domain, and every
    no-intent turn; else every turn)."""
    out: dict[str, Any] = {k: [0, 0] for k in (*KINDS, "follow-up routed", "shift routed", "stuck")}
    for j, (turn, top, pick) in enumerate(zip(turns, tops, matched)):
        if held_out and turn.kind != "none" and not ({domain_of(g) for g in turn.exact} & HELD_OUT_DOMAINS):
            continue
        if turn.kind == "none":
            out["none"][0] += pick is None
            out["none"][1] += 1
            continue
        out[turn.kind][0] += top in turn.gold
        out[turn.kind][1] += 1
        if turn.kind != "first":
            out[f"{turn.kind} routed"][0] += pick in turn.gold
            out[f"{turn.kind} routed"][1] += 1
        previous = turns[j - 1].gold if j else frozenset()
        if turn.kind == "shift" and previous and not (previous & turn.gold):
            out["stuck"][0] += pick in previous
            out["stuck"][1] += 1
    return out


def add_counts(total: dict[str, Any], part: dict[str, Any]) -> None:
    """Adds :func:`count`'s ``part`` into ``total``."""
    for key, (right, of) in part.items():
        total.setdefault(key, [0, 0])
        total[key][0] += right
        total[key][1] += of


def shares(total: dict[str, Any]) -> dict[str, Any]:
    """``{kind: {"share": right / of, "n": of}}``."""
    return {k: {"share": (r / n if n else None), "n": n} for k, (r, n) in total.items()}


def held_out_turns(data: SgdData, sample: int, seed: int = 0) -> list[SgdDialogue]:
    """``sample`` dialogues that touch a held-out domain, chosen with ``seed``."""
    held = [d for d in data.dialogues if d.held_out]
    return random.Random(seed).sample(held, min(sample, len(held)))


def _turns(dialogue: SgdDialogue, data: SgdData) -> list[Turn]:
    return [
        Turn(t.kind or "", t.gold, frozenset(intent_gold(t.gold, data.tools)))
        for t in dialogue.turns
        if t.speaker == "user"
    ]


def route_dialogues(
    lib: SkillLibrary, dialogues: Sequence[SgdDialogue], data: SgdData, k: int = 5
) -> dict[str, Any]:
    """Every user turn routed with its context through ``lib.route_many`` (see the module
    docstring); the totals."""
    tasks: list[str] = []
    contexts: list[list[dict[str, str]]] = []
    for d in dialogues:
        history: list[dict[str, str]] = []
        for turn in d.turns:
            if turn.speaker == "user":
                tasks.append(turn.text)
                contexts.append(list(history))
            history.append({"role": "user" if turn.speaker == "user" else "assistant", "content": turn.text})
    routes = lib.route_many(tasks, k=k, contexts=contexts)
    total: dict[str, Any] = {}
    at = 0
    for d in dialogues:
        turns = _turns(d, data)
        part = routes[at : at + len(turns)]
        at += len(turns)
        tops = [r.candidates[0].name if r.candidates else None for r in part]
        add_counts(total, count(turns, tops, [r.matched.name if r.matched else None for r in part]))
    return total


def dense(
    lib: SkillLibrary, dialogues: Sequence[SgdDialogue], data: SgdData, *, joined: bool
) -> dict[str, Any]:
    """The plain dense baseline on each user turn alone (or joined to the user's turns before
    it), counted the same way (it never abstains)."""
    skills = lib.list_skills("active")
    names = [s.name for s in skills]
    docs = np.asarray(
        lib.embedder.embed_documents([f"{s.name}: {s.description}" for s in skills]), dtype=np.float32
    )
    texts: list[str] = []
    for d in dialogues:
        users: list[str] = []
        for turn in d.turns:
            if turn.speaker == "user":
                texts.append(with_context(turn.text, users) if joined else turn.text)
                users.append(turn.text)
    top = (embed_queries(lib.embedder, texts) @ docs.T).argmax(axis=1) if texts else np.zeros(0, dtype=int)
    total: dict[str, Any] = {}
    at = 0
    for d in dialogues:
        turns = _turns(d, data)
        picks = [names[i] for i in top[at : at + len(turns)]]
        at += len(turns)
        add_counts(total, count(turns, picks, picks))
    return total


def evaluate_sgd_dialogues(
    data_dir: Path,
    embedder: Embedder,
    *,
    sample: int = 300,
    seed: int = 0,
    k: int = 5,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """SGD's held-out dialogues routed (see the module docstring): ``{"router": ..., "dense_alone":
    ..., "dense_joined": ..., "dialogues": n}``, each ``{kind: {"share", "n"}}``."""
    say = progress or (lambda message: None)
    data = load_sgd(data_dir / "sgd")
    dialogues = held_out_turns(data, sample, seed)
    work = Path(tempfile.mkdtemp(prefix="skillrouter-sgd-"))
    try:
        lib = SkillLibrary(Store(work / "store"), embedder)
        try:
            lib.import_skills([data_dir / "sgd" / "skills.jsonl"], scan=False)
            say(f"SGD: {len(dialogues)} held-out dialogues, routed turn by turn with their context")
            return {
                "dialogues": len(dialogues),
                "router": shares(route_dialogues(lib, dialogues, data, k)),
                "dense_alone": shares(dense(lib, dialogues, data, joined=False)),
                "dense_joined": shares(dense(lib, dialogues, data, joined=True)),
            }
        finally:
            lib.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def sgd_table(result: dict[str, Any], *, markdown: bool = False) -> str:
    """One line per kind of turn: router | dense alone | dense joined."""
    header = ["SGD held-out turns", "n", "router (context)", "dense MiniLM alone", "dense MiniLM joined"]
    lines = []
    for kind, label in (
        ("first", "first P@1"),
        ("follow-up", "follow-up P@1"),
        ("follow-up routed", "follow-ups routed to a right skill"),
        ("shift", "shift P@1"),
        ("shift routed", "shifts routed to a right skill"),
        ("stuck", "shifts stuck on the previous skill"),
        ("none", "no-intent turns routed to none"),
    ):
        cells = [label, str(result["router"][kind]["n"])]
        for key in ("router", "dense_alone", "dense_joined"):
            value = result[key][kind]["share"]
            cells.append("-" if value is None else f"{value:.3f}")
        lines.append(cells)
    return text_table(header, lines, markdown=markdown)
