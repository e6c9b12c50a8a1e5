"""skillrouter: procedural memory for LLM agents.

Route each task to the reusable skill that fits, weighted by its track record, or say that
no skill fits. See README.md and docs/ for the CLI, the Python API, the agent and the
evaluation harness.
"""

from skillrouter.errors import (
    DatasetFormatError,
    DiskFullError,
    EvaluationError,
    IndexUnavailableError,
    JudgeError,
    LedgerDamagedError,
    MemoryEntryError,
    MemoryLimitError,
    SecurityReviewError,
    SkillExistsError,
    SkillFormatError,
    SkillNotFoundError,
    SkillQuarantinedError,
    SkillRejectedError,
    SkillRouterError,
    StoreError,
    StoreLockedError,
    UnsafePathError,
)
from skillrouter.library import DoctorReport, SkillLibrary
from skillrouter.routing.index import SkillIndex
from skillrouter.routing.router import Candidate, Route, Router
from skillrouter.routing.settings import RoutingSettings
from skillrouter.skill import Skill, SkillSummary, slugify
from skillrouter.skillmd import parse_skill_md, read_skill_md, render_skill_md, skill_from_json, skill_to_json
from skillrouter.store.ledger import Ledger, Outcome, Version
from skillrouter.store.provenance import Provenance
from skillrouter.store.skillfiles import SkillFiles
from skillrouter.store.store import Store

__all__ = [
    "AgentState",
    "Candidate",
    "DatasetFormatError",
    "DiskFullError",
    "DoctorReport",
    "EvaluationError",
    "IndexUnavailableError",
    "JudgeError",
    "Ledger",
    "LedgerDamagedError",
    "MemoryEntryError",
    "MemoryLimitError",
    "Outcome",
    "Provenance",
    "Route",
    "Router",
    "RoutingSettings",
    "SecurityReviewError",
    "SelfImprovingAgent",
    "Skill",
    "SkillExistsError",
    "SkillFiles",
    "SkillFormatError",
    "SkillIndex",
    "SkillLibrary",
    "SkillNotFoundError",
    "SkillQuarantinedError",
    "SkillRejectedError",
    "SkillRouterError",
    "SkillSummary",
    "Store",
    "StoreError",
    "StoreLockedError",
    "UnsafePathError",
    "Version",
    "create_self_improving_agent",
    "make_router_node",
    "make_skill_tools",
    "parse_skill_md",
    "read_skill_md",
    "render_skill_md",
    "skill_from_json",
    "skill_to_json",
    "slugify",
]

# The agent needs LangGraph; it loads on first use, so ``import skillrouter`` stays light.
_AGENT_NAMES = frozenset(
    {
        "AgentState",
        "SelfImprovingAgent",
        "create_self_improving_agent",
        "make_router_node",
        "make_skill_tools",
    }
)


def __getattr__(name: str) -> object:
    if name in _AGENT_NAMES:
        import skillrouter.agent

        return getattr(skillrouter.agent, name)
    raise AttributeError(f"module 'skillrouter' has no attribute {name!r}")
