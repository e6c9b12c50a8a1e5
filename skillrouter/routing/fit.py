"""The library fit: how *this* library's skills are embedded and ranked, chosen from its own text.

One keyword weight and one document form for every library is a constant fitted to the libraries
it was chosen on; a library it was not chosen on can lose to plain dense retrieval with it (tool
catalogues whose intent is in the skill's name, Chinese functions whose character bigrams match
each other). So when a library changes, each engine's ranking is chosen for it, without labels:

1. **Pseudo-tasks** (:func:`pseudo_tasks`): what a skill says about when to use it, taken as a
   task a user could type: the items under a body heading such as "When to use" / "使用场景", its
   ``metadata.triggers``, and the parts of a description of two or more sentences (or of the
   form "service: intent"), a leading "Use when" dropped. Real labels come first as they arrive:
   the tasks a skill served well (its examples, recorded with ``record_outcome``), and the tasks
   routed to a skill that did not fit it (its misfits: a ranking that puts that skill first for
   such a task fails it). At most :data:`PER_SKILL` per skill (and a skill's misfits besides) and
   :data:`MOST_TASKS` in all, picked by a hash (the same library always gives the same tasks).
2. **Held out** (:func:`gather`): each pseudo-task is routed against every skill, its own skill's
   documents (both forms of its Level 0 text, its keyword text) with the task's text cut out, so
   a skill is not found by the very words the task was taken from.
3. **Replay** (:func:`replay`): for every candidate ranking (a document form from :data:`FORMS`
   and a keyword weight from :data:`KEYWORD_WEIGHTS`; plain dense, ``"name: description"`` with
   no keywords, is one of them), the router's candidate pool (dense top 20 and keyword top 20)
   and its fused score (:func:`skillrouter.routing.scoring.fused`) pick a skill per task: the
   ranking's self-check is the share of tasks whose own skill comes first.
4. **Choice** (:func:`choose`): the ranking of best self-check less ``KEYWORD_COST`` times its
   keyword weight and ``FORM_COST`` if its form is not the engine's default form. Pseudo-tasks
   share a skill's words more than a user's request does, so their self-check always rises with
   the keyword weight; the costs take that bias off (both chosen leave-one-corpus-out over the
   evaluation suite, ``benchmarks/choose_defaults.py``). With fewer than :data:`MIN_TASKS`
   pseudo-tasks (a catalogue of one-line descriptions) the engine keeps its default ranking.

The result (:class:`LibraryFit`) is stored with the index (``<store>/cache/fit.json``), shown by
``skillrouter fit`` and ``skillrouter doctor``; a user's pins (``skillrouter fit --pin``) win
over it and survive every refit. Pure apart from :func:`gather`, which embeds through the
``Embedder`` protocol.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Literal, cast

import numpy as np

from skillrouter.embeddings.base import Embedder, embed_queries
from skillrouter.embeddings.patterns import lazy  # a route reads none of these
from skillrouter.embeddings.script import has_cjk
from skillrouter.routing.lexical import K1, B, tokenize
from skillrouter.routing.scoring import KEYWORD_WEIGHT, fused

__all__ = [
    "DEFAULT_RANKINGS",
    "FIT_LIBRARY",
    "FORMS",
    "KEYWORD_WEIGHTS",
    "MIN_TASKS",
    "EngineFit",
    "Evidence",
    "FitConstants",
    "LibraryFit",
    "PseudoTask",
    "Ranking",
    "SkillText",
    "choose",
    "description_parts",
    "fit_engine",
    "gather",
    "level0_form",
    "pseudo_tasks",
    "replay",
    "sampled",
    "when_to_use",
]

Engine = Literal["default", "multilingual"]
ENGINES: tuple[Engine, ...] = ("default", "multilingual")
Form = Literal["description", "name: description"]
FORMS: tuple[Form, ...] = ("description", "name: description")
KEYWORD_WEIGHTS: tuple[float, ...] = (0.0, 0.1, 0.2, 0.3, 0.45)
PER_SKILL = 2
MOST_TASKS = 600
MIN_TASKS = 20
POOL = 20  # the router's candidates per view at k = 5: max(4 * k, 20)
KEYWORD_COST = 0.1
FORM_COST = 0.05
FIT_VERSION = 1
FIT_LIBRARY = 5000
"""The most skills a fit routes its pseudo-tasks among: a registry's fit reads every pseudo-task's
own skill and a fixed sample of the others (:func:`sampled`), so its cost stops growing with the
registry (every skill embedded in two forms: about a minute per 2,000 skills on two cores). No
corpus of the evaluation suite (4,275 skills at most) is sampled, so its numbers are unchanged."""


def level0_form(form: str, name: str, description: str) -> str:
    """A skill's Level 0 text in ``form``: its description, or ``"name: description"``."""
    if form == "name: description":
        return f"{name}: {description.strip()}"
    return description.strip()


@dataclass(frozen=True)
class Ranking:
    """One way to rank a library: the Level 0 text's form and the keyword weight."""

    form: Form
    keyword_weight: float

    @property
    def label(self) -> str:
        return f"{self.form} / keywords {self.keyword_weight:g}"

    @property
    def plain_dense(self) -> bool:
        return self.form == "name: description" and self.keyword_weight == 0


DEFAULT_RANKINGS: dict[Engine, Ranking] = {
    "default": Ranking("description", KEYWORD_WEIGHT),
    "multilingual": Ranking("description", 0.1),
}
"""Each engine's ranking where the library gives too few pseudo-tasks to choose one (chosen
leave-one-corpus-out on the suite:
docs/evaluation/routing.md#the-library-fit-p_fit-and-left-out-numbers-issue-35)."""


@dataclass(frozen=True)
class FitConstants:
    """How the fit decides (module docstring, step 4), the shipped values by default; the
    evaluation suite runs each corpus with the values chosen without it (``eval suite --left-out``)."""

    keyword_cost: float = KEYWORD_COST
    form_cost: float = FORM_COST
    min_tasks: int = MIN_TASKS
    multilingual_weight: float = 0.1

    def default(self, engine: Engine) -> Ranking:
        if engine == "multilingual":
            return Ranking("description", self.multilingual_weight)
        return DEFAULT_RANKINGS[engine]


# ---------------------------------------------------------------- pseudo-tasks

_WHEN = lazy(
    r"when to use|use (?:this|it) (?:skill )?when|use cases?\b|when to apply|trigger|"
    r"使用场景|何时使用|适用场景|触发|什么时候用|使用时机|应用场景",
    re.IGNORECASE,
)
_NOT = lazy(r"\bnot\b|n't|\bnever\b|\bavoid|不要|不适用|避免|不该|不应", re.IGNORECASE)
_HEADING = lazy(r"^\s{0,3}#{1,6}\s+(.*)$")
_ITEM = lazy(r"^\s*(?:[-*+•]|\d+[.)、])\s+(.*)$")
_SENTENCE = lazy(r"(?<=[.!?。！？；;])\s*")
_USE_WHEN = lazy(
    r"^(?:use|invoke|activate|trigger)(?: (?:this|it))?(?: skill)? (?:when|for|if|whenever)"
    r"(?: the user)?(?: (?:asks|wants|needs)(?: to| for| about)?)?[:\s]+",
    re.IGNORECASE,
)
_MARKUP = lazy(r"\[([^\]]*)\]\([^)]*\)|[*_`]+")


def _plain(text: str) -> str:
    text = _MARKUP.sub(lambda m: m.group(1) or "", text)
    return " ".join(text.split()).strip(" -:;,.")


def _enough(text: str) -> bool:
    """Whether ``text`` says enough to stand as a task: three keyword-index words (a CJK
    bigram counts as one)."""
    return len(tokenize(text)) >= 3


def when_to_use(body: str) -> list[str]:
    """The items (bullets, numbered lines) under each heading of ``body`` that says when to use
    the skill ("When to Use", "Use this skill when", "使用场景", ...), never under one that says
    when not to."""
    out: list[str] = []
    inside = False
    for line in body.splitlines():
        head = _HEADING.match(line)
        if head:
            title = head.group(1)
            inside = bool(_WHEN.search(title)) and not _NOT.search(title)
            continue
        item = _ITEM.match(line) if inside else None
        if item:
            text = _plain(item.group(1))
            if _enough(text):
                out.append(text)
    return out


def description_parts(description: str) -> list[str]:
    """The parts of a description that can stand as a task while the rest still describes the
    skill: its sentences when it has two or more, else the two sides of a ``"service: intent"``
    colon; a leading "Use when ..." is dropped. One-sentence descriptions give none."""
    text = " ".join(description.split())
    parts = [s for s in _SENTENCE.split(text) if s.strip()]
    if len(parts) < 2 and ":" in text:
        head, _, tail = text.partition(":")
        if len(tokenize(head)) >= 2 and len(tokenize(tail)) >= 2:
            parts = [head, tail]
    if len(parts) < 2:
        return []
    out = []
    for part in parts:
        plain = _plain(_USE_WHEN.sub("", part.strip()))
        if _enough(plain):
            out.append(plain)
    return out


@dataclass(frozen=True)
class SkillText:
    """What the fit reads of a skill."""

    name: str
    description: str
    body: str = ""
    triggers: tuple[str, ...] = ()
    summary: str = ""  # what keyword coverage counts ("name words: description")
    lexical: str = ""  # what BM25 reads (the summary and the start of the body)
    examples: tuple[str, ...] = ()  # tasks it served well (recorded outcomes)
    misfits: tuple[str, ...] = ()  # tasks routed to it that it did not fit


Source = Literal["example", "misfit", "when-to-use", "trigger", "description"]


@dataclass(frozen=True)
class PseudoTask:
    """A task drawn from skill ``skill`` (an index into the fit's skills); a ``misfit`` is a task
    that skill must *not* be first for."""

    skill: int
    text: str
    source: Source


def _order(name: str, text: str) -> str:
    return hashlib.sha256(f"{name}\x00{text}".encode()).hexdigest()


def pseudo_tasks(
    skills: Sequence[SkillText], *, per_skill: int = PER_SKILL, most: int = MOST_TASKS
) -> list[PseudoTask]:
    """Up to ``per_skill`` pseudo-tasks of each skill and ``most`` in all (see the module
    docstring), in a fixed order given by a hash of skill and text."""
    found: list[PseudoTask] = []
    for i, skill in enumerate(skills):
        real = [PseudoTask(i, t, "example") for t in skill.examples if t.strip()]
        own = [PseudoTask(i, t, "when-to-use") for t in when_to_use(skill.body)]
        own += [PseudoTask(i, _plain(t), "trigger") for t in skill.triggers if _enough(_plain(t))]
        own += [PseudoTask(i, t, "description") for t in description_parts(skill.description)]
        unique = {t.text: t for t in own}
        drawn = sorted(real, key=lambda t: _order(skill.name, t.text))[:per_skill]
        drawn += sorted(unique.values(), key=lambda t: _order(skill.name, t.text))[: per_skill - len(drawn)]
        found += drawn + [PseudoTask(i, t, "misfit") for t in skill.misfits[-per_skill:] if t.strip()]
    if len(found) > most:  # real labels first, then a fixed sample of the rest
        found = sorted(
            found, key=lambda t: (t.source not in ("example", "misfit"), _order(skills[t.skill].name, t.text))
        )
        found = found[:most]
    return found


def _cut(text: str, piece: str) -> str:
    """``text`` with every occurrence of ``piece`` taken out (the held-out task's own words)."""
    return text.replace(piece, " ") if piece and piece in text else text


# ---------------------------------------------------------------- evidence


class _Bm25:
    """BM25 of the keyword index's words (the router's k1 and b) over one text per skill."""

    def __init__(self, docs: Sequence[Sequence[str]]) -> None:
        self.n = len(docs)
        self.lengths = np.array([len(d) for d in docs], dtype=np.float64)
        self.average = float(self.lengths.mean()) if self.n and self.lengths.any() else 1.0
        postings: dict[str, tuple[list[int], list[int]]] = {}
        for column, doc in enumerate(docs):
            for word, count in Counter(doc).items():
                found = postings.setdefault(word, ([], []))
                found[0].append(column)
                found[1].append(count)
        self.postings = {
            w: (np.array(c, dtype=np.int64), np.array(t, dtype=np.float64)) for w, (c, t) in postings.items()
        }

    def idf(self, word: str) -> float:
        n = len(self.postings[word][0]) if word in self.postings else 0
        return math.log(1.0 + (self.n - n + 0.5) / (n + 0.5))

    def scores(self, words: Sequence[str]) -> np.ndarray:
        out = np.zeros(self.n)
        for word in set(words):
            if word in self.postings:
                columns, tf = self.postings[word]
                norm = K1 * (1 - B + B * self.lengths[columns] / self.average)
                out[columns] += self.idf(word) * tf * (K1 + 1) / (tf + norm)
        return out

    def one(self, words: Sequence[str], doc: Sequence[str]) -> float:
        counts = Counter(doc)
        norm = K1 * (1 - B + B * len(doc) / self.average)
        return sum(
            self.idf(w) * counts[w] * (K1 + 1) / (counts[w] + norm) for w in set(words) if counts.get(w)
        )


@dataclass
class Evidence:
    """Per pseudo-task (rows) and skill (columns): dense similarity under each form and BM25,
    the task's own skill held out; ``gold`` is each task's own column (``misfit``: whether that
    column is one the task must not go to instead)."""

    gold: np.ndarray
    dense: dict[str, np.ndarray]
    bm25: np.ndarray
    tasks: list[PseudoTask] = field(default_factory=list)
    misfit: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))

    def right(self, picks: np.ndarray) -> np.ndarray:
        """Per task, whether ``picks`` got it right: its own skill first, or for a misfit any
        skill but the one it did not fit."""
        misfit = self.misfit if len(self.misfit) == len(picks) else np.zeros(len(picks), dtype=bool)
        return np.where(misfit, picks != self.gold, picks == self.gold)


def gather(skills: Sequence[SkillText], tasks: Sequence[PseudoTask], embedder: Embedder) -> Evidence:
    """The evidence :func:`replay` chooses from (see the module docstring, step 2): one batch of
    task embeddings, each form of every skill's Level 0 text (through the embedder's cache, so a
    refit embeds only what changed), and each task's own skill's texts with the task cut out."""
    rows = np.arange(len(tasks))
    own = np.array([t.skill for t in tasks], dtype=np.int64)
    vectors = embed_queries(embedder, [t.text for t in tasks]) if tasks else np.zeros((0, 1), np.float32)
    dense: dict[str, np.ndarray] = {}
    for form in FORMS:
        docs = np.asarray(
            embedder.embed_documents([level0_form(form, s.name, s.description) for s in skills]),
            dtype=np.float32,
        )
        matrix = vectors @ docs.T if len(tasks) else np.zeros((0, len(skills)), np.float32)
        if len(tasks):
            # only a task cut from the description changes its skill's Level 0 text (a misfit is
            # no text of its skill's)
            cut = [
                i
                for i, t in enumerate(tasks)
                if t.source != "misfit" and t.text in skills[t.skill].description
            ]
            held = [
                level0_form(
                    form, skills[tasks[i].skill].name, _cut(skills[tasks[i].skill].description, tasks[i].text)
                )
                for i in cut
            ]
            held_vectors = docs[own].copy()
            if cut:
                held_vectors[cut] = np.asarray(embedder.embed_documents(held), dtype=np.float32)
            matrix[rows, own] = np.sum(vectors * held_vectors, axis=1)
            for trigger_rows, columns, best in _trigger_bests(skills, tasks, vectors, embedder):
                matrix[trigger_rows, columns] = np.maximum(matrix[trigger_rows, columns], best)
        dense[form] = matrix
    index = _Bm25([tokenize(s.lexical) for s in skills])
    bm25 = np.zeros((len(tasks), len(skills)))
    for i, task in enumerate(tasks):
        words = tokenize(task.text)
        bm25[i] = index.scores(words)
        if task.source != "misfit":
            bm25[i, task.skill] = index.one(words, tokenize(_cut(skills[task.skill].lexical, task.text)))
    return Evidence(
        own, dense, bm25, list(tasks), np.array([t.source == "misfit" for t in tasks], dtype=bool)
    )


def _trigger_bests(
    skills: Sequence[SkillText], tasks: Sequence[PseudoTask], vectors: np.ndarray, embedder: Embedder
) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """A skill's triggers are documents of their own: (rows, columns, best cosine) of every task
    against the triggers of skills that have some, the task's own trigger left out."""
    with_triggers = [(c, s.triggers) for c, s in enumerate(skills) if s.triggers]
    if not with_triggers or not len(tasks):
        return []
    texts = [t for _, triggers in with_triggers for t in triggers]
    trigger_vectors = np.asarray(embedder.embed_documents(texts), dtype=np.float32)
    sims = vectors @ trigger_vectors.T
    out = []
    start = 0
    for column, triggers in with_triggers:
        part = sims[:, start : start + len(triggers)].copy()
        for i, task in enumerate(tasks):
            if task.skill == column:  # its own trigger is held out
                part[i, [j for j, t in enumerate(triggers) if _plain(t) == task.text]] = -np.inf
        best = part.max(axis=1)
        rows = np.flatnonzero(np.isfinite(best))
        out.append((rows, np.full(len(rows), column), best[rows]))
        start += len(triggers)
    return out


def replay(evidence: Evidence, ranking: Ranking) -> np.ndarray:
    """The skill the router would put first for each pseudo-task under ``ranking``: the dense top
    :data:`POOL` joined by the keyword top :data:`POOL` (positive scores only), ranked by
    :func:`~skillrouter.routing.scoring.fused` with BM25 over the task's best."""
    return _ranked(evidence.dense[ranking.form], evidence.bm25, ranking.keyword_weight).argmax(axis=1)


def _ranked(dense: np.ndarray, bm25: np.ndarray, weight: float) -> np.ndarray:
    """Fused scores of the candidates in the pool, -inf elsewhere."""
    k = min(POOL, dense.shape[1])
    pool = np.zeros(dense.shape, dtype=bool)
    np.put_along_axis(pool, np.argsort(-dense, axis=1, kind="stable")[:, :k], True, axis=1)
    if weight > 0:
        top = np.argsort(-bm25, axis=1, kind="stable")[:, :k]
        keyword_pool = np.zeros(dense.shape, dtype=bool)
        np.put_along_axis(keyword_pool, top, np.take_along_axis(bm25, top, axis=1) > 0, axis=1)
        pool |= keyword_pool
    best = bm25.max(axis=1, keepdims=True)
    keyword = np.divide(bm25, best, out=np.zeros_like(bm25), where=best > 0)
    return np.where(pool, fused(cast(Any, dense), cast(Any, keyword), weight), -np.inf)


def self_checks(evidence: Evidence) -> dict[Ranking, float]:
    """Every candidate ranking's self-check: the share of pseudo-tasks whose own skill it puts first."""
    out = {}
    for form in FORMS:
        for weight in KEYWORD_WEIGHTS:
            ranking = Ranking(form, weight)
            out[ranking] = (
                float(np.mean(evidence.right(replay(evidence, ranking)))) if len(evidence.gold) else 0.0
            )
    return out


def choose(
    checks: Mapping[Ranking, float],
    default: Ranking,
    *,
    keyword_cost: float = KEYWORD_COST,
    form_cost: float = FORM_COST,
) -> Ranking:
    """The ranking of best ``self-check - keyword_cost * keyword weight - form_cost * (form is not
    the default's)``; ties go to the default, then to the lower keyword weight."""

    def value(r: Ranking) -> tuple[float, bool, float]:
        cost = keyword_cost * r.keyword_weight + (form_cost if r.form != default.form else 0.0)
        return (round(checks[r] - cost, 9), r == default, -r.keyword_weight)

    return max(checks, key=value)


# ---------------------------------------------------------------- the fit


@dataclass(frozen=True)
class EngineFit:
    """One engine's ranking for a library, and how it was chosen."""

    engine: Engine
    ranking: Ranking
    # "deferred": the multilingual engine of an automatic fit, while the library has no
    # multilingual index (fitting it would embed every skill with e5, twice: see SkillLibrary.fit)
    source: Literal["fitted", "default", "pinned", "deferred"]
    why: str
    tasks: int = 0
    sources: dict[str, int] = field(default_factory=dict)  # pseudo-tasks by where they came from
    self_check: dict[str, float] = field(default_factory=dict)  # ranking label -> share first

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["ranking"] = {"form": self.ranking.form, "keyword_weight": self.ranking.keyword_weight}
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EngineFit:
        ranking = data["ranking"]
        return cls(
            engine=engine_of(data["engine"]),
            ranking=Ranking(_form(ranking["form"]), float(ranking["keyword_weight"])),
            source=data["source"],
            why=str(data.get("why", "")),
            tasks=int(data.get("tasks", 0)),
            sources={str(k): int(v) for k, v in dict(data.get("sources", {})).items()},
            self_check={str(k): float(v) for k, v in dict(data.get("self_check", {})).items()},
        )


def _form(value: object) -> Form:
    if value not in FORMS:
        raise ValueError(f"unknown document form {value!r}; expected one of {', '.join(FORMS)}")
    return cast(Form, value)


def engine_of(value: object) -> Engine:
    """``value`` as an engine's name; ValueError naming it otherwise."""
    if value not in ENGINES:
        raise ValueError(f"unknown engine {value!r}; expected one of {', '.join(ENGINES)}")
    return cast(Engine, value)


def engine_tasks(engine: Engine, skills: Sequence[SkillText]) -> list[PseudoTask]:
    """The pseudo-tasks ``engine`` is fitted on: those holding CJK letters for the multilingual
    engine, the others for the default one (no embedding: cheap)."""
    return [t for t in pseudo_tasks(skills) if has_cjk(t.text) == (engine == "multilingual")]


def sampled(
    skills: Sequence[SkillText], tasks: Sequence[PseudoTask], most: int = FIT_LIBRARY
) -> tuple[list[SkillText], list[PseudoTask]]:
    """The skills a fit routes its pseudo-tasks among, and the tasks renumbered to them: every
    skill when there are at most ``most``; else every task's own skill and a fixed sample of the
    others (by a hash of the name) up to ``most`` (:data:`FIT_LIBRARY`)."""
    if len(skills) <= most:
        return list(skills), list(tasks)
    owners = {t.skill for t in tasks}
    others = sorted(
        (i for i in range(len(skills)) if i not in owners), key=lambda i: _order(skills[i].name, "")
    )
    kept = sorted(owners | set(others[: max(0, most - len(owners))]))
    at = {i: k for k, i in enumerate(kept)}
    return [skills[i] for i in kept], [replace(t, skill=at[t.skill]) for t in tasks]


def fit_engine(
    engine: Engine,
    skills: Sequence[SkillText],
    embedder: Embedder,
    *,
    constants: FitConstants | None = None,
    min_tasks: int | None = None,
) -> EngineFit:
    """Choose ``engine``'s ranking for ``skills`` (see the module docstring) with ``constants``
    (the shipped ones by default; ``min_tasks`` overrides theirs). The multilingual engine serves
    tasks in Chinese, Japanese or Korean, so it is fitted on the pseudo-tasks that hold CJK
    letters only; the default engine on the others."""
    constants = FitConstants() if constants is None else constants
    default = constants.default(engine)
    keyword_cost, form_cost = constants.keyword_cost, constants.form_cost
    min_tasks = constants.min_tasks if min_tasks is None else min_tasks
    tasks = engine_tasks(engine, skills)
    sources = {str(k): v for k, v in Counter(t.source for t in tasks).items()}
    if len(tasks) < min_tasks:
        return EngineFit(
            engine,
            default,
            "default",
            f"{len(tasks)} pseudo-task(s), fewer than {min_tasks}: the engine's default ranking",
            len(tasks),
            sources,
        )
    read, tasks = sampled(skills, tasks)
    checks = self_checks(gather(read, tasks, embedder))
    chosen = choose(checks, default, keyword_cost=keyword_cost, form_cost=form_cost)
    plain = checks[Ranking("name: description", 0.0)]
    why = (
        f"best self-check after costs: {checks[chosen]:.3f} of {len(tasks)} pseudo-tasks first "
        f"(plain dense {plain:.3f}, the default ranking {checks[default]:.3f})"
        + (f"; routed among {len(read)} of the {len(skills)} skills" if len(read) < len(skills) else "")
    )
    return EngineFit(
        engine,
        chosen,
        "fitted",
        why,
        len(tasks),
        sources,
        {r.label: round(v, 4) for r, v in checks.items()},
    )


@dataclass(frozen=True)
class LibraryFit:
    """The fit of one library: each engine's :class:`EngineFit`, and what it was fitted on (the
    skills' content fingerprint and count, the models), so a stale fit is known as such."""

    engines: dict[str, EngineFit]
    skills: int
    fingerprint: str
    models: dict[str, str]
    fitted_at: str
    seconds: float = 0.0
    version: int = FIT_VERSION

    def ranking(self, engine: Engine) -> Ranking:
        found = self.engines.get(engine)
        return found.ranking if found is not None else DEFAULT_RANKINGS[engine]

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "skills": self.skills,
            "fingerprint": self.fingerprint,
            "models": self.models,
            "fitted_at": self.fitted_at,
            "seconds": round(self.seconds, 2),
            "engines": {name: e.to_dict() for name, e in self.engines.items()},
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> LibraryFit:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("version") != FIT_VERSION:
            raise ValueError(f"not a library fit of version {FIT_VERSION}")
        return cls(
            engines={name: EngineFit.from_dict(e) for name, e in data["engines"].items()},
            skills=int(data["skills"]),
            fingerprint=str(data["fingerprint"]),
            models={str(k): str(v) for k, v in data.get("models", {}).items()},
            fitted_at=str(data["fitted_at"]),
            seconds=float(data.get("seconds", 0.0)),
        )

    def pinned(self, pins: Mapping[str, Mapping[str, Any]]) -> LibraryFit:
        """This fit with a user's pins applied: ``{engine: {"form": ..., "keyword_weight": ...}}``."""
        engines = dict(self.engines)
        for name, pin in pins.items():
            engine = engine_of(name)
            base = engines.get(engine) or EngineFit(engine, DEFAULT_RANKINGS[engine], "default", "not fitted")
            ranking = base.ranking
            if "form" in pin:
                ranking = replace(ranking, form=_form(pin["form"]))
            if "keyword_weight" in pin:
                ranking = replace(ranking, keyword_weight=float(pin["keyword_weight"]))
            engines[engine] = replace(
                base, ranking=ranking, source="pinned", why=f"pinned by the user ({_pins_text(pin)})"
            )
        return replace(self, engines=engines)


def _pins_text(pin: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(pin.items()))


def fingerprint(skills: Sequence[SkillText]) -> str:
    """A hash of what the fit reads of every skill, in name order."""
    digest = hashlib.sha256()
    for s in sorted(skills, key=lambda s: s.name):
        for part in (s.name, s.description, s.body[:4000], *s.triggers, *s.examples, *s.misfits):
            digest.update(part.encode("utf-8", "surrogatepass"))
            digest.update(b"\x00")
    return digest.hexdigest()[:16]
