"""Trigger evals for skill authors: does the router pick this skill for the requests it is for,
and leave it alone for the near-misses? (``skillrouter eval triggers``)

A trigger set is the Agent Skills convention, a file beside the skill,
``evals/trigger/eval_queries.json``: about twenty queries, half that should trigger the skill and
half near-misses that should not::

    [{"query": "turn this invoice PDF into a spreadsheet", "should_trigger": true}, ...]

Each query is routed by skillrouter's own router against a library with the skill added (a copy
of the user's store, or a fresh store of the libraries it will stand among: :class:`Bench`), as
the agent's router will route it; "triggered" means the route matched the skill (its relevance
passed the gate and ranked first). Per skill (:class:`SkillReport`): recall over the queries that
should trigger it, precision over the queries that did, F1; every query lost (and to which skill,
or to none), every near-miss stolen, and the margin each was decided by (the skill's rank score
less the best other candidate's; the gate reads relevance, which :func:`why_lost` reports).
For a lost query, :func:`why_lost` says what the skill's text
does not cover of it, on the engine that read it, and what the winner's text has: a Chinese query
against an English description says so, and whether ``metadata.triggers`` or
``metadata.description_zh`` would have given the multilingual engine something to match.

``suggest``: candidate trigger phrases drawn from the lost queries (their words the skill's text
does not cover, alone and in pairs), each measured by writing it into the skill's
``metadata.triggers`` in the bench and routing the trigger set again: on the half of the queries
the phrases were drawn from and on the other half (held out). Only phrases that raise F1 on the
half they came from without lowering it on the held-out half are kept.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage
from pydantic import BaseModel

from skillrouter import SkillLibrary
from skillrouter.llm import UnreadableAnswer, ask
from skillrouter.routing.lexical import CJK_RUN, tokenize
from skillrouter.routing.router import Route
from skillrouter.skill import TRIGGERS, Skill, trigger_texts
from skillrouter.skillmd import parse_skill_md

__all__ = [
    "QUERIES_FILE",
    "Bench",
    "QueryResult",
    "SkillReport",
    "Suggestion",
    "TriggerQuery",
    "evaluate_skill",
    "find_skills",
    "load_queries",
    "suggest",
    "why_lost",
]

QUERIES_FILE = Path("evals") / "trigger" / "eval_queries.json"
DEPTH = 10  # candidates read per route: the skill's own place when it lost
MAX_SUGGESTIONS = 6  # candidate phrases measured per skill


@dataclass(frozen=True)
class TriggerQuery:
    query: str
    should_trigger: bool


def load_queries(path: Path) -> list[TriggerQuery]:
    """A trigger set (``[{"query": ..., "should_trigger": true|false}, ...]``); a ValueError
    naming the file and the entry for anything else."""
    try:
        data = json.loads(path.read_text("utf-8"))
    except OSError as err:
        raise ValueError(f"{path}: cannot read the trigger set ({err.strerror or err})") from None
    except json.JSONDecodeError as err:
        raise ValueError(f"{path}: not valid JSON: {err.msg} (line {err.lineno})") from None
    if isinstance(data, dict) and isinstance(data.get("queries"), list):
        data = data["queries"]
    if not isinstance(data, list) or not data:
        raise ValueError(f"{path}: a trigger set is a non-empty list of {{query, should_trigger}} objects")
    out = []
    for i, entry in enumerate(data):
        where = f"{path}[{i}]"
        if not isinstance(entry, dict):
            raise ValueError(f"{where}: expected an object with 'query' and 'should_trigger'")  # noqa: TRY004
        query, should = entry.get("query"), entry.get("should_trigger")
        if not isinstance(query, str) or not query.strip():
            raise ValueError(f"{where}: 'query' must be non-empty text")
        if not isinstance(should, bool):
            raise ValueError(f"{where}: 'should_trigger' must be true or false, got {should!r}")  # noqa: TRY004
        out.append(TriggerQuery(query.strip(), should))
    return out


def find_skills(paths: Sequence[Path]) -> list[Path]:
    """The skill folders ``paths`` name: a folder with a ``SKILL.md`` is one; another folder is
    a library, whose sub-folders with a ``SKILL.md`` are its skills (one level down)."""
    found: list[Path] = []
    for path in paths:
        if (path / "SKILL.md").is_file():
            found.append(path)
        elif path.is_dir():
            inner = sorted(p for p in path.iterdir() if (p / "SKILL.md").is_file())
            if not inner:
                raise ValueError(f"{path}: no SKILL.md in it or in its sub-folders")
            found += inner
        else:
            raise ValueError(f"{path}: not a skill folder (no SKILL.md) nor a folder of skills")
    return found


# ---------------------------------------------------------------- the library the queries meet


def _scratch(store: Path) -> str | None:
    """Where a store's copy goes: a RAM file system (``/dev/shm``) when there is room for twice
    what is copied (thousands of links are made there in milliseconds, on a disk in seconds), else
    the system's temporary folder."""
    shm = Path("/dev/shm")
    if not shm.is_dir() or not os.access(shm, os.W_OK):
        return None
    size = sum(f.stat().st_size for part in store.iterdir() if part.name != "skills" for f in _files(part))
    return str(shm) if shutil.disk_usage(shm).free > 2 * size + (64 << 20) else None


def _ledger_written(store: Path) -> float:
    """When the store's ledger was last written (0: no local ledger, as in team mode)."""
    times = [p.stat().st_mtime for p in store.glob("skillrouter.db*") if p.is_file()]
    return max(times, default=0.0)


def _changed_since(folder: Path, written: float) -> bool:
    """Whether anything in a skill folder changed after the ledger's last write (a hand edit the
    store has not recorded: its refresh would write in that folder)."""
    stack = [str(folder)]
    while stack:
        here = stack.pop()
        info = os.lstat(here)
        if max(info.st_mtime, info.st_ctime) > written:
            return True
        with os.scandir(here) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    stack.append(entry.path)
                    continue
                got = entry.stat(follow_symlinks=False)
                if max(got.st_mtime, got.st_ctime) > written:
                    return True
    return False


def _files(path: Path) -> Iterator[Path]:
    if path.is_file():
        yield path
    elif path.is_dir():
        yield from (f for f in path.rglob("*") if f.is_file())


class Bench:
    """A library to route trigger sets in, thrown away after: a copy of a store or a fresh store
    of the given libraries, with the skills under test added (a skill of the same name replaced:
    the author's version is the one measured). Open with :meth:`of_store` / :meth:`of_paths`."""

    def __init__(self, lib: SkillLibrary, folder: Path) -> None:
        self.lib, self.folder = lib, folder
        self.skills: dict[str, Skill] = {}

    @classmethod
    @contextmanager
    def of_store(cls, store: Path, *, model: str | None = None) -> Iterator[Bench]:
        """A copy of the local store at ``store``: its ledger, indexes and embedding cache copied,
        each skill folder a link to the store's own (read, never written: a skill under test of
        the same name gets a folder of its own first, :meth:`add`; a folder changed since the
        ledger's last write, whose record the copy's refresh would write, is copied instead), so a
        store of thousands of skills is copied in a moment and nothing in it is read again."""
        if not (store / "skills").is_dir():
            raise ValueError(f"{store}: not a skillrouter store (no skills/ folder); give --store or --with")
        with tempfile.TemporaryDirectory(prefix="skillrouter-triggers-", dir=_scratch(store)) as tmp:
            copy = Path(tmp) / "store"
            copy.mkdir()
            for entry in store.iterdir():
                if entry.name == "skills" or entry.name.endswith(".lock"):
                    continue
                if entry.is_dir():
                    shutil.copytree(entry, copy / entry.name, ignore=shutil.ignore_patterns("*.lock"))
                else:
                    shutil.copy2(entry, copy / entry.name)
            (copy / "skills").mkdir()
            written = _ledger_written(store)
            for folder in (store / "skills").iterdir():
                if folder.name.startswith("."):
                    continue
                if _changed_since(folder, written):  # an edit the store has not recorded yet: the
                    # copy's refresh judges it and writes its record there, never in the store
                    shutil.copytree(folder, copy / "skills" / folder.name, symlinks=True)
                else:
                    (copy / "skills" / folder.name).symlink_to(folder.resolve(), target_is_directory=True)
            with SkillLibrary.open(copy, model=model) as lib:
                yield cls(lib, copy)

    @classmethod
    @contextmanager
    def of_paths(cls, libraries: Sequence[Path], *, model: str | None = None) -> Iterator[Bench]:
        """A fresh store holding ``libraries`` (imported as ``skillrouter import`` imports them,
        screened); none: the skills under test alone."""
        with (
            tempfile.TemporaryDirectory(prefix="skillrouter-triggers-") as tmp,
            SkillLibrary.open(Path(tmp) / "store", model=model) as lib,
        ):
            if libraries:
                report = lib.import_skills(list(libraries))
                if report.errors and not (report.added or report.unchanged):
                    raise ValueError(f"{libraries[0]}: nothing could be imported ({report.errors[0]})")
            yield cls(lib, Path(tmp) / "store")

    def add(self, folder: Path) -> Skill:
        """Add (or replace) the skill of ``folder``, read as an import reads it (a real file's
        quirks repaired, a too-long description cut, each repair a warning) and screened."""
        warnings: list[str] = []
        skill_md = folder / "SKILL.md"
        skill = parse_skill_md(
            skill_md.read_bytes(), path=skill_md, fallback_name=folder.name, warnings=warnings
        )
        linked = self.folder / "skills" / skill.name
        if linked.is_symlink():  # the store's own folder: the copy gets one of its own to replace
            target = linked.resolve()
            linked.unlink()
            shutil.copytree(target, linked, symlinks=True)
        stored = self.lib.add(
            skill, replace=skill.name in set(self.lib.names()), files_from=folder, reason="trigger eval"
        )
        self.skills[stored.name] = stored
        return stored

    def rewrite(self, name: str, skill: Skill) -> None:
        """Put ``skill`` in place of the measured skill ``name`` (a suggestion tried)."""
        self.lib.add(skill, replace=True, scan=False)  # only its triggers differ from the screened one
        self.skills[name] = skill

    def route(self, queries: Sequence[str]) -> list[Route]:
        return self.lib.route_many(list(queries), k=DEPTH)


# ---------------------------------------------------------------- one skill's report


@dataclass
class QueryResult:
    query: str
    should_trigger: bool
    triggered: bool
    routed: str | None  # the skill the route matched (None: none passed the gate)
    margin: float | None  # own rank score less the best other candidate's (None: not in the first DEPTH)
    engine: str
    why: dict[str, Any] | None = None  # for a lost query: why_lost

    @property
    def right(self) -> bool:
        return self.triggered == self.should_trigger


@dataclass
class Suggestion:
    phrase: str  # a trigger phrase, or (kind "description") a whole new description
    f1_fit: float
    f1_held_out: float
    base_fit: float
    base_held_out: float
    kind: str = "trigger"


@dataclass
class SkillReport:
    name: str
    path: str
    status: str
    queries: list[QueryResult]
    suggestions: list[Suggestion] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def counts(self) -> dict[str, int]:
        c = Counter((q.should_trigger, q.triggered) for q in self.queries)
        return {"tp": c[True, True], "fn": c[True, False], "fp": c[False, True], "tn": c[False, False]}

    @property
    def recall(self) -> float | None:
        c = self.counts
        return c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else None

    @property
    def precision(self) -> float | None:
        c = self.counts
        return c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else None

    @property
    def f1(self) -> float:
        return _f1(self.queries)

    @property
    def lost(self) -> list[QueryResult]:
        return [q for q in self.queries if q.should_trigger and not q.triggered]

    @property
    def stolen(self) -> list[QueryResult]:
        return [q for q in self.queries if not q.should_trigger and q.triggered]

    def to_dict(self) -> dict[str, Any]:
        def r(x: float | None) -> float | None:
            return None if x is None else round(x, 4)

        return {
            "skill": self.name,
            "path": self.path,
            "status": self.status,
            "recall": r(self.recall),
            "precision": r(self.precision),
            "f1": r(self.f1),
            **self.counts,
            "lost": [asdict(q) for q in self.lost],
            "stolen": [asdict(q) for q in self.stolen],
            "queries": [asdict(q) for q in self.queries],
            "suggestions": [asdict(s) for s in self.suggestions],
            "seconds": round(self.seconds, 3),
        }


def _f1(results: Sequence[QueryResult]) -> float:
    tp = sum(q.should_trigger and q.triggered for q in results)
    fp = sum(not q.should_trigger and q.triggered for q in results)
    fn = sum(q.should_trigger and not q.triggered for q in results)
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0


def _result(name: str, query: TriggerQuery, route: Route) -> QueryResult:
    routed = route.matched.name if route.matched is not None else None
    own = next((c for c in route.candidates if c.name == name), None)
    others = [c.score for c in route.candidates if c.name != name]
    margin = None if own is None else own.score - (max(others) if others else 0.0)
    return QueryResult(query.query, query.should_trigger, routed == name, routed, margin, route.engine)


def evaluate_skill(bench: Bench, name: str, queries: Sequence[TriggerQuery], path: str = "") -> SkillReport:
    """Route ``queries`` in ``bench`` and report on skill ``name`` (its lost queries explained)."""
    started = time.perf_counter()
    routes = bench.route([q.query for q in queries])
    results = [_result(name, q, r) for q, r in zip(queries, routes, strict=True)]
    skill = bench.skills[name]
    for result, route in zip(results, routes, strict=True):
        if result.should_trigger and not result.triggered:
            result.why = why_lost(bench, skill, result, route)
    found = bench.lib.summaries([name]).get(name)
    status = found.status if found is not None else "missing"
    return SkillReport(name, path, status, results, seconds=time.perf_counter() - started)


# ---------------------------------------------------------------- why a query went elsewhere

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9+#.-]*|[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+")


def _own_text(skill: Skill) -> str:
    return " ".join([skill.name.replace("-", " "), skill.description, *trigger_texts(skill.metadata)])


def uncovered_words(query: str, text: str) -> list[str]:
    """The words of ``query`` (for CJK, its two-character runs) that ``text`` lacks, as the keyword
    index reads both (stemmed, stop words left out), in the query's order."""
    have = set(tokenize(text))
    out: list[str] = []
    for word in _WORD.findall(query):
        if CJK_RUN.fullmatch(word):  # the stretches of the run none of whose bigrams the text has
            covered = [word[i : i + 2] in have for i in range(len(word) - 1)] or [word in have]
            start = None
            for i, hit in enumerate([*covered, True]):
                if not hit and start is None:
                    start = i
                elif hit and start is not None:
                    stretch = word[start : i + 1]
                    if stretch not in out:
                        out.append(stretch)
                    start = None
            continue
        tokens = tokenize(word)
        if tokens and not set(tokens) & have and word.lower() not in out:
            out.append(word.lower())
    return out


def why_lost(bench: Bench, skill: Skill, result: QueryResult, route: Route) -> dict[str, Any]:
    """What a person can act on for one lost query: the query's words the skill's text does not
    cover, what the winning skill's text has of it, the skill's relevance against the gate, and a
    language mismatch (a CJK query, an English description)."""
    own = next((c for c in route.candidates if c.name == skill.name), None)
    out: dict[str, Any] = {
        "engine": route.engine,
        "uncovered": uncovered_words(result.query, _own_text(skill)),
        "own_relevance": None if own is None else round(own.relevance, 4),
        "threshold": round(route.threshold, 4),
    }
    winner_name = route.matched.name if route.matched is not None else None
    if winner_name is None:
        out["lost_to"] = "none"
        out["because"] = (
            "no skill passed the gate"
            if own is None or own.relevance < route.threshold
            else "the gate passed none ranked first"
        )
    else:
        winner = bench.lib.summaries([winner_name]).get(winner_name)
        text = f"{winner_name.replace('-', ' ')} {winner.description if winner else ''}"
        have = set(tokenize(text))
        out["lost_to"] = winner_name
        out["winner_text"] = (winner.description if winner else "")[:200]
        out["winner_shares"] = [w for w in _WORD.findall(result.query.lower()) if set(tokenize(w)) & have][
            :12
        ]
    cjk_query = bool(CJK_RUN.search(result.query))
    own_text = " ".join([skill.description, *trigger_texts(skill.metadata)])
    if cjk_query and not CJK_RUN.search(own_text):
        triggers = trigger_texts(skill.metadata)
        out["language"] = "a Chinese (CJK) query against a description with no CJK text: " + (
            "its metadata.triggers / description_zh hold no CJK text either"
            if triggers
            else "metadata.triggers or metadata.description_zh in Chinese would give the "
            "multilingual engine text of the query's language to match"
        )
    return out


def explain(q: QueryResult) -> str:
    """One line a person can act on, from a lost query's :func:`why_lost`."""
    why = q.why or {}
    parts = []
    if why.get("lost_to") == "none":
        parts.append(
            f"routed to none: relevance {why.get('own_relevance')} under the gate {why.get('threshold')}"
            if why.get("own_relevance") is not None
            else "routed to none, and the skill was not among the first candidates"
        )
    elif why.get("lost_to"):
        shares = ", ".join(why.get("winner_shares") or []) or "nothing the skill lacks"
        parts.append(f"went to {why['lost_to']} (its text shares: {shares})")
    if why.get("uncovered"):
        parts.append("the description does not cover: " + ", ".join(why["uncovered"][:10]))
    if why.get("language"):
        parts.append(why["language"])
    return "; ".join(parts)


# ---------------------------------------------------------------- suggestions without a model


def halves(queries: Sequence[TriggerQuery]) -> tuple[list[int], list[int]]:
    """The query positions split in two, each half with about half of each kind (every other
    one), the same every run: (the half phrases are drawn from, the held-out half)."""
    fit: list[int] = []
    held: list[int] = []
    for kind in (True, False):
        of_kind = [i for i, q in enumerate(queries) if q.should_trigger == kind]
        fit += of_kind[0::2]
        held += of_kind[1::2]
    return sorted(fit), sorted(held)


def candidate_phrases(report: SkillReport, skill: Skill, positions: Sequence[int]) -> list[str]:
    """Phrases the lost queries among ``positions`` use and the skill's text lacks: their
    uncovered words and pairs of neighbouring words with one uncovered, most frequent first."""
    text = _own_text(skill)
    counts: Counter[str] = Counter()
    for i in positions:
        q = report.queries[i]
        if not (q.should_trigger and not q.triggered):
            continue
        words = [w.lower() for w in _WORD.findall(q.query)]
        missing = set(uncovered_words(q.query, text))
        for j, word in enumerate(words):
            if word in missing and len(word) > 2:
                counts[word] += 1
                if j + 1 < len(words) and tokenize(words[j + 1]):
                    counts[f"{word} {words[j + 1]}"] += 1
                if j and tokenize(words[j - 1]):
                    counts[f"{words[j - 1]} {word}"] += 1
            elif CJK_RUN.fullmatch(word) and any(m in word for m in missing):
                counts[word[:12]] += 1
    return [p for p, _ in counts.most_common(MAX_SUGGESTIONS)]


def suggest(bench: Bench, report: SkillReport, queries: Sequence[TriggerQuery]) -> list[Suggestion]:
    """Each candidate phrase measured (see the module docstring); the kept ones, best first."""
    name = report.name
    original = bench.skills[name]
    fit, held = halves(queries)
    base_fit = _f1([report.queries[i] for i in fit])
    base_held = _f1([report.queries[i] for i in held])
    kept: list[Suggestion] = []
    try:
        for phrase in candidate_phrases(report, original, fit):
            metadata = dict(original.metadata)
            triggers = trigger_texts({TRIGGERS: metadata.get(TRIGGERS)}) if metadata.get(TRIGGERS) else []
            metadata[TRIGGERS] = [*triggers, phrase]
            bench.rewrite(name, replace(original, metadata=metadata))
            routes = bench.route([q.query for q in queries])
            results = [_result(name, q, r) for q, r in zip(queries, routes, strict=True)]
            f1_fit = _f1([results[i] for i in fit])
            f1_held = _f1([results[i] for i in held])
            if f1_fit > base_fit and f1_held >= base_held:
                kept.append(
                    Suggestion(
                        phrase, round(f1_fit, 4), round(f1_held, 4), round(base_fit, 4), round(base_held, 4)
                    )
                )
    finally:
        bench.rewrite(name, original)
    return sorted(kept, key=lambda s: (-s.f1_held_out, -s.f1_fit, s.phrase))


# ---------------------------------------------------------------- description rewrites by a model

REWRITES = 3
DESCRIPTION_CHARS = 1024


class Rewrites(BaseModel):
    """What the model is asked for: new descriptions, each a whole one."""

    descriptions: list[str]


_ASK = """You improve the description of an AI agent skill. A router picks the skill for a user's
request by comparing the request with the skill's name and description. Rewrite the description so
the requests marked SHOULD pick it and the ones marked SHOULD NOT are left to other skills. Keep
what the skill does true: add the words and situations users use, do not invent abilities. Write
in the description's language; each description at most {chars} characters.

Skill name: {name}
Current description: {description}

Requests (SHOULD / SHOULD NOT pick it, and what the router did):
{requests}

Answer with JSON only: {{"descriptions": ["...", "..."]}} with {n} different rewrites."""


def suggest_descriptions(
    bench: Bench, report: SkillReport, queries: Sequence[TriggerQuery], llm: BaseChatModel
) -> list[Suggestion]:
    """Description rewrites proposed by ``llm`` (shown only the half of the set phrases are drawn
    from, never the held-out half), each measured as :func:`suggest` measures a phrase; only
    measured improvements are returned, best first."""
    name = report.name
    original = bench.skills[name]
    fit, held = halves(queries)
    base_fit = _f1([report.queries[i] for i in fit])
    base_held = _f1([report.queries[i] for i in held])
    lines = []
    for i in fit:
        q = report.queries[i]
        did = "picked it" if q.triggered else f"went to {q.routed or 'no skill'}"
        lines.append(f"- {'SHOULD' if q.should_trigger else 'SHOULD NOT'}: {q.query} ({did})")
    prompt = _ASK.format(
        chars=DESCRIPTION_CHARS,
        name=name,
        description=original.description,
        requests="\n".join(lines),
        n=REWRITES,
    )
    try:
        answer = ask(llm, [HumanMessage(prompt)], Rewrites)
    except UnreadableAnswer as err:
        raise ValueError(f"the model's answer for {name} holds no descriptions: {err}") from None
    kept: list[Suggestion] = []
    try:
        for text in dict.fromkeys(" ".join(d.split()) for d in answer.descriptions[: 2 * REWRITES]):
            if not text or len(text) > DESCRIPTION_CHARS or text == original.description:
                continue
            bench.rewrite(name, replace(original, description=text))
            routes = bench.route([q.query for q in queries])
            results = [_result(name, q, r) for q, r in zip(queries, routes, strict=True)]
            f1_fit, f1_held = _f1([results[i] for i in fit]), _f1([results[i] for i in held])
            if f1_fit > base_fit and f1_held >= base_held:
                kept.append(
                    Suggestion(
                        text,
                        round(f1_fit, 4),
                        round(f1_held, 4),
                        round(base_fit, 4),
                        round(base_held, 4),
                        "description",
                    )
                )
    finally:
        bench.rewrite(name, original)
    return sorted(kept, key=lambda s: (-s.f1_held_out, -s.f1_fit, s.phrase))


# ---------------------------------------------------------------- the command's work


def _name_of(folder: Path) -> str:
    skill_md = folder / "SKILL.md"
    return parse_skill_md(skill_md.read_bytes(), path=skill_md, fallback_name=folder.name, warnings=[]).name


def run_triggers(
    skills: Sequence[Path],
    *,
    store: Path | None = None,
    libraries: Sequence[Path] = (),
    queries_file: Path | None = None,
    with_suggestions: bool = False,
    model: str | None = None,
    llm: BaseChatModel | None = None,
    progress: Callable[[str], None] = lambda _: None,
) -> list[SkillReport]:
    """Every skill's trigger set routed in one bench (``store`` copied, else ``libraries``
    imported into a fresh one), each skill added first; with ``with_suggestions``, trigger
    phrases measured, and with ``llm`` description rewrites too (:func:`suggest_descriptions`)."""
    folders = find_skills(skills)
    if queries_file is not None and queries_file.is_file() and len(folders) != 1:
        raise ValueError(f"--queries {queries_file}: one file is one skill's set, not {len(folders)} skills'")
    sets = {}
    for folder in folders:
        source = folder / QUERIES_FILE
        if queries_file is not None:  # a file: the one skill's set; a folder: <skill name>.json each
            source = queries_file if not queries_file.is_dir() else queries_file / f"{_name_of(folder)}.json"
        if not source.is_file():
            raise ValueError(
                f"{folder}: no trigger set ({source}; the default is {QUERIES_FILE} beside its SKILL.md)"
            )
        sets[folder] = load_queries(source)
    opened = (
        Bench.of_store(store, model=model) if store is not None else Bench.of_paths(libraries, model=model)
    )
    reports: list[SkillReport] = []
    with opened as bench:
        names = {folder: bench.add(folder).name for folder in folders}
        for folder in folders:
            name = names[folder]
            progress(f"{name}: {len(sets[folder])} queries")
            report = evaluate_skill(bench, name, sets[folder], str(folder))
            if with_suggestions and report.lost:
                report.suggestions = suggest(bench, report, sets[folder])
            if with_suggestions and llm is not None and (report.lost or report.stolen):
                report.suggestions += suggest_descriptions(bench, report, sets[folder], llm)
            reports.append(report)
    return reports


def report_text(reports: Sequence[SkillReport], against: str = "") -> str:
    """The reports as a person reads them."""
    lines = [f"trigger evals against {against or 'the skills alone'}"]
    for r in reports:
        c = r.counts

        def share(x: float | None) -> str:
            return "-" if x is None else f"{x:.2f}"

        lines.append("")
        lines.append(
            f"{r.name}: recall {share(r.recall)} ({c['tp']}/{c['tp'] + c['fn']}), precision "
            f"{share(r.precision)} ({c['tp']}/{c['tp'] + c['fp']}), F1 {r.f1:.2f}"
            + ("" if r.status == "active" else f"  [{r.status}: a skill not active is never routed]")
        )
        for q in r.lost:
            margin = "not in the first candidates" if q.margin is None else f"margin {q.margin:+.3f}"
            lines.append(f"  lost   {q.query!r} -> {q.routed or 'none'} ({margin})")
            lines.append(f"         why: {explain(q)}")
        for q in r.stolen:
            margin = "" if q.margin is None else f" (margin {q.margin:+.3f})"
            lines.append(f"  stolen {q.query!r}{margin}: a near-miss routed to this skill")
        for s in r.suggestions:
            what = (
                f"metadata.triggers += {s.phrase!r}" if s.kind == "trigger" else f"description: {s.phrase!r}"
            )
            lines.append(
                f"  suggest {what}: F1 {s.base_fit:.2f} -> {s.f1_fit:.2f} on the half it came from, "
                f"{s.base_held_out:.2f} -> {s.f1_held_out:.2f} held out"
            )

    return "\n".join(lines)
