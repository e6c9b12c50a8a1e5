"""The agent's settings, with their defaults and why they are what they are."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

StructuredOutput = Literal["auto", "json"]

SKILL_THRESHOLD = 7.0
"""A run must score at least this (1-10) to become a skill, and a reused skill's task is kept
as a routing example only from this score on."""

MIN_STEPS = 3
"""A run with fewer steps is too trivial to be worth a skill."""

NUDGE_INTERVAL = 10
"""Every this many tasks the Memory Updater consolidates MEMORY.md and USER.md."""

DUPLICATE_THRESHOLD = 0.80
"""Cosine similarity of "name words: description" (all-MiniLM-L6-v2) from which a freshly extracted skill counts as
a near-duplicate of an existing active skill, so that skill is updated instead.

Measured on drafts an LLM would write: two wordings of one skill ("convert CSV to JSON" /
"turn CSV rows into JSON objects", "write a haiku" / "compose a haiku poem") score 0.84-0.86;
neighbours of one family ("write a haiku" / "write a limerick") 0.76; unrelated skills of one
domain ("convert CSV to JSON" / "clean a CSV with pandas") 0.54. The import-time report
(``skillrouter.duplicates``, 0.92) looks for the same skill published twice, which is stricter.
Level 0 text is a bag of words to this model: "CSV to JSON" and "JSON to CSV" score 0.96. So
the gate only proposes a merge; the LLM that merges may answer ``same_skill: false``, and then
the draft becomes a skill of its own.
"""

REVISE_BELOW = SKILL_THRESHOLD
"""A reused skill whose run scores below this is revised by the LLM (a new version)."""

RETIRE_FLOOR = 4.5
"""A skill whose shrunk average (prior 6 over 5 pseudo-uses, see ``skillrouter.scoring``)
is below this after ``RETIRE_MIN_USES`` uses is retired from routing. With the default prior,
five uses averaging below 3 retire a skill; one bad run never can."""

RETIRE_MIN_USES = 5


@dataclass(frozen=True)
class AgentConfig:
    """Knobs of the loop. See the module constants for what each default means."""

    nudge_interval: int = NUDGE_INTERVAL
    skill_threshold: float = SKILL_THRESHOLD
    min_steps: int = MIN_STEPS
    duplicate_threshold: float = DUPLICATE_THRESHOLD
    revise_below: float = REVISE_BELOW
    retire_floor: float = RETIRE_FLOOR
    retire_min_uses: int = RETIRE_MIN_USES
    route_k: int = 5
    structured_output: StructuredOutput = "auto"

    def __post_init__(self) -> None:
        if isinstance(self.nudge_interval, bool) or not isinstance(self.nudge_interval, int) \
                or self.nudge_interval < 1:
            raise ValueError(f"nudge_interval must be a positive int, got {self.nudge_interval!r}")
        if not 1.0 <= self.skill_threshold <= 10.0:
            raise ValueError(f"skill_threshold must be from 1 to 10, got {self.skill_threshold!r}")
        if self.min_steps < 0:
            raise ValueError(f"min_steps must be 0 or more, got {self.min_steps!r}")
        if not 0.0 < self.duplicate_threshold <= 1.0:
            raise ValueError(f"duplicate_threshold must be in (0, 1], got {self.duplicate_threshold!r}")
        if self.retire_min_uses < 1:
            raise ValueError(f"retire_min_uses must be at least 1, got {self.retire_min_uses!r}")
        if self.structured_output not in ("auto", "json"):
            raise ValueError(f"structured_output must be 'auto' or 'json', got {self.structured_output!r}")
