"""What a router may be told, checked once: :class:`RoutingSettings` and the checks of a task,
``k`` and a threshold that every surface (the library, the CLI, the MCP server, the agent's
tools, the evaluation harness) calls instead of checking in words of its own.

A threshold is on the router's *relevance* scale (``similarity + coverage_weight * coverage``,
less the misfit share; see :mod:`skillrouter.routing.scoring`): a finite number from 0 to 2
(with the default coverage weight no relevance exceeds 1.4, so 2 abstains on everything).
``threshold=None`` means the default gate for the default model, ``DEFAULT_THRESHOLD``.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any, Literal

from skillrouter.routing.scoring import (
    COVERAGE_WEIGHT,
    DEFAULT_MULTILINGUAL_CJK_THRESHOLD,
    DEFAULT_MULTILINGUAL_THRESHOLD,
    DEFAULT_THRESHOLD,
    MISFIT_SHARE_WEIGHT,
    MISFIT_WEIGHT,
    POLICIES,
    PRIOR_MEAN,
    PRIOR_WEIGHT,
    QUALITY_WEIGHT,
    Policy,
)

__all__ = [
    "DEFAULT_K",
    "THRESHOLD_MAX",
    "RoutingSettings",
    "ThresholdSource",
    "check_k",
    "check_task",
    "check_threshold",
]

DEFAULT_K = 5
"""Candidates a route returns unless told otherwise."""

THRESHOLD_MAX = 2.0
"""The largest threshold accepted (no relevance reaches it with the default weights)."""

ThresholdSource = Literal["default", "given"]


def _shown(value: object) -> str:
    """A rejected value as an error message shows it: its repr, cut to 40 characters (a 4,000-digit
    number is said to be one, not printed)."""
    try:
        text = repr(value)
    except ValueError:  # an int past Python's digit limit for str()
        return (
            f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
            if isinstance(value, int)
            else "?"
        )
    return text if len(text) <= 40 else f"{text[:20]}... ({len(text)} characters)"


def check_task(task: object, name: str = "task") -> str:
    """``task`` itself if it is non-empty text; ValueError naming ``name`` otherwise."""
    if not isinstance(task, str) or not task.strip():
        raise ValueError(f"{name} must be non-empty text: describe the task")
    return task


def check_k(k: object, most: int | None = None) -> int:
    """``k`` itself if it is a whole number of at least 1 (and at most ``most``); ValueError otherwise."""
    if isinstance(k, bool) or not isinstance(k, int) or k < 1 or (most is not None and k > most):
        span = f"from 1 to {most}" if most is not None else "a whole number of at least 1"
        raise ValueError(f"k must be {span}, got {_shown(k)}")
    return k


def check_threshold(threshold: object) -> float:
    """``threshold`` as a float if it is a relevance from 0 to ``THRESHOLD_MAX``; ValueError otherwise."""
    if (
        isinstance(threshold, bool)
        or not isinstance(threshold, (int, float))
        or not math.isfinite(threshold)
        or not 0.0 <= threshold <= THRESHOLD_MAX
    ):
        raise ValueError(
            f"threshold must be a relevance from 0 to {THRESHOLD_MAX:g}, got {_shown(threshold)}"
        )
    return float(threshold)


def _weight(label: str, value: object, *, most: float = math.inf) -> None:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or not 0.0 <= value <= most
    ):
        span = f"from 0 to {most:g}" if math.isfinite(most) else "a number >= 0"
        raise ValueError(f"{label} must be {span}, got {value!r}")


@dataclass(frozen=True)
class RoutingSettings:
    """The router's knobs, validated on construction (see :mod:`skillrouter.routing.router` for
    what each does; the defaults were chosen on the evaluation suite,
    docs/evaluation/routing.md#choosing-the-defaults).

    ``threshold=None`` routes at the default gate (:attr:`gate` is ``DEFAULT_THRESHOLD``) and the
    route says so (:attr:`threshold_source` ``"default"``); a number is the caller's (``"given"``).
    ``keyword_weight=None`` (the default) ranks each engine with the keyword weight the library's
    fit chose for it (:mod:`skillrouter.routing.fit`; the engine's default weight before a fit),
    a number with that weight on both engines; ``keyword_weight=0`` ranks without keywords,
    ``coverage_weight=0`` gates without coverage,
    ``misfit_weight=0`` ignores misfits (and never looks them up), ``misfit_share_weight=0``
    gates without a skill's share of misfits, ``use_examples=False`` matches Level 0 text only.
    ``multilingual_threshold``: the gate of tasks routed with the multilingual engine, for every
    skill (None: its defaults, :attr:`multilingual_gate` for a skill described in English,
    :attr:`multilingual_cjk_gate` for one described in Chinese); ``threshold`` is the default
    engine's. ``min_p_fit``: gate on the calibrated probability that the pick is right
    (:mod:`skillrouter.routing.calibration`) instead of on relevance: a candidate passes when its
    ``p_fit`` reaches it (None, the default: the relevance gate).
    """

    threshold: float | None = None
    keyword_weight: float | None = None
    coverage_weight: float = COVERAGE_WEIGHT
    quality_weight: float = QUALITY_WEIGHT
    misfit_weight: float = MISFIT_WEIGHT
    misfit_share_weight: float = MISFIT_SHARE_WEIGHT
    policy: Policy = "shrunk"
    prior_mean: float = PRIOR_MEAN
    prior_weight: float = PRIOR_WEIGHT
    overfetch: int = 4
    use_examples: bool = True
    multilingual_threshold: float | None = None
    min_p_fit: float | None = None

    def __post_init__(self) -> None:
        if self.threshold is not None:
            object.__setattr__(self, "threshold", check_threshold(self.threshold))
        if self.multilingual_threshold is not None:
            object.__setattr__(self, "multilingual_threshold", check_threshold(self.multilingual_threshold))
        if self.keyword_weight is not None:
            _weight("keyword_weight", self.keyword_weight)
        for label in ("coverage_weight", "misfit_weight", "misfit_share_weight"):
            _weight(label, getattr(self, label))
        if self.min_p_fit is not None:
            _weight("min_p_fit", self.min_p_fit, most=1.0)
        _weight("quality_weight", self.quality_weight, most=1.0)
        if self.policy not in POLICIES:
            raise ValueError(f"unknown policy {self.policy!r}; expected one of {', '.join(POLICIES)}")
        if (
            isinstance(self.prior_mean, bool)
            or not isinstance(self.prior_mean, (int, float))
            or not 1.0 <= self.prior_mean <= 10.0
        ):
            raise ValueError(f"prior_mean must be a score from 1 to 10, got {self.prior_mean!r}")
        _weight("prior_weight", self.prior_weight)
        if isinstance(self.overfetch, bool) or not isinstance(self.overfetch, int) or self.overfetch < 1:
            raise ValueError(f"overfetch must be a whole number of 1 or more, got {self.overfetch!r}")
        if not isinstance(self.use_examples, bool):
            raise TypeError(f"use_examples must be true or false, got {self.use_examples!r}")

    @property
    def gate(self) -> float:
        """The threshold in force: the caller's, or ``DEFAULT_THRESHOLD``."""
        return DEFAULT_THRESHOLD if self.threshold is None else self.threshold

    @property
    def multilingual_gate(self) -> float:
        """The threshold in force for a task routed with the multilingual engine (its cosines lie
        on a scale of their own): ``multilingual_threshold``, or ``DEFAULT_MULTILINGUAL_THRESHOLD``."""
        given = self.multilingual_threshold
        return DEFAULT_MULTILINGUAL_THRESHOLD if given is None else given

    @property
    def multilingual_cjk_gate(self) -> float:
        """The threshold in force, on the multilingual engine, for a skill whose Level 0 text holds
        CJK letters: ``multilingual_threshold``, or ``DEFAULT_MULTILINGUAL_CJK_THRESHOLD``."""
        given = self.multilingual_threshold
        return DEFAULT_MULTILINGUAL_CJK_THRESHOLD if given is None else given

    @property
    def threshold_source(self) -> ThresholdSource:
        return "default" if self.threshold is None else "given"

    def replace(self, **changes: Any) -> RoutingSettings:
        """These settings with ``changes`` (field names), validated again; an unknown name is a
        ValueError that lists the known ones."""
        known = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise ValueError(f"unknown routing setting {unknown[0]!r}; known: {', '.join(sorted(known))}")
        return dataclasses.replace(self, **changes)
