"""What a skill carries besides its text: its status, the security findings behind it,
where an import brought it from, and the track record it came with.

- :class:`Provenance` is the one value the importer hands to :meth:`Store.add
  <skillrouter.store.Store.add>` (origin, input hash, findings, imported statistics).
- :class:`Sidecar` is that value plus the status, written as ``.skillrouter.json`` inside the
  skill folder. It names the SKILL.md it vouches for by hash and travels with the files in
  the same atomic rename, so a crash before the ledger commits, or a lost ledger, cannot turn
  a quarantined skill into an active one: the ledger is rebuilt from it (see ``store``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from skillrouter.errors import SkillFormatError
from skillrouter.security.policy import DEFAULT_TRUST_LEVEL, Admission, TrustLevel, check_trust_level
from skillrouter.skill import validate_stats

Status = Literal["active", "quarantined", "retired"]
STATUSES: tuple[Status, ...] = ("active", "quarantined", "retired")
SIDECAR = ".skillrouter.json"
EDITED = "edited on disk"  # the version reason of a change read from disk


def check_status(status: object) -> Status:
    if status not in STATUSES:
        raise SkillFormatError(
            f"unknown status {status!r}; expected one of {', '.join(STATUSES)}", field="status"
        )
    return status


@dataclass(frozen=True)
class Provenance:
    """Where an imported skill came from and what was found in it.

    ``findings`` (dicts of :class:`~skillrouter.security.Finding`) are judged with the
    store's own scan of the content (see :func:`~skillrouter.security.admission.admit`): the
    import's extra findings, such as a review model's. ``use_count`` / ``avg_score`` seed the
    statistics of a skill new to the store (validated as
    :func:`~skillrouter.skill.validate_stats` does). ``trust_level`` is the level of the
    source (:data:`~skillrouter.security.TRUST_LEVELS`); None leaves it to the store.
    """

    origin: str | None = None
    input_hash: str | None = None
    findings: tuple[Mapping[str, Any], ...] = ()
    use_count: int = 0
    avg_score: float | None = None
    trust_level: TrustLevel | None = None

    def __post_init__(self) -> None:
        uses, avg = validate_stats(self.use_count, self.avg_score)
        object.__setattr__(self, "use_count", uses)
        object.__setattr__(self, "avg_score", avg)
        object.__setattr__(self, "findings", tuple(dict(f) for f in self.findings))
        if self.trust_level is not None:
            try:
                object.__setattr__(self, "trust_level", check_trust_level(self.trust_level))
            except ValueError as err:
                raise SkillFormatError(str(err), field="trust_level") from None

    def to_dict(self) -> dict[str, Any]:
        return {
            "origin": self.origin,
            "input_hash": self.input_hash,
            "findings": [dict(f) for f in self.findings],
            "use_count": self.use_count,
            "avg_score": self.avg_score,
            "trust_level": self.trust_level,
        }


@dataclass(frozen=True)
class Sidecar:
    """The status and provenance of the SKILL.md whose sha256 is ``file_hash``; ``scan_hash``
    names the content (SKILL.md and Level 2 files) the findings are for."""

    file_hash: str
    status: Status
    reason: str = "add"
    provenance: Provenance = field(default_factory=Provenance)
    scan_hash: str | None = None

    @classmethod
    def follow(
        cls,
        old: Sidecar | None,
        file_hash: str,
        status: Status,
        findings: Sequence[Mapping[str, Any]],
        reason: str | None,
        provenance: Provenance,
        scan_hash: str | None = None,
    ) -> Sidecar:
        """The sidecar of new content: ``provenance`` with these findings; an old sidecar's
        reason, imported statistics and trust level carry over where the new ones give none."""
        if old is not None and not provenance.use_count:
            provenance = replace(
                provenance, use_count=old.provenance.use_count, avg_score=old.provenance.avg_score
            )
        if old is not None and provenance.trust_level is None:
            provenance = replace(provenance, trust_level=old.provenance.trust_level)
        return cls(
            file_hash,
            status,
            reason or (old.reason if old else "add"),
            replace(provenance, findings=tuple(findings)),
            scan_hash,
        )

    def dumps(self) -> str:
        return (
            json.dumps(
                {
                    "format": 1,
                    "file_hash": self.file_hash,
                    "status": self.status,
                    "reason": self.reason,
                    "scan_hash": self.scan_hash,
                }
                | self.provenance.to_dict(),
                ensure_ascii=False,
                indent=1,
            )
            + "\n"
        )

    @classmethod
    def loads(cls, text: str) -> Sidecar | None:
        """The sidecar in ``text``, or None if it is not one (a damaged sidecar vouches for nothing)."""
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or data.get("status") not in STATUSES:
                return None
            findings = data.get("findings") or []
            if not isinstance(findings, list) or not all(isinstance(f, dict) for f in findings):
                return None
            origin, input_hash, scan_hash = data.get("origin"), data.get("input_hash"), data.get("scan_hash")
            if not all(v is None or isinstance(v, str) for v in (origin, input_hash, scan_hash)):
                return None
            provenance = Provenance(
                origin,
                input_hash,
                tuple(findings),
                data.get("use_count") or 0,
                data.get("avg_score"),
                data.get("trust_level"),
            )
            return cls(
                str(data["file_hash"]),
                data["status"],
                str(data.get("reason") or "add"),
                provenance,
                scan_hash,
            )
        except (ValueError, KeyError, SkillFormatError):
            return None


@dataclass(frozen=True)
class Settled:
    """What the ledger records for a SKILL.md it meets on disk (see :func:`settle`).
    ``status`` / ``findings`` / ``trust_level`` of None keep the row's; ``adopt`` says whether
    the sidecar's provenance (origin, imported statistics) is taken too; ``scanned`` whether
    the content was scanned just now."""

    status: Status | None
    findings: list[dict[str, Any]] | None
    reason: str
    adopt: bool
    trust_level: TrustLevel | None = None
    scanned: bool = False


def settle(
    file_hash: str, row_hash: str | None, sidecar: Sidecar | None, admit: Callable[[TrustLevel], Admission]
) -> Settled:
    """The fail-closed rule for a SKILL.md whose ledger row is missing (``row_hash`` None) or
    behind the file:

    1. a sidecar vouching for exactly this content wins (a write that crashed between its
       rename and its ledger commit, or a lost ledger): its status, findings and provenance;
    2. else, with no row, nobody has vouched for this content: it is admitted (``admit(level)``:
       scanned and judged) at the sidecar's trust level (community without one): a community skill is
       quarantined on any finding; a sidecar that said quarantined or retired keeps saying so;
    3. else (a change of a known skill) the store judges it (``Reconciler._rescan``: only what the
       change introduces can quarantine it).
    """
    if sidecar is not None and sidecar.file_hash == file_hash:
        return Settled(
            sidecar.status,
            [dict(f) for f in sidecar.provenance.findings],
            sidecar.reason,
            True,
            sidecar.provenance.trust_level,
        )
    if row_hash is None:
        level = (sidecar.provenance.trust_level if sidecar is not None else None) or DEFAULT_TRUST_LEVEL
        judged = admit(level)
        found = [f.to_dict() for f in judged.findings]
        strict = sidecar.status if sidecar is not None and sidecar.status != "active" else None
        status: Status = strict or ("active" if judged.status == "active" else "quarantined")
        findings = found or ([dict(f) for f in sidecar.provenance.findings] if sidecar else [])
        return Settled(status, findings, "found on disk", sidecar is not None, level, scanned=True)
    return Settled(None, None, EDITED, False)
