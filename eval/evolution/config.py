"""The simulation's settings: :class:`EvolutionConfig` (its own knobs, the router's threshold and
misfit weights, and the loop's rules, :class:`~skillrouter.rules.LoopRules`, the agent's)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from skillrouter.routing.scoring import (
    DEFAULT_THRESHOLD,
    MISFIT_SHARE_WEIGHT,
    MISFIT_WEIGHT,
    POLICIES,
    Policy,
)
from skillrouter.routing.settings import DEFAULT_K
from skillrouter.rules import DEFAULT_RULES, LoopRules, split_rule_options

__all__ = ["FIT_ERROR", "SUCCESS", "EvolutionConfig"]

SUCCESS = 7.0
"""A run scoring this or more counts as a success."""

FIT_ERROR = 0.1
"""The default chance that a simulated judge (fit, same skill, one skill) answers wrongly."""


@dataclass(frozen=True)
class EvolutionConfig:
    """What one simulation runs (see :mod:`skillrouter.eval.evolution` for each part).
    :meth:`of` and :meth:`replace` take the loop's rules as flat keywords too."""

    tasks: int = 1000
    kinds: int = 24
    probe_per_kind: int = 4
    min_per_kind: int = 3  # a kind is drawn only with this many stream tasks (besides probes, variants)
    every: int = 50
    seed: int = 0
    policies: tuple[Policy, ...] = ("shrunk",)
    threshold: float = DEFAULT_THRESHOLD
    k: int = DEFAULT_K
    # simulated executor / evaluator
    noise: float = 1.0
    no_skill_mean: float = 6.0
    wrong_mean: float = 3.0
    new_quality: tuple[float, float] = (0.3, 0.95)
    revise_gain: float = 0.15
    variant_kinds: int = 6
    variant_qualities: tuple[float, ...] = (0.9, 0.55, 0.2)
    fit_error: float = FIT_ERROR  # chance the simulated evaluator judges fit wrongly
    misfit_weight: float = MISFIT_WEIGHT  # the router's (skillrouter.routing.scoring)
    misfit_share_weight: float = MISFIT_SHARE_WEIGHT  # the router's too
    rules: LoopRules = DEFAULT_RULES  # the loop's rules: the agent's
    max_examples: int = 200

    def __post_init__(self) -> None:
        if self.tasks < 1 or self.kinds < 1 or self.every < 1 or self.min_per_kind < 1:
            raise ValueError("tasks, kinds, every and min_per_kind must be positive")
        if not 0.0 <= self.fit_error <= 1.0:
            raise ValueError(f"fit_error must be from 0 to 1, got {self.fit_error}")
        if not isinstance(self.rules, LoopRules):
            raise TypeError(f"rules must be a LoopRules, got {type(self.rules).__name__}")
        unknown = [p for p in self.policies if p not in POLICIES]
        if unknown or not self.policies:
            raise ValueError(f"unknown policy {unknown or self.policies}; choose from {', '.join(POLICIES)}")
        if not all(0.0 <= q <= 1.0 for q in (*self.variant_qualities, *self.new_quality)):
            raise ValueError("hidden qualities must be from 0 to 1")

    @classmethod
    def of(cls, **options: Any) -> EvolutionConfig:
        """An EvolutionConfig from its own fields and any :class:`LoopRules` field as a flat
        keyword (``EvolutionConfig.of(tasks=50, offer_threshold=1.0)``)."""
        return cls().replace(**options)

    def replace(self, **options: Any) -> EvolutionConfig:
        """This config with ``options`` changed: its own fields, or the loop's rules by name."""
        own, rule_changes = split_rule_options(options, {f.name for f in dataclasses.fields(self)})
        if rule_changes:
            own["rules"] = own.get("rules", self.rules).replace(**rule_changes)
        return dataclasses.replace(self, **own)

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON-ready data (the rules nested under ``rules``)."""
        return dataclasses.asdict(self)
