"""Conversation rows: a follow-up routed with its conversation, an intent shift routed anew.

The dialogues are ``eval/data/blind/conversations.jsonl`` (200, written blind: see
``blind/HOW_WRITTEN_ZH.md``), their gold ``blind/conversation_labels.jsonl`` (``drop: true``
rows left out; ``blind/VERIFY_ZH.md``). Each is the user's turns, oldest first, the last one the
message to route:

- ``follow-up`` (120, half English, half Chinese): turn 1 is a vague request, the last turn a
  slot value or a correction that states no task by itself ("my plate is Yue B67890"). Gold is
  the request's skill.
- ``shift`` (80): the user drops request A ("ok forget that. Different thing: ...") and states
  request B in full. Gold is B's skill (or none); A's skill, from ``blind/zh_labels.jsonl`` (the
  same brief's label), is where a route must not stay.

One library holds every skill a dialogue can name, so that a shift's old skill is there to be
stuck on: Hermes Agent's 177, antigravity's 540 and clawhub-sample's English 791 (``en/``; its
``<author>/<slug>`` labels mapped to the names the importer gives), 1,504 skills after names
taken twice are skipped. Each dialogue is routed three ways through ``SkillLibrary.route_many``:

- ``message``: the last turn alone (what a router that ignores the conversation does);
- ``joined``: every user turn joined, one per line (the naive fix);
- ``context``: the last turn with the earlier ones as ``context=`` (the conversation model of
  :mod:`skillrouter.routing.conversation`);

and the plain dense baseline (:func:`skillrouter.eval.baseline.dense_baseline`: cosine of
``"name: description"``) is scored on the message and on the joined text with the library's model
and, for dialogues in Chinese, with multilingual-e5-small. Per kind and language: P@1 over the
answerable dialogues, decision accuracy (the routed skill is gold, or none is routed when none
fits) and, for shifts, ``stuck``: the share routed to request A's skill, over the shifts whose A
has a labelled skill that is not also B's.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from skillrouter.embeddings import Embedder, limit_threads
from skillrouter.eval.baseline import dense_baseline
from skillrouter.eval.datasets import Query
from skillrouter.eval.loading import load_library
from skillrouter.eval.routing import EmbedderSpec, make_embedder

from skillrouter import SkillRouterError, Store
from skillrouter.library import SkillLibrary
from skillrouter.routing.router import Route

__all__ = [
    "BLIND",
    "CONVERSATION_LIBRARIES",
    "Dialogue",
    "conversation_table",
    "evaluate_conversations",
    "load_dialogues",
]

BLIND = Path(__file__).parent / "data" / "blind"

CONVERSATION_LIBRARIES = ("hermes-agent-0.19.0", "antigravity-awesome-skills", "clawhub-sample/en")
"""The libraries under ``skill-libraries/`` that the conversation rows route over, together."""

VARIANTS = ("message", "joined", "context")
KINDS = ("follow-up", "shift")
LANGS = ("en", "zh")


@dataclass(frozen=True)
class Dialogue:
    id: str
    kind: str
    lang: str
    turns: tuple[str, ...]  # the user's turns, oldest first; the last is the message to route
    gold: tuple[str, ...]
    previous: tuple[str, ...] = ()  # a shift's: the skills of the request the user dropped

    @property
    def message(self) -> str:
        return self.turns[-1]

    @property
    def context(self) -> list[str]:
        return list(self.turns[:-1])

    @property
    def joined(self) -> str:
        return "\n".join(self.turns)


def _jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def load_dialogues(clawhub_names: dict[str, str] | None = None, folder: Path = BLIND) -> list[Dialogue]:
    """The labelled dialogues, dropped ones left out; clawhub ``<author>/<slug>`` gold mapped
    through ``clawhub_names`` (a folder the library does not hold is left out of the gold)."""

    def names(library: str, gold: Sequence[str]) -> tuple[str, ...]:
        if library != "clawhub" or clawhub_names is None:
            return tuple(gold)
        return tuple(dict.fromkeys(clawhub_names[g] for g in gold if g in clawhub_names))

    labels = {row["id"]: row for row in _jsonl(folder / "conversation_labels.jsonl")}
    briefs = {row["id"]: row for row in _jsonl(folder / "zh_labels.jsonl") if row["file"] == "zh"}
    out = []
    for row in _jsonl(folder / "conversations.jsonl"):
        label = labels.get(row["id"])
        if label is None:
            raise SkillRouterError(
                f"{folder / 'conversation_labels.jsonl'}: no label for dialogue {row['id']}"
            )
        if label.get("drop"):
            continue
        previous: tuple[str, ...] = ()
        if row["kind"] == "shift":
            brief = briefs[row["id"]]  # a shift's id is request A's brief
            previous = names(brief["library"], brief["gold"])
        out.append(
            Dialogue(
                row["id"],
                row["kind"],
                row["lang"],
                tuple(row["turns"]),
                names(label["library"], label["gold"]),
                previous,
            )
        )
    return out


def clawhub_folder_names(root: Path) -> dict[str, str]:
    """``<author>/<slug>`` -> the name the importer gives the skill in that folder (the first
    of two folders of one name is the one imported, as :func:`load_library` skips the second)."""
    from skillrouter.transfer.report import ImportReport
    from skillrouter.transfer.sources import read_sources

    base = root.resolve()
    out: dict[str, str] = {}
    taken: set[str] = set()
    with ExitStack() as stack:
        for _, candidates in read_sources([base], ImportReport(), stack):
            for cand in candidates:
                folder = Path(cand.path).resolve().parent.relative_to(base).as_posix()
                if cand.skill.name not in taken:
                    out[folder] = cand.skill.name
                    taken.add(cand.skill.name)
    return out


# ---------------------------------------------------------------- scoring


@dataclass
class Scored:
    """One variant's answer for one dialogue: candidates best first, and what was routed."""

    ranked: tuple[str, ...]
    matched: str | None
    context_used: bool = False


def _score(dialogues: Sequence[Dialogue], answers: Sequence[Scored]) -> dict[str, Any]:
    answerable = [(d, a) for d, a in zip(dialogues, answers) if d.gold]
    shifted = [(d, a) for d, a in zip(dialogues, answers) if d.previous and not set(d.previous) & set(d.gold)]
    out: dict[str, Any] = {
        "n": len(dialogues),
        "n_answerable": len(answerable),
        "p_at_1": _share(bool(a.ranked) and a.ranked[0] in d.gold for d, a in answerable),
        "decision_accuracy": _share(
            (a.matched in d.gold) if d.gold else a.matched is None for d, a in zip(dialogues, answers)
        ),
        "context_used": _share(a.context_used for a in answers),
    }
    if shifted:
        out["n_stuck_possible"] = len(shifted)
        out["stuck"] = _share(a.matched in d.previous for d, a in shifted)
    return out


def _share(flags: Any) -> float | None:
    values = [bool(f) for f in flags]
    return sum(values) / len(values) if values else None


def _from_route(route: Route) -> Scored:
    return Scored(
        tuple(c.name for c in route.candidates),
        route.matched.name if route.matched else None,
        bool(getattr(route, "context_used", False)),
    )


class _Viewed:
    """``lib`` seen through another embedder, for the dense baseline with a second model."""

    def __init__(self, lib: SkillLibrary, embedder: Embedder) -> None:
        self._lib, self.embedder = lib, embedder

    def __getattr__(self, name: str) -> Any:
        return getattr(self._lib, name)


def _dense(
    lib: Any, dialogues: Sequence[Dialogue], text: Callable[[Dialogue], str], k: int
) -> dict[str, Any]:
    """The plain dense baseline's metrics on ``text`` of each dialogue (its own cut, 0.28);
    ``stuck`` is its decision accuracy against request A's skills."""
    model = cast(SkillLibrary, lib)
    m = dense_baseline(model, [Query(text(d), d.gold) for d in dialogues], k=k)
    out: dict[str, Any] = {
        "n": len(dialogues),
        "n_answerable": m["n_answerable"],
        "p_at_1": m["p_at_1"],
        "decision_accuracy": m["decision_accuracy"],
    }
    shifted = [d for d in dialogues if d.previous and not set(d.previous) & set(d.gold)]
    if shifted:
        out["n_stuck_possible"] = len(shifted)
        routed_old = dense_baseline(model, [Query(text(d), d.previous) for d in shifted], k=k)
        out["stuck"] = routed_old["decision_accuracy"]
    return out


def _multilingual(cache_dir: Path | None) -> Embedder:
    from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, MultilingualE5Embedder

    inner = MultilingualE5Embedder()
    if cache_dir is None:
        return inner
    return CachedEmbedder(inner, EmbeddingCache(Path(cache_dir) / "eval-embeddings.db"))


@dataclass
class ConversationRun:
    rows: list[dict[str, Any]] = field(default_factory=list)
    library: dict[str, Any] = field(default_factory=dict)


def evaluate_conversations(
    data: Path,
    *,
    spec: EmbedderSpec | None = None,
    cache_dir: Path | None = None,
    embedder: Embedder | None = None,
    multilingual: Embedder | None = None,
    k: int = 5,
    progress: Callable[[str], None] | None = None,
) -> ConversationRun:
    """Route every dialogue the three ways and score them with both baselines (module docstring).

    ``data`` is the shared data folder; ``multilingual`` (default: multilingual-e5-small) is the
    second baseline's model, for the dialogues in Chinese."""
    limit_threads()
    say = progress or (lambda message: None)
    libraries = data / "skill-libraries"
    paths = [libraries / name for name in CONVERSATION_LIBRARIES]
    missing = [str(p) for p in paths if not p.is_dir()]
    if missing:
        raise SkillRouterError(f"the conversation rows need {', '.join(missing)}: pass --data DIR")
    dialogues = load_dialogues(clawhub_folder_names(libraries / "clawhub-sample" / "en"))
    work = Path(tempfile.mkdtemp(prefix="skillrouter-conv-"))
    try:
        emb = embedder if embedder is not None else make_embedder(spec or EmbedderSpec(), cache_dir)
        lib = SkillLibrary(Store(work / "store"), emb)
        try:
            say(f"library of {', '.join(CONVERSATION_LIBRARIES)}")
            report = load_library(lib, paths)
            known = set(lib.names())
            say(f"{len(known)} skills; indexing")
            lib.sync()
            dialogues = [
                Dialogue(d.id, d.kind, d.lang, d.turns, tuple(g for g in d.gold if g in known), d.previous)
                for d in dialogues
            ]
            say(f"routing {len(dialogues)} dialogues three ways")
            answers = {
                "message": [_from_route(r) for r in lib.route_many([d.message for d in dialogues], k=k)],
                "joined": [_from_route(r) for r in lib.route_many([d.joined for d in dialogues], k=k)],
                "context": [
                    _from_route(r)
                    for r in lib.route_many(
                        [d.message for d in dialogues], k=k, contexts=[d.context for d in dialogues]
                    )
                ],
            }
            run = ConversationRun(
                library={
                    "skills": len(known),
                    "skipped": len(report.skipped),
                    "libraries": list(CONVERSATION_LIBRARIES),
                }
            )
            e5: Any = None
            for kind in KINDS:
                for lang in LANGS:
                    rows = [i for i, d in enumerate(dialogues) if d.kind == kind and d.lang == lang]
                    chosen = [dialogues[i] for i in rows]
                    row: dict[str, Any] = {"row": f"{kind} {lang}", "kind": kind, "lang": lang}
                    for name, got in answers.items():
                        row[name] = _score(chosen, [got[i] for i in rows])
                    say(f"{row['row']}: dense baselines")
                    row["dense_message"] = _dense(lib, chosen, lambda d: d.message, k)
                    row["dense_joined"] = _dense(lib, chosen, lambda d: d.joined, k)
                    if lang == "zh":
                        e5 = e5 or _Viewed(lib, multilingual or _multilingual(cache_dir))
                        row["e5_message"] = _dense(e5, chosen, lambda d: d.message, k)
                        row["e5_joined"] = _dense(e5, chosen, lambda d: d.joined, k)
                    run.rows.append(row)
            return run
        finally:
            lib.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


_COLUMNS = (
    ("message", "message"),
    ("joined", "joined"),
    ("context", "context"),
    ("dense_message", "dense msg"),
    ("dense_joined", "dense joined"),
    ("e5_message", "e5 msg"),
    ("e5_joined", "e5 joined"),
)


def conversation_table(run: ConversationRun, *, markdown: bool = False) -> str:
    """One line per kind and language; per variant ``P@1 / decision accuracy`` and, for shifts,
    the share left on the old request's skill (``stuck``)."""
    header = ["row", "dialogues", *(label for _, label in _COLUMNS), "context used"]
    lines = []
    for row in run.rows:
        cells = [row["row"], str(row["context"]["n"])]
        for key, _ in _COLUMNS:
            m = row.get(key)
            if m is None:
                cells.append("-")
                continue
            cell = f"{_fmt(m['p_at_1'])} / {_fmt(m['decision_accuracy'])}"
            if "stuck" in m:
                cell += f" / stuck {_fmt(m['stuck'])}"
            cells.append(cell)
        cells.append(_fmt(row["context"]["context_used"]))
        lines.append(cells)
    return text_table(header, lines, markdown=markdown)


def text_table(header: Sequence[str], lines: Sequence[Sequence[str]], *, markdown: bool) -> str:
    """A table of text cells: Markdown, or columns padded to their widest cell."""
    if markdown:
        out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        return "\n".join(out + ["| " + " | ".join(c) + " |" for c in lines])
    widths = [max(len(r[i]) for r in [header, *lines]) for i in range(len(header))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in [header, *lines])


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"
