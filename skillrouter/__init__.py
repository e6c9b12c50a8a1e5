"""skillrouter: procedural memory for LLM agents.

Route each task to the reusable skill that fits, weighted by its track record, or say that
no skill fits. See README.md and docs/ for the CLI, the Python API, the agent and the
evaluation harness.
"""

import importlib
import importlib.util
from typing import TYPE_CHECKING

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

if TYPE_CHECKING:  # what the names are, for type checkers and editors; at run time see _HOMES
    from skillrouter.agent import (
        AgentState,
        SelfImprovingAgent,
        create_self_improving_agent,
        make_router_node,
        make_skill_tools,
    )
    from skillrouter.doctor import DoctorReport
    from skillrouter.library import SkillLibrary
    from skillrouter.routing.index import SkillIndex
    from skillrouter.routing.router import Candidate, Route, Router
    from skillrouter.routing.settings import RoutingSettings
    from skillrouter.skill import Skill, SkillSummary, slugify
    from skillrouter.skillmd import (
        parse_skill_md,
        read_skill_md,
        render_skill_md,
        skill_from_json,
        skill_to_json,
    )
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

# Where each public name lives. Each loads on first use, so ``import skillrouter`` imports no
# numpy, no model and no LangGraph (the agent's names): a process chooses its settings first (the
# CLI keeps numpy's BLAS on one thread, see skillrouter.cli), and a route never loads the checks
# of ``doctor`` or the agent.
_HOMES = {
    "AgentState": "skillrouter.agent",
    "Candidate": "skillrouter.routing.router",
    "DoctorReport": "skillrouter.doctor",
    "Ledger": "skillrouter.store.ledger",
    "Outcome": "skillrouter.store.ledger",
    "Provenance": "skillrouter.store.provenance",
    "Route": "skillrouter.routing.router",
    "Router": "skillrouter.routing.router",
    "RoutingSettings": "skillrouter.routing.settings",
    "SelfImprovingAgent": "skillrouter.agent",
    "Skill": "skillrouter.skill",
    "SkillFiles": "skillrouter.store.skillfiles",
    "SkillIndex": "skillrouter.routing.index",
    "SkillLibrary": "skillrouter.library",
    "SkillSummary": "skillrouter.skill",
    "Store": "skillrouter.store.store",
    "Version": "skillrouter.store.ledger",
    "create_self_improving_agent": "skillrouter.agent",
    "make_router_node": "skillrouter.agent",
    "make_skill_tools": "skillrouter.agent",
    "parse_skill_md": "skillrouter.skillmd",
    "read_skill_md": "skillrouter.skillmd",
    "render_skill_md": "skillrouter.skillmd",
    "skill_from_json": "skillrouter.skillmd",
    "skill_to_json": "skillrouter.skillmd",
    "slugify": "skillrouter.skill",
}


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is not None:
        value = getattr(importlib.import_module(home), name)
        globals()[name] = value  # once
        return value
    if not name.startswith("_") and importlib.util.find_spec(f"skillrouter.{name}") is not None:
        return importlib.import_module(f"skillrouter.{name}")  # skillrouter.library, as before
    raise AttributeError(f"module 'skillrouter' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))
