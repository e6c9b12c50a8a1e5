"""What the ledger hands back: a skill's track record (:class:`Outcome`), one version
(:class:`Version`), a skill's ledger record (:class:`Record`) and row (:class:`Row`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from skillrouter.security.policy import TrustLevel
from skillrouter.skill import SkillSummary
from skillrouter.store.provenance import Status

__all__ = ["Outcome", "Record", "Row", "Version"]


@dataclass(frozen=True)
class Outcome:
    """Statistics of a skill after an outcome was recorded."""

    name: str
    use_count: int
    avg_score: float | None
    last_score: float | None
    last_used: str | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "use_count": self.use_count,
            "avg_score": self.avg_score,
            "last_score": self.last_score,
            "last_used": self.last_used,
        }


@dataclass(frozen=True)
class Version:
    name: str
    version: int
    reason: str
    created_at: str
    content: str

    def to_dict(self, *, content: bool = False) -> dict[str, Any]:
        data = {
            "name": self.name,
            "version": self.version,
            "reason": self.reason,
            "created_at": self.created_at,
        }
        if content:
            data["content"] = self.content
        return data


@dataclass(frozen=True)
class Record:
    """A skill's row in the ledger: its Level 0 and bookkeeping, without reading files."""

    summary: SkillSummary
    file_hash: str
    source: str | None
    findings: tuple[dict[str, Any], ...]
    version: int
    trust_level: TrustLevel = "community"


@dataclass(frozen=True)
class Row:
    """The bookkeeping columns of one skill's row."""

    file_hash: str
    file_sig: str
    version: int
    status: Status
    findings: tuple[dict[str, Any], ...]
    created_at: str
    trust_level: TrustLevel = "community"
    scan_hash: str | None = None  # the content (SKILL.md + Level 2) ``findings`` are for
