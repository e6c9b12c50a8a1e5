"""The evolution scenario through the shipped agent: ``create_self_improving_agent`` itself.

The simulation (:mod:`skillrouter.eval.evolution`) hands each task to the agent's learner with
the world's judges; this runs the same stream, the same seeded variants and the same hidden
world through the LangGraph loop, with scripted chat models (:mod:`skillrouter.agent.fakes`) playing its LLM
parts exactly as the
simulation plays them:

- **executor**: ``STEPS:`` with the task's drawn number of steps, then ``RESULT:``;
- **evaluator**: the world's score for the skill named under "Guidance used" (none: the
  no-skill score), and its fit judgement (wrong with probability ``fit_error``);
- **extractor**: a draft named after the task's first six words, described by the task text;
- **reviser**: the skill with one more pitfall line (a new version);
- **merger**: ``same_skill`` when the draft's task is of the existing skill's kind (wrong with
  probability ``fit_error``, independently for each skill the draft is offered to);
- **folder**: ``same_skill`` when the two skills are of one kind (wrong with probability
  ``fit_error``, independently for each pair);
- **memory**: empty memory files.

Everything else (routing, recording, misfits, revision and retirement decisions, the
duplicate gate, names) is the agent's own code. The events and the summary have the
simulation's shape, so the two are reported side by side.
"""

from __future__ import annotations

import re
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from skillrouter.embeddings import Embedder, limit_threads
from skillrouter.eval.evolution.config import EvolutionConfig
from skillrouter.eval.evolution.life import EvolutionRun, Life
from skillrouter.eval.evolution.stream import TaskStream
from skillrouter.eval.evolution.summary import summarise
from skillrouter.eval.evolution.world import Hidden, name_for

from skillrouter.agent import SelfImprovingAgent, create_self_improving_agent
from skillrouter.agent.fakes import ScriptedCall, ScriptedChatModel
from skillrouter.routing.settings import RoutingSettings

__all__ = ["AgentLife", "run_agent"]

_GUIDANCE = re.compile(r"^## Guidance used\n`([^`]+)`", re.MULTILINE)
_NAME = re.compile(r"^name:\s*(\S+)\s*$", re.MULTILINE)


class AgentLife(Life):
    """The simulation's bookkeeping, with each task run by the agent."""

    def __init__(self, agent: SelfImprovingAgent, stream: TaskStream, config: EvolutionConfig) -> None:
        super().__init__(agent.library, stream, config)
        self.agent = agent
        self.current = 0
        self.calls: list[tuple[str, str]] = []  # (kind, skill) of this task's revise and merge answers

    # -------------------------------------------------------- the scripted LLM

    def respond(self, call: ScriptedCall) -> Any:
        i = self.current
        task, kind = self.stream.tasks[i].query, self.stream.kinds[i]
        if call.kind == "execute":
            listed = "\n".join(f"{n}. step {n}" for n in range(1, self.stream.steps[i] + 1))
            return f"STEPS:\n{listed}\nRESULT:\ndone"
        if call.kind == "evaluate":
            found = _GUIDANCE.search(call.prompt)
            skill = found.group(1) if found else None
            score = self.world.score(i, kind, skill)
            fits = self.world.judged_fit(i, kind, skill) if skill is not None else True
            return {
                "score": score,
                "reasoning": "simulated",
                "lessons": [],
                "fits": fits,
                "fit_reasoning": "simulated",
            }
        if call.kind == "extract":
            return {
                "name": name_for(task),
                "description": " ".join(task.split())[:1024],
                "task_type": "general",
                "procedure": ["Do the task."],
            }
        if call.kind == "revise":
            name = _NAME.search(call.prompt)
            self.calls.append(("revise", name.group(1) if name else ""))
            return {
                "procedure": ["Do the task."],
                "pitfalls": [f"Revised after task {i} (simulated revision)."],
                "reason": "simulated revision",
            }
        if call.kind == "merge":
            name = _NAME.search(call.prompt.split("## Existing skill", 1)[-1])
            existing = name.group(1) if name else ""
            offer = sum(1 for what, _ in self.calls if what in ("merge", "no-merge"))
            same = existing in self.hidden and self.world.judged_same(i, kind, existing, offer=offer)
            self.calls.append(("merge" if same else "no-merge", existing))
            return {"same_skill": same, "procedure": ["Do the task."], "reason": "simulated merge"}
        if call.kind == "fold":
            kept = _NAME.search(call.prompt.split("## Skill kept", 1)[-1])
            folded = _NAME.search(call.prompt.split("## Skill to fold in", 1)[-1])
            pair = (kept.group(1) if kept else "", folded.group(1) if folded else "")
            offer = sum(1 for what, _ in self.calls if what in ("fold", "no-fold"))
            same = all(n in self.hidden for n in pair) and self.world.judged_one_skill(i, *pair, offer=offer)
            self.calls.append(("fold" if same else "no-fold", pair[1]))
            return {"same_skill": same, "procedure": ["Do the task."], "reason": "simulated fold"}
        if call.kind == "consolidate":
            return {"memory": [], "user": []}
        raise LookupError(f"no scripted answer for a {call.kind!r} prompt")

    # -------------------------------------------------------- one task

    def step(self, i: int) -> None:
        self.current, self.calls = i, []
        kind = self.stream.kinds[i]
        state = self.agent.invoke({"task": self.stream.tasks[i].query})
        skill, score = state.get("matched_skill"), state.get("evaluation_score")
        if score is None:
            raise RuntimeError(
                f"task {i}: the agent could not read the scripted evaluation: {state.get('evaluation_error')}"
            )
        event = self.begin(i, kind, skill, score, len(state.get("execution_steps") or []))
        if state.get("misfit_skill"):
            self.count_misfit(event)
        for what, name in self.calls:
            if what == "revise" and state.get("updated_skill") == name:
                self.count_revision(name, kind)
                event["revised"] = True
            elif what == "merge" and state.get("updated_skill") == name:
                self.merged += 1
                event["merged_into"] = name
        if state.get("folded_skill"):
            self.note_folded(state["folded_skill"], state["folded_into"], event)
        if state.get("retired_skill"):
            self.retired.add(state["retired_skill"])
            event["retired"] = state["retired_skill"]
        if state.get("created_skill"):
            name = state["created_skill"]
            self.hidden[name] = Hidden(kind, self.stream.new_quality[i])
            self.note_created(name, kind, event)
        if state.get("skill_error"):
            event["error"] = state["skill_error"]
        self.end(event)


def run_agent(
    stream: TaskStream,
    config: EvolutionConfig,
    embedder: Embedder,
    *,
    label: str = "agent",
    progress: Callable[[str], None] | None = None,
) -> EvolutionRun:
    """Run ``stream`` through ``create_self_improving_agent`` with the scripted world (policy
    ``shrunk``, the agent's), checkpointing like the simulation."""
    limit_threads()
    say = progress or (lambda message: None)
    started = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="skillrouter-evolution-agent-"))
    try:
        life: AgentLife | None = None

        def respond(call: ScriptedCall) -> Any:
            assert life is not None
            return life.respond(call)

        llm = ScriptedChatModel(responder=respond)
        routing = RoutingSettings(
            threshold=config.threshold,
            misfit_weight=config.misfit_weight,
            misfit_share_weight=config.misfit_share_weight,
        )
        agent = create_self_improving_agent(
            llm, work / "store", embedder=embedder, rules=config.rules, routing=routing
        )
        with agent:
            agent.library.max_examples = config.max_examples
            life = AgentLife(agent, stream, config)
            checkpoints = life.run(label, say)
            return EvolutionRun(
                label, checkpoints, summarise(life, checkpoints), time.perf_counter() - started, life.events
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)
