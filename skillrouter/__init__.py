"""skillrouter: procedural memory for LLM agents.

Route each task to the reusable skill that fits, weighted by its track record, or say that
no skill fits. See README.md and docs/ for the CLI, the Python API, the agent and the
evaluation harness.
"""

from skillrouter.errors import (
    EvaluationError,
    IndexUnavailableError,
    MemoryLimitError,
    SkillExistsError,
    SkillFormatError,
    SkillNotFoundError,
    SkillRouterError,
    StoreError,
    StoreLockedError,
    UnsafePathError,
)
from skillrouter.index import SkillIndex
from skillrouter.library import DoctorReport, SkillLibrary
from skillrouter.router import Candidate, Route, Router
from skillrouter.skill import Skill, SkillSummary, slugify
from skillrouter.skillmd import parse_skill_md, read_skill_md, render_skill_md, skill_from_json, skill_to_json
from skillrouter.store import Outcome, Store, Version

__all__ = [
    "Candidate",
    "DoctorReport",
    "EvaluationError",
    "IndexUnavailableError",
    "MemoryLimitError",
    "Outcome",
    "Route",
    "Router",
    "Skill",
    "SkillExistsError",
    "SkillFormatError",
    "SkillIndex",
    "SkillLibrary",
    "SkillNotFoundError",
    "SkillRouterError",
    "SkillSummary",
    "Store",
    "StoreError",
    "StoreLockedError",
    "UnsafePathError",
    "Version",
    "parse_skill_md",
    "read_skill_md",
    "render_skill_md",
    "skill_from_json",
    "skill_to_json",
    "slugify",
]
