"""The agent's settings. The loop's thresholds and their defaults are the rule book's
(:mod:`skillrouter.rules`, where each default says why it is what it is); this module adds
the agent's own (memory nudge, candidates, structured output)."""

from __future__ import annotations

from dataclasses import dataclass

from skillrouter.llm import StructuredOutput
from skillrouter.rules import (
    DUPLICATE_THRESHOLD,
    FOLD_THRESHOLD,
    FOLD_VOTES,
    MAX_OFFERS,
    MIN_STEPS,
    NUDGE_INTERVAL,
    OFFER_THRESHOLD,
    OUTLIER_MARGIN,
    RETIRE_FLOOR,
    RETIRE_MIN_USES,
    REVISE_BELOW,
    SKILL_THRESHOLD,
    LoopRules,
)

__all__ = ["DUPLICATE_THRESHOLD", "FOLD_THRESHOLD", "FOLD_VOTES", "MAX_OFFERS", "MIN_STEPS", "NUDGE_INTERVAL", "OFFER_THRESHOLD", "OUTLIER_MARGIN", "RETIRE_FLOOR",
           "RETIRE_MIN_USES", "REVISE_BELOW", "ROUTE_K", "SKILL_THRESHOLD", "AgentConfig", "StructuredOutput"]


ROUTE_K = 5
"""Candidates the router returns (the state's ``route_candidates``)."""


@dataclass(frozen=True)
class AgentConfig:
    """Knobs of the loop. The thresholds are :class:`skillrouter.rules.LoopRules` (see
    :attr:`rules`), checked there."""

    nudge_interval: int = NUDGE_INTERVAL
    skill_threshold: float = SKILL_THRESHOLD
    min_steps: int = MIN_STEPS
    duplicate_threshold: float = DUPLICATE_THRESHOLD
    offer_threshold: float = OFFER_THRESHOLD
    max_offers: int = MAX_OFFERS
    revise_below: float = REVISE_BELOW
    outlier_margin: float = OUTLIER_MARGIN
    retire_floor: float = RETIRE_FLOOR
    retire_min_uses: int = RETIRE_MIN_USES
    fold_threshold: float = FOLD_THRESHOLD
    fold_votes: int = FOLD_VOTES
    route_k: int = ROUTE_K
    structured_output: StructuredOutput = "auto"

    def __post_init__(self) -> None:
        if isinstance(self.nudge_interval, bool) or not isinstance(self.nudge_interval, int) \
                or self.nudge_interval < 1:
            raise ValueError(f"nudge_interval must be a positive int, got {self.nudge_interval!r}")
        _ = self.rules  # the rule book checks the thresholds
        if self.structured_output not in ("auto", "json"):
            raise ValueError(f"structured_output must be 'auto' or 'json', got {self.structured_output!r}")

    @property
    def rules(self) -> LoopRules:
        """The loop's thresholds as the rule book takes them."""
        return LoopRules.of(self)
