"""The blind requests as a task stream, in one language: ``--dataset blind-zh`` / ``blind-en``.

Every request written blind for the suite (``eval/data/blind``, see its ``HOW_WRITTEN*.md``: the
writers saw a user's need, never a skill) whose label names exactly one skill, its *kind* being
that skill (``library:name``, as labelled against the whole library):

- ``zh``: the Chinese and the mixed Chinese/English requests (``zh_requests.jsonl``,
  ``mixed_requests.jsonl``; Hermes, antigravity and clawhub-sample), and the Chinese dialogues
  (``conversations.jsonl``): a follow-up's turns joined into one request (the task it states,
  a turn at a time), a shift's last turn (the new request, stated in full);
- ``en``: the English blind requests of ``hermes_tasks.jsonl`` and ``antigravity_tasks.jsonl``
  (the same briefs as the Chinese ones, so the same kinds; clawhub-sample has none) and the
  English dialogues, taken the same way;
- ``zh-en``: both, so a kind's requests come in either language (a Chinese developer who
  writes either way): drafts are compared with skills written in the other language too.

A kind holds two or three requests at most (one per brief and form), so a stream over them
measures what happens to the second request of a kind: routed to the skill the first made,
offered to it as a merge, or a duplicate; not a long life (MetaTool's stream does that). No
request was written for this stream, and none was read off a skill's text.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from skillrouter.eval.datasets import Query

__all__ = ["BLIND_DATASETS", "BLIND_LANGS", "BlindLang", "blind_stream_queries"]

BlindLang = Literal["zh", "en", "zh-en"]
BLIND_LANGS: tuple[BlindLang, ...] = ("zh", "en", "zh-en")
BLIND_DATASETS: dict[str, BlindLang] = {f"blind-{lang}": lang for lang in BLIND_LANGS}
"""``skillrouter eval evolution --dataset`` names: ``blind-zh``, ``blind-en``, ``blind-zh-en``."""

DATA = Path(__file__).resolve().parents[1] / "data"
_LIBRARIES = ("hermes", "antigravity", "clawhub")


def _jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def _kind(library: str, gold: list[str]) -> tuple[str, ...]:
    return (f"{library}:{gold[0]}",) if len(gold) == 1 else ()


def blind_stream_queries(lang: BlindLang, data: Path = DATA) -> list[Query]:
    """The blind requests in ``lang`` whose label names one skill, each with that skill as its
    only gold (``library:name``) and ``meta`` saying where it came from (``form``: ``zh``,
    ``mixed``, ``en``, ``follow-up`` or ``shift``; ``lang``: ``zh`` or ``en``; ``id``: its brief)."""
    if lang not in BLIND_LANGS:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(BLIND_LANGS)}")
    if lang == "zh-en":
        return blind_stream_queries("zh", data) + blind_stream_queries("en", data)
    blind = data / "blind"
    out: list[Query] = []
    if lang == "zh":
        texts = {
            (row["id"], form): row["query"]
            for form in ("zh", "mixed")
            for row in _jsonl(blind / f"{form}_requests.jsonl")
        }
        for row in _jsonl(blind / "zh_labels.jsonl"):
            gold = _kind(row["library"], row["gold"])
            if gold and not row.get("drop") and row["library"] in _LIBRARIES:
                out.append(
                    Query(
                        texts[(row["id"], row["file"])],
                        gold,
                        {"form": row["file"], "lang": "zh", "id": row["id"]},
                    )
                )
    else:
        for library in ("hermes", "antigravity"):
            for row in _jsonl(data / f"{library}_tasks.jsonl"):
                gold = _kind(library, row["gold"])
                if gold and row.get("origin") == "blind":
                    out.append(
                        Query(row["query"], gold, {"form": "en", "lang": "en", "id": row.get("id", "")})
                    )
    labels = {(row["id"], row["kind"]): row for row in _jsonl(blind / "conversation_labels.jsonl")}
    for row in _jsonl(blind / "conversations.jsonl"):
        label = labels[(row["id"], row["kind"])]
        gold = _kind(label["library"], label["gold"])
        if row["lang"] != lang or label.get("drop") or not gold:
            continue
        text = "\n".join(row["turns"]) if row["kind"] == "follow-up" else row["turns"][-1]
        out.append(Query(text, gold, {"form": row["kind"], "lang": lang, "id": row["id"]}))
    return out
