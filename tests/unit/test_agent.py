"""Fast tests of the agent's pieces: parsing, structured output, task resolution, prompts,
the graph's wiring, settings and the CLI's model loading. No store, no embedding model."""

from __future__ import annotations

import subprocess
import sys
import types
from typing import Any

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from skillrouter.agent import prompts
from skillrouter.agent.config import AgentConfig
from skillrouter.agent.fakes import ScriptedCall, ScriptedChatModel, ScriptedTextChatModel, by_kind
from skillrouter.agent.graph import (
    END,
    EVALUATOR,
    EXECUTOR,
    MEMORY_UPDATER,
    ROUTER,
    SKILL_EXTRACTOR,
    after_evaluation,
    build_graph,
)
from skillrouter.agent.judges import skill_from_draft, skill_name
from skillrouter.agent.nodes import resolve_task
from skillrouter.agent.parsing import parse_execution
from skillrouter.agent.prompts import Evaluation, MemoryConsolidation, SkillDraft
from skillrouter.llm import UnreadableAnswer, ask, json_objects, parse_answer
from skillrouter.skill import Skill

# ---------------------------------------------------------------- executor replies


def test_parse_execution_reads_steps_and_result() -> None:
    text = "STEPS:\n1. Read the file\n2) Parse rows\n- Write JSON\nRESULT:\n[1, 2]\nsecond line"
    assert parse_execution(text) == (["Read the file", "Parse rows", "Write JSON"], "[1, 2]\nsecond line")


def test_parse_execution_accepts_markdown_headings_and_inline_results() -> None:
    text = "## Steps\n1. **Look** it up\n2. Check it\n\n**Result:** Lima"
    assert parse_execution(text) == (["**Look** it up", "Check it"], "Lima")


def test_parse_execution_without_markers_keeps_the_whole_reply_as_result() -> None:
    assert parse_execution("Lima is the capital.") == ([], "Lima is the capital.")
    assert parse_execution("I did:\n1. a\n2. b") == (["a", "b"], "I did:\n1. a\n2. b")


# ---------------------------------------------------------------- answers


def test_json_objects_finds_objects_in_fences_and_prose() -> None:
    text = 'Sure! ```json\n{"score": 8, "x": {"y": 1}}\n``` and also {"score": 9} but not {broken'
    assert json_objects(text) == [{"score": 8, "x": {"y": 1}}, {"score": 9}]


def test_parse_answer_takes_the_first_object_that_fits() -> None:
    ev = parse_answer('{"foo": 1} then {"correctness": 9, "completeness": 6, "efficiency": 9}', Evaluation)
    assert ev.score == 8.0 and ev.lessons == []


def test_an_evaluation_in_prose_is_read_from_its_labelled_score() -> None:
    assert parse_answer("Correct and concise.\nOverall score: 7/10", Evaluation).score == 7.0
    assert parse_answer("**Score:** 8.5", Evaluation).score == 8.5


def test_the_fit_judgement_is_read_from_json_and_from_prose_and_defaults_to_a_fit() -> None:
    ev = parse_answer(
        '{"score": 3, "fits": false, "fit_reasoning": "a CSV skill for a JSON task"}', Evaluation
    )
    assert (ev.score, ev.fits, ev.fit_reasoning) == (3.0, False, "a CSV skill for a JSON task")
    assert parse_answer('{"score": 3, "fits": "no"}', Evaluation).fits is False
    assert (
        parse_answer('{"score": 3}', Evaluation).fits is True
    )  # a judge that says nothing of fit: as before
    assert parse_answer("Wrong skill for this.\nScore: 3/10\nFits: no", Evaluation).fits is False
    assert parse_answer("**Fits the task:** yes. Score: 4", Evaluation).fits is True
    assert parse_answer("Score: 4", Evaluation).fits is True
    schema = Evaluation.model_json_schema()["properties"]
    assert schema["fits"]["type"] == "boolean" and "fit_reasoning" in schema
    system = prompts.evaluate_messages("t", ["s"], "r", None)[0].text
    assert '"fits": true' in system and "fit_reasoning" in system


@pytest.mark.parametrize(
    "text", ["Looks good to me.", '{"score": 11}', "Score: 0/10", '{"score": "great"}', '{"correctness": 9}']
)
def test_an_unreadable_evaluation_raises_instead_of_defaulting(text: str) -> None:
    with pytest.raises(UnreadableAnswer, match="could not read a Evaluation"):
        parse_answer(text, Evaluation)


def test_sections_given_as_text_become_lists() -> None:
    draft = SkillDraft.model_validate(
        {"name": "x", "description": "d", "procedure": "1. a\n2. b\n\n- c", "pitfalls": None, "tags": "csv"}
    )
    assert draft.procedure == ["a", "b", "c"] and draft.pitfalls == [] and draft.tags == ["csv"]
    with pytest.raises(UnreadableAnswer):
        parse_answer('{"name": "x", "description": "d", "procedure": []}', SkillDraft)


def test_ask_uses_tool_calling_when_the_model_has_it() -> None:
    llm = ScriptedChatModel(responder=by_kind(evaluate={"score": 6, "reasoning": "ok"}))
    ev = ask(llm, prompts.evaluate_messages("t", ["a"], "r", None), Evaluation)
    assert ev.score == 6 and llm.calls[0].tools == ("Evaluation",)


def test_ask_parses_text_when_the_model_has_no_tool_calling() -> None:
    llm = ScriptedTextChatModel(responder=by_kind(evaluate='Here you go:\n```json\n{"score": 9}\n```'))
    assert ask(llm, prompts.evaluate_messages("t", ["a"], "r", None), Evaluation).score == 9
    assert llm.calls[0].tools == ()


def test_ask_in_json_mode_never_binds_tools() -> None:
    llm = ScriptedChatModel(responder=by_kind(consolidate={"memory": ["m"], "user": []}))
    out = ask(llm, prompts.consolidate_messages([], 100, [], 100, []), MemoryConsolidation, mode="json")
    assert out.memory == ["m"] and llm.calls[0].tools == ()


def test_ask_falls_back_to_text_when_the_model_answers_without_a_tool_call() -> None:
    llm = ScriptedChatModel(responder=by_kind(evaluate=AIMessage(content='{"score": 4}')))
    assert ask(llm, prompts.evaluate_messages("t", [], "r", None), Evaluation).score == 4


def test_ask_reports_a_tool_call_that_fails_validation() -> None:
    llm = ScriptedChatModel(responder=by_kind(evaluate={"score": 42}))
    with pytest.raises(UnreadableAnswer, match="less than or equal to 10"):
        ask(llm, prompts.evaluate_messages("t", [], "r", None), Evaluation)


# ---------------------------------------------------------------- prompts


def test_every_prompt_names_its_kind_and_carries_the_task() -> None:
    skill = Skill.create("a-skill", "Does a thing.", procedure=["one"])
    built = {
        "execute": [prompts.SystemMessage(prompts.executor_system("", skill)), HumanMessage("the task")],
        "evaluate": prompts.evaluate_messages("the task", ["s"], "r", skill),
        "extract": prompts.extract_messages("the task", ["s"], "r", 9, "good"),
        "revise": prompts.revise_messages(skill, "the task", ["s"], "r", 3, "bad", ["lesson"]),
        "merge": prompts.merge_messages(skill, skill, "the task", 0.9),
        "consolidate": prompts.consolidate_messages(["m"], 100, ["u"], 50, []),
    }
    for kind, messages in built.items():
        assert prompts.kind_of(messages) == kind
    for kind in ("evaluate", "extract", "revise", "merge"):
        assert prompts.task_in(built[kind][-1].text) == "the task"


def test_executor_prompt_holds_memory_and_the_skill_sections() -> None:
    skill = Skill.create(
        "a-skill", "Does a thing.", procedure=["first step"], pitfalls=["a trap"], verification=["a check"]
    )
    system = prompts.executor_system("## Memory\n- fact", skill)
    for text in ("## Memory\n- fact", "first step", "a trap", "a check", "deviate"):
        assert text in system
    assert "Guidance" not in prompts.executor_system("", None)


def test_scripted_calls_know_their_task() -> None:
    llm = ScriptedTextChatModel(responder=by_kind(execute="ok", evaluate={"score": 5}))
    llm.invoke([prompts.SystemMessage(prompts.executor_system("", None)), HumanMessage("do it")])
    llm.invoke(prompts.evaluate_messages("do it", [], "r", None))
    assert [(c.kind, c.task) for c in llm.calls] == [("execute", "do it"), ("evaluate", "do it")]
    with pytest.raises(LookupError):
        llm.invoke(prompts.extract_messages("do it", [], "r", 9, ""))


# ---------------------------------------------------------------- the Router's task


def test_resolve_task_from_the_task_field_alone_adds_the_human_message() -> None:
    task, message, message_id = resolve_task({"task": "  do x "})
    assert task == "do x" and message is not None and message.text == "do x" and message_id == message.id


def test_resolve_task_from_a_message_alone() -> None:
    human = HumanMessage("do y", id="m1")
    assert resolve_task({"messages": [human]}) == ("do y", None, "m1")


def test_resolve_task_on_a_thread_prefers_what_this_invoke_brought() -> None:
    old, new = HumanMessage("old task", id="m1"), HumanMessage("new task", id="m2")
    handled = {"handled_task": "old task", "handled_message_id": "m1"}
    # only a new message: the stale task field does not win
    assert resolve_task({"task": "old task", "messages": [old, new], **handled})[0] == "new task"
    # only a new task: it wins, and gets its own message
    task, message, _ = resolve_task({"task": "other", "messages": [old], **handled})
    assert task == "other" and message is not None
    # the same task again with no new message runs again
    assert resolve_task({"task": "old task", "messages": [old], **handled})[1] is not None


def test_resolve_task_without_a_task_is_an_error() -> None:
    with pytest.raises(ValueError, match="needs a task"):
        resolve_task({"messages": [AIMessage("hi")]})


# ---------------------------------------------------------------- skills, wiring, settings


@pytest.mark.parametrize(
    ("proposed", "expected"),
    [
        ("Convert CSV to JSON", "convert-csv-to-json"),
        ("write_haiku", "write-haiku"),
        ("ResearchHelper", "research-helper"),
        ("!!!", "summarise-a-paper"),
    ],
)
def test_skill_names_are_sanitised(proposed: str, expected: str) -> None:
    draft = SkillDraft(name=proposed, description="Summarise a paper. Use when...", procedure=["a"])
    assert skill_name(draft) == expected


def test_a_name_in_another_script_is_kept_for_display() -> None:
    draft = SkillDraft(name="写 周报", description="根据工作记录写周报。", procedure=["整理"])
    skill = skill_from_draft(draft, skill_name(draft), None)
    assert skill.name.startswith("skill-") and skill.display_name == "写 周报"
    plain = SkillDraft(name="Convert CSV", description="Convert a CSV file.", procedure=["a"])
    assert skill_from_draft(plain, skill_name(plain), None).metadata == {}  # an ASCII name is the name


def test_the_graph_has_the_five_nodes_in_order() -> None:
    graph = build_graph(None).compile().get_graph()  # type: ignore[arg-type]
    assert set(graph.nodes) == {
        "__start__",
        ROUTER,
        EXECUTOR,
        EVALUATOR,
        SKILL_EXTRACTOR,
        MEMORY_UPDATER,
        "__end__",
    }
    edges = {(e.source, e.target) for e in graph.edges}
    assert {
        ("__start__", ROUTER),
        (ROUTER, EXECUTOR),
        (EXECUTOR, EVALUATOR),
        (EVALUATOR, SKILL_EXTRACTOR),
        (SKILL_EXTRACTOR, MEMORY_UPDATER),
        (MEMORY_UPDATER, "__end__"),
    } <= edges


@pytest.mark.parametrize(
    ("state", "goes_to"),
    [
        ({"evaluation_score": 9.0, "should_create_skill": True}, SKILL_EXTRACTOR),
        ({"evaluation_score": 3.0, "matched_skill": "s"}, SKILL_EXTRACTOR),
        ({"evaluation_score": None, "matched_skill": "s", "should_update_memory": True}, MEMORY_UPDATER),
        ({"evaluation_score": 9.0}, END),
        ({"evaluation_score": 9.0, "should_update_memory": True}, MEMORY_UPDATER),
    ],
)
def test_after_evaluation(state: dict[str, Any], goes_to: str) -> None:
    assert after_evaluation(state) == goes_to  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "bad",
    [
        {"nudge_interval": 0},
        {"skill_threshold": 11},
        {"duplicate_threshold": 0},
        {"structured_output": "xml"},
        {"retire_min_uses": 0},
        {"min_steps": -1},
    ],
)
def test_config_rejects_nonsense(bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        AgentConfig.of(**bad)


def test_the_factory_wants_a_chat_model(tmp_path: Any) -> None:
    from skillrouter.agent import create_self_improving_agent

    with pytest.raises(TypeError, match="BaseChatModel"):
        create_self_improving_agent(lambda messages: "hi", tmp_path)  # type: ignore[arg-type]


def test_importing_skillrouter_does_not_import_langgraph() -> None:
    code = (
        "import sys, skillrouter; assert 'langgraph' not in sys.modules\n"
        "from skillrouter import create_self_improving_agent, make_router_node, make_skill_tools, "
        "AgentState\n"
        "assert 'langgraph' in sys.modules; print(create_self_improving_agent.__module__)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "skillrouter.agent.graph"


# ---------------------------------------------------------------- CLI model loading


def test_run_without_langchain_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from skillrouter.cli import cli

    monkeypatch.setitem(sys.modules, "langchain", None)
    monkeypatch.setitem(sys.modules, "langchain.chat_models", None)
    out = CliRunner().invoke(cli, ["run", "do x", "--model", "openai:gpt-4o-mini"])
    assert out.exit_code == 1
    assert out.output.strip().splitlines() == [
        ("error: 'skillrouter run' needs LangChain to load a chat model: pip install 'skillrouter[run]'")
    ]


def test_load_chat_model_passes_the_base_url_and_a_placeholder_key(monkeypatch: pytest.MonkeyPatch) -> None:
    from skillrouter.cli.agent import load_chat_model

    seen: list[tuple[str, dict[str, Any]]] = []
    chat_models = types.ModuleType("langchain.chat_models")
    chat_models.init_chat_model = lambda spec, **kw: seen.append((spec, kw)) or "model"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "langchain", types.ModuleType("langchain"))
    monkeypatch.setitem(sys.modules, "langchain.chat_models", chat_models)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    assert load_chat_model("openai:qwen2.5:7b", base_url="http://localhost:11434/v1") == "model"
    load_chat_model("ollama:llama3.1", temperature=0.2)
    load_chat_model("openai:gpt-4o", api_key="sk-1")
    assert seen == [
        ("openai:qwen2.5:7b", {"base_url": "http://localhost:11434/v1", "api_key": "EMPTY"}),
        ("ollama:llama3.1", {"temperature": 0.2}),
        ("openai:gpt-4o", {"api_key": "sk-1"}),
    ]


def test_a_missing_provider_package_is_one_clear_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from skillrouter.cli.agent import load_chat_model
    from skillrouter.errors import SkillRouterError

    def init_chat_model(spec: str, **kw: Any) -> Any:
        raise ImportError(
            "Unable to import langchain_openai. Please install with `pip install -U langchain-openai`."
        )

    chat_models = types.ModuleType("langchain.chat_models")
    chat_models.init_chat_model = init_chat_model  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "langchain", types.ModuleType("langchain"))
    monkeypatch.setitem(sys.modules, "langchain.chat_models", chat_models)
    with pytest.raises(SkillRouterError, match="Unable to import langchain_openai.*skillrouter\\[run\\]"):
        load_chat_model("openai:gpt-4o")


def test_scripted_call_properties() -> None:
    call = ScriptedCall("execute", "t", (prompts.SystemMessage("sys"), HumanMessage("hi")))
    assert (call.system, call.prompt) == ("sys", "hi")
