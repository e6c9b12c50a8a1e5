"""The store: one folder of skill files (the source of truth) and a ledger (SQLite, or PostgreSQL).

    skills/<name>/SKILL.md            human-editable skill, Agent Skills format
    skills/<name>/references/..       its Level 2 files (scripts/, templates/, assets/ too)
    skills/<name>/.skillrouter.json   its sidecar: status, findings, import provenance
    skillrouter.db                    the ledger: statistics, versions, examples, statuses, origins
    chroma/, cache/embeddings.db      the index and the embedding cache (derived data)

:class:`Store` coordinates :class:`~skillrouter.store.skillfiles.SkillFiles` (folders, atomic swap,
recovery, Level 2) and :class:`~skillrouter.store.ledger.Ledger`: a write stages the folder
with its sidecar and commits the ledger around the rename. Fail closed: a SKILL.md the ledger
has no record of (a crash before the commit, a lost or damaged ledger, a folder added by hand)
takes the status its sidecar vouches for by hash, or is scanned first (:func:`settle`).

The security gate: every write (add, import, the agent's writes, restore) scans the staged
folder, which is exactly what the agent will read (the rendered SKILL.md, every front-matter
field included, and every Level 2 file), through the one way in,
:func:`~skillrouter.security.admission.admit`, at the write's trust level (with the review
model of :attr:`Store.reviewer`, when one is set); a change found on disk is judged the same way by the
store's :class:`~skillrouter.store.reconcile.Reconciler` (``store.disk``), which reads what changed
in ``skills/`` without skillrouter. Each row keeps the hash of the content its findings are for, so
unchanged content is never scanned twice.

Team mode (a ``postgresql://`` ledger URL): the database holds the skills too (every version's
files), and the folder is this machine's copy of them (:mod:`~skillrouter.store.team`): a write
commits the rows and files first and renames its staged folder in after; a read brings the
copy's folder in step first; a copy's sidecar never vouches for anything.

The two modes are siblings, chosen once when the store opens and never asked about again: the
ledger's backend (:class:`~skillrouter.store.ledger.sqlite.SqliteConnection` or
:class:`~skillrouter.store.ledger.postgres.PgConnection`, under the one
:class:`~skillrouter.store.ledger.Ledger`) and where the folders come from
(:class:`~skillrouter.store.copies.LocalCopies` or :class:`~skillrouter.store.team.TeamCopy`,
behind :class:`~skillrouter.store.copies.SkillCopies`; :meth:`Store._copies` is the one place
that knows which).
"""

from __future__ import annotations

import errno
import hashlib
import os
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from skillrouter.errors import (
    DiskFullError,
    SkillExistsError,
    SkillFormatError,
    SkillNotFoundError,
    SkillRejectedError,
    SkillRouterError,
    StoreError,
)
from skillrouter.security.admission import Reviewer, admit
from skillrouter.security.policy import DEFAULT_TRUST_LEVEL, TrustLevel, check_trust_level
from skillrouter.skill import Skill, now_iso
from skillrouter.skillmd import parse_skill_md, render_skill_md
from skillrouter.store.atomic import deferred_fsync, sync_filesystem
from skillrouter.store.copies import LocalCopies, SkillCopies
from skillrouter.store.ledger import Ledger, Outcome, Record, Row, Version
from skillrouter.store.provenance import Provenance, Sidecar, Status, check_status
from skillrouter.store.reconcile import Reconciler
from skillrouter.store.skillfiles import DEFAULT_HOME, ENV_HOME, SkillFiles, only_settled
from skillrouter.store.team import TeamCopy


def _writable(path: Path) -> bool:
    """Whether the store's folder can be written (False on a read-only file system or mount,
    whoever runs; a folder that does not exist yet is writable if its parent is)."""
    while not path.exists() and path != path.parent:
        path = path.parent
    return os.access(path, os.W_OK)


# adds a bulk write records at a time (Store.bulk): one disk flush and one commit for this many
BULK_BATCH = 256


@dataclass
class _Pending:
    """An add of an open :meth:`Store.bulk` batch: staged and admitted, not yet recorded."""

    stored: Skill
    file_hash: str
    content: str
    status: Status
    findings: list[dict[str, Any]]
    level: TrustLevel
    scan_hash: str
    sidecar: Sidecar
    exists: bool = False
    staged: Path = Path()
    reason: str = "add"


class _WriteLock:
    """The store's write lock, a re-entrant ``filelock.FileLock`` made when first taken (a route
    takes none: a fresh process need not import filelock to route)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock: Any = None
        self._making = threading.Lock()  # two threads taking it first at once make one FileLock

    def __enter__(self) -> Any:
        with self._making:
            if self._lock is None:
                from filelock import FileLock

                self._lock = FileLock(str(self.path), timeout=120)
        return self._lock.__enter__()

    def __exit__(self, *exc: object) -> None:
        self._lock.__exit__(*exc)


class _ReadOnly:
    """The write lock of a read-only store: taking it means a write, which cannot happen."""

    def __init__(self, why: str) -> None:
        self.why = why

    def __enter__(self) -> None:
        raise StoreError(f"nothing can be written: {self.why}")

    def __exit__(self, *exc: object) -> None:
        return None


ENV_LEDGER_URL = "SKILLROUTER_LEDGER_URL"


def resolve_ledger_url(url: str | None = None) -> str | None:
    """``ledger_url`` / ``--ledger`` if given, else ``$SKILLROUTER_LEDGER_URL``; None (or an
    empty string): the store's own SQLite ledger."""
    return (url if url is not None else os.environ.get(ENV_LEDGER_URL)) or None


def open_team_ledger(url: str, *, read_only: bool = False) -> Ledger:
    """The PostgreSQL ledger at ``url`` (psycopg 3, the ``team`` extra, is imported only here)."""
    try:
        from skillrouter.store.ledger.postgres import postgres_ledger
    except ModuleNotFoundError as err:
        if (err.name or "").split(".")[0] != "psycopg":
            raise
        raise StoreError(
            "a postgresql:// ledger needs psycopg 3, which is not installed: pip install 'skillrouter[team]'"
        ) from None
    return postgres_ledger(url, read_only=read_only)


def resolve_home(store: str | Path | None = None) -> Path:
    """``--store`` if given, else ``$SKILLROUTER_HOME``, else ``./.skillrouter``."""
    if store is not None:
        return Path(store)
    return Path(os.environ.get(ENV_HOME) or DEFAULT_HOME)


class Store:
    """A skill store folder. Opening creates it unless ``create=False``; ``repair`` rebuilds
    a damaged ledger from what it still holds and the files instead of refusing to open."""

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        create: bool = True,
        repair: bool = False,
        read_only: bool | None = None,
        ledger_url: str | None = None,
    ) -> None:
        """``read_only`` (default: whether the store's folder can be written, e.g. a mounted
        library): nothing is written, not even a lock file; reads work, and every write raises
        :class:`StoreError` saying the store is read-only (see :attr:`read_only`). With the default,
        a disk too full to open the ledger for writing opens the store read-only too, and its
        writes say the disk is full (:attr:`disk_full`, :attr:`read_only_why`); a caller that asked
        for ``read_only=False`` gets the :class:`DiskFullError`.

        ``ledger_url`` (default ``$SKILLROUTER_LEDGER_URL``): a ``postgresql://`` URL puts the
        library in that database (team mode: the ledger, :mod:`~skillrouter.store.ledger.postgres`,
        and the skills' files) instead of ``skillrouter.db``; the folder is then this machine's
        copy of the skills (:mod:`~skillrouter.store.team`, :attr:`copies`)."""
        self.path = resolve_home(path).expanduser().resolve()
        self.read_only = not _writable(self.path) if read_only is None else read_only
        self.disk_full = False  # opened read-only because the disk is full (see read_only_why)
        self.ledger_url = resolve_ledger_url(ledger_url)
        if (
            self.ledger_url is None
            and (self.path / "cache" / "team.db").is_file()
            and not self.db_file.exists()
        ):
            raise StoreError(
                f"{self.path} is a machine's copy of a team library, not a store of its own: run with "
                f"--ledger postgresql://... (or $SKILLROUTER_LEDGER_URL), or 'skillrouter migrate --from URL "
                f"--to DIR' for a store of your own"
            )
        # a team library is in its database: a machine's folder is made for its copy on first use
        create = create or self.ledger_url is not None
        try:
            self._open(create, repair)
        except (OSError, DiskFullError) as err:
            full = isinstance(err, DiskFullError) or err.errno in (errno.ENOSPC, errno.EDQUOT)
            if not full or read_only is not None or self.read_only:
                raise
            # a full disk: what needs no write still works (route, list, show), as on a read-only store
            self.read_only = self.disk_full = True
            try:
                self._open(create, repair)
            except StoreError:  # nothing to read either (a store never written): the full disk is the news
                raise err from None
        self.ledger.read_only_why = self.read_only_why
        self.copies: SkillCopies = self._copies()
        self.disk = Reconciler(self)  # what changed on disk without skillrouter
        self._batch: list[_Pending] | None = None  # adds waiting for the next flush (see bulk)
        self._bulk_every = BULK_BATCH
        self.reviewer: Reviewer | None = None
        """The review model asked on every way in (:class:`~skillrouter.security.admission.Reviewer`):
        adds, imports, the agent's writes and the changes a refresh finds; None: the rules alone."""

    def _copies(self) -> SkillCopies:
        """Where the skill folders come from, chosen once (the one place that knows team mode):
        in team mode the database holds the skills and the folder is this machine's copy of them."""
        if self.ledger_url is None:
            return LocalCopies(self.files, self.ledger)
        return TeamCopy(
            self.files,
            self.ledger,
            self.path / "cache",
            read_only=self.read_only,
            writing=self._writing,
            sidecar_of=self.implied_sidecar,
        )

    def _open(self, create: bool, repair: bool) -> None:
        """The skill files, the write lock and the ledger, as :attr:`read_only` says."""
        self.files = SkillFiles(self.path / "skills", create=create and not self.read_only)
        self.skills_dir, self.db_path = self.files.skills_dir, self.db_file
        self.write_lock: AbstractContextManager[Any] = (
            _ReadOnly(self.read_only_why) if self.read_only else _WriteLock(self.path / "store.lock")
        )
        if not self.read_only and self.files.leftovers():
            with self.write_lock:  # another process may be mid-add: its staging folder is not debris
                self.files.recover()
        if self.ledger_url is not None:
            self.ledger = open_team_ledger(self.ledger_url, read_only=self.read_only)
        else:
            self.ledger = Ledger.open(
                self.db_path,
                repair=repair,
                files_exist=lambda: bool(self.files.names()),
                read_only=self.read_only,
            )

    @property
    def read_only_why(self) -> str:
        """Why nothing can be written (what a write on a read-only store says)."""
        if self.disk_full:
            return f"the disk holding the store {self.path} is full (free some space, then run it again)"
        return f"the store {self.path} is on a read-only file system"

    @property
    def db_file(self) -> Path:
        """The store's own SQLite ledger (``skillrouter.db``; unused in team mode)."""
        return self.path / "skillrouter.db"

    def close(self) -> None:
        self.ledger.close()

    @property
    def store_id(self) -> str:
        """A random id made when the store was created (names its Chroma collection)."""
        return self.ledger.store_id

    # ------------------------------------------------------------ writing skills

    def add(
        self,
        skill: Skill,
        *,
        replace_existing: bool = False,
        files: Mapping[str, bytes] | None = None,
        files_from: Path | None = None,
        reason: str = "add",
        provenance: Provenance | None = None,
        trust_level: TrustLevel | None = None,
        scan: bool = True,
    ) -> Skill:
        """Write ``skill`` into the store; returns it as stored (status and trust level
        included). Level 2 files come from ``files`` (relative path -> bytes) or ``files_from``
        (a folder; links and special files are skipped); a replaced skill keeps its own
        otherwise. ``provenance`` (an import's): its findings are judged with the scan's,
        statistics seed a new skill, the origin is recorded; without it a replaced skill
        keeps its origin.

        The security gate: the staged folder (what the agent will read) is admitted by
        :func:`~skillrouter.security.admission.admit` at ``trust_level`` (else the
        provenance's, else the skill's own, else ``community``): quarantined, or refused with
        :class:`SkillRejectedError` and nothing written. ``scan=False`` judges only the
        provenance's findings (or, without one, keeps a replaced skill's)."""
        name = skill.name
        with self.write_lock:
            self.copies.ensure(name)  # a team copy's folder is the database's before it is compared
            exists = name in self.files
            if exists and not replace_existing:
                raise SkillExistsError(name)
            row, now = self.ledger.row(name), now_iso()
            if exists and row is None:  # a folder the ledger never recorded: its verdict first
                row = self._settled_row(name)
            level = check_trust_level(
                trust_level
                or (provenance.trust_level if provenance else None)
                or (row.trust_level if row else None)
                or DEFAULT_TRUST_LEVEL
            )
            kept = row.findings if row is not None and provenance is None and not scan else ()
            provenance = (
                replace(provenance, trust_level=level) if provenance else self._known_provenance(name, level)
            )
            stored = replace(
                skill,
                created_at=self._created_at(name, row, exists) or skill.created_at or now,
                updated_at=now,
            )
            content = render_skill_md(stored)
            file_hash = hashlib.sha256(content.encode("utf-8")).hexdigest()
            staged = self.files.stage(
                name,
                content,
                None,
                files=files,
                files_from=files_from,
                keep_files=exists and files is None and files_from is None,
            )
            pending = False
            try:
                scan_hash = self.files.content_hash(staged)
                judged = admit(
                    level,
                    staged if scan else None,
                    accepted=row.findings if row is not None and row.status == "active" else (),
                    status=row.status if row else None,
                    also=[*(() if scan else kept), *provenance.findings],
                    reviewer=self.reviewer,
                )
                findings = [f.to_dict() for f in judged.findings]
                if judged.status is None:
                    raise SkillRejectedError(name, judged.verdict.reason, judged.new)
                status: Status = check_status(judged.status)
                sidecar = self._sidecar(name, file_hash, status, findings, reason, provenance, scan_hash)
                self.files.stage_sidecar(staged, sidecar)
                item = _Pending(stored, file_hash, content, status, findings, level, scan_hash, sidecar)
                item.exists, item.staged, item.reason = exists, staged, reason
                if self._batch is not None:  # bulk: recorded and put in place with its batch
                    if not self._batch:
                        self.write_lock.__enter__()  # held until the batch is in: its staging is not debris
                    self._batch.append(item)
                    pending = True
                    if len(self._batch) >= self._bulk_every:
                        self._flush()
                    return replace(stored, version=0, status=status, trust_level=level)

                def commit() -> tuple[int, str]:
                    with self.ledger.transaction():
                        self.copies.claim(name, file_hash, exists)  # another machine's new skill?
                        version = self._record(item)
                        return version, self.copies.commit(name, version, staged)

                # every part of the write sets what it sets (the same content twice is one version,
                # a seed only seeds no record): run again whole after a lost database connection
                version, files_key = self.ledger.retrying(commit)
                self.copies.place(name, staged, files_key)
            finally:
                if not pending:
                    self.files.discard(staged)
        return replace(stored, version=version, status=status, trust_level=level)

    @contextmanager
    def bulk(self, every: int | None = None) -> Iterator[None]:
        """Adds made inside are written a batch of ``every`` at a time (a bulk import's): each is
        staged and admitted as ever, then a batch's files are made durable with one flush of the
        file system, its rows recorded in one transaction, its folders renamed in, and that made
        durable before the rows commit: the order of a single add, with one disk flush and one
        commit per batch instead of several per skill. The write lock is held while a batch is
        open. An add inside returns before its rows exist (``version`` 0; its findings:
        :meth:`written_findings`). An import stopped by Ctrl-C or SIGTERM records the open batch
        first; a crash loses at most the open batch, which was never recorded (its staging folders
        are debris the next open removes; a re-import writes it). Team mode writes one at a time."""
        if self._batch is not None or self.read_only or not isinstance(self.copies, LocalCopies):
            yield
            return
        self._batch, self._bulk_every = [], every or BULK_BATCH
        try:
            with deferred_fsync():
                try:
                    yield
                except (KeyboardInterrupt, SystemExit):  # stopped (Ctrl-C, SIGTERM): keep what is done
                    self._flush()
                    raise
                self._flush()
            sync_filesystem(self.skills_dir)  # whatever else was written inside (a prune's deletes)
        finally:
            left, self._batch = self._batch or [], None
            for p in left:  # an error before the flush: nothing of theirs was recorded
                self.files.discard(p.staged)
            if left:
                self.write_lock.__exit__(None, None, None)

    def _flush(self) -> None:
        """The open batch of :meth:`bulk` recorded and put in place, then the write lock given back."""
        batch = self._batch or []
        if not batch:
            return
        sync_filesystem(self.skills_dir)  # the staged files, durable before anything points at them
        try:
            with self.ledger.transaction():
                for p in batch:
                    self.copies.commit(p.stored.name, self._record(p), p.staged)
                sync_filesystem(self.skills_dir)  # the renames, durable before the rows commit
        finally:
            for p in batch:
                self.files.discard(p.staged)  # those put in place are gone from staging already
            self._batch = []
            self.write_lock.__exit__(None, None, None)

    def _record(self, p: _Pending) -> int:
        """A staged, admitted write's rows (inside its transaction): its version."""
        version = self.ledger.write_skill(
            p.stored,
            p.file_hash,
            "",
            reason=p.reason,
            content=p.content,
            status=p.status,
            findings=p.findings,
            trust_level=p.level,
            scan_hash=p.scan_hash,
        )
        self.adopt(p.stored.name, p.sidecar.provenance, new=not p.exists)
        return version

    def written_findings(self, name: str) -> list[dict[str, Any]]:
        """The findings recorded for ``name``, or to be recorded with the open :meth:`bulk` batch."""
        for p in self._batch or ():
            if p.stored.name == name:
                return [dict(f) for f in p.findings]
        row = self.ledger.row(name)
        return [dict(f) for f in (row.findings if row else ())]

    def _settled_row(self, name: str) -> Row | None:
        try:
            self.disk.reconcile(name)
        except SkillFormatError:  # unreadable: replacing it is the fix, as a new skill
            return None
        return self.ledger.row(name)

    def _created_at(self, name: str, row: Row | None, exists: bool) -> str | None:
        try:
            return self.files.read(name)[0].created_at if exists else None
        except SkillFormatError:  # a broken hand edit: replacing (or restoring) is the fix
            return row.created_at if row else None

    def implied_sidecar(
        self,
        name: str,
        status: Status | None = None,
        findings: list[dict[str, Any]] | None = None,
        trust_level: TrustLevel | None = None,
    ) -> Sidecar:
        """The sidecar the ledger implies for ``name`` (or with this status, findings and level)."""
        row = self.ledger.row(name)
        if row is None:
            raise SkillNotFoundError(name)
        provenance = self._known_provenance(name, trust_level or row.trust_level)
        return self._sidecar(
            name,
            row.file_hash,
            status or row.status,
            row.findings if findings is None else findings,
            provenance=provenance,
            scan_hash=row.scan_hash,
        )

    def _sidecar(
        self,
        name: str,
        file_hash: str,
        status: Status,
        findings: Sequence[Mapping[str, Any]],
        reason: str | None = None,
        provenance: Provenance | None = None,
        scan_hash: str | None = None,
    ) -> Sidecar:
        """The sidecar for this content: the import's provenance, or the one the skill had."""
        if provenance is None:
            row = self.ledger.row(name)
            provenance = self._known_provenance(name, row.trust_level if row else None)
            scan_hash = scan_hash or (row.scan_hash if row else None)
        return Sidecar.follow(
            self.files.read_sidecar(name), file_hash, status, findings, reason, provenance, scan_hash
        )

    def _known_provenance(self, name: str, trust_level: TrustLevel | None) -> Provenance:
        origin, input_hash = self.ledger.origin(name) or (None, None)
        return Provenance(origin, input_hash, trust_level=trust_level)

    def adopt(self, name: str, provenance: Provenance, *, new: bool) -> None:
        """Take what an import brought for ``name``: seed statistics of a new skill, record its origin."""
        if new and provenance.use_count and provenance.avg_score is not None:
            self.ledger.seed_stats(name, provenance.use_count, provenance.avg_score)
        if provenance.origin:
            self.ledger.set_origin(name, provenance.origin, provenance.input_hash or "")

    def update(self, skill: Skill, *, reason: str, trust_level: TrustLevel | None = None) -> Skill:
        """Replace the content of an existing skill, keeping its files and statistics (the
        agent's revisions pass ``trust_level="agent-created"``: see :meth:`add`)."""
        if skill.name not in self.files:
            raise SkillNotFoundError(skill.name)
        return self.add(skill, replace_existing=True, reason=reason, trust_level=trust_level)

    def restore(self, name: str, version: int) -> Skill:
        """Make an earlier version current again (as a new version; nothing is lost). In team
        mode the version's Level 2 files come back too (the database keeps each version's);
        a store of one's own keeps its current ones."""
        for old in self.history(name):
            if old.version == version:
                skill = parse_skill_md(old.content, path=f"{name} version {version}")
                files = self.copies.version_files(name, version)
                return self.add(
                    skill, replace_existing=True, reason=f"restore version {version}", files=files
                )
        raise SkillFormatError(f"skill {name!r} has no version {version}", field="version")

    def delete(self, name: str) -> None:
        """Remove a skill's files and its ledger rows (history included); in team mode from
        the database, so every machine's copy drops it."""
        with self.write_lock:
            self.copies.delete(name)

    def set_status(
        self,
        name: str,
        status: Status,
        *,
        findings: list[dict[str, Any]] | None = None,
        trust_level: TrustLevel | None = None,
    ) -> None:
        """Set a skill's status (and findings, and trust level): the sidecar first, then the ledger."""
        check_status(status)
        if trust_level is not None:
            trust_level = check_trust_level(trust_level)
        self.get(name)  # makes sure the row exists and the file parses
        self.write_sidecar(name, status, findings, trust_level)
        self.ledger.set_status(name, status, findings, trust_level=trust_level)

    def write_sidecar(
        self,
        name: str,
        status: Status | None = None,
        findings: list[dict[str, Any]] | None = None,
        trust_level: TrustLevel | None = None,
    ) -> None:
        """Write the sidecar the ledger implies for ``name`` (or with this status, findings and level)."""
        with self.write_lock:
            self.files.write_sidecar(name, self.implied_sidecar(name, status, findings, trust_level))

    # ------------------------------------------------------------ reading skills

    def get(self, name: str) -> Skill:
        """Level 1: the full skill with its statistics, status and trust level."""
        self.copies.ensure(name)
        row = self.ledger.row(name)
        recorded = self.recorded_sig(name, row)
        skill, file_hash, sig, _ = self.files.read(name, recorded)
        # a changed signature (a Level 2 file edited, a SKILL.md rewritten with its old mtime) is
        # judged before anything is served: the same content (a copy, a touch) is only recorded
        changed = row is None or row.file_hash != file_hash or recorded != sig
        if changed and row is not None and row.file_hash == file_hash and only_settled(recorded or "", sig):
            changed = False  # the folder's times now vouch for it: the same content, a faster scan
            if not self.read_only:
                self.record_sig(name, sig)
        if changed and self.read_only:
            if row is None or row.file_hash != file_hash or self.files.content_hash(name) != row.scan_hash:
                raise StoreError(
                    f"{self.skills_dir / name} changed on disk since the store was last written, and the "
                    f"store is read-only: the change cannot be screened, so it is not served (open the "
                    f"store once where it is writable: 'skillrouter refresh')"
                )
        elif changed:
            with self.write_lock:  # edited by hand, or new on disk: record it
                self.disk.reconcile(name)
            row = self.ledger.row(name)
        assert row is not None  # a read-only store raised above when there was none
        out = self.ledger.outcome(name)
        return replace(
            skill,
            version=row.version,
            status=row.status,
            use_count=out.use_count,
            avg_score=out.avg_score,
            trust_level=row.trust_level,
        )

    def _writing(self) -> AbstractContextManager[Any]:
        """The write lock, or nothing on a read-only store (whose writes raise on their own)."""
        return nullcontext() if self.read_only else self.write_lock

    # ------------------------------------------------ what the folder held when last recorded

    def recorded_sig(self, name: str, row: Row | None) -> str | None:
        """The stat signature of ``name``'s folder when it was last recorded: the row's, or in
        team mode this machine's (signatures are per machine)."""
        return self.copies.recorded_sig(name, row)

    def recorded_sigs(self) -> dict[str, str]:
        """name -> :meth:`recorded_sig` of every skill whose folder was recorded."""
        return self.copies.recorded_sigs()

    def record_sig(self, name: str, sig: str) -> None:
        """The folder of ``name`` holds what was recorded, under a new signature."""
        self.copies.record_sig(name, sig)

    def records(self, *, refresh: bool = True) -> dict[str, Record]:
        """Every skill's ledger record. With ``refresh``, files changed on disk since they were
        last read are read again first (see :meth:`refresh`)."""
        if refresh:
            self.refresh()
        return self.ledger.records()

    def refresh(self) -> list[tuple[str, str]]:
        """Read every SKILL.md changed on disk (see :meth:`Reconciler.refresh`); [(name, problem)].
        In team mode, of the skills this machine's copy holds (:meth:`sync_copy` writes the rest)."""
        return self.disk.refresh()

    def sync_copy(self) -> list[str]:
        """Team mode: bring this machine's whole copy in step with the database now
        (:meth:`TeamCopy.sync`: written, removed, set aside), then read its hand edits; the names
        the first part moved. A store of one's own: nothing to do."""
        if self.read_only:
            return []
        return self.copies.sync()

    def refresh_if_due(self, interval: float, *, defer: bool = False) -> list[tuple[str, str]] | None:
        return self.disk.refresh_if_due(interval, defer=defer)

    def quarantined_edits(self) -> dict[str, dict[str, Any]]:
        return self.disk.quarantined_edits()

    def forget_quarantined_edit(self, name: str) -> None:
        self.disk.forget_quarantined_edit(name)

    # ------------------------------------------------------------ the ledger's damage

    def rebuild_ledger(self, why: str) -> None:
        """Replace a damaged ledger (see :meth:`Ledger.rebuild`) and read the files again."""
        with self.write_lock:
            self.ledger.close()
            # the store's own file (a team library's server keeps its database: it reports no damage)
            self.ledger = Ledger.rebuild(self.db_path, why)
            self.copies = self._copies()
        self.refresh()

    # ------------------------------------------------------------ outcomes

    def record_outcome(
        self,
        name: str,
        score: float,
        *,
        task: str | None = None,
        example_min_score: float = 7.0,
        max_examples: int = 200,
    ) -> Outcome:
        """Record a use scored ``score`` (1-10) in one transaction; with ``task`` and a score of at
        least ``example_min_score`` the task becomes an example (``max_examples`` kept, newest)."""
        if name not in self:
            raise SkillNotFoundError(name)
        return self.ledger.record_outcome(
            name, score, task=task, example_min_score=example_min_score, max_examples=max_examples
        )

    def record_misfit(self, name: str, task: str, *, max_misfits: int = 200) -> int:
        """Keep ``task`` as a misfit of ``name`` (see :meth:`Ledger.record_misfit`); its
        statistics are untouched. Returns how many misfits it has."""
        if name not in self:
            raise SkillNotFoundError(name)
        return self.ledger.record_misfit(name, task, max_misfits=max_misfits)

    def history(self, name: str) -> list[Version]:
        if name not in self:
            raise SkillNotFoundError(name)
        return self.ledger.history(name)

    # ------------------------------------------------ the files' read side (ledger queries: store.ledger)

    def names(self) -> list[str]:
        """The skills of the store (in team mode, of the database: this copy may lack some yet)."""
        return self.copies.names()

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.copies.has(name)

    def list_files(self, name: str) -> list[str]:
        self.copies.ensure(name)
        return self.files.list_files(name)

    def read_file(self, name: str, relpath: str) -> bytes:
        self.copies.ensure(name)
        return self.files.read_file(name, relpath)

    def lexical_texts(self) -> dict[str, str]:
        """name -> the text the keyword index reads (Level 0 text + start of the body), from the
        ledger; for a row written before the keyword index existed, from its SKILL.md (its
        Level 0 text if the file cannot be read)."""
        out: dict[str, str] = {}
        level0 = None
        for name, text in self.ledger.lexical_texts().items():
            if text is None:
                try:
                    text = self.get(name).lexical_text()
                except SkillRouterError:
                    level0 = level0 if level0 is not None else self.ledger.summary_texts()
                    text = level0[name]
            out[name] = text
        return out
