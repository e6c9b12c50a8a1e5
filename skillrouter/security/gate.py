"""A :class:`~skillrouter.skill.Skill` screened as the agent will read it, before it is stored.

The store admits every write itself (the staged folder, through
:func:`~skillrouter.security.admission.admit`). This module is for content that is not stored
yet: a skill the agent drafted or revised, refused before the write when the policy rejects
it. It goes through the same :func:`~skillrouter.security.admission.admit`.

    verdict = screen_skill(skill, trust_level="agent-created")
    if verdict.action == "reject": ...     # a dangerous finding in the agent's own writing

The text scanned is ``render_skill_md(skill)``: every front-matter field (``metadata``,
unknown keys) and the body, which is what ``SkillLibrary.get`` and the agent's prompts serve.
"""

from __future__ import annotations

from collections.abc import Mapping

from skillrouter.security.admission import Reviewer, admit
from skillrouter.security.policy import DEFAULT_TRUST_LEVEL, TrustLevel, Verdict
from skillrouter.security.view import SkillView
from skillrouter.skill import Skill
from skillrouter.skillmd import render_skill_md

AGENT_CREATED: TrustLevel = "agent-created"


def screen_skill(
    skill: Skill,
    files: Mapping[str, bytes | str] | None = None,
    *,
    trust_level: TrustLevel | str = DEFAULT_TRUST_LEVEL,
    reviewer: Reviewer | None = None,
) -> Verdict:
    """``skill`` as rendered (and its Level 2 ``files``) admitted at ``trust_level``: the verdict."""
    return admit(trust_level, SkillView.of_texts(render_skill_md(skill), files), reviewer=reviewer).verdict


def agent_refusal(skill: Skill) -> list[dict[str, object]]:
    """The findings for which the ``agent-created`` policy refuses a skill the agent wrote or
    revised (it may have copied hostile text from a task); none when the write may go ahead
    (the store then quarantines a skill with only cautions)."""
    verdict = screen_skill(skill, trust_level=AGENT_CREATED)
    return [f.to_dict() for f in verdict.findings] if verdict.action == "reject" else []
