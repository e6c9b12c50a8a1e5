"""Bringing the ledger in line with the files on disk: what a person (or another tool) changed
in ``skills/`` without skillrouter.

A :class:`Reconciler` belongs to one :class:`~skillrouter.store.Store` and reads and writes
through it (its files, its ledger, its write lock). It finds what changed (one stat per skill,
or only the ``skills/`` folder's signature on the route path, :meth:`Reconciler.refresh_if_due`),
records each changed SKILL.md by :func:`~skillrouter.store.provenance.settle`'s fail-closed rule, and
judges what a change of a known skill brings at its trust level (:meth:`Reconciler._rescan`):
a hand edit that introduces a finding the level does not let through quarantines the skill, and
is noted (:meth:`Reconciler.quarantined_edits`) until ``trust`` releases it.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from skillrouter.errors import SkillFormatError, SkillRouterError
from skillrouter.security.admission import Reviewer, admit
from skillrouter.skill import now_iso
from skillrouter.store import skillfiles
from skillrouter.store.copies import MovedOn, SkillCopies
from skillrouter.store.ledger import Ledger, Row
from skillrouter.store.provenance import EDITED, Provenance, Settled, check_status, settle

# A skills/ folder changed less than this long before a scan vouches for nothing yet (see
# skillfiles.SETTLE_NS, the same for a skill's folder).
SETTLE_NS = skillfiles.SETTLE_NS

# A route's scan of every skill is due at most this many times its own duration apart, so the
# scans of a long-running process take at most a tenth of its time: 2 s apart at 177 skills
# (the interval), about 16 s at 100,000 (one scan there stats 200,000 files: 1.6 s).
SCAN_SHARE = 10

QUARANTINED_EDITS = "quarantined_edits"  # the ledger note naming the skills a change on disk quarantined


class StoreSide(Protocol):
    """What a :class:`Reconciler` works with: the store's parts and the two writes of its own it
    asks the store for (:class:`~skillrouter.store.Store` is one)."""

    @property
    def files(self) -> skillfiles.SkillFiles: ...
    @property
    def ledger(self) -> Ledger: ...
    @property
    def copies(self) -> SkillCopies: ...
    @property
    def read_only(self) -> bool: ...
    @property
    def write_lock(self) -> AbstractContextManager[Any]: ...
    @property
    def reviewer(self) -> Reviewer | None: ...

    def adopt(self, name: str, provenance: Provenance, *, new: bool) -> None: ...

    def write_sidecar(self, name: str) -> None: ...


class Reconciler:
    """Reads the changes on disk of one store into its ledger (see the module docstring)."""

    def __init__(self, store: StoreSide) -> None:
        self.store = store
        self._scanned: tuple[float, str | None] | None = None  # (when, skills/ signature then)
        self._scan_seconds = 0.0  # how long the last full scan took
        self.deferred = False  # a scan came due by time alone and was left for later (refresh_if_due)
        self.unread: list[str] = []  # a read-only store's skills changed on disk since it was last written

    def refresh(self) -> list[tuple[str, str]]:
        """Bring the ledger in line with the files: changed SKILL.md files are read again, new
        folders recorded, vanished ones dropped (their statistics go with them). Returns
        [(name, problem)] for files that cannot be read; they keep their last good record.
        One stat per skill (see :meth:`refresh_if_due` for the route path)."""

        settling: dict[str, str] = {}  # unchanged skills whose signature now holds their folder's times

        def scan() -> tuple[list[str], list[str]]:
            rows = self.store.copies.recorded_sigs()
            on_disk = self.store.files.sigs(rows)
            settling.clear()
            stale: list[str] = []
            for name, sig in on_disk.items():
                old = rows.get(name)
                if old is not None and old != sig and skillfiles.only_settled(old, sig):
                    settling[name] = sig
                elif old != sig:
                    stale.append(name)
            return stale, [n for n in rows if n not in on_disk]

        self.deferred = False
        # taken before the scan: a change made during it shows as a changed folder next time
        mark = (time.monotonic(), self.store.files.folder_sig(settled_ns=SETTLE_NS))
        stale, gone = scan()
        self._scan_seconds = time.monotonic() - mark[0]
        if settling and not self.store.read_only:  # recorded, so the next scan lists none of them
            with self.store.write_lock, self.store.ledger.transaction(shared=True):
                for name, sig in settling.items():
                    self.store.copies.record_sig(name, sig)
        if not stale and not gone:
            self._scanned = mark
            return []
        if self.store.read_only:  # nothing can be recorded: say what is not read, route on the ledger
            self.unread = sorted({*(n for n in stale if not self._same_content(n)), *gone})
            self._scanned = mark
            return []
        problems: list[tuple[str, str]] = []
        with self.store.write_lock:
            # look again: a skill another process was replacing is briefly off disk, and
            # dropping it as gone would throw away its statistics
            stale, gone = scan()
            for name in stale:
                try:
                    self.reconcile(name)
                except SkillFormatError as err:
                    problems.append((name, str(err)))
                except OSError as err:
                    problems.append(
                        (name, f"{self.store.files.folder(name) / 'SKILL.md'}: cannot read: {err.strerror}")
                    )
            if gone:  # dropped (a team copy's folder: written again)
                self.store.copies.gone(gone)
        self._scanned = mark
        return problems

    def _same_content(self, name: str) -> bool:
        """Whether a skill whose file signature changed (a copy, a touch) still holds the SKILL.md
        the ledger recorded (read and hashed; nothing written)."""
        row = self.store.ledger.row(name)
        try:
            return row is not None and self.store.files.read(name)[1] == row.file_hash
        except (SkillRouterError, OSError):
            return False

    def refresh_if_due(self, interval: float, *, defer: bool = False) -> list[tuple[str, str]] | None:
        """:meth:`refresh` when it is due, else None after one stat of the ``skills/`` folder.

        Due when this :class:`Store` has not scanned yet, when its last scan is ``interval``
        seconds old (``0``: always; in a large store, :data:`SCAN_SHARE` times that scan's own
        duration, if longer), or when the ``skills/`` folder changed since (a skill
        folder added, removed or renamed in: a hand edit of that kind, or another process's
        write). A SKILL.md edited inside its folder, in place or by an editor's rename, leaves
        ``skills/`` alone: the scan after at most ``interval`` seconds reads it.

        ``defer=True`` (a server's calls): a scan due by time alone is not made here but marked
        (:attr:`deferred`) for the caller to make once its answer is out; a changed ``skills/``
        folder, a first scan and ``interval=0`` are scanned at once as before."""
        last = self._scanned
        if last is None or interval <= 0 or last[1] is None or last[1] != self.store.files.folder_sig():
            return self.refresh()
        if time.monotonic() - last[0] >= max(interval, SCAN_SHARE * self._scan_seconds):
            if defer:
                self.deferred = True
                return None
            return self.refresh()
        return None

    def reconcile(self, name: str) -> None:
        """Record the SKILL.md of ``name`` as it now reads, by :func:`settle`'s fail-closed
        rule where the row is missing or behind the file, and judge what a change of a known
        skill brings (:meth:`_rescan`). The write lock is held.

        In team mode the folder's change counts as an edit only of the content the database
        holds now; otherwise the folder is brought in step with the database
        (:meth:`~skillrouter.store.team.TeamCopy.ensure`: an edit of replaced content is set
        aside), and a sidecar never vouches (a folder added by hand is scanned)."""
        copies = self.store.copies
        if copies.behind(name):
            copies.ensure(name)
            return
        skill, file_hash, sig, content = self.store.files.read(name)
        row = self.store.ledger.row(name)
        sidecar = (
            self.store.files.read_sidecar(name)
            if copies.sidecars_vouch and (row is None or row.file_hash != file_hash)
            else None
        )
        folder = self.store.files.folder(name)
        done = settle(
            file_hash,
            row.file_hash if row else None,
            sidecar,
            lambda level: admit(level, folder, reviewer=self.store.reviewer),
        )
        edit, new = row is not None and done.status is None, list[dict[str, Any]]()
        # whose content the findings are for: a sidecar's own (None: not known, scanned on a change),
        # or what is on disk now, scanned just now or judged by _rescan
        scan_hash = (
            self.store.files.content_hash(name)
            if edit or done.scanned
            else (sidecar.scan_hash if sidecar else None)
        )
        if edit:
            assert row is not None and scan_hash is not None
            done, new = self._rescan(name, row, file_hash, scan_hash)
        try:
            with self.store.ledger.transaction():
                version = self.store.ledger.write_skill(
                    skill,
                    file_hash,
                    sig,
                    reason=done.reason,
                    content=content,
                    status=done.status,
                    findings=done.findings,
                    trust_level=done.trust_level,
                    scan_hash=scan_hash,
                )
                copies.send_edit(name, version, known=row is not None)  # a team copy's files for everyone
                if done.adopt and sidecar is not None:
                    self.store.adopt(name, sidecar.provenance, new=row is None)
                if edit and row is not None and done.status == "quarantined" and row.status != "quarantined":
                    self.note_quarantined_edit(name, new)
        except MovedOn:
            copies.ensure(name)  # the edit was of replaced content: kept aside, not sent
            return
        if edit and row is not None and done.status is not None and done.status != row.status:
            self.store.write_sidecar(name)  # a lost ledger must not make the edited skill active again

    def _rescan(
        self, name: str, row: Row, file_hash: str, scan_hash: str
    ) -> tuple[Settled, list[dict[str, Any]]]:
        """Judge a change on disk of a known skill (a hand edit of its SKILL.md or, where the
        refresh notices it, of a Level 2 file) at its trust level: content already scanned
        (``scan_hash``) is not scanned again; only findings the change introduces count
        (:func:`~skillrouter.security.admission.admit`), and a change the policy would refuse is
        quarantined, since it is already on disk. Returns what to record and the new findings."""
        if scan_hash == row.scan_hash or (row.scan_hash is None and row.file_hash == file_hash):
            return Settled(None, None, EDITED, False), []  # nothing new to judge (a touch, a legacy row)
        judged = admit(
            row.trust_level,
            self.store.files.folder(name),
            accepted=row.findings if row.status == "active" else (),
            status=row.status,
            reviewer=self.store.reviewer,
        )
        found = [f.to_dict() for f in judged.findings]
        settled = Settled(check_status(judged.status or "quarantined"), found, EDITED, False, scanned=True)
        return settled, [f.to_dict() for f in judged.new]

    # ------------------------------------------------------------ what a refresh quarantined

    def note_quarantined_edit(self, name: str, findings: Sequence[Mapping[str, Any]]) -> None:
        with self.store.ledger.transaction():
            noted = self.store.ledger.notes().get(QUARANTINED_EDITS) or {}
            noted[name] = {"at": now_iso(), "findings": [dict(f) for f in findings]}
            self.store.ledger.note(QUARANTINED_EDITS, noted)

    def quarantined_edits(self) -> dict[str, dict[str, Any]]:
        """name -> {"at", "findings"} of each skill a change on disk quarantined and that is
        still quarantined (until ``trust`` releases it)."""
        noted = self.store.ledger.notes().get(QUARANTINED_EDITS) or {}
        if not noted:
            return {}
        records = self.store.ledger.records(sorted(noted))
        return {n: v for n, v in noted.items() if n in records and records[n].summary.status == "quarantined"}

    def forget_quarantined_edit(self, name: str) -> None:
        with self.store.ledger.transaction():
            noted = self.store.ledger.notes().get(QUARANTINED_EDITS) or {}
            if noted.pop(name, None) is not None:
                self.store.ledger.note(QUARANTINED_EDITS, noted or None)
