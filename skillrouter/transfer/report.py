"""What an import did: :class:`ImportReport` (``skillrouter import --json`` prints :meth:`to_dict`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["ImportReport"]


@dataclass
class ImportReport:
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    skipped: list[dict[str, str]] = field(default_factory=list)
    quarantined: list[dict[str, Any]] = field(default_factory=list)
    pruned: list[str] = field(default_factory=list)
    errors: list[dict[str, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    # what a skill folder held and the import left out: {"skill": SKILL.md, "path": file, "reason"}
    dropped: list[dict[str, str]] = field(default_factory=list)
    duplicates: list[list[Any]] = field(default_factory=list)
    clusters: list[list[str]] = field(default_factory=list)
    embedded: int = 0
    seconds: float = 0.0
    dry_run: bool = False
    index_error: str | None = None  # the index could not be updated (the files are written)
    index_wait: float = 0.0  # seconds the index's writes waited for another process's writer lock
    # origins some of whose files could not be read this time: --prune removes nothing of theirs
    partly_read: set[str] = field(default_factory=set)
    # the router's fit of the library after the import, engine -> ranking (None: not refitted)
    fit: dict[str, str] | None = None
    # the review model's cost, when one was asked (Reviewer.cost: calls, cached, prompt characters)
    review: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "added": len(self.added),
            "updated": len(self.updated),
            "unchanged": len(self.unchanged),
            "skipped": len(self.skipped),
            "quarantined": len(self.quarantined),
            "pruned": len(self.pruned),
            "dropped": len(self.dropped),
            "errors": self.errors,
            "duplicates": self.duplicates,
            "seconds": round(self.seconds, 3),
            "embedded": self.embedded,
            "index_error": self.index_error,
            "index_wait": self.index_wait,
            "fit": self.fit,
            "review": self.review,
            "dry_run": self.dry_run,
            "details": {
                "added": self.added,
                "updated": self.updated,
                "skipped": self.skipped,
                "quarantined": self.quarantined,
                "pruned": self.pruned,
                "dropped": self.dropped,
                "warnings": self.warnings,
                "clusters": self.clusters,
            },
        }
