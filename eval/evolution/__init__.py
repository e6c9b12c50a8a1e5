"""Skill evolution: an agent's life, simulated offline, deterministic in the seed.

A stream of tasks from a labelled dataset goes through the real router, store and outcome
recording; only the LLM parts (running the task, judging it, writing the skill) are
simulated. The question is whether the library behaves over time: good skills get reused and
improve, duplicates don't pile up, bad skills lose out.

**Tasks.** ``kinds`` gold tools of the dataset are drawn at random (among those with enough
queries); their queries, shuffled, are the stream (a query's gold tool is its *kind*: same
gold, same kind of work). A few queries per kind are held out as a fixed *probe set*, and a
few more as the text of *seeded variants*.

**Executor and evaluator (simulated).** Every skill has a hidden kind and a hidden quality
``q`` in [0, 1]. A task run with a skill of its own kind scores ``1 + 9 q + N(0, noise)``; with
a skill of another kind ``wrong_mean + N(0, 1.5)``; with no skill ``no_skill_mean + N(0, 1.5)``;
clipped to 1-10. A run takes 1-8 steps (uniform). When a skill guided the run the evaluator
also judges whether it *fitted* the task (is of the task's kind), and is wrong with
probability ``fit_error`` (default 0.1): a misroute judged a fit, or a fitted run judged a
misfit. All random draws are made per task index up front, so every policy sees the same
tasks, steps, noise and judging errors: runs differ only by routing.

**The loop's rules** are the agent's own: each scored task goes to the agent's learner,
:class:`skillrouter.learning.Learner` (the rule book :mod:`skillrouter.rules`, the offers of
:mod:`skillrouter.learning.offers`, free names by :func:`skillrouter.skill.free_name`), with the
agent's defaults and the world's judges (:class:`~skillrouter.eval.evolution.world.WorldJudges`),
so it records, revises, retires, folds and creates exactly as the agent does:

- a skill judged to fit: ``record_outcome`` (a score >= ``skill_threshold`` keeps the task as
  an example); a score below ``revise_below`` revises it (a new version; its hidden quality
  moves ``revise_gain`` of the way to 1 if the run really was of its kind, and not at all
  otherwise: counted in ``revisions_after_misroute``), unless the score lies more than
  ``outlier_margin`` below the average of a proven record (:func:`skillrouter.rules.should_revise`);
  a bad record of fitted uses retires it.
  The simulated evaluator reports no lessons, so the agent's revise-on-lessons path is idle.
- a skill judged a misfit: ``record_misfit`` (a negative example for the router), nothing
  else happens to the skill; the run may become a skill like a run with no skill.
- no fitting skill, score >= ``skill_threshold``, at least ``min_steps`` steps: a skill is
  drafted. Its description is the task text (an extractor summarising the run it saw; never
  the gold description), its name the first words of the task, its hidden quality drawn
  uniformly from ``new_quality``. The duplicate gate (``merge_offers``: the skill judged a
  misfit, the route's other candidates that reached the router's threshold, then the active
  skills at ``offer_threshold`` or above by Level 0 text or examples, nearest first, ``max_offers`` in all)
  offers it as a merge to a judge of "same skill", one
  skill at a time; the judge is right unless it errs, with probability ``fit_error`` too,
  independently for each offer. Merged (``accept_merge``), the task becomes that skill's
  example (into the skill judged a misfit: a fitted use, the misfit withdrawn); turned down by
  every offer, the draft becomes a skill with the task as its first example.

**Seeded variants.** For ``variant_kinds`` kinds, ``len(variant_qualities)`` competing skills
are in the library from the start, each described by a different held-out query of the kind,
with the given hidden qualities (best first): the router should learn to prefer the best.

**Policies.** The whole stream is run once per routing policy (``similarity``, ``raw``,
``shrunk``, ``explore``; see ``skillrouter.routing.scoring``), each in a fresh library.

**Metrics** every ``every`` tasks (rates over the tasks since the last checkpoint): library
size (active skills), skills per kind (active, over kinds that have one) and duplicates
(active skills beyond the first per kind), reuse rate (tasks routed to a skill), reuse
precision (routed to a skill of the task's kind), online success rate (score >= 7), mean
score, best-variant share (routes to a kind's skill that went to its best active skill, over
kinds with two or more), retired skills, misfits recorded, and routing P@1 on the probe set
(routed to a skill of the probe's kind; abstaining is a miss). The summary adds revisions
after a misroute, each retired skill with its hidden quality, duplicates per kind, and the merge
and fold offers put to the judge (of them, about a skill of another kind) and the drafts merged
into a skill of another kind.

**Streams.** MetaTool's labelled queries (``--dataset metatool:DIR``), the built-in benchmark,
or the blind requests of ``eval/data/blind`` in Chinese, English or both
(:mod:`~skillrouter.eval.evolution.blind`: ``--dataset blind-zh``), whose kinds hold two or three
requests each (``min_per_kind`` 2, no probes or seeded variants).

**The agent itself** (:mod:`skillrouter.eval.evolution.agent`): the same stream, world and
seeded variants run through ``create_self_improving_agent`` with scripted chat models that
play the executor, evaluator and extractor above, so the shipped loop is measured beside the
simulation of it.

The package's parts: :mod:`~skillrouter.eval.evolution.config` (settings),
:mod:`~skillrouter.eval.evolution.stream` (tasks and draws), :mod:`~skillrouter.eval.evolution.blind`
(the blind streams), :mod:`~skillrouter.eval.evolution.world`
(the hidden truth and the judges), :mod:`~skillrouter.eval.evolution.life` (bookkeeping and the
simulated life), :mod:`~skillrouter.eval.evolution.summary` (what a run amounts to),
:mod:`~skillrouter.eval.evolution.runs` (running it), :mod:`~skillrouter.eval.evolution.agent`
(the agent replay).
"""

from skillrouter.eval.evolution.config import FIT_ERROR, SUCCESS, EvolutionConfig
from skillrouter.eval.evolution.life import Checkpoint, EvolutionRun, Life, SimulatedLife
from skillrouter.eval.evolution.runs import run_policies, simulate
from skillrouter.eval.evolution.stream import TaskStream, make_stream, warm_cache
from skillrouter.eval.evolution.summary import summarise
from skillrouter.eval.evolution.world import Hidden, World, WorldJudges, name_for

from skillrouter import rules
from skillrouter.routing.scoring import DEFAULT_THRESHOLD, POLICIES

__all__ = [
    "DEFAULT_THRESHOLD",
    "FIT_ERROR",
    "POLICIES",
    "SUCCESS",
    "Checkpoint",
    "EvolutionConfig",
    "EvolutionRun",
    "Hidden",
    "Life",
    "SimulatedLife",
    "TaskStream",
    "World",
    "WorldJudges",
    "make_stream",
    "name_for",
    "rules",
    "run_policies",
    "simulate",
    "summarise",
    "warm_cache",
]
