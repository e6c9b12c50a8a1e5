"""One learning step: what a scored run does to the library, in one order, for every loop.

The agent (:mod:`skillrouter.agent.nodes`) and the evolution simulation
(:mod:`skillrouter.eval.evolution`) both hand a scored :class:`Run` to :meth:`Learner.learn`;
they differ only in their :class:`Judges` (the agent asks its LLM, the simulation its world).
The order, once::

    plan = rules.plan(run)                            # before the outcome is recorded
    a skill that fitted:    record the outcome (a good score keeps the task as an example)
                            -> revise it when the plan says so (the judge writes the text)
                            -> retire it when its record says so
                            -> otherwise, if the task became an example and nothing was revised,
                               put the fold offers to the judge ("one skill?")
    a skill that did not:   keep the task as its misfit
    then, when planned:     draft a skill from the run; offer it to the merge offers in turn
                            (the judge: "same skill?"); the first yes takes it, else it is new

Every write is screened like the agent's own (``agent-created``): a dangerous finding refuses
it (an error in :attr:`Learned.errors`), a caution stores it quarantined. What a judge could
not answer (:class:`~skillrouter.errors.JudgeError`) is an error too, and the step goes on with
what does not depend on it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from skillrouter import rules
from skillrouter.errors import JudgeError, SkillNotFoundError
from skillrouter.learning import offers
from skillrouter.learning.ports import LoopLibrary
from skillrouter.rules import LoopRules, Plan
from skillrouter.security.gate import AGENT_CREATED, agent_refusal
from skillrouter.skill import Skill, free_name

__all__ = ["Judgement", "Judges", "Learned", "Learner", "Run"]


@dataclass(frozen=True)
class Run:
    """A scored run, as the loop learns from it."""

    task: str
    score: float  # the evaluator's, 1-10
    steps: int
    matched: str | None = None  # the skill that guided it (None: none)
    fits: bool = True  # the evaluator's judgement that ``matched`` was meant for the task
    lessons: Sequence[str] = ()  # what the guidance missed, per the evaluator
    candidates: Sequence[Mapping[str, Any]] = ()  # the route's candidates (``Candidate.to_dict()``)


@dataclass(frozen=True)
class Judgement:
    """A judge's answer: ``same`` (for a merge or a fold: one skill), and the text to write
    (``skill``; None leaves the text as it is), with a ``reason`` for the history."""

    same: bool = False
    skill: Skill | None = None
    reason: str = ""


class Judges(Protocol):
    """What the loop asks of whoever plays its judges. Each raises
    :class:`~skillrouter.errors.JudgeError` when it has no usable answer."""

    def revise(self, skill: Skill, run: Run) -> Judgement:
        """``skill`` rewritten from what ``run`` showed (``Judgement.skill``)."""
        ...

    def draft(self, run: Run) -> Skill:
        """A new skill from ``run`` (its name a proposal: the learner finds a free one)."""
        ...

    def merge(self, existing: Skill, draft: Skill, run: Run, similarity: float, offer: int) -> Judgement:
        """Is ``draft`` the same skill as ``existing`` (``same``), and ``existing`` with what the
        draft adds (``skill``)? ``offer`` counts the offers of this draft, from 0."""
        ...

    def fold(self, kept: Skill, folded: Skill, run: Run, similarity: float, offer: int) -> Judgement:
        """Are ``kept`` and ``folded`` one skill (``same``), and ``kept`` with what ``folded``
        knew (``skill``)? ``offer`` counts the pairs put to the judge after this run, from 0."""
        ...


@dataclass
class Learned:
    """What one step did to the library."""

    plan: Plan
    recorded: bool = False  # the outcome was counted in ``run.matched``'s record
    misfit: str | None = None  # the task was kept as this skill's misfit
    updated: str | None = None  # a new version of this skill was written (revision, merge or fold)
    version: int | None = None  # the version written (of ``updated`` or ``created``)
    revised: str | None = None  # ``updated`` by a revision
    merged_into: str | None = None  # the draft was merged into this skill
    folded: str | None = None  # this skill was folded into ``folded_into``
    folded_into: str | None = None
    retired: str | None = None
    created: str | None = None
    task_type: str | None = None  # of the created skill
    quarantined: str | None = None  # a write that the store quarantined (a caution in it)
    errors: list[str] = field(default_factory=list)


class Learner:
    """Applies scored runs to ``library`` under ``rules``, asking ``judges`` (see the module docstring)."""

    def __init__(self, library: LoopLibrary, judges: Judges, rules: LoopRules = rules.DEFAULT_RULES) -> None:
        self.library = library
        self.judges = judges
        self.rules = rules

    def plan(self, run: Run) -> Plan:
        """What the rule book says to learn from ``run``, weighed against the matched skill's
        record as it stands now (call it before :meth:`learn` records the run)."""
        try:
            record = self.library.track_record(run.matched) if run.matched else None
        except SkillNotFoundError:  # gone since routing: recording will say so
            record = None
        return rules.plan(
            run.matched,
            run.score,
            fits=run.fits,
            steps=run.steps,
            lessons=bool(run.lessons),
            use_count=record.use_count if record else 0,
            avg_score=record.avg_score if record else None,
            rules=self.rules,
        )

    def learn(self, run: Run) -> Learned:
        """Apply ``run`` to the library, in the module docstring's order."""
        done = Learned(self.plan(run))
        plan = done.plan
        if plan.record_outcome and run.matched is not None:
            self._reuse(run, done)
        elif plan.record_misfit and run.matched is not None:
            try:
                self.library.record_misfit(run.matched, run.task)
            except SkillNotFoundError:
                done.errors.append(f"skill {run.matched!r} was removed during the run; nothing recorded")
            else:
                done.misfit = run.matched
        if plan.create:
            self._create(run, done)
        return done

    # -------------------------------------------------------- a skill that fitted

    def _reuse(self, run: Run, done: Learned) -> None:
        name = run.matched
        assert name is not None
        plan = done.plan
        try:
            self.library.record_outcome(
                name,
                run.score,
                task=run.task if plan.keep_example else None,
                example_min_score=self.rules.skill_threshold,
            )
        except SkillNotFoundError:
            done.errors.append(f"skill {name!r} was removed during the run; nothing recorded")
            return
        done.recorded = True
        if plan.revise:
            self._revise(name, run, done)
        if self._retire(name, run.score):
            done.retired = name
        elif plan.keep_example and not plan.revise:
            self._fold(name, run, done)

    def _revise(self, name: str, run: Run, done: Learned) -> None:
        skill = self.library.get(name)
        try:
            answer = self.judges.revise(skill, run)
        except JudgeError as err:
            done.errors.append(f"revision of {name!r} failed: {err}")
            return
        revised = answer.skill
        if revised is None or (revised.body, revised.description) == (skill.body, skill.description):
            return
        refusal = agent_refusal(revised)
        if refusal:
            done.errors.append(f"revision of {name!r} refused by the security scan: {findings_line(refusal)}")
            return
        why = answer.reason.strip() or "the run showed what it missed"
        stored = self.library.update(
            revised,
            reason=f"revised after a run scored {run.score:g}: {why}"[:300],
            trust_level=AGENT_CREATED,
            sync=False,
        )
        done.updated, done.revised, done.version = name, name, stored.version
        self._check_quarantine(stored, skill, done)

    def _retire(self, name: str, score: float) -> bool:
        """Retire ``name`` when :func:`skillrouter.rules.should_retire` says so after this fitted
        run (its record holds fitted uses only; the router's prior judges it)."""
        out = self.library.track_record(name)
        routing = self.library.routing
        if not rules.should_retire(
            out.use_count,
            out.avg_score,
            score,
            rules=self.rules,
            prior_mean=routing.prior_mean,
            prior_weight=routing.prior_weight,
        ):
            return False
        if self.library.get(name).status != "active":
            return False
        self.library.retire(name)
        return True

    def _fold(self, name: str, run: Run, done: Learned) -> None:
        """Put the pairs :func:`~skillrouter.learning.offers.fold_offers` names to the judge, in
        turn, until one is folded (:func:`~skillrouter.learning.offers.vote_fold`)."""
        alternatives = rules.route_alternatives(run.candidates, name)
        for n, (other, similarity) in enumerate(
            offers.fold_offers(self.library, name, alternatives, self.rules)
        ):
            pair = offers.fold_pair(self.library, name, other)
            if pair is None:
                continue
            kept, folded = pair
            existing, leaving = self.library.get(kept), self.library.get(folded)
            try:
                answer = self.judges.fold(existing, leaving, run, similarity, n)
            except JudgeError as err:
                done.errors.append(f"folding {folded!r} into {kept!r} failed: {err}")
                return
            if not offers.vote_fold(self.library, kept, folded, answer.same, self.rules):
                continue  # two skills for good, or a yes that waits for another task's
            merged = answer.skill
            if merged is not None and (merged.body, merged.description) != (
                existing.body,
                existing.description,
            ):
                refusal = agent_refusal(merged)
                if refusal:
                    done.errors.append(
                        f"folding {folded!r} into {kept!r} refused by the security scan: "
                        f"{findings_line(refusal)}"
                    )
                    return
                why = answer.reason.strip() or "the two serve one kind of task"
                stored = self.library.update(
                    merged,
                    reason=f"folded in {folded!r} (similarity {similarity:.2f}): {why}"[:300],
                    trust_level=AGENT_CREATED,
                    sync=False,
                )
                done.updated, done.version = kept, stored.version
                if stored.status != "active":  # the rewrite was quarantined: nothing is folded into it
                    self._check_quarantine(stored, existing, done)
                    return
            offers.accept_fold(self.library, kept, folded)
            done.folded, done.folded_into = folded, kept
            return

    # -------------------------------------------------------- a new skill

    def _create(self, run: Run, done: Learned) -> None:
        """Draft a skill from the run; offer it as a merge (:func:`~skillrouter.learning.offers.merge_offers`)
        to the skill judged a misfit, the route's other plausible skills and the nearest ones, in
        turn; the first the judge finds the same takes it (:func:`~skillrouter.learning.offers.accept_merge`),
        otherwise it becomes a skill of its own."""
        try:
            draft = self.judges.draft(run)
        except JudgeError as err:
            done.errors.append(f"skill extraction failed: {err}")
            return
        misfit = run.matched if run.matched is not None and not run.fits else None
        alternatives = rules.route_alternatives(run.candidates, run.matched)
        merge_offers = offers.merge_offers(
            self.library, draft.summary_text(), self.rules, misfit=misfit, alternatives=alternatives
        )
        for n, (name, similarity) in enumerate(merge_offers):
            existing = self.library.get(name)
            try:
                answer = self.judges.merge(existing, draft, run, similarity, n)
            except JudgeError as err:
                done.errors.append(f"merging into near-duplicate {name!r} failed: {err}")
                return
            if not answer.same:
                continue  # the next offer, or a skill of its own
            if answer.skill is not None:
                refusal = agent_refusal(answer.skill)
                if refusal:
                    done.errors.append(
                        f"merge into {name!r} refused by the security scan: {findings_line(refusal)}"
                    )
                    return
                why = answer.reason.strip() or "folded in a new run"
                stored = self.library.update(
                    answer.skill,
                    reason=f"merged near-duplicate draft {draft.name!r} (similarity {similarity:.2f}): {why}"[
                        :300
                    ],
                    trust_level=AGENT_CREATED,
                    sync=False,
                )
                done.updated, done.version = name, stored.version
                self._check_quarantine(stored, existing, done)
            offers.accept_merge(self.library, name, run.task, run.score, misfit=misfit, rules=self.rules)
            done.merged_into = name
            return
        skill = draft.renamed(free_name(draft.name, self.library))
        refusal = agent_refusal(skill)
        if refusal:
            done.errors.append(
                f"new skill {skill.name!r} refused by the security scan: {findings_line(refusal)}"
            )
            return
        stored = self.library.add(
            skill, reason=f"extracted from a run scored {run.score:g}", trust_level=AGENT_CREATED, sync=False
        )
        self.library.add_examples([(stored.name, run.task)], score=run.score)
        # a caution quarantines it: kept for review, never routed until 'skillrouter trust NAME'
        done.created, done.version, done.task_type = stored.name, stored.version, stored.task_type
        self._check_quarantine(stored, None, done)

    def _check_quarantine(self, stored: Skill, before: Skill | None, done: Learned) -> None:
        """An error when the store quarantined what the loop just wrote (and it was not already)."""
        if stored.status != "quarantined" or (before is not None and before.status == "quarantined"):
            return
        done.quarantined = stored.name
        done.errors.append(
            f"{stored.name!r} quarantined: {findings_line(self.library.findings(stored.name))}"
        )


def findings_line(findings: Sequence[Mapping[str, Any]]) -> str:
    """The first three findings as ``rule (line N)``, for an error message."""
    return "; ".join(f"{f['rule']} (line {f['line']})" for f in findings[:3])
