"""LangChain tools that load skills progressively, for tool-calling agents of your own.

- ``search_skills(query)``: Level 0 (name, description, task_type, tags, track record) of the
  best matches, ranked by the quality-weighted router, with whether each fits (the router's
  own gate: :attr:`~skillrouter.routing.router.Candidate.passes_gate`).
- ``load_skill(name)``: Level 1, the whole SKILL.md, and the list of its Level 2 files.
- ``read_skill_file(name, path)``: Level 2, one file beside SKILL.md (paths leaving the
  skill's folder are refused).

Errors come back to the model as the tool's answer (``handle_tool_error``), never as a crash.
"""

from __future__ import annotations

import json

from langchain_core.tools import BaseTool, StructuredTool, ToolException

from skillrouter.errors import SkillRouterError
from skillrouter.library import SkillLibrary
from skillrouter.routing.settings import DEFAULT_K
from skillrouter.skillmd import render_skill_md

FILE_LIMIT = 20_000
"""Characters of a Level 2 file returned at most (the rest is cut, and the cut is said)."""


def make_skill_tools(library: SkillLibrary, *, k: int = DEFAULT_K) -> list[BaseTool]:
    """``[search_skills, load_skill, read_skill_file]`` over ``library``."""

    def search_skills(query: str) -> str:
        """Find skills for a task. Returns the best matches as JSON (name, description, task_type,
        tags, use_count, avg_score, similarity, fits); load the one that fits with load_skill."""
        try:
            route = library.route(query, k=k)
        except (SkillRouterError, ValueError) as err:
            raise ToolException(str(err)) from None
        skills = [
            c.skill.to_dict()
            | {
                "similarity": round(c.similarity, 3),
                "relevance": round(c.relevance, 3),
                "fits": c.passes_gate,
            }
            for c in route.candidates
        ]
        return json.dumps(
            {"best": route.matched.name if route.matched else None, "skills": skills}, ensure_ascii=False
        )

    def load_skill(name: str) -> str:
        """Load a skill by name: its whole SKILL.md (procedure, pitfalls, verification) and the
        files beside it, which read_skill_file opens."""
        try:
            skill = library.servable(name)
            files = library.list_files(name)
        except SkillRouterError as err:
            raise ToolException(str(err)) from None
        note = "" if skill.status == "active" else f"\n(note: this skill is {skill.status})"
        listing = "\n".join(f"- {f}" for f in files) or "(none)"
        return f"{render_skill_md(skill)}\n## Files (read_skill_file)\n{listing}{note}"

    def read_skill_file(name: str, path: str) -> str:
        """Read one file beside a skill's SKILL.md, by its relative path (e.g. references/checklist.md)."""
        try:
            library.servable(name)
            data = library.read_file(name, path)
        except SkillRouterError as err:
            raise ToolException(str(err)) from None
        text = data.decode("utf-8", errors="replace")
        if len(text) > FILE_LIMIT:
            text = text[:FILE_LIMIT] + f"\n[... cut: the file has {len(text)} characters]"
        return text

    return [
        StructuredTool.from_function(fn, handle_tool_error=True)
        for fn in (search_skills, load_skill, read_skill_file)
    ]
