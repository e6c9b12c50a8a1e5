"""The self-improving loop's rule book: what one scored run does to the skill library.

Data (the defaults below, gathered in :class:`LoopRules`) and pure functions, free of
LangGraph, so that the agent (``skillrouter.agent``: its nodes, :class:`AgentConfig`, the
defaults of ``skillrouter run``) and the evolution simulation (``skillrouter.eval.evolution``)
run the same rules. Callers go through the module (``rules.plan(...)``), so patching one
function here changes both; a test does exactly that.

After a run, the evaluator gives a score (1-10) and, when a skill guided the run, a **fit**
judgement: was the routed skill meant for this task at all? Two different failures follow:

- **misfit** (the skill did not fit): a routing miss, not the skill's failure. The skill's
  statistics are untouched, it is never revised or retired for it; the task is kept as a
  *misfit* of the skill (a negative example: the router demotes the skill for tasks that lie
  closer to its misfits than to its own texts, see :mod:`skillrouter.routing.router`), and the run
  may become a skill of its own under the usual rule for creating one.
- **fitted use**: the outcome is counted in the skill's record (a score of at least
  ``skill_threshold`` keeps the task as a routing example); a score below ``revise_below``
  revises the skill, unless it lies far below a proven record (``outlier_margin``), and
  lessons from the evaluator revise it always; a bad record retires it
  (:func:`should_retire`). Only fitted uses reach the record, so only they count toward
  revision and retirement.

The rules, one function each (:func:`plan` combines the first four):

- :func:`keeps_example` -- a fitted run scoring >= ``skill_threshold`` teaches the router.
- :func:`should_revise` -- a fitted run scoring < ``revise_below`` (but not more than
  ``outlier_margin`` below the average of a skill with ``OUTLIER_MIN_USES`` fitted uses), or
  a fitted run with lessons.
- :func:`should_create` -- a run that used no skill, or a misfit one, scoring >=
  ``skill_threshold`` in >= ``min_steps`` steps, is drafted into a new skill.
- :func:`should_merge` / :func:`nearest_active_skill` -- a draft at least
  ``duplicate_threshold`` similar to the nearest active skill (its Level 0 text or one of its
  examples) is a near-duplicate of it.
- :func:`merge_offers` -- the skills a draft is offered to as a merge, in order: the skill
  judged a misfit (a draft from a misfit run), the other skills the router found relevant to
  the task (:func:`route_alternatives`), then the active skills at least ``offer_threshold``
  similar to it, nearest first, ``max_offers`` in all. Whoever judges
  "same skill" decides each offer in turn; the first yes takes the draft
  (:func:`accept_merge`), and a draft every offer turns down becomes a skill of its own.
- :func:`accept_merge` -- a merged run becomes an example of the skill that took it; merged
  into the skill judged a misfit, the judge overrules the evaluator: the run is recorded as
  that skill's fitted use and the misfit is withdrawn.
- :func:`should_retire` -- after ``retire_min_uses`` fitted uses, a skill whose shrunk average
  (:func:`skillrouter.routing.scoring.shrunk_quality`) is below ``retire_floor`` is retired, on a
  fitted run that itself scored below the floor (a good run never retires its skill).
- :func:`fold_offers` / :func:`fold_pair` / :func:`vote_fold` / :func:`accept_fold` -- two
  skills that turn out to serve one kind of task are folded into one. After a fitted run that
  kept its task as an example (and revised nothing), each other skill the router also found
  relevant to the task (:func:`route_alternatives`) whose documents lie near the skill's (the
  centroids of their Level 0 texts and examples at least ``fold_threshold`` similar) is put to
  the judge of "same skill". One no keeps both for good; ``fold_votes`` yeses, each on a
  different task, fold the worse record into the better (its examples join the kept skill,
  it is retired: ``trust`` or ``restore`` brings it back). A skill at trust level ``builtin``
  or ``trusted`` is never folded away.
- A free name for a new skill: :func:`skillrouter.skill.free_name`.

Restoring or trusting a retired skill starts its record anew (see
:meth:`skillrouter.SkillLibrary.restore`), so a second chance is judged on new runs only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

import numpy as np

from skillrouter.routing.scoring import PRIOR_MEAN, PRIOR_WEIGHT, shrunk_quality

if TYPE_CHECKING:
    from skillrouter.library import SkillLibrary

__all__ = [
    "DUPLICATE_THRESHOLD",
    "FOLD_THRESHOLD",
    "FOLD_VOTES",
    "MAX_OFFERS",
    "MIN_STEPS",
    "NUDGE_INTERVAL",
    "OFFER_THRESHOLD",
    "OUTLIER_MARGIN",
    "OUTLIER_MIN_USES",
    "PROTECTED_FROM_FOLDING",
    "RETIRE_FLOOR",
    "RETIRE_MIN_USES",
    "REVISE_BELOW",
    "SKILL_THRESHOLD",
    "LoopRules",
    "Plan",
    "accept_fold",
    "accept_merge",
    "fold_offers",
    "fold_pair",
    "is_outlier",
    "keeps_example",
    "merge_offers",
    "nearest_active_skill",
    "plan",
    "route_alternatives",
    "should_create",
    "should_merge",
    "should_retire",
    "should_revise",
    "vote_fold",
]

SKILL_THRESHOLD = 7.0
"""A run must score at least this (1-10) to become a skill, and a fitted reuse's task is kept
as a routing example only from this score on."""

MIN_STEPS = 3
"""A run with fewer steps is too trivial to be worth a skill."""

DUPLICATE_THRESHOLD = 0.80
"""Cosine similarity (all-MiniLM-L6-v2) of ``"name words: description"`` (or of the draft's
summary to a skill's examples) from which a freshly drafted skill counts as
a near-duplicate of an existing active skill, so that skill is offered the merge instead.

Measured on drafts an LLM would write: two wordings of one skill ("convert CSV to JSON" /
"turn CSV rows into JSON objects", "write a haiku" / "compose a haiku poem") score 0.84-0.86;
neighbours of one family ("write a haiku" / "write a limerick") 0.76; unrelated skills of one
domain ("convert CSV to JSON" / "clean a CSV with pandas") 0.54. The import-time report
(``skillrouter.routing.duplicates``, 0.92) looks for the same skill published twice, which is stricter.
The text is a bag of words to this model: "CSV to JSON" and "JSON to CSV" score 0.96. So
the gate only proposes a merge; the judge may answer "not the same skill", and then the draft
becomes a skill of its own.
"""

OFFER_THRESHOLD = 0.45
"""Similarity (as for ``DUPLICATE_THRESHOLD``) from which a draft is offered to an active skill
as a merge, the judge of "same skill" deciding. Lower than the near-duplicate threshold because
two tasks of one kind of work are often worded far apart, and a draft that becomes a second
skill of its kind splits the kind's record and examples for good, while an offer costs one
judgement.

Measured on ``skillrouter eval evolution --seed 0 --policy shrunk`` (MetaTool, 1,000 tasks,
73 drafts): drafts made while their kind already had a skill were 0.50-0.61 similar to it when
the router had abstained (it was demoted by misjudged misfits) and 0.56-0.80 when a misjudged
misfit had been turned down by the judge; no draft came within 0.45 of an active skill of
another kind (the nearest: 0.41), nor did any draft of a kind without a skill. 0.45 sits in
that gap. With the judge wrong 10% of the time, an offer to a skill of another kind merges
wrongly one time in ten, which is why offers stay few (``MAX_OFFERS``)."""

MAX_OFFERS = 3
"""A draft is offered to at most this many skills (the skill judged a misfit counted)."""

REVISE_BELOW = SKILL_THRESHOLD
"""A fitted reuse scoring below this revises the skill (a new version), unless the score is an
outlier of the skill's record (``OUTLIER_MARGIN``)."""

OUTLIER_MARGIN = 3.0
"""A fitted run scoring more than this many points (of 1-10) below the average of a skill with
at least ``OUTLIER_MIN_USES`` fitted uses does not revise it: the score is recorded (the
average falls, and retirement sees it) but the method is not rewritten for it.

Why: a score far below what a skill usually gets is more often a task the skill was never
meant for that the evaluator took for a fit, or an accident of the run, than a flaw in a method
that has worked, and a revision rewrites the method for every task the skill serves. A skill
that keeps failing is still revised: each low score lowers its average until the next one is
no outlier; a skill with a mediocre record (scores near its average) is revised as before.

Measured on ``skillrouter eval evolution --seed 0 --policy shrunk`` (the evaluator misjudging
fit 10% of the time): without it 13 of 105 revisions followed a misroute, 7 of them on skills
averaging 8.0-9.2 over 3 to 213 fitted uses that scored 1.0-4.6 on the misrouted task (5.5
points below the average at the median), while no revision after a run of the skill's own
kind scored more than 3 points below its average. Consulting the record as a plain average
instead (revise only while the average, this run counted, stays below ``revise_below``) cut
misroute revisions too, but also a quarter of the useful ones, on skills averaging just over
7 that then never improved: second-half success fell from 0.774 to 0.694. See
docs/evaluation.md ("Revisions against the record")."""

OUTLIER_MIN_USES = 3
"""Fitted uses a skill needs before its average can call a score an outlier."""

RETIRE_FLOOR = 4.5
"""A skill whose shrunk average (prior 6 over 5 pseudo-uses, see ``skillrouter.routing.scoring``) is
below this after ``RETIRE_MIN_USES`` fitted uses is retired from routing. With the default
prior, five uses averaging below 3 retire a skill; one bad run never can."""

RETIRE_MIN_USES = 5

FOLD_THRESHOLD = 0.40
"""Cosine similarity of two skills' centroids (the normalised mean vector of each one's Level 0
text and examples, :meth:`skillrouter.routing.index.SkillIndex.centroids`) from which, when both are
relevant to a task that one of them served well, the judge of "same skill" is asked whether to
fold them into one (:func:`fold_offers`).

Why a second chance to merge: a draft is offered as a merge when it is made, but two judges can
both be wrong (the evaluator took a fitted run for a misfit, and the merge judge turned the draft
down), and a draft made after the router abstained may be worded unlike its kind's skill. Either
way a second skill of one kind splits that kind's record and examples. Once both skills have
examples, where their documents lie says more than one task's wording: on ``skillrouter eval
evolution`` (MetaTool, seeds 0-4, the judge wrong one time in ten) pairs of skills both relevant
to a task one of them served well, first seen, were of one kind 30 times and of two kinds 84
times at centroid similarity >= 0.30, 17 / 19 at >= 0.40, 9 / 1 at >= 0.50 (the judge, not this
number, decides each). Over seeds 0-9 the most loop-made duplicates of one kind were 2.6 / 2.2
/ 1.9 / 2.1 at 0.50 / 0.45 / 0.40 / 0.35 (3.2 without folding), reuse precision 0.806-0.807
throughout. See docs/evaluation.md ("Folding duplicates")."""

FOLD_VOTES = 2
""""Same skill" answers, each after a different task, that fold two skills; one "no" keeps
them apart for good. Two, because the costs are not even: a wrong fold gives one skill the
other kind's examples, so that kind's tasks are misrouted to it until misfits undo it, and
retires a skill that worked, while a missed fold leaves a duplicate whose kind's record is
split. With a judge wrong one time in ten, two yeses fold a pair of two kinds one time in a
hundred. Measured on ``skillrouter eval evolution`` over seeds 0-9 (fold threshold 0.40,
``benchmarks/loop_levers.py --vary fold_votes 1``): one yes folded 7 pairs of two kinds in 157
folds (seed 1: 2, reuse precision 0.833 -> 0.778, 2nd-half success 0.758 -> 0.692), two yeses
1 in 117, with the most loop-made duplicates of one kind the same (1.9 per stream)."""

NUDGE_INTERVAL = 10
"""Every this many tasks the agent's Memory Updater consolidates MEMORY.md and USER.md."""

PROTECTED_FROM_FOLDING = ("builtin", "trusted")
"""Trust levels of skills the loop never folds away (the user vouched for them as they are);
they may still take another skill in."""


@dataclass(frozen=True)
class LoopRules:
    """The loop's thresholds (see the module constants for what each default means)."""

    skill_threshold: float = SKILL_THRESHOLD
    min_steps: int = MIN_STEPS
    duplicate_threshold: float = DUPLICATE_THRESHOLD
    offer_threshold: float = OFFER_THRESHOLD
    max_offers: int = MAX_OFFERS
    revise_below: float = REVISE_BELOW
    outlier_margin: float = OUTLIER_MARGIN
    retire_floor: float = RETIRE_FLOOR
    retire_min_uses: int = RETIRE_MIN_USES
    fold_threshold: float = FOLD_THRESHOLD
    fold_votes: int = FOLD_VOTES

    @classmethod
    def of(cls, settings: object) -> LoopRules:
        """The thresholds read off a settings object that carries them as same-named fields
        (:class:`~skillrouter.agent.config.AgentConfig`, the simulation's ``EvolutionConfig``),
        so each of those states its defaults once and the rule book checks them."""
        return cls(**{f.name: getattr(settings, f.name) for f in fields(cls)})

    def __post_init__(self) -> None:
        if not 1.0 <= self.skill_threshold <= 10.0:
            raise ValueError(f"skill_threshold must be from 1 to 10, got {self.skill_threshold!r}")
        if isinstance(self.min_steps, bool) or not isinstance(self.min_steps, int) or self.min_steps < 0:
            raise ValueError(f"min_steps must be an int of 0 or more, got {self.min_steps!r}")
        if not 0.0 < self.duplicate_threshold <= 1.0:
            raise ValueError(f"duplicate_threshold must be in (0, 1], got {self.duplicate_threshold!r}")
        if not 0.0 < self.offer_threshold <= 1.0:
            raise ValueError(f"offer_threshold must be in (0, 1], got {self.offer_threshold!r}")
        if isinstance(self.max_offers, bool) or not isinstance(self.max_offers, int) or self.max_offers < 1:
            raise ValueError(f"max_offers must be an int of at least 1, got {self.max_offers!r}")
        if not 1.0 <= self.revise_below <= 10.0:
            raise ValueError(f"revise_below must be from 1 to 10, got {self.revise_below!r}")
        if not 0.0 < self.outlier_margin <= 9.0:
            raise ValueError(f"outlier_margin must be in (0, 9] points, got {self.outlier_margin!r}")
        if not 1.0 <= self.retire_floor <= 10.0:
            raise ValueError(f"retire_floor must be from 1 to 10, got {self.retire_floor!r}")
        if isinstance(self.retire_min_uses, bool) or not isinstance(self.retire_min_uses, int) \
                or self.retire_min_uses < 1:
            raise ValueError(f"retire_min_uses must be an int of at least 1, got {self.retire_min_uses!r}")
        if not -1.0 <= self.fold_threshold <= 1.01:
            raise ValueError(f"fold_threshold must be from -1 to 1 (above 1: never fold), got {self.fold_threshold!r}")
        if isinstance(self.fold_votes, bool) or not isinstance(self.fold_votes, int) or self.fold_votes < 1:
            raise ValueError(f"fold_votes must be an int of at least 1, got {self.fold_votes!r}")


DEFAULT_RULES = LoopRules()


@dataclass(frozen=True)
class Plan:
    """What the loop does after one scored run (retirement is decided after the outcome is
    recorded, by :func:`should_retire`)."""

    record_outcome: bool  # count the use in the skill's record: fitted uses only
    keep_example: bool  # ... and keep the task as a routing example of the skill
    record_misfit: bool  # keep the task as a misfit (negative example) of the skill
    revise: bool  # rewrite the skill from what the run showed
    create: bool  # draft a new skill from the run (through the duplicate gate)


def keeps_example(score: float, rules: LoopRules = DEFAULT_RULES) -> bool:
    """A fitted run's task becomes a routing example of its skill from this score on."""
    return score >= rules.skill_threshold


def should_revise(score: float, *, fits: bool, lessons: bool = False, use_count: int = 0,
                  avg_score: float | None = None, rules: LoopRules = DEFAULT_RULES) -> bool:
    """Revise the skill that guided the run: only when it fitted, and either the evaluator
    reported lessons the guidance missed, or the run scored below ``revise_below`` without
    being an outlier of the skill's record (``use_count`` fitted uses averaging ``avg_score``
    before this run: from ``OUTLIER_MIN_USES`` uses on, a score more than ``outlier_margin``
    below the average is one; see ``OUTLIER_MARGIN``)."""
    if not fits:
        return False
    if lessons:
        return True
    return score < rules.revise_below and not is_outlier(score, use_count, avg_score, rules)


def is_outlier(score: float, use_count: int, avg_score: float | None, rules: LoopRules = DEFAULT_RULES) -> bool:
    """``score`` lies more than ``outlier_margin`` below the average of a skill with at least
    ``OUTLIER_MIN_USES`` fitted uses (``use_count`` averaging ``avg_score``)."""
    return avg_score is not None and use_count >= OUTLIER_MIN_USES and score < avg_score - rules.outlier_margin


def should_create(score: float, steps: int, *, used_fitting_skill: bool, rules: LoopRules = DEFAULT_RULES) -> bool:
    """Draft a skill from a good, non-trivial run that no fitting skill guided (none was
    routed, or the routed one did not fit)."""
    return not used_fitting_skill and score >= rules.skill_threshold and steps >= rules.min_steps


def plan(matched: str | None, score: float, *, fits: bool, steps: int, lessons: bool = False,
         use_count: int = 0, avg_score: float | None = None, rules: LoopRules = DEFAULT_RULES) -> Plan:
    """What to learn from a run that scored ``score`` in ``steps`` steps, guided by the skill
    ``matched`` (None: no skill) judged to fit it or not (``fits`` is ignored without a skill),
    whose record before the run was ``use_count`` fitted uses averaging ``avg_score``
    (:meth:`skillrouter.Store.outcome`; left out, the run alone decides)."""
    used = matched is not None
    fitted = used and fits
    return Plan(
        record_outcome=fitted,
        keep_example=fitted and keeps_example(score, rules),
        record_misfit=used and not fits,
        revise=used and should_revise(score, fits=fits, lessons=lessons, use_count=use_count, avg_score=avg_score,
                                      rules=rules),
        create=should_create(score, steps, used_fitting_skill=fitted, rules=rules),
    )


def should_retire(use_count: int, avg_score: float | None, score: float, *, fits: bool = True,
                  rules: LoopRules = DEFAULT_RULES, prior_mean: float = PRIOR_MEAN,
                  prior_weight: float = PRIOR_WEIGHT) -> bool:
    """Retire a skill after a fitted run scored ``score``, its record (fitted uses only) now
    being ``use_count`` uses averaging ``avg_score``: when it has at least ``retire_min_uses``
    uses, the run scored below ``retire_floor``, and its shrunk average is below the floor too.
    Pass the router's prior so retirement and routing judge a record alike."""
    if not fits or avg_score is None or use_count < rules.retire_min_uses or score >= rules.retire_floor:
        return False
    return shrunk_quality(use_count, avg_score, prior_mean=prior_mean, prior_weight=prior_weight) < rules.retire_floor


def should_merge(similarity: float, rules: LoopRules = DEFAULT_RULES) -> bool:
    """A draft this similar to an active skill (see :func:`nearest_active_skill`) is offered to it as a merge."""
    return similarity >= rules.duplicate_threshold


def nearest_active_skill(library: SkillLibrary, summary_text: str, rules: LoopRules = DEFAULT_RULES, *,
                         misfit: str | None = None) -> tuple[str, float] | None:
    """The active skill a draft (its ``summary_text``, ``"name words: description"``) is a
    near-duplicate of (:func:`should_merge`), with the draft's similarity to it, or the skill
    judged a misfit (``misfit``) if it is active; None otherwise. :func:`merge_offers` gives
    every skill the draft is offered to; this is its near-duplicate part."""
    near, active = _active_similarities(library, summary_text)
    if misfit is not None and misfit in active:
        return misfit, near.get(misfit, 0.0)
    best = max(((near[n], n) for n in active if n in near), default=None)
    if best is not None and should_merge(best[0], rules):
        return best[1], best[0]
    return None


def route_alternatives(candidates: Sequence[Mapping[str, Any]], threshold: float, matched: str | None) -> list[str]:
    """The skills the router would also have matched to the task: its candidates
    (``Candidate.to_dict()``, best first) other than ``matched`` whose relevance reached the
    router's ``threshold``. A draft from the run is offered to them (:func:`merge_offers`): the
    router found them plausible for the task on its own terms."""
    return [c["name"] for c in candidates if c["name"] != matched and c["relevance"] >= threshold]


def merge_offers(library: SkillLibrary, summary_text: str, rules: LoopRules = DEFAULT_RULES, *,
                 misfit: str | None = None, alternatives: Sequence[str] = ()) -> list[tuple[str, float]]:
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
    near, active = _active_similarities(library, summary_text)
    names = [misfit] if misfit is not None else []
    names += list(alternatives)
    names += [n for _, n in sorted((-near[n], n) for n in active if n in near and near[n] >= rules.offer_threshold)]
    offers: list[tuple[str, float]] = []
    for name in dict.fromkeys(names):
        if len(offers) >= rules.max_offers:
            break
        if name in active:
            offers.append((name, near.get(name, 0.0)))
    return offers


def accept_merge(library: SkillLibrary, name: str, task: str, score: float, *, misfit: str | None = None,
                 rules: LoopRules = DEFAULT_RULES) -> None:
    """The judge took a draft of ``task`` (scored ``score``) into skill ``name``: the task
    becomes its example. Into the skill the evaluator judged a misfit (``misfit``), the judge
    overrules the evaluator: the run counts as that skill's fitted use and the misfit is
    withdrawn (a misjudged misfit would otherwise demote the skill for tasks of its own kind)."""
    if name == misfit:
        library.record_outcome(name, score, task=task, example_min_score=rules.skill_threshold)
    else:
        library.store.add_examples([(name, task)], score=score)


def fold_offers(library: SkillLibrary, name: str, alternatives: Sequence[str],
                rules: LoopRules = DEFAULT_RULES) -> list[tuple[str, float]]:
    """The skills to ask the judge about folding together with ``name``, after a fitted run of
    ``name`` that kept its task as an example: of the task's ``alternatives`` (the router's
    other plausible skills, :func:`route_alternatives`), the active ones whose centroid is at
    least ``fold_threshold`` similar to ``name``'s, whose pair with ``name`` is not settled (a
    pair with a yes so far is asked again) and that one of the two can be folded into
    (:func:`fold_pair`), nearest first, with the similarity; at most ``max_offers``. Empty
    when ``name`` is not active."""
    if not alternatives:
        return []
    judged = {p["b"] if p["a"] == name else p["a"] for p in library.judged_pairs(name) if p["same"] is not None}
    names = [n for n in dict.fromkeys(alternatives) if n != name and n not in judged]
    records = library.store.records_for([name, *names])
    if name not in records or records[name].summary.status != "active":
        return []
    names = [n for n in names if n in records and records[n].summary.status == "active"
             and fold_pair(library, name, n) is not None]
    if not names:
        return []
    library.sync()
    centroid = library.index.centroids([name, *names])
    if name not in centroid:
        return []
    near = sorted((-float(centroid[n] @ centroid[name]), n) for n in names if n in centroid)
    return [(n, round(-sim, 6)) for sim, n in near if -sim >= rules.fold_threshold][: rules.max_offers]


def fold_pair(library: SkillLibrary, a: str, b: str) -> tuple[str, str] | None:
    """``(kept, folded)``: which of two skills judged one would be folded into the other. The
    worse record goes (the lower shrunk average under the router's prior; then fewer fitted
    uses; then the later name), unless its trust level is in ``PROTECTED_FROM_FOLDING``: then
    the other goes into it. None when both are protected."""
    records = library.store.records_for([a, b])
    router = library.router

    def standing(name: str) -> tuple[float, int]:
        summary = records[name].summary
        return (shrunk_quality(summary.use_count, summary.avg_score, prior_mean=router.prior_mean,
                               prior_weight=router.prior_weight), summary.use_count)

    first, second = sorted((a, b))
    kept, folded = (first, second) if standing(first) >= standing(second) else (second, first)
    protected = {n for n in (a, b) if records[n].trust_level in PROTECTED_FROM_FOLDING}
    if protected == {a, b}:
        return None
    if folded in protected:
        kept, folded = folded, kept
    return kept, folded


def vote_fold(library: SkillLibrary, kept: str, folded: str, same: bool, rules: LoopRules = DEFAULT_RULES) -> bool:
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


def _active_similarities(library: SkillLibrary, summary_text: str) -> tuple[dict[str, float], list[str]]:
    """The draft's similarity to each skill near it, and the active skills (sorted)."""
    library.sync()
    draft = np.asarray(library.embedder.embed_documents([summary_text]), dtype=np.float32)
    near: dict[str, float] = {}
    for hit in library.index.query(draft, _NEAREST_DOCUMENTS)[0]:  # best first
        near.setdefault(hit.skill, hit.similarity)
    summaries = library.store.summary_texts()
    records = library.store.records_for(sorted(set(summaries) | set(near)))
    active = sorted(n for n, r in records.items() if r.summary.status == "active")
    with_summary = [n for n in active if n in summaries]
    if with_summary:
        sims = np.asarray(library.embedder.embed_documents([summaries[n] for n in with_summary]),
                          dtype=np.float32) @ draft[0]
        for name, sim in zip(with_summary, sims.tolist()):
            near[name] = max(near.get(name, -1.0), round(sim, 6))
    return near, active


_NEAREST_DOCUMENTS = 100  # documents looked at for the nearest active skill (retired ones' may come first)
