"""The doctor: what is wrong between a store's files, its ledger, the sidecars and the index,
and what it repairs (``skillrouter doctor``, :meth:`skillrouter.SkillLibrary.doctor`).

- the ledger: a damaged one is rebuilt from what it still holds and the files (its note says
  what was lost, once);
- the files: a SKILL.md that no longer parses is named, with the version to restore;
- the sidecars: one missing or out of step with the ledger is written again (one found in step
  by an earlier run is read again only when it or its ledger row changed since);
- the derived files (the embedding cache, the keyword index's counts, the embedded Chroma
  folder): one that cannot be read is set aside beside itself and made anew (nothing stored
  depends on it: the vectors come back from the model or the cache, the counts and the index
  from the store);
- the index: documents missing, stale or orphaned (ids and text hashes read from Chroma now,
  without the vectors) are embedded or deleted (a full sync);
- the library fit (:mod:`skillrouter.routing.fit`): what each engine ranks with, and whether the
  library changed since it was fitted; a stale fit is fitted again (derived data: it is never
  counted as drift, and a user's pins are kept);
- in team mode, this machine's copy against the database (:mod:`skillrouter.store.team`):
  folders behind the database or missing are written from it, folders of skills removed there
  are removed, a copy whose SKILL.md no longer parses is set aside (under ``cache/conflicts/``)
  and written again from the database's last good version, and skills whose files the database
  lacks (a ledger moved there before it kept files) are sent from this copy where it has them.

One function per check, each reading what it compares once.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from skillrouter.errors import LedgerDamagedError, StoreError
from skillrouter.routing.documents import sha
from skillrouter.routing.index import plan
from skillrouter.store.atomic import atomic_write

if TYPE_CHECKING:
    from skillrouter.library import SkillLibrary

__all__ = ["DoctorReport", "diagnose"]

VERIFIED = "cache/doctor.json"
"""What doctor found in step last time and need not read again while it is unchanged (see
:func:`_check_sidecars`), under the store: derived data, like the rest of ``cache/``."""


@dataclass
class DoctorReport:
    """What doctor found between the files, the ledger and the index, and what it repaired.

    ``ok``: nothing was found. ``unrepaired``: what is still wrong (or was lost) after this
    run, each with what to do; the CLI exits 1 when it is not empty.
    """

    skills: int = 0
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    ledger: dict[str, Any] = field(default_factory=lambda: {"rebuilt": False})
    sidecars: list[str] = field(default_factory=list)
    index_missing: int = 0
    index_stale: int = 0
    index_orphans: int = 0
    derived: list[str] = field(default_factory=list)  # derived files found damaged (and what was done)
    team: dict[str, Any] = field(default_factory=dict)  # team mode: this copy against the database
    fit: dict[str, Any] = field(default_factory=dict)  # the library fit in force, stale or not, refitted
    repaired: bool = False
    unrepaired: list[str] = field(default_factory=list)

    @property
    def drift(self) -> bool:
        """Differences a sync or a rewrite of sidecars repairs."""
        return bool(
            self.sidecars
            or self.index_missing
            or self.index_stale
            or self.index_orphans
            or self.derived
            or self.team.get("behind")
            or self.team.get("lacking_files")
        )

    @property
    def ok(self) -> bool:
        return not (self.drift or self.unreadable or self.ledger["rebuilt"])

    def to_dict(self) -> dict[str, Any]:
        return {
            "skills": self.skills,
            "unreadable": [{"name": n, "reason": r} for n, r in self.unreadable],
            "ledger": self.ledger,
            "sidecars_out_of_step": self.sidecars,
            "index_missing": self.index_missing,
            "index_stale": self.index_stale,
            "index_orphans": self.index_orphans,
            "derived": self.derived,
            "fit": self.fit,
            "repaired": self.repaired,
            "unrepaired": self.unrepaired,
            "ok": self.ok,
        } | ({"team": self.team} if self.team else {})  # team mode: this copy against the database


def diagnose(lib: SkillLibrary, *, repair: bool = True) -> DoctorReport:
    """Check the ledger, the files, the sidecars and the index of ``lib``; with ``repair``, fix
    what can be fixed and say what cannot (see :class:`DoctorReport`)."""
    report = DoctorReport()
    if lib.read_only and repair:
        raise StoreError(
            f"nothing can be repaired: {lib.store.read_only_why} ('skillrouter doctor --no-repair' reports)"
        )
    damage = lib.store.ledger.check()
    if damage is not None:
        if not repair:
            raise LedgerDamagedError(lib.store.db_path, damage)
        lib.store.rebuild_ledger(damage)
    if lib.store.team is not None:
        _check_team(lib, report, repair)
    lib.unreadable = report.unreadable = lib.store.refresh()
    names = set(lib.store.names())  # in team mode the database's: this copy may lack some yet
    report.skills = len(names)
    if lib.store.team is not None and repair:
        _mend_team_copies(lib, report)
    on_disk = names if lib.store.team is None else set(lib.store.files.names())
    _check_ledger_note(lib, report, repair)
    index_readable = _check_derived(lib, report, repair)
    _check_sidecars(lib, report, repair, on_disk)
    if index_readable and not lib.read_only:  # a read-only store's routes never read the index
        _check_index(lib, report, repair)
    _check_fit(lib, report, repair)
    for name, why in report.unreadable:
        row = lib.store.ledger.row(name)
        back = f"'skillrouter restore {name} {row.version}' (its last good version)" if row else "remove it"
        report.unrepaired.append(f"{why}: fix the file by hand, or {back}")
    return report


def _check_fit(lib: SkillLibrary, report: DoctorReport, repair: bool) -> None:
    """The library fit: each engine's ranking and how it was chosen; one the library has moved
    past is fitted again with ``repair`` (a read-only store's is only reported)."""
    stale = not lib.read_only and lib.fit_due(bulk=True)
    refitted = repair and stale
    if refitted:
        lib.fit()
    fit = lib.library_fit
    report.fit = {
        "fitted_on": fit.skills if fit is not None else 0,
        "fitted_at": fit.fitted_at if fit is not None else None,
        "stale": stale and not refitted,
        "refitted": refitted,
        "engines": {
            name: {"ranking": engine.ranking.label, "source": engine.source, "why": engine.why}
            for name, engine in (fit.engines.items() if fit is not None else ())
        },
        "pins": lib.pins(),
    }


def _check_ledger_note(lib: SkillLibrary, report: DoctorReport, repair: bool) -> None:
    note = lib.store.ledger.notes().get("ledger_rebuilt")
    if note is None:
        return
    report.ledger.update(note, rebuilt=True)
    report.unrepaired.append(
        f"the ledger was rebuilt on {note['at']} ({note['reason']}); lost for good: "
        f"{', '.join(note['lost']) or 'nothing'}; statuses, findings and import "
        f"origins came back from the skill folders"
    )
    if repair:  # said once: the store is consistent again
        lib.store.ledger.note("ledger_rebuilt", None)


def _check_derived(lib: SkillLibrary, report: DoctorReport, repair: bool) -> bool:
    """The embedding cache, the keyword index's file and the embedded Chroma folder: damage found
    is repaired (set aside, made anew; the index sync below refills it) or, without ``repair``,
    reported. Repairs this process made already (a command met the damage first) are said too.
    Returns whether the index can be compared with the store (not when it is damaged and left
    so: opening it would repair it)."""
    files = [f for f in (getattr(lib.embedder, "cache", None), lib.lexical) if f is not None]
    found = [p for p in (getattr(f, "file", None) for f in files) if p is not None]
    for derived in found:
        problem = derived.check()
        if problem is None:
            continue
        if repair:
            derived.repair()
        else:
            report.derived.append(problem)
            report.unrepaired.append(
                f"{problem}: derived data; 'skillrouter doctor' sets it aside and rebuilds it"
            )
    problem = None if lib.read_only else lib.index.check()  # a read-only store's routes never read it
    if problem is not None and not repair:
        report.derived.append(problem)
        report.unrepaired.append(
            f"{problem}: derived data; 'skillrouter doctor' sets it aside and rebuilds it"
        )
        return False
    if repair:
        lib.index.count()  # a connection sets an unreadable folder aside (and says so in its repairs)
        for line in lib.repairs():
            if line not in report.derived:
                report.derived.append(line)
        report.repaired = report.repaired or bool(report.derived)
    return True


def _check_sidecars(lib: SkillLibrary, report: DoctorReport, repair: bool, on_disk: set[str]) -> None:
    """Each skill's sidecar against its ledger row (file hash, status, findings, trust level).

    A sidecar found in step by an earlier run is not read again while neither it nor its row
    changed since: its stat signature (inode, size, times: every write moves its change time,
    see :meth:`SkillFiles.sidecar_sig`) and a fingerprint of the row's fields, recorded when the
    two agreed, are both as they were (:data:`VERIFIED`, derived data: without it every sidecar
    is read)."""
    verified = _load_verified(lib)
    agreed: dict[str, list[str]] = {}
    for name, (file_hash, status, findings, trust_level) in lib.store.ledger.sidecar_rows().items():
        if name not in on_disk:
            continue
        fields = f"{file_hash}\x00{status}\x00{findings}\x00{trust_level}".encode()
        # the sidecar is stat'ed before it is read: a write in between shows next time
        mark = [hashlib.sha256(fields).hexdigest()[:16], lib.store.files.sidecar_sig(name) or ""]
        if mark[1] and verified.get(name) == mark:
            agreed[name] = mark
            continue
        side = lib.store.files.read_sidecar(name)
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
        _save_verified(lib, agreed)
    if report.sidecars and repair:
        for name in report.sidecars:
            lib.store.write_sidecar(name)
        report.repaired = True
    elif report.sidecars:
        report.unrepaired.append(f"{len(report.sidecars)} sidecar(s) missing or out of step with the ledger")


def _load_verified(lib: SkillLibrary) -> dict[str, list[str]]:
    """name -> [row fingerprint, sidecar signature] of the sidecars the last run found in step
    ({} when the file is missing, damaged or of another format)."""
    try:
        data = json.loads((lib.path / VERIFIED).read_bytes())
    except (OSError, ValueError):
        return {}
    found = data.get("sidecars") if isinstance(data, dict) and data.get("format") == 1 else None
    return found if isinstance(found, dict) else {}


def _save_verified(lib: SkillLibrary, agreed: dict[str, list[str]]) -> None:
    if lib.read_only:
        return
    with contextlib.suppress(OSError):  # a full disk: the next run reads every sidecar again
        atomic_write(lib.path / VERIFIED, json.dumps({"format": 1, "sidecars": agreed}))


def _check_index(lib: SkillLibrary, report: DoctorReport, repair: bool) -> None:
    """Every document's id and text hash in Chroma now (one read, no vectors) against what the
    store says the index must hold: missing, stale and orphaned documents are re-synced."""
    wanted = {doc_id: sha(text) for doc_id, (_, _, text) in lib.documents().items()}
    have = lib.index.hashes()
    changed, gone = plan(wanted, have)
    report.index_missing = sum(1 for i in changed if i not in have)
    report.index_stale = len(changed) - report.index_missing
    report.index_orphans = len(gone)
    if changed or gone:
        if repair:
            lib.sync(force=True)
            report.repaired = True
        else:
            report.unrepaired.append("the index differs from the store")


def _check_team(lib: SkillLibrary, report: DoctorReport, repair: bool) -> None:
    """This machine's copy against the team database (see the module docstring): what differs,
    and with ``repair`` every folder brought in step (:meth:`~skillrouter.store.team.TeamCopy.sync`)."""
    team = lib.store.team
    assert team is not None
    keys, copies = team.ledger.content_keys(), team.copies()
    on_disk = set(lib.store.files.names())
    behind = sorted(
        n
        for n, key in keys.items()
        if key is not None and (n not in on_disk or (c := copies.get(n)) is None or c.files_key != key)
    )
    removed = sorted(n for n in copies if n not in keys)
    lacking = sorted(n for n, key in keys.items() if key is None)
    report.team = {
        "skills": len(keys),
        "in_this_copy": sum(1 for n in keys if n in on_disk),
        "behind": behind,
        "removed_elsewhere": removed,
        "lacking_files": lacking,
        "conflicts": sorted(str(p) for p in (lib.path / "cache" / "conflicts").glob("*")),
    }
    if not repair:
        if lacking:
            report.unrepaired.append(
                f"{len(lacking)} skill(s) of the team database have no files in it "
                f"({', '.join(lacking[:3])}{', ...' if len(lacking) > 3 else ''}): 'skillrouter doctor' on a "
                f"machine whose copy holds them sends them"
            )
        return
    with lib.store.write_lock:
        moved = team.sync()
    report.team["written"] = moved
    report.repaired = report.repaired or bool(moved)
    still = sorted(n for n, key in team.ledger.content_keys().items() if key is None)
    report.team["lacking_files"] = still
    if still:
        report.unrepaired.append(
            f"{len(still)} skill(s) of the team database have no files in it and none in this copy "
            f"({', '.join(still[:3])}{', ...' if len(still) > 3 else ''}): run 'skillrouter doctor' on a "
            f"machine whose copy holds them"
        )


def _mend_team_copies(lib: SkillLibrary, report: DoctorReport) -> None:
    """A copy whose SKILL.md no longer parses, of a skill the database holds, is set aside and
    written again from the database (its last good version): the copy is a cache."""
    team = lib.store.team
    assert team is not None
    mended = []
    with lib.store.write_lock:
        for name, why in list(report.unreadable):
            if team.has(name):
                team.rewrite(name, f"did not parse ({why})")
                report.unreadable.remove((name, why))
                mended.append(name)
    if mended:
        lib.unreadable = report.unreadable
        report.team["rewritten"] = mended
        report.repaired = True
