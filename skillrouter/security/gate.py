"""A :class:`~skillrouter.skill.Skill` screened as the agent will read it, before it is stored.

The store screens every write itself (it scans the staged folder and judges it with
:func:`~skillrouter.security.policy.admit`). This module is for content that is not stored
yet: a skill the agent drafted or revised (refused before the write when the policy rejects
it), an import's ``--dry-run``, and the rule for when a review model is asked.

    verdict = screen_skill(skill, trust_level="agent-created")
    if verdict.action == "reject": ...     # a dangerous finding in the agent's own writing

The text scanned is ``render_skill_md(skill)``: every front-matter field (``metadata``,
unknown keys) and the body, which is what ``SkillLibrary.get`` and the agent's prompts serve.
"""

from __future__ import annotations

from collections.abc import Mapping

from skillrouter.security.policy import DEFAULT_TRUST_LEVEL, TrustLevel, Verdict, decide
from skillrouter.security.scan import scan_skill
from skillrouter.skill import Skill
from skillrouter.skillmd import render_skill_md

AGENT_CREATED: TrustLevel = "agent-created"


def screen_skill(
    skill: Skill,
    files: Mapping[str, bytes | str] | None = None,
    *,
    trust_level: TrustLevel | str = DEFAULT_TRUST_LEVEL,
) -> Verdict:
    """Scan ``skill`` as rendered (and its Level 2 ``files``) and :func:`decide` at ``trust_level``."""
    return decide(trust_level, scan_skill(render_skill_md(skill), files))


def agent_refusal(skill: Skill) -> list[dict[str, object]]:
    """The findings for which the ``agent-created`` policy refuses a skill the agent wrote or
    revised (it may have copied hostile text from a task); none when the write may go ahead
    (the store then quarantines a skill with only cautions)."""
    verdict = screen_skill(skill, trust_level=AGENT_CREATED)
    return [f.to_dict() for f in verdict.findings] if verdict.action == "reject" else []
