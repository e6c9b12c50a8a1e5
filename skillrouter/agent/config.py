"""The agent's settings: the loop's thresholds are the rule book's :class:`~skillrouter.rules.LoopRules`
(where each default says why it is what it is); this module adds the agent's own (memory nudge,
candidates, structured output)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from skillrouter.llm import StructuredOutput
from skillrouter.rules import DEFAULT_RULES, NUDGE_INTERVAL, LoopRules, split_rule_options

__all__ = ["NUDGE_INTERVAL", "ROUTE_K", "AgentConfig", "StructuredOutput"]

ROUTE_K = 5
"""Candidates the router returns (the state's ``route_candidates``)."""


@dataclass(frozen=True)
class AgentConfig:
    """Knobs of the loop: ``rules`` (the thresholds, checked by :class:`LoopRules`) and the
    agent's own. :meth:`of` takes the thresholds as flat keywords too."""

    nudge_interval: int = NUDGE_INTERVAL
    rules: LoopRules = DEFAULT_RULES
    route_k: int = ROUTE_K
    structured_output: StructuredOutput = "auto"

    def __post_init__(self) -> None:
        if (
            isinstance(self.nudge_interval, bool)
            or not isinstance(self.nudge_interval, int)
            or self.nudge_interval < 1
        ):
            raise ValueError(f"nudge_interval must be a positive int, got {self.nudge_interval!r}")
        if not isinstance(self.rules, LoopRules):
            raise TypeError(f"rules must be a LoopRules, got {type(self.rules).__name__}")
        if self.structured_output not in ("auto", "json"):
            raise ValueError(f"structured_output must be 'auto' or 'json', got {self.structured_output!r}")

    @classmethod
    def of(cls, **options: Any) -> AgentConfig:
        """An AgentConfig from its own fields and any :class:`LoopRules` field as a flat keyword
        (``AgentConfig.of(skill_threshold=8, nudge_interval=5)``), on top of ``rules`` if given."""
        own, rule_changes = split_rule_options(options, {f.name for f in fields(cls)})
        config = cls(**own)
        return config if not rule_changes else cls(**own | {"rules": config.rules.replace(**rule_changes)})
