"""The offers the loop puts to its judges, read off the library: which skills a fresh draft is
offered to as a merge (:func:`merge_offers`), which pairs of skills are put to the judge of
"one skill?" (:func:`fold_offers`, :func:`fold_pair`), and what an accepted merge or fold
does (:func:`accept_merge`, :func:`vote_fold`, :func:`accept_fold`). The thresholds, and why
each is what it is, are the rule book's (:mod:`skillrouter.rules`); the order in which a run
applies them is the learner's (:mod:`skillrouter.learning.learner`). Callers go through the
module (``offers.fold_offers(...)``), so patching one function here changes the agent and the
simulation alike.

Each comparison is made on the engine that understands every text it reads
(:meth:`skillrouter.SkillLibrary.engine_of`, the router's rule): a draft and one skill's
documents (Level 0 text, triggers, examples) for a merge offer, two skills' documents for a fold
offer. A Chinese draft, or an English one weighed against a skill with Chinese text, is compared
on the multilingual engine's index against that engine's thresholds (:meth:`LoopRules.on`); an
English draft and an English skill stay on the library's model, exactly as before, whatever else
the library holds. Offers are ranked within an engine only: those on the draft's (or the folding
skill's) own engine first, nearest first, then the others; never a MiniLM similarity against an
e5 one.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from skillrouter.learning.ports import LoopLibrary
from skillrouter.routing.documents import MISFIT
from skillrouter.routing.router import Engine
from skillrouter.routing.scoring import shrunk_quality
from skillrouter.rules import DEFAULT_RULES, PROTECTED_FROM_FOLDING, LoopRules, should_merge

__all__ = [
    "accept_fold",
    "accept_merge",
    "fold_offers",
    "fold_pair",
    "merge_offers",
    "nearest_active_skill",
    "vote_fold",
]


def nearest_active_skill(
    library: LoopLibrary, summary_text: str, rules: LoopRules = DEFAULT_RULES, *, misfit: str | None = None
) -> tuple[str, float] | None:
    """The active skill a draft (its ``summary_text``, ``"name words: description"``) is a
    near-duplicate of (:func:`should_merge`), with the draft's similarity to it, or the skill
    judged a misfit (``misfit``) if it is active; None otherwise. :func:`merge_offers` gives
    every skill the draft is offered to; this is its near-duplicate part."""
    near, engines, own = _active_similarities(library, summary_text)
    if misfit is not None and misfit in engines:
        return misfit, near.get(misfit, 0.0)
    merging = [n for n in near if n in engines and should_merge(near[n], rules.on(engines[n]))]
    nearest = _nearest_first(merging, near, engines, own)
    return (nearest[0], near[nearest[0]]) if nearest else None


def merge_offers(
    library: LoopLibrary,
    summary_text: str,
    rules: LoopRules = DEFAULT_RULES,
    *,
    misfit: str | None = None,
    alternatives: Sequence[str] = (),
) -> list[tuple[str, float]]:
    """The active skills a draft (its ``summary_text``, ``"name words: description"``) is
    offered to as a merge, in the order the judge of "same skill" is asked, with the draft's
    similarity to each; empty when it should become a skill of its own.

    A skill is as near as the best of its summary (two skills are the same if both their names
    and descriptions say so) and the documents the router matches a task against (its
    description and the tasks it served well, its examples). A draft from a run whose routed
    skill was judged a misfit (``misfit``) is offered to that skill first whatever the
    similarity, if it is active: the router found the two near, and the judge takes a second
    look at the evaluator's fit judgement. Then the task's ``alternatives`` (the router's other
    plausible skills, :func:`route_alternatives`, best first), then the active skills at least
    ``offer_threshold`` similar, nearest first, up to ``max_offers`` offers in all.

    Each skill is compared with the draft on the engine that understands both (the multilingual
    one when either holds a CJK letter), against that engine's threshold; the skills compared on
    the draft's own engine are ranked first, nearest first, then the others, nearest first:
    similarities of two engines are never ranked against each other."""
    near, engines, own = _active_similarities(library, summary_text)
    names = [misfit] if misfit is not None else []
    names += list(alternatives)
    names += _nearest_first(
        [n for n in near if n in engines and near[n] >= rules.on(engines[n]).offer_threshold],
        near,
        engines,
        own,
    )
    offers: list[tuple[str, float]] = []
    for name in dict.fromkeys(names):
        if len(offers) >= rules.max_offers:
            break
        if name in engines:
            offers.append((name, near.get(name, 0.0)))
    return offers


def accept_merge(
    library: LoopLibrary,
    name: str,
    task: str,
    score: float,
    *,
    misfit: str | None = None,
    rules: LoopRules = DEFAULT_RULES,
) -> None:
    """The judge took a draft of ``task`` (scored ``score``) into skill ``name``: the task
    becomes its example. Into the skill the evaluator judged a misfit (``misfit``), the judge
    overrules the evaluator: the run counts as that skill's fitted use and the misfit is
    withdrawn (a misjudged misfit would otherwise demote the skill for tasks of its own kind)."""
    if name == misfit:
        library.record_outcome(name, score, task=task, example_min_score=rules.skill_threshold)
    else:
        library.add_examples([(name, task)], score=score)


def fold_offers(
    library: LoopLibrary, name: str, alternatives: Sequence[str], rules: LoopRules = DEFAULT_RULES
) -> list[tuple[str, float]]:
    """The skills to ask the judge about folding together with ``name``, after a fitted run of
    ``name`` that kept its task as an example: of the task's ``alternatives`` (the router's
    other plausible skills, :func:`route_alternatives`), the active ones whose centroid is at
    least ``fold_threshold`` similar to ``name``'s, whose pair with ``name`` is not settled (a
    pair with a yes so far is asked again) and that one of the two can be folded into
    (:func:`fold_pair`), nearest first, with the similarity; at most ``max_offers``. Empty
    when ``name`` is not active."""
    if not alternatives:
        return []
    judged = {
        p["b"] if p["a"] == name else p["a"] for p in library.judged_pairs(name) if p["same"] is not None
    }
    names = [n for n in dict.fromkeys(alternatives) if n != name and n not in judged]
    records = library.summaries([name, *names])
    if name not in records or records[name].status != "active":
        return []
    names = [
        n
        for n in names
        if n in records and records[n].status == "active" and fold_pair(library, name, n) is not None
    ]
    if not names:
        return []
    texts = _texts_of(library, {name, *names})
    engines = {n: library.engine_of(*texts.get(name, ()), *texts.get(n, ())) for n in names}
    near: dict[str, float] = {}
    for engine in sorted(set(engines.values())):
        group = [n for n in names if engines[n] == engine]
        centroid = library.engine_index(engine).centroids([name, *group])
        if name not in centroid:
            continue
        for n in group:
            similarity = float(centroid[n] @ centroid[name]) if n in centroid else -1.0
            if similarity >= rules.on(engine).fold_threshold:
                near[n] = round(similarity, 6)
    own = library.engine_of(*texts.get(name, ()))
    return [(n, near[n]) for n in _nearest_first(list(near), near, engines, own)][: rules.max_offers]


def fold_pair(library: LoopLibrary, a: str, b: str) -> tuple[str, str] | None:
    """``(kept, folded)``: which of two skills judged one would be folded into the other. The
    worse record goes (the lower shrunk average under the router's prior; then fewer fitted
    uses; then the later name), unless its trust level is in ``PROTECTED_FROM_FOLDING``: then
    the other goes into it. None when both are protected."""
    records = library.summaries([a, b])
    routing = library.routing

    def standing(name: str) -> tuple[float, int]:
        summary = records[name]
        return (
            shrunk_quality(
                summary.use_count,
                summary.avg_score,
                prior_mean=routing.prior_mean,
                prior_weight=routing.prior_weight,
            ),
            summary.use_count,
        )

    first, second = sorted((a, b))
    kept, folded = (first, second) if standing(first) >= standing(second) else (second, first)
    protected = {n for n in (a, b) if records[n].trust_level in PROTECTED_FROM_FOLDING}
    if protected == {a, b}:
        return None
    if folded in protected:
        kept, folded = folded, kept
    return kept, folded


def vote_fold(
    library: LoopLibrary, kept: str, folded: str, same: bool, rules: LoopRules = DEFAULT_RULES
) -> bool:
    """Keep the judge's answer on folding ``folded`` into ``kept``; True when it is time to fold
    (the ``fold_votes``-th yes: the caller then merges the text, if it does, and calls
    :func:`accept_fold`). A no settles the pair as two skills."""
    if not same:
        library.record_distinct(kept, folded)
        return False
    return library.vote_same(kept, folded) >= rules.fold_votes


def accept_fold(library: LoopLibrary, kept: str, folded: str) -> None:
    """The judge found ``kept`` and ``folded`` one skill: ``folded``'s examples become ``kept``'s
    (a task ``kept`` had as a misfit is one no more), ``folded`` is retired, and the verdict is
    kept (:meth:`skillrouter.SkillLibrary.fold`). The caller has already merged the text, if any."""
    library.fold(folded, into=kept)


def _active_similarities(
    library: LoopLibrary, summary_text: str
) -> tuple[dict[str, float], dict[str, Engine], Engine]:
    """The draft's similarity to each active skill near it; the engine each active skill is
    compared on, the one that understands the draft and the skill's documents together
    (:meth:`~skillrouter.SkillLibrary.engine_of`); and the draft's own engine."""
    library.sync()
    summaries = library.summary_texts()
    records = library.summaries(sorted(summaries))
    active = sorted(n for n, r in records.items() if r.status == "active")
    texts = _texts_of(library, set(active))
    engines = {n: library.engine_of(summary_text, *texts.get(n, ())) for n in active}
    near: dict[str, float] = {}
    for engine in sorted(set(engines.values())):
        group = [n for n in active if engines[n] == engine]
        index = library.engine_index(engine)
        draft = np.asarray(index.embedder.embed_documents([summary_text]), dtype=np.float32)
        for hit in index.query(draft, _NEAREST_DOCUMENTS)[0]:  # best first
            if engines.get(hit.skill) == engine:
                near.setdefault(hit.skill, hit.similarity)
        with_summary = [n for n in group if n in summaries]
        if with_summary:
            vectors = np.asarray(index.embedder.embed_documents([summaries[n] for n in with_summary]))
            for name, sim in zip(with_summary, (vectors.astype(np.float32) @ draft[0]).tolist()):
                near[name] = max(near.get(name, -1.0), round(sim, 6))
    return near, engines, library.engine_of(summary_text)


def _nearest_first(
    names: list[str], near: dict[str, float], engines: dict[str, Engine], own: Engine
) -> list[str]:
    """``names`` in the order they are offered: those compared on ``own`` engine (the draft's, or
    the skill's a fold is about) nearest first, then the others nearest first."""
    return sorted(names, key=lambda n: (engines[n] != own, -near[n], n))


def _texts_of(library: LoopLibrary, names: set[str]) -> dict[str, list[str]]:
    """The texts a comparison of each of ``names`` reads: its Level 0 text, trigger texts and
    examples (the index's documents of it; never misfits)."""
    texts: dict[str, list[str]] = {}
    for name, kind, text in library.documents().values():
        if name in names and kind != MISFIT:
            texts.setdefault(name, []).append(text)
    return texts


_NEAREST_DOCUMENTS = 100  # documents looked at for the nearest active skill (retired ones' may come first)
