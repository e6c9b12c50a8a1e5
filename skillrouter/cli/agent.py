"""``skillrouter run`` and ``skillrouter episodes``: the agent from the command line.

Loaded through the ``skillrouter.commands`` entry points, so ``import skillrouter.cli`` never
imports LangGraph. ``run`` needs LangChain's ``init_chat_model`` (``pip install
'skillrouter[run]'``), imported only when ``run`` is used.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import click

from skillrouter.cli.common import emit, ledger_url, make_store_options, open_library, store_options
from skillrouter.cli.models import load_chat_model
from skillrouter.errors import SkillRouterError
from skillrouter.rules import MIN_STEPS, NUDGE_INTERVAL, SKILL_THRESHOLD

STATE_FIELDS = (
    "task",
    "result",
    "execution_steps",
    "evaluation_score",
    "evaluation_reasoning",
    "evaluation_error",
    "lessons",
    "matched_skill",
    "skill_fits",
    "fit_reasoning",
    "task_type",
    "route_reason",
    "created_skill",
    "updated_skill",
    "skill_version",
    "retired_skill",
    "misfit_skill",
    "skill_error",
    "task_count",
    "should_update_memory",
    "nudge_ran",
    "memory_error",
    "episode_id",
)


def _checkpointer(store: Path) -> Any:
    try:
        from langgraph.checkpoint.sqlite import SqliteSaver
    except ImportError:
        raise SkillRouterError(
            "--thread keeps threads in SQLite: pip install langgraph-checkpoint-sqlite"
        ) from None
    return SqliteSaver(sqlite3.connect(store / "threads.db", check_same_thread=False))


@click.command("run")
@click.argument("task")
@click.option(
    "--model",
    "llm_spec",
    required=True,
    envvar="SKILLROUTER_LLM",
    help="Chat model as PROVIDER:MODEL for LangChain's init_chat_model, e.g. openai:gpt-4o-mini, "
    "openai:qwen2.5:7b with --base-url, ollama:llama3.1.",
)
@click.option(
    "--base-url",
    default=None,
    envvar="SKILLROUTER_BASE_URL",
    help="Base URL of an OpenAI-compatible server, e.g. http://localhost:11434/v1 (Ollama), "
    "http://localhost:8000/v1 (vLLM).",
)
@click.option("--api-key", default=None, envvar="SKILLROUTER_API_KEY", help="API key for the chat model.")
@click.option("--temperature", type=float, default=None, help="Sampling temperature.")
@click.option(
    "--thread",
    default=None,
    help="Keep the conversation as a durable thread of this id (SQLite checkpointer in the store).",
)
@click.option(
    "--nudge-interval",
    type=click.IntRange(min=1),
    default=NUDGE_INTERVAL,
    show_default=True,
    help="Consolidate memory every N tasks.",
)
@click.option(
    "--skill-threshold",
    type=click.FloatRange(1, 10),
    default=SKILL_THRESHOLD,
    show_default=True,
    help="Minimum score for a run to become a skill.",
)
@click.option(
    "--min-steps",
    type=click.IntRange(min=0),
    default=MIN_STEPS,
    show_default=True,
    help="Minimum steps for a run to become a skill.",
)
@click.option(
    "--structured-output",
    type=click.Choice(["auto", "json"]),
    default="auto",
    show_default=True,
    help="auto: tool calling where the model has it; json: always parse JSON from text.",
)
@make_store_options("--embedding-model", "embedding_model")
def run_cmd(
    task: str,
    llm_spec: str,
    base_url: str | None,
    api_key: str | None,
    temperature: float | None,
    thread: str | None,
    nudge_interval: int,
    skill_threshold: float,
    min_steps: int,
    structured_output: str,
    store: Path | None,
    chroma_url: str | None,
    embedding_model: str | None,
    as_json: bool,
) -> None:
    """Run TASK with the self-improving agent: route, do, score, learn, remember."""
    from langchain_core.runnables import RunnableConfig

    from skillrouter.agent.graph import create_self_improving_agent
    from skillrouter.store.store import resolve_home

    llm = load_chat_model(llm_spec, base_url=base_url, api_key=api_key, temperature=temperature)
    folder = resolve_home(store).expanduser().resolve()
    folder.mkdir(parents=True, exist_ok=True)
    saver = _checkpointer(folder) if thread else None
    config: RunnableConfig | None = {"configurable": {"thread_id": thread}} if thread else None
    with create_self_improving_agent(
        llm,
        folder,
        nudge_interval=nudge_interval,
        skill_threshold=skill_threshold,
        min_steps=min_steps,
        structured_output=structured_output,  # type: ignore[arg-type]
        checkpointer=saver,
        model=embedding_model,
        chroma_url=chroma_url,
        ledger_url=ledger_url(),
    ) as agent:
        state = agent.invoke({"task": task}, config)
    data = {k: state.get(k) for k in STATE_FIELDS}

    def text() -> None:
        click.echo(state.get("result", ""))
        score = state.get("evaluation_score")
        fit = {True: "", False: " (judged a misfit: kept as its negative example)", None: ""}[
            state.get("skill_fits")
        ]
        lines = [
            f"skill used: {state.get('matched_skill') or '(none)'}{fit}",
            (
                "score: "
                f"{'unreadable: ' + str(state.get('evaluation_error')) if score is None else f'{score:g}/10'}"
            ),
        ]
        if state.get("created_skill"):
            lines.append(f"created skill: {state['created_skill']} (version {state.get('skill_version')})")
        if state.get("updated_skill"):
            lines.append(f"updated skill: {state['updated_skill']} (version {state.get('skill_version')})")
        if state.get("retired_skill"):
            lines.append(f"retired skill: {state['retired_skill']}")
        for key in ("skill_error", "memory_error"):
            if state.get(key):
                lines.append(f"{key.replace('_', ' ')}: {state[key]}")
        lines.append(
            f"task {state.get('task_count')}" + ("; memory consolidated" if state.get("nudge_ran") else "")
        )
        click.echo("\n".join(f"[{line}]" for line in lines), err=True)

    emit(data, as_json, text)


@click.group("episodes")
def episodes_group() -> None:
    """The agent's episodic log: every task it ran, with result, score and skill."""


def _episode_lines(episodes: list[Any]) -> None:
    for e in episodes:
        score = "-" if e.score is None else f"{e.score:g}"
        result = " ".join(e.result.split())
        click.echo(
            f"#{e.id}  {e.created_at[:19]}  score {score}  skill {e.skill or '-'}\n  {e.task}\n"
            f"  -> {result[:100] + ('…' if len(result) > 100 else '')}"
        )
    if not episodes:
        click.echo("(no episodes)")


def _log(store: Path | None, chroma_url: str | None, model: str | None) -> Any:
    from skillrouter.agent.episodes import EpisodeLog
    from skillrouter.agent.runtime import EPISODES_FILE

    with open_library(store, chroma_url, model) as lib:  # checks that the store exists
        path = lib.path / EPISODES_FILE
    return EpisodeLog(path)


@episodes_group.command("search")
@click.argument("query")
@click.option("-n", "--limit", type=click.IntRange(min=0), default=10, show_default=True)
@store_options
def search_cmd(
    query: str, limit: int, store: Path | None, chroma_url: str | None, model: str | None, as_json: bool
) -> None:
    """Episodes matching any word of QUERY (full-text, best first)."""
    found = _log(store, chroma_url, model).search(query, limit)
    emit([e.to_dict() for e in found], as_json, lambda: _episode_lines(found))


@episodes_group.command("recent")
@click.option("-n", "--limit", type=click.IntRange(min=0), default=10, show_default=True)
@store_options
def recent_cmd(
    limit: int, store: Path | None, chroma_url: str | None, model: str | None, as_json: bool
) -> None:
    """The last episodes, newest first."""
    found = _log(store, chroma_url, model).recent(limit)
    emit([e.to_dict() for e in found], as_json, lambda: _episode_lines(found))


__all__ = ["episodes_group", "load_chat_model", "run_cmd"]
