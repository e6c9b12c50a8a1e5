"""The offers the loop puts to its judges, read off the library: which skills a fresh draft is
offered to as a merge (:func:`merge_offers`), which pairs of skills are put to the judge of
"one skill?" (:func:`fold_offers`, :func:`fold_pair`), and what an accepted merge or fold
does (:func:`accept_merge`, :func:`vote_fold`, :func:`accept_fold`). The thresholds, and why
each is what it is, are the rule book's (:mod:`skillrouter.rules`); the order in which a run
applies them is the learner's (:mod:`skillrouter.learning.learner`). Callers go through the
module (``offers.fold_offers(...)``), so patching one function here changes the agent and the
simulation alike.

Each comparison is made on the engine that understands every text it reads
(:meth:`skillrouter.SkillLibrary.engine_of`, the router's rule): the draft and every active
skill's documents (Level 0 text, triggers, examples) for the merge offers, the skills' documents
for the fold offers. A Chinese draft, or an English one weighed against a skill with Chinese text,
is compared on the multilingual engine's index at its own thresholds (:meth:`LoopRules.on`);
all-English comparisons stay on the library's model, as before. Never a MiniLM similarity beside
an e5 one: one decision, one engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from skillrouter.routing.documents import MISFIT
from skillrouter.routing.scoring import shrunk_quality
from skillrouter.rules import DEFAULT_RULES, PROTECTED_FROM_FOLDING, LoopRules, should_merge

if TYPE_CHECKING:
    from skillrouter.library import SkillLibrary

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
    library: SkillLibrary, summary_text: str, rules: LoopRules = DEFAULT_RULES, *, misfit: str | None = None
) -> tuple[str, float] | None:
    """The active skill a draft (its ``summary_text``, ``"name words: description"``) is a
    near-duplicate of (:func:`should_merge`), with the draft's similarity to it, or the skill
    judged a misfit (``misfit``) if it is active; None otherwise. :func:`merge_offers` gives
    every skill the draft is offered to; this is its near-duplicate part."""
    near, active, scaled = _active_similarities(library, summary_text, rules)
    if misfit is not None and misfit in active:
        return misfit, near.get(misfit, 0.0)
    best = max(((near[n], n) for n in active if n in near), default=None)
    if best is not None and should_merge(best[0], scaled):
        return best[1], best[0]
    return None


def merge_offers(
    library: SkillLibrary,
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
    ``offer_threshold`` similar, nearest first, up to ``max_offers`` offers in all."""
    near, active, scaled = _active_similarities(library, summary_text, rules)
    names = [misfit] if misfit is not None else []
    names += list(alternatives)
    names += [
        n for _, n in sorted((-near[n], n) for n in active if n in near and near[n] >= scaled.offer_threshold)
    ]
    offers: list[tuple[str, float]] = []
    for name in dict.fromkeys(names):
        if len(offers) >= rules.max_offers:
            break
        if name in active:
            offers.append((name, near.get(name, 0.0)))
    return offers


def accept_merge(
    library: SkillLibrary,
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
    library: SkillLibrary, name: str, alternatives: Sequence[str], rules: LoopRules = DEFAULT_RULES
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
    engine = library.engine_of(*_texts_of(library, {name, *names}))
    centroid = library.engine_index(engine).centroids([name, *names])
    if name not in centroid:
        return []
    threshold = rules.on(engine).fold_threshold
    near = sorted((-float(centroid[n] @ centroid[name]), n) for n in names if n in centroid)
    return [(n, round(-sim, 6)) for sim, n in near if -sim >= threshold][: rules.max_offers]


def fold_pair(library: SkillLibrary, a: str, b: str) -> tuple[str, str] | None:
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
    library: SkillLibrary, kept: str, folded: str, same: bool, rules: LoopRules = DEFAULT_RULES
) -> bool:
    """Keep the judge's answer on folding ``folded`` into ``kept``; True when it is time to fold
    (the ``fold_votes``-th yes: the caller then merges the text, if it does, and calls
    :func:`accept_fold`). A no settles the pair as two skills."""
    if not same:
        library.record_distinct(kept, folded)
        return False
    return library.vote_same(kept, folded) >= rules.fold_votes


def accept_fold(library: SkillLibrary, kept: str, folded: str) -> None:
    """The judge found ``kept`` and ``folded`` one skill: ``folded``'s examples become ``kept``'s
    (a task ``kept`` had as a misfit is one no more), ``folded`` is retired, and the verdict is
    kept (:meth:`skillrouter.SkillLibrary.fold`). The caller has already merged the text, if any."""
    library.fold(folded, into=kept)


def _active_similarities(
    library: SkillLibrary, summary_text: str, rules: LoopRules
) -> tuple[dict[str, float], list[str], LoopRules]:
    """The draft's similarity to each skill near it, the active skills (sorted), and ``rules`` on
    the scale of the engine that made the similarities: the one that understands the draft and
    every active skill's documents together (:meth:`~skillrouter.SkillLibrary.engine_of`)."""
    library.sync()
    summaries = library.summary_texts()
    records = library.summaries(sorted(summaries))
    active = sorted(n for n, r in records.items() if r.status == "active")
    engine = library.engine_of(summary_text, *_texts_of(library, set(active)))
    index = library.engine_index(engine)
    draft = np.asarray(index.embedder.embed_documents([summary_text]), dtype=np.float32)
    near: dict[str, float] = {}
    for hit in index.query(draft, _NEAREST_DOCUMENTS)[0]:  # best first
        near.setdefault(hit.skill, hit.similarity)
    with_summary = [n for n in active if n in summaries]
    if with_summary:
        sims = (
            np.asarray(index.embedder.embed_documents([summaries[n] for n in with_summary]), dtype=np.float32)
            @ draft[0]
        )
        for name, sim in zip(with_summary, sims.tolist()):
            near[name] = max(near.get(name, -1.0), round(sim, 6))
    return near, active, rules.on(engine)


def _texts_of(library: SkillLibrary, names: set[str]) -> list[str]:
    """The texts a comparison of skills ``names`` reads: their Level 0 texts, trigger texts and
    examples (the documents of the index; never misfits)."""
    return [text for name, kind, text in library.documents().values() if name in names and kind != MISFIT]


_NEAREST_DOCUMENTS = 100  # documents looked at for the nearest active skill (retired ones' may come first)
