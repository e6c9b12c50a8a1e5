"""Running a stream: one policy in a fresh library (:func:`simulate`), every policy and the
agent replay beside them (:func:`run_policies`)."""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from skillrouter.embeddings import Embedder, limit_threads
from skillrouter.eval.datasets import Query
from skillrouter.eval.evolution.config import EvolutionConfig
from skillrouter.eval.evolution.life import EvolutionRun, SimulatedLife
from skillrouter.eval.evolution.stream import TaskStream, make_stream, warm_cache
from skillrouter.eval.evolution.summary import summarise

from skillrouter import Store
from skillrouter.library import SkillLibrary
from skillrouter.routing.scoring import Policy

__all__ = ["run_policies", "simulate"]


def simulate(
    stream: TaskStream,
    config: EvolutionConfig,
    embedder: Embedder,
    policy: Policy,
    *,
    label: str | None = None,
    progress: Callable[[str], None] | None = None,
) -> EvolutionRun:
    """Run the stream under one routing policy in a fresh library; checkpoints every ``every``
    tasks. ``label`` names the run (default: the policy)."""
    limit_threads()
    say = progress or (lambda message: None)
    started = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="skillrouter-evolution-"))
    try:
        lib = SkillLibrary(
            Store(work / "store"),
            embedder,
            threshold=config.threshold,
            policy=policy,
            max_examples=config.max_examples,
            misfit_weight=config.misfit_weight,
            misfit_share_weight=config.misfit_share_weight,
        )
        try:
            life = SimulatedLife(lib, stream, config)
            checkpoints = life.run(label or policy, say)
            summary = summarise(life, checkpoints)
            return EvolutionRun(
                label or policy, checkpoints, summary, time.perf_counter() - started, life.events
            )
        finally:
            lib.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run_policies(
    queries: Sequence[Query],
    config: EvolutionConfig,
    embedder: Embedder,
    *,
    agent_tasks: int = 0,
    progress: Callable[[str], None] | None = None,
) -> tuple[TaskStream, list[EvolutionRun]]:
    """Draw the stream once, warm the embedding cache, and run it under each policy. With
    ``agent_tasks``, the first that many tasks also run through the agent itself
    (:func:`skillrouter.eval.evolution_agent.run_agent`) and, beside it, through the simulation
    (policy ``shrunk``, the agent's)."""
    stream = make_stream(queries, config)
    if progress:
        progress(
            f"stream: {len(stream.tasks)} tasks over {len(set(stream.kinds))} kinds, "
            f"{len(stream.probes)} probes, {len(stream.variants)} seeded variants; embedding"
        )
    warm_cache(embedder, stream)
    runs = [simulate(stream, config, embedder, p, progress=progress) for p in config.policies]
    if agent_tasks > 0:
        from skillrouter.eval.evolution.agent import run_agent

        head = stream.head(agent_tasks)
        n = len(head.tasks)
        runs.append(
            simulate(head, config, embedder, "shrunk", label=f"simulation, {n} tasks", progress=progress)
        )
        runs.append(run_agent(head, config, embedder, label=f"agent, {n} tasks", progress=progress))
    return stream, runs
