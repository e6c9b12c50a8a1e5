"""The library fit as a store keeps it: what it is fitted on, where it is kept, when it is due,
and the user's pins.

The fit (:class:`~skillrouter.routing.fit.LibraryFit`) and the pins are JSON values of the
ledger's meta table (``setting:routing_fit``, ``setting:routing_pins``), so every process of a
store, and every machine of a team library, routes with the same fit; writing either moves the
ledger's generation, so each process's index and snapshots follow (a new document form is
embedded again, from the cache where it can). The fit is derived data: a ledger rebuilt without
it routes with the engines' defaults until the next fit; the pins are the user's, and a refit
never touches them.

The fit reads what the ledger holds of each active skill (name, description, triggers, the
summary and the start of the body the keyword index reads, its examples and misfits): no SKILL.md
is opened.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from skillrouter.routing.fit import (
    DEFAULT_RANKINGS,
    ENGINES,
    FORMS,
    EngineFit,
    LibraryFit,
    SkillText,
)

__all__ = [
    "FIT_KEY",
    "PINS_KEY",
    "REFIT_SHARE",
    "FitLedger",
    "check_pin",
    "due",
    "fit_texts",
    "load_fit",
    "pins_of",
]

FIT_KEY = "routing_fit"
PINS_KEY = "routing_pins"
REFIT_SHARE = 0.1
"""A single write (``add``) refits the library once its active skills differ from the fit's count
by this share (an import or a reindex refits whenever what the fit reads changed)."""
PIN_KEYS = ("form", "keyword_weight")


class FitLedger(Protocol):
    """What the fit needs of a ledger (:class:`skillrouter.store.ledger.Ledger` and its
    PostgreSQL sibling)."""

    def setting(self, key: str) -> Any: ...

    def set_setting(self, key: str, value: Any) -> None: ...

    def level0_texts(self) -> dict[str, str]: ...

    def summary_texts(self) -> dict[str, str]: ...

    def lexical_texts(self) -> dict[str, str | None]: ...

    def trigger_texts(self) -> dict[str, list[str]]: ...

    def statuses(self) -> dict[str, str]: ...

    def examples(self, name: str | None = None) -> list[tuple[str, str]]: ...

    def misfits(self, name: str | None = None) -> list[tuple[str, str]]: ...


def fit_texts(ledger: FitLedger) -> list[SkillText]:
    """Every active skill as the fit reads it, in name order."""
    status = ledger.statuses()
    descriptions = ledger.level0_texts()
    summaries = ledger.summary_texts()
    lexical = ledger.lexical_texts()
    triggers = ledger.trigger_texts()
    examples: dict[str, list[str]] = {}
    for name, task in ledger.examples():
        examples.setdefault(name, []).append(task)
    misfits: dict[str, list[str]] = {}
    for name, task in ledger.misfits():
        misfits.setdefault(name, []).append(task)
    out = []
    for name in sorted(descriptions):
        if status.get(name, "active") != "active":
            continue
        summary = summaries.get(name, descriptions[name])
        text = lexical.get(name) or summary
        body = text[len(summary) + 1 :] if text.startswith(summary) else ""
        out.append(
            SkillText(
                name,
                descriptions[name],
                body,
                tuple(triggers.get(name, ())),
                summary,
                text,
                tuple(examples.get(name, ())),
                tuple(misfits.get(name, ())),
            )
        )
    return out


def pins_of(ledger: FitLedger) -> dict[str, dict[str, Any]]:
    """The user's pins: ``{engine: {"form": ..., "keyword_weight": ...}}`` (empty: none)."""
    value = ledger.setting(PINS_KEY)
    return {str(e): dict(p) for e, p in value.items()} if isinstance(value, dict) else {}


def check_pin(engine: str, key: str, value: Any) -> Any:
    """``value`` as the pin ``key`` of ``engine`` takes it; ValueError naming what is wrong."""
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; expected one of {', '.join(ENGINES)}")
    if key == "form":
        if value not in FORMS:
            raise ValueError(f"form must be one of {', '.join(repr(f) for f in FORMS)}, got {value!r}")
        return value
    if key == "keyword_weight":
        try:
            weight = float(value)
        except (TypeError, ValueError):
            raise ValueError(f"keyword_weight must be a number from 0 to 2, got {value!r}") from None
        if not 0.0 <= weight <= 2.0:
            raise ValueError(f"keyword_weight must be a number from 0 to 2, got {value!r}")
        return weight
    raise ValueError(f"unknown pin {key!r}; expected one of {', '.join(PIN_KEYS)}")


def load_fit(ledger: FitLedger) -> LibraryFit | None:
    """The stored fit with the user's pins applied; None with neither. A stored fit that does not
    read (written by another version) counts as none: the next fit replaces it."""
    pins = pins_of(ledger)
    fitted: LibraryFit | None = None
    data = ledger.setting(FIT_KEY)
    if data is not None:
        try:
            fitted = LibraryFit.from_json(json.dumps(data))
        except (ValueError, KeyError, TypeError):
            fitted = None
    if not pins:
        return fitted
    base = fitted or LibraryFit(
        {e: EngineFit(e, DEFAULT_RANKINGS[e], "default", "not fitted yet") for e in ENGINES},
        0,
        "",
        {},
        "",
    )
    return base.pinned(pins)


def stored_fit(ledger: FitLedger) -> LibraryFit | None:
    """The stored fit as fitted (no pins), None when there is none that reads."""
    data = ledger.setting(FIT_KEY)
    if data is None:
        return None
    try:
        return LibraryFit.from_json(json.dumps(data))
    except (ValueError, KeyError, TypeError):
        return None


def due(
    fitted: LibraryFit | None, active: int, models: Mapping[str, str], *, bulk: bool, fingerprint: str | None
) -> bool:
    """Whether the library needs a new fit: none yet, other models, or (``bulk``: an import or a
    reindex) what the fit reads changed, (else) the count of active skills moved by
    :data:`REFIT_SHARE`."""
    if fitted is None or fitted.models != dict(models):
        return active > 0 or fitted is not None
    if bulk:
        return fingerprint is not None and fitted.fingerprint != fingerprint
    return abs(active - fitted.skills) >= max(1.0, REFIT_SHARE * fitted.skills)


def engines_text(fit: LibraryFit, engines: Sequence[str] = ENGINES) -> list[str]:
    """One line per engine: its ranking, how it was chosen, why."""
    out = []
    for name in engines:
        engine = fit.engines.get(name)
        if engine is None:
            continue
        out.append(f"{name}: {engine.ranking.label} ({engine.source}: {engine.why})")
    return out
