"""The self-improving loop's rule book: what one scored run does to the skill library.

Data (the defaults below, gathered in :class:`LoopRules`) and pure functions, free of LangGraph
and of the library: the learner (:class:`skillrouter.learning.Learner`), which the agent and the
evolution simulation both call, applies them in one order. Callers go through the module
(``rules.plan(...)``), so patching one function here changes every loop; a test does exactly
that. The numbers behind each default are in docs/evaluation/evolution.md, where they can
be measured again.

After a run, the evaluator gives a score (1-10) and, when a skill guided the run, a **fit**
judgement: was the routed skill meant for this task at all? Two different failures follow:

- **misfit** (the skill did not fit): a routing miss, not the skill's failure. The skill's
  statistics are untouched, it is never revised or retired for it; the task is kept as a
  *misfit* of the skill (a negative example: the router demotes the skill for tasks that lie
  closer to its misfits than to its own texts, see :mod:`skillrouter.routing.router`), and the
  run may become a skill of its own under the usual rule for creating one.
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
- :func:`should_merge` -- a draft at least ``duplicate_threshold`` similar to an active skill is
  a near-duplicate of it.
- :func:`route_alternatives` -- the router's other plausible skills for the task (those that
  passed its gate), to which a draft is offered as a merge and with which a skill may fold.
- :func:`should_retire` -- after ``retire_min_uses`` fitted uses, a skill whose shrunk average
  (:func:`skillrouter.routing.scoring.shrunk_quality`) is below ``retire_floor`` is retired, on
  a fitted run that itself scored below the floor (a good run never retires its skill).
- The merge and fold offers (``offer_threshold``, ``max_offers``, ``fold_threshold``,
  ``fold_votes``, ``PROTECTED_FROM_FOLDING``) are read off the library by
  :mod:`skillrouter.learning.offers`.
- A free name for a new skill: :func:`skillrouter.skill.free_name`.

**Engines.** The similarity thresholds (``duplicate_threshold``, ``offer_threshold``,
``fold_threshold``) are on all-MiniLM-L6-v2's scale. The loop compares texts on the engine that
understands them (the router's rule, :meth:`skillrouter.routing.router.Router.engine_of`): a
comparison that reads a CJK letter (a draft and one skill's documents, or two skills' documents)
is made on the multilingual engine, whose cosines lie higher, against the ``multilingual_*``
thresholds (:meth:`LoopRules.on`); offers are ranked within one engine's similarities only.

Restoring or trusting a retired skill starts its record anew (see
:meth:`skillrouter.SkillLibrary.restore`), so a second chance is judged on new runs only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skillrouter.routing.scoring import PRIOR_MEAN, PRIOR_WEIGHT, shrunk_quality

if TYPE_CHECKING:
    from skillrouter.routing.router import Engine

__all__ = [
    "DEFAULT_RULES",
    "DUPLICATE_THRESHOLD",
    "FOLD_THRESHOLD",
    "FOLD_VOTES",
    "MAX_OFFERS",
    "MIN_STEPS",
    "MULTILINGUAL_DUPLICATE_THRESHOLD",
    "MULTILINGUAL_FOLD_THRESHOLD",
    "MULTILINGUAL_OFFER_THRESHOLD",
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
    "is_outlier",
    "keeps_example",
    "plan",
    "route_alternatives",
    "should_create",
    "should_merge",
    "should_retire",
    "should_revise",
    "split_rule_options",
]

SKILL_THRESHOLD = 7.0
"""A run must score at least this (1-10) to become a skill, and a fitted reuse's task is kept
as a routing example only from this score on."""

MIN_STEPS = 3
"""A run with fewer steps is too trivial to be worth a skill."""

DUPLICATE_THRESHOLD = 0.80
"""Cosine similarity (all-MiniLM-L6-v2) of ``"name words: description"`` (or of the draft's
summary to a skill's examples) from which a freshly drafted skill counts as a near-duplicate of
an existing active skill, so that skill is offered the merge. Two wordings of one skill score
above it, neighbours of one family and unrelated skills of one domain below. The import-time
report (:mod:`skillrouter.routing.duplicates`) looks for the same skill published twice, which
is stricter. The text is a bag of words to this model ("CSV to JSON" and "JSON to CSV" are
near), so the gate only proposes a merge: the judge may answer "not the same skill", and then
the draft becomes a skill of its own."""

OFFER_THRESHOLD = 0.45
"""Similarity (as for ``DUPLICATE_THRESHOLD``) from which a draft is offered to an active skill
as a merge, the judge of "same skill" deciding. Lower than the near-duplicate threshold because
two tasks of one kind of work are often worded far apart, and a draft that becomes a second
skill of its kind splits the kind's record and examples for good, while an offer costs one
judgement. It sits in the gap between how near drafts come to a skill of their own kind and to
one of another kind; a judge that errs makes a wrong merge now and then, which is why offers
stay few (``MAX_OFFERS``)."""

MAX_OFFERS = 3
"""A draft is offered to at most this many skills (the skill judged a misfit counted)."""

REVISE_BELOW = SKILL_THRESHOLD
"""A fitted reuse scoring below this revises the skill (a new version), unless the score is an
outlier of the skill's record (``OUTLIER_MARGIN``)."""

OUTLIER_MARGIN = 3.0
"""A fitted run scoring more than this many points (of 1-10) below the average of a skill with
at least ``OUTLIER_MIN_USES`` fitted uses does not revise it: the score is recorded (the
average falls, and retirement sees it) but the method is not rewritten for it.

Why: a score far below what a skill usually gets is more often a task the skill was never meant
for that the evaluator took for a fit, or an accident of the run, than a flaw in a method that
has worked, and a revision rewrites the method for every task the skill serves. A skill that
keeps failing is still revised: each low score lowers its average until the next one is no
outlier; a skill with a mediocre record (scores near its average) is revised as before. (Consulting
the record as a plain average instead cuts useful revisions too: docs/evaluation/evolution.md, "Revisions
against the record".)"""

OUTLIER_MIN_USES = 3
"""Fitted uses a skill needs before its average can call a score an outlier."""

RETIRE_FLOOR = 4.5
"""A skill whose shrunk average (prior 6 over 5 pseudo-uses, see ``skillrouter.routing.scoring``)
is below this after ``RETIRE_MIN_USES`` fitted uses is retired from routing. With the default
prior, five uses averaging below 3 retire a skill; one bad run never can."""

RETIRE_MIN_USES = 5

FOLD_THRESHOLD = 0.40
"""Cosine similarity of two skills' centroids (the normalised mean vector of each one's Level 0
text and examples, :meth:`skillrouter.routing.index.SkillIndex.centroids`) from which, when both
are relevant to a task that one of them served well, the judge of "same skill" is asked whether
to fold them into one.

Why a second chance to merge: a draft is offered as a merge when it is made, but two judges can
both be wrong (the evaluator took a fitted run for a misfit, and the merge judge turned the draft
down), and a draft made after the router abstained may be worded unlike its kind's skill. Either
way a second skill of one kind splits that kind's record and examples. Once both skills have
examples, where their documents lie says more than one task's wording; the judge, not this
number, decides each pair (docs/evaluation/evolution.md, "Folding duplicates")."""

FOLD_VOTES = 2
""""Same skill" answers, each after a different task, that fold two skills; one "no" keeps
them apart for good. Two, because the costs are not even: a wrong fold gives one skill the
other kind's examples, so that kind's tasks are misrouted to it until misfits undo it, and
retires a skill that worked, while a missed fold leaves a duplicate whose kind's record is
split. With a judge wrong one time in ten, two yeses fold a pair of two kinds one time in a
hundred."""

MULTILINGUAL_DUPLICATE_THRESHOLD = 0.93
"""``DUPLICATE_THRESHOLD`` on the multilingual engine's scale (multilingual-e5-small, its
Chinese-English direction taken out), on which the loop compares a draft with skills whenever one
of the texts compared holds CJK letters (:mod:`skillrouter.learning.offers`). Its cosines lie
higher and closer together than MiniLM's (two unrelated Chinese requests score about 0.87, two of
one kind about 0.95), so each similarity threshold has a value of its own, measured by
``benchmarks/loop_thresholds.py`` (docs/evaluation/evolution.md, "The loop in Chinese"). Here: between
two wordings of one skill (0.93 on average in English, 0.92 Chinese against English) and
neighbours of one family (0.90 both); Chinese neighbours reach it (0.93), as "CSV to JSON" and
"JSON to CSV" reach MiniLM's, and the judge decides."""

MULTILINGUAL_OFFER_THRESHOLD = 0.90
"""``OFFER_THRESHOLD`` on the multilingual engine's scale: it lets through as small a share of
request pairs of different kinds as MiniLM's 0.45 does of English ones (0.900 on English pairs,
0.891 Chinese against English, 0.918 Chinese against Chinese). Chosen over 0.88-0.94 on the blind
Chinese and bilingual evolution streams: against the loop on MiniLM it halves the drafts merged
into a skill of another kind (11.2 -> 5.8 a bilingual stream) and leaves a third of the duplicates
(2.8 -> 1.0); 0.92 offers fewer wrong skills but misses drafts of one kind written in two languages
(duplicates 2.6)."""

MULTILINGUAL_FOLD_THRESHOLD = 0.93
"""``FOLD_THRESHOLD`` on the multilingual engine's scale. A centroid averages out what is
particular to each text, and on this engine what is left of Chinese texts lies close together
(two kinds' centroids: 0.90 median): 0.93 lets through the share of other-kind centroid pairs of
Chinese (and of Chinese and English) requests that MiniLM's 0.40 lets through of English ones
(0.910 on English pairs alone), keeping 90 % of a request's similarity to its own kind's centroid
in Chinese. The judge, asked twice, decides."""

NUDGE_INTERVAL = 10
"""Every this many tasks the agent's Memory Updater consolidates MEMORY.md and USER.md."""

PROTECTED_FROM_FOLDING = ("builtin", "trusted")
"""Trust levels of skills the loop never folds away (the user vouched for them as they are);
they may still take another skill in."""


@dataclass(frozen=True)
class LoopRules:
    """The loop's thresholds (see the module constants for what each default means), checked
    on construction. :class:`~skillrouter.agent.config.AgentConfig`, the simulation's
    ``EvolutionConfig`` and ``create_self_improving_agent`` each take one."""

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
    multilingual_duplicate_threshold: float = MULTILINGUAL_DUPLICATE_THRESHOLD
    multilingual_offer_threshold: float = MULTILINGUAL_OFFER_THRESHOLD
    multilingual_fold_threshold: float = MULTILINGUAL_FOLD_THRESHOLD

    def on(self, engine: Engine) -> LoopRules:
        """These rules on ``engine``'s similarity scale: for ``"multilingual"`` the duplicate,
        offer and fold thresholds are the ``multilingual_*`` ones (its cosines lie higher than
        MiniLM's); for ``"default"`` the rules as they are."""
        if engine == "default":
            return self
        return dataclasses.replace(
            self,
            duplicate_threshold=self.multilingual_duplicate_threshold,
            offer_threshold=self.multilingual_offer_threshold,
            fold_threshold=self.multilingual_fold_threshold,
        )

    def replace(self, **changes: Any) -> LoopRules:
        """These rules with ``changes`` (field names), checked again; an unknown name is a
        ValueError that lists the known ones."""
        unknown = sorted(set(changes) - RULE_FIELDS)
        if unknown:
            raise ValueError(f"unknown loop rule {unknown[0]!r}; known: {', '.join(sorted(RULE_FIELDS))}")
        return dataclasses.replace(self, **changes)

    def __post_init__(self) -> None:
        if not 1.0 <= self.skill_threshold <= 10.0:
            raise ValueError(f"skill_threshold must be from 1 to 10, got {self.skill_threshold!r}")
        if isinstance(self.min_steps, bool) or not isinstance(self.min_steps, int) or self.min_steps < 0:
            raise ValueError(f"min_steps must be an int of 0 or more, got {self.min_steps!r}")
        for label in ("duplicate_threshold", "multilingual_duplicate_threshold"):
            if not 0.0 < getattr(self, label) <= 1.0:
                raise ValueError(f"{label} must be in (0, 1], got {getattr(self, label)!r}")
        for label in ("offer_threshold", "multilingual_offer_threshold"):
            if not 0.0 < getattr(self, label) <= 1.0:
                raise ValueError(f"{label} must be in (0, 1], got {getattr(self, label)!r}")
        if isinstance(self.max_offers, bool) or not isinstance(self.max_offers, int) or self.max_offers < 1:
            raise ValueError(f"max_offers must be an int of at least 1, got {self.max_offers!r}")
        if not 1.0 <= self.revise_below <= 10.0:
            raise ValueError(f"revise_below must be from 1 to 10, got {self.revise_below!r}")
        if not 0.0 < self.outlier_margin <= 9.0:
            raise ValueError(f"outlier_margin must be in (0, 9] points, got {self.outlier_margin!r}")
        if not 1.0 <= self.retire_floor <= 10.0:
            raise ValueError(f"retire_floor must be from 1 to 10, got {self.retire_floor!r}")
        if (
            isinstance(self.retire_min_uses, bool)
            or not isinstance(self.retire_min_uses, int)
            or self.retire_min_uses < 1
        ):
            raise ValueError(f"retire_min_uses must be an int of at least 1, got {self.retire_min_uses!r}")
        for label in ("fold_threshold", "multilingual_fold_threshold"):
            if not -1.0 <= getattr(self, label) <= 1.01:
                raise ValueError(
                    f"{label} must be from -1 to 1 (above 1: never fold), got {getattr(self, label)!r}"
                )
        if isinstance(self.fold_votes, bool) or not isinstance(self.fold_votes, int) or self.fold_votes < 1:
            raise ValueError(f"fold_votes must be an int of at least 1, got {self.fold_votes!r}")


DEFAULT_RULES = LoopRules()
RULE_FIELDS = frozenset(f.name for f in dataclasses.fields(LoopRules))


def split_rule_options(
    options: Mapping[str, Any], own: Collection[str]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """``options`` split into a settings class's ``own`` fields and :class:`LoopRules` fields
    (the flat-keyword sugar of ``AgentConfig.of`` and ``EvolutionConfig.of``;
    ``create_self_improving_agent`` names each rule as a keyword of its own); a name that is
    neither is a ValueError."""
    mine = {k: v for k, v in options.items() if k in own}
    rule_changes = {k: v for k, v in options.items() if k not in own and k in RULE_FIELDS}
    unknown = sorted(set(options) - set(mine) - set(rule_changes))
    if unknown:
        raise ValueError(
            f"unknown setting {unknown[0]!r}; known: {', '.join(sorted(set(own) | RULE_FIELDS))}"
        )
    return mine, rule_changes


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


def should_revise(
    score: float,
    *,
    fits: bool,
    lessons: bool = False,
    use_count: int = 0,
    avg_score: float | None = None,
    rules: LoopRules = DEFAULT_RULES,
) -> bool:
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


def is_outlier(
    score: float, use_count: int, avg_score: float | None, rules: LoopRules = DEFAULT_RULES
) -> bool:
    """``score`` lies more than ``outlier_margin`` below the average of a skill with at least
    ``OUTLIER_MIN_USES`` fitted uses (``use_count`` averaging ``avg_score``)."""
    return (
        avg_score is not None and use_count >= OUTLIER_MIN_USES and score < avg_score - rules.outlier_margin
    )


def should_create(
    score: float, steps: int, *, used_fitting_skill: bool, rules: LoopRules = DEFAULT_RULES
) -> bool:
    """Draft a skill from a good, non-trivial run that no fitting skill guided (none was
    routed, or the routed one did not fit)."""
    return not used_fitting_skill and score >= rules.skill_threshold and steps >= rules.min_steps


def plan(
    matched: str | None,
    score: float,
    *,
    fits: bool,
    steps: int,
    lessons: bool = False,
    use_count: int = 0,
    avg_score: float | None = None,
    rules: LoopRules = DEFAULT_RULES,
) -> Plan:
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
        revise=used
        and should_revise(
            score, fits=fits, lessons=lessons, use_count=use_count, avg_score=avg_score, rules=rules
        ),
        create=should_create(score, steps, used_fitting_skill=fitted, rules=rules),
    )


def should_retire(
    use_count: int,
    avg_score: float | None,
    score: float,
    *,
    fits: bool = True,
    rules: LoopRules = DEFAULT_RULES,
    prior_mean: float = PRIOR_MEAN,
    prior_weight: float = PRIOR_WEIGHT,
) -> bool:
    """Retire a skill after a fitted run scored ``score``, its record (fitted uses only) now
    being ``use_count`` uses averaging ``avg_score``: when it has at least ``retire_min_uses``
    uses, the run scored below ``retire_floor``, and its shrunk average is below the floor too.
    Pass the router's prior so retirement and routing judge a record alike."""
    if not fits or avg_score is None or use_count < rules.retire_min_uses or score >= rules.retire_floor:
        return False
    return (
        shrunk_quality(use_count, avg_score, prior_mean=prior_mean, prior_weight=prior_weight)
        < rules.retire_floor
    )


def should_merge(similarity: float, rules: LoopRules = DEFAULT_RULES) -> bool:
    """A draft this similar to an active skill (see
    :func:`skillrouter.learning.offers.nearest_active_skill`) is offered to it as a merge."""
    return similarity >= rules.duplicate_threshold


def route_alternatives(candidates: Sequence[Mapping[str, Any]], matched: str | None) -> list[str]:
    """The skills the router would also have matched to the task: its candidates
    (``Candidate.to_dict()``, best first) other than ``matched`` that passed its gate
    (``passes_gate``, the router's own verdict). A draft from the run is offered to them
    (:func:`merge_offers`): the router found them plausible for the task on its own terms."""
    return [c["name"] for c in candidates if c["name"] != matched and c.get("passes_gate")]
