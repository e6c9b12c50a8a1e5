"""The store's part of ``skillrouter doctor``: what is wrong between a store's files, its ledger,
the sidecars and (in team mode) the team database, and what it repairs; :mod:`skillrouter.doctor`
adds the index's part (the derived files, the index, the library fit).

- the ledger: a damaged one is rebuilt from what it still holds and the files (its note says
  what was lost, once);
- the files: a SKILL.md that no longer parses is named, with the version to restore;
- the sidecars: one missing or out of step with the ledger is written again (one found in step
  by an earlier run is read again only when it or its ledger row changed since);
- the copies (:meth:`~skillrouter.store.copies.SkillCopies.check`): in team mode, this machine's
  copy against the database (:mod:`skillrouter.store.team`): folders behind the database or
  missing are written from it, folders of skills removed there are removed, a copy whose SKILL.md
  no longer parses is set aside (under ``cache/conflicts/``) and written again from the
  database's last good version, and skills whose files the database lacks (a ledger moved there
  before it kept files) are sent from this copy where it has them.

One function per check, each reading what it compares once.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from skillrouter.errors import LedgerDamagedError, StoreError
from skillrouter.store.atomic import atomic_write
from skillrouter.store.store import Store

__all__ = ["VERIFIED", "StoreCheck", "check_store", "unreadable_lines"]

VERIFIED = "cache/doctor.json"
"""What doctor found in step last time and need not read again while it is unchanged (see
:func:`_check_sidecars`), under the store: derived data, like the rest of ``cache/``."""


@dataclass
class StoreCheck:
    """What the store's check found (and repaired); ``unrepaired``: what is still wrong (or was
    lost), each with what to do."""

    skills: int = 0
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    ledger: dict[str, Any] = field(default_factory=lambda: {"rebuilt": False})
    sidecars: list[str] = field(default_factory=list)
    team: dict[str, Any] = field(default_factory=dict)  # team mode: this copy against the database
    repaired: bool = False
    unrepaired: list[str] = field(default_factory=list)


def check_store(store: Store, report: StoreCheck, *, repair: bool) -> None:
    """The ledger, the copies, the files and the sidecars of ``store`` into ``report`` (see the
    module docstring); with ``repair``, fixed where they can be."""
    if store.read_only and repair:
        raise StoreError(
            f"nothing can be repaired: {store.read_only_why} ('skillrouter doctor --no-repair' reports)"
        )
    damage = store.ledger.check()
    if damage is not None:
        if not repair:
            raise LedgerDamagedError(store.db_path, damage)
        store.rebuild_ledger(damage)
    copies = store.copies.check(repair)  # a team library's copy against its database
    report.team, report.repaired = copies.section, report.repaired or copies.repaired
    report.unrepaired += copies.unrepaired
    report.unreadable = store.refresh()
    names = set(store.names())  # in team mode the database's: this copy may lack some yet
    report.skills = len(names)
    if repair and (mended := store.copies.mend(report.unreadable)):
        report.team["rewritten"] = mended
        report.repaired = True
    _check_ledger_note(store, report, repair)
    _check_sidecars(store, report, repair, set(store.files.names()))


def unreadable_lines(store: Store, report: StoreCheck) -> None:
    """What to do about each SKILL.md that does not parse (last: it stays wrong after a run)."""
    for name, why in report.unreadable:
        row = store.ledger.row(name)
        back = f"'skillrouter restore {name} {row.version}' (its last good version)" if row else "remove it"
        report.unrepaired.append(f"{why}: fix the file by hand, or {back}")


def _check_ledger_note(store: Store, report: StoreCheck, repair: bool) -> None:
    note = store.ledger.notes().get("ledger_rebuilt")
    if note is None:
        return
    report.ledger.update(note, rebuilt=True)
    report.unrepaired.append(
        f"the ledger was rebuilt on {note['at']} ({note['reason']}); lost for good: "
        f"{', '.join(note['lost']) or 'nothing'}; statuses, findings and import "
        f"origins came back from the skill folders"
    )
    if repair:  # said once: the store is consistent again
        store.ledger.note("ledger_rebuilt", None)


def _check_sidecars(store: Store, report: StoreCheck, repair: bool, on_disk: set[str]) -> None:
    """Each skill's sidecar against its ledger row (file hash, status, findings, trust level).

    A sidecar found in step by an earlier run is not read again while neither it nor its row
    changed since: its stat signature (inode, size, times: every write moves its change time,
    see :meth:`SkillFiles.sidecar_sig`) and a fingerprint of the row's fields, recorded when the
    two agreed, are both as they were (:data:`VERIFIED`, derived data: without it every sidecar
    is read)."""
    verified = _load_verified(store)
    agreed: dict[str, list[str]] = {}
    for name, (file_hash, status, findings, trust_level) in store.ledger.sidecar_rows().items():
        if name not in on_disk:
            continue
        fields = f"{file_hash}\x00{status}\x00{findings}\x00{trust_level}".encode()
        # the sidecar is stat'ed before it is read: a write in between shows next time
        mark = [hashlib.sha256(fields).hexdigest()[:16], store.files.sidecar_sig(name) or ""]
        if mark[1] and verified.get(name) == mark:
            agreed[name] = mark
            continue
        side = store.files.read_sidecar(name)
        if side is None or (file_hash, status, json.loads(findings), trust_level) != (
            side.file_hash,
            side.status,
            list(side.provenance.findings),
            side.provenance.trust_level,
        ):
            report.sidecars.append(name)
        elif mark[1]:
            agreed[name] = mark
    if agreed != verified:
        _save_verified(store, agreed)
    if report.sidecars and repair:
        for name in report.sidecars:
            store.write_sidecar(name)
        report.repaired = True
    elif report.sidecars:
        report.unrepaired.append(f"{len(report.sidecars)} sidecar(s) missing or out of step with the ledger")


def _load_verified(store: Store) -> dict[str, list[str]]:
    """name -> [row fingerprint, sidecar signature] of the sidecars the last run found in step
    ({} when the file is missing, damaged or of another format)."""
    try:
        data = json.loads((store.path / VERIFIED).read_bytes())
    except (OSError, ValueError):
        return {}
    found = data.get("sidecars") if isinstance(data, dict) and data.get("format") == 1 else None
    return found if isinstance(found, dict) else {}


def _save_verified(store: Store, agreed: dict[str, list[str]]) -> None:
    if store.read_only:
        return
    with contextlib.suppress(OSError):  # a full disk: the next run reads every sidecar again
        atomic_write(store.path / VERIFIED, json.dumps({"format": 1, "sidecars": agreed}))
