"""A team library on one machine: the database holds every skill, the store's folder is this
machine's copy of them.

In team mode (a ``postgresql://`` ledger) the database is the library: each skill's rows, each
version's SKILL.md and Level 2 files (blobs stored once by content:
:mod:`~skillrouter.store.ledger.postgres_files`), its status, trust level, findings, scan hash and
import origin. A machine's ``skills/`` folder is a cache written from it, which agents read as
they read any store's folder, and which a person may edit by hand as before. :class:`TeamCopy`
keeps that folder and the database in step:

- **What this copy holds**: ``cache/team.db`` (derived data, rebuilt if damaged) records for each
  skill folder the key of the database content it was written from or sent as
  (:func:`~skillrouter.store.ledger.postgres_files.manifest_key`) and the folder's stat signature
  then. Signatures are this machine's, so they live here, never in the shared rows.
- **Written from the database** (:meth:`TeamCopy.ensure`, one skill; :meth:`TeamCopy.sync`, all):
  a skill is written into the folder when the database holds content this copy does not (a skill
  another machine added or revised, a folder deleted or never written here), before anything
  reads it: Level 1 and Level 2 reads and writes call :meth:`~TeamCopy.ensure` first; routes
  read nothing from the folder (the index and the router read the database). A folder the
  database no longer has a skill for (removed on another machine) is removed.
- **Hand edits** are found as in any store (a changed signature) and become a new version for
  everyone, judged by the security gate (:meth:`~skillrouter.store.reconcile.Reconciler.reconcile`),
  when the folder still holds an edit of the content the database has. An edit of content the
  database has since replaced is a conflict: the edited folder is kept under ``cache/conflicts/``,
  the database's content written in its place, and a warning says where (nothing is lost; the
  newer version is not overwritten by an older base).
- **Fail closed**: a skill's status, trust level and findings are read from the database, never
  from the folder; the folder's sidecar is written for people and tools, and never vouches for
  anything (a folder added by hand is scanned, whatever its sidecar says). A quarantine decided on
  any machine holds on every machine.
- **Writes** (:meth:`~skillrouter.store.Store.add`): the staged folder is scanned and judged, its
  files sent with the skill's rows in one transaction, and only after that commits is it renamed
  into this copy and recorded (:meth:`TeamCopy.place`), so a crash leaves the database with the
  write or without it, and the folder is made right from it at the next read.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skillrouter.embeddings.derived import DerivedFile
from skillrouter.errors import SkillExistsError, SkillNotFoundError, StoreError
from skillrouter.store.copies import CopyCheck, MovedOn
from skillrouter.store.ledger import Ledger, Row
from skillrouter.store.ledger.postgres_files import manifest_key
from skillrouter.store.provenance import Sidecar
from skillrouter.store.skillfiles import SkillFiles, level2_files

__all__ = ["CONFLICTS", "Copy", "TeamCopy", "folder_files"]

CONFLICTS = "conflicts"  # cache/conflicts/<name>-<time>: an edited folder the database moved past


def _schema(db: sqlite3.Connection) -> None:
    db.execute(
        "CREATE TABLE IF NOT EXISTS copies "
        "(name TEXT PRIMARY KEY, files_key TEXT NOT NULL, sig TEXT NOT NULL)"
    )


@dataclass(frozen=True)
class Copy:
    """What this machine's folder of a skill holds: the database content's key, and the
    folder's stat signature when it held exactly that."""

    files_key: str
    sig: str


def folder_files(folder: Path) -> dict[str, bytes]:
    """A skill folder's content as the database keeps it: SKILL.md and every Level 2 file
    (:func:`~skillrouter.store.skillfiles.level2_files`: no links, dot-entries or special files)."""
    return {rel: (folder / rel).read_bytes() for rel in ["SKILL.md", *level2_files(folder)]}


def folder_key(folder: Path) -> str:
    """The manifest key of what ``folder`` holds (reads every file)."""
    return manifest_key({rel: hashlib.sha256(data).hexdigest() for rel, data in folder_files(folder).items()})


class TeamCopy:
    """This machine's copy of a team library (see the module docstring): the store's
    :class:`~skillrouter.store.copies.SkillCopies` in team mode.

    It is given what it works with, not the store: the skill folders, the team ledger, the
    store's ``cache/`` folder, whether nothing may be written, the write lock (``writing``: the
    lock, or nothing on a read-only store) and the sidecar the ledger implies for a skill."""

    sidecars_vouch = False  # status, trust level and findings are the database's, never a folder's

    def __init__(
        self,
        files: SkillFiles,
        ledger: Ledger,
        cache: Path,
        *,
        read_only: bool,
        writing: Callable[[], AbstractContextManager[Any]],
        sidecar_of: Callable[[str], Sidecar],
    ) -> None:
        if ledger.files is None:
            raise TypeError("a team copy needs a ledger that keeps the skills' files (PostgreSQL)")
        self.files, self.ledger, self.rows, self.cache = files, ledger, ledger.files, cache
        self.read_only, self.writing, self.sidecar_of = read_only, writing, sidecar_of
        self.records = DerivedFile(cache / "team.db", _schema, read_only=read_only)
        self.warnings: list[str] = []  # conflicts set aside, said once by whoever shows warnings

    # ------------------------------------------------------------ what this copy holds

    def copies(self) -> dict[str, Copy]:
        rows = self.records.run(lambda db: db.execute("SELECT name, files_key, sig FROM copies").fetchall())
        return {name: Copy(key, sig) for name, key, sig in rows or []}

    def copy_of(self, name: str) -> Copy | None:
        row = self.records.run(
            lambda db: db.execute("SELECT files_key, sig FROM copies WHERE name = ?", (name,)).fetchone()
        )
        return None if row is None else Copy(row[0], row[1])

    def sigs(self) -> dict[str, str]:
        """name -> the signature of each folder this copy holds as the database knows it."""
        return {name: c.sig for name, c in self.copies().items()}

    def sig(self, name: str) -> str | None:
        found = self.copy_of(name)
        return None if found is None else found.sig

    def set_sig(self, name: str, sig: str) -> None:
        """The folder of ``name`` holds what it held, under a new signature (its times settled)."""
        self.records.run(
            lambda db: db.execute("UPDATE copies SET sig = ? WHERE name = ?", (sig, name)), write=True
        )

    def record(self, name: str, files_key: str, sig: str) -> None:
        self.records.run(
            lambda db: db.execute("INSERT OR REPLACE INTO copies VALUES (?, ?, ?)", (name, files_key, sig)),
            write=True,
        )

    def drop(self, name: str) -> None:
        self.records.run(lambda db: db.execute("DELETE FROM copies WHERE name = ?", (name,)), write=True)

    def has(self, name: str) -> bool:
        """Whether the team library holds a skill ``name`` (whether or not this copy has it yet)."""
        return self.ledger.has(name)

    def names(self) -> list[str]:
        return self.ledger.names()

    # ------------------------------------------------------------ the store's SkillCopies

    def recorded_sig(self, name: str, row: Row | None) -> str | None:
        """This machine's signature of the folder (signatures are per machine, never the row's)."""
        return self.sig(name)

    def recorded_sigs(self) -> dict[str, str]:
        return self.sigs()

    def record_sig(self, name: str, sig: str) -> None:
        self.set_sig(name, sig)

    def claim(self, name: str, file_hash: str, exists: bool) -> None:
        """Another machine's new skill of the same name? (Under the database's write lock now.)"""
        if not exists:
            taken = self.ledger.row(name)
            if taken is not None and taken.file_hash != file_hash:  # (not this write's)
                raise SkillExistsError(name)

    def commit(self, name: str, version: int, staged: Path) -> str:
        """The files with the rows; the copy once they committed (:meth:`place`)."""
        return self.upload(name, version, staged)

    def delete(self, name: str) -> None:
        """From the database, so every machine's copy drops it."""
        if not self.has(name):
            raise SkillNotFoundError(name)
        trash = self.files.take_out(name) if name in self.files else None
        self.ledger.forget([name], history=True)
        self.drop(name)
        if trash is not None:
            self.files.discard(trash)

    def gone(self, names: list[str]) -> None:
        """A copy's folder deleted: written again."""
        for name in names:
            self.ensure(name)

    def behind(self, name: str) -> bool:
        return self.has(name) and not self.current(name)

    def send_edit(self, name: str, version: int, *, known: bool) -> None:
        """The edit's files for everyone; this copy holds them once committed."""
        if known and not self.current(name):
            raise MovedOn(name)  # another machine wrote since the edit was found: under the lock now
        self.record_after_commit(name, self.upload(name, version, self.files.folder(name)))

    def take_warnings(self) -> list[str]:
        out, self.warnings = self.warnings, []
        return out

    def repairs(self) -> list[str]:
        return self.records.repairs

    def check(self, repair: bool) -> CopyCheck:
        """This machine's copy against the database: what differs, and with ``repair`` every
        folder brought in step (:meth:`sync`)."""
        found = CopyCheck()
        keys, copies = self.rows.content_keys(), self.copies()
        on_disk = set(self.files.names())
        behind = sorted(
            n
            for n, key in keys.items()
            if key is not None and (n not in on_disk or (c := copies.get(n)) is None or c.files_key != key)
        )
        lacking = sorted(n for n, key in keys.items() if key is None)
        found.section = {
            "skills": len(keys),
            "in_this_copy": sum(1 for n in keys if n in on_disk),
            "behind": behind,
            "removed_elsewhere": sorted(n for n in copies if n not in keys),
            "lacking_files": lacking,
            "conflicts": sorted(str(p) for p in (self.cache / CONFLICTS).glob("*")),
        }
        if not repair:
            if lacking:
                found.unrepaired.append(
                    f"{len(lacking)} skill(s) of the team database have no files in it "
                    f"({', '.join(lacking[:3])}{', ...' if len(lacking) > 3 else ''}): 'skillrouter doctor' "
                    f"on a machine whose copy holds them sends them"
                )
            return found
        moved = self.sync()
        found.section["written"] = moved
        found.repaired = bool(moved)
        still = sorted(n for n, key in self.rows.content_keys().items() if key is None)
        found.section["lacking_files"] = still
        if still:
            found.unrepaired.append(
                f"{len(still)} skill(s) of the team database have no files in it and none in this copy "
                f"({', '.join(still[:3])}{', ...' if len(still) > 3 else ''}): run 'skillrouter doctor' on a "
                f"machine whose copy holds them"
            )
        return found

    def mend(self, unreadable: list[tuple[str, str]]) -> list[str]:
        """A copy whose SKILL.md no longer parses, of a skill the database holds, is set aside
        and written again from the database (its last good version): the copy is a cache."""
        mended = []
        with self.writing():
            for name, why in list(unreadable):
                if self.has(name):
                    self.rewrite(name, f"did not parse ({why})")
                    unreadable.remove((name, why))
                    mended.append(name)
        return mended

    # ------------------------------------------------------------ writing: into the database

    def upload(self, name: str, version: int, folder: Path) -> str:
        """Send the content of ``folder`` (a staged folder, or the skill's own after a hand
        edit) as ``name``'s files at ``version``, inside the caller's transaction; returns its key."""
        return self.rows.put_files(name, version, folder_files(folder))

    def record_after_commit(self, name: str, files_key: str) -> None:
        """Record the folder of ``name`` as holding ``files_key`` once the write being made commits."""
        self.ledger.after_commit(lambda: self.record(name, files_key, self.files.sig(name)))

    def place(self, name: str, staged: Path, files_key: str) -> None:
        """After a write committed: rename its staged folder into this copy and record it."""
        self.files.swap_in(name, staged)
        self.record(name, files_key, self.files.sig(name))

    # ------------------------------------------------------------ reading: from the database

    def version_files(self, name: str, version: int) -> dict[str, bytes] | None:
        """The Level 2 files ``name`` had at ``version`` (None: not recorded, e.g. a version
        written before the database kept files)."""
        manifest = self.rows.manifest(name, version)
        if manifest is None:
            return None
        data = self.rows.blobs(manifest.values())
        return {rel: data[d] for rel, d in manifest.items() if rel != "SKILL.md" and d in data}

    def ensure(self, name: str) -> None:
        """Bring this copy's folder of ``name`` in step with the database (see the module
        docstring); nothing is read from the database's blobs unless the folder is behind."""
        with self.writing():
            keys = self.rows.content_keys([name])
            self._follow(name, keys.get(name), name in keys, self.copy_of(name))

    def sync(self) -> list[str]:
        """Bring every folder of this copy in step with the database; the names written, removed
        or set aside. A folder neither the database nor this copy knows is left to the store's
        scan (a skill added by hand)."""
        with self.writing():
            keys, copies = self.rows.content_keys(), self.copies()
            on_disk = set(self.files.names())
            moved: list[str] = []
            for name in sorted(set(keys) | set(copies)):
                copy = copies.get(name)
                current = (
                    name in keys and copy is not None and copy.files_key == keys[name] and name in on_disk
                )
                if not current and self._follow(name, keys.get(name), name in keys, copy):
                    moved.append(name)
        return moved

    def current(self, name: str) -> bool:
        """Whether this copy's record of ``name`` is of the content the database holds now: a
        change found in its folder is then an edit of that content."""
        copy = self.copy_of(name)
        return copy is not None and self.rows.content_keys([name]).get(name) == copy.files_key

    def _follow(self, name: str, key: str | None, known: bool, copy: Copy | None) -> bool:
        """Make the folder of ``name`` hold the database's content (key ``key``; ``known``: the
        database has the skill). Returns whether the folder was written, removed or set aside."""
        files, folder = self.files, self.files.skills_dir / name
        present = (folder / "SKILL.md").is_file()
        if self.read_only:  # nothing can be written here: a copy that is right is read as it is
            if known and present and key is not None and (copy is None or copy.files_key != key):
                if self._key_of(folder) != key:
                    self._write(name)  # raises, saying what to do
            elif known and not present:
                self._write(name)
            return False
        if not known:  # removed from the library on another machine (or never in it)
            if copy is None:
                return False
            if present:
                if self._untouched(name, copy):
                    files.discard(files.take_out(name))
                else:
                    self._set_aside(name, "was removed from the team library on another machine")
            self.drop(name)
            return present
        if key is None:  # the database has the skill's rows but not its files: this copy gives them
            if present:
                self._give(name)
            return False
        if copy is not None and copy.files_key == key and present:
            return False
        if present:
            if copy is not None and self._untouched(name, copy):
                pass  # a copy of older content nobody edited: written anew below
            elif self._key_of(folder) == key:
                self.record(name, key, files.sig(name))
                return False
            else:
                self._set_aside(name, "was edited here while the team library moved on")
        self._write(name)
        return True

    def _untouched(self, name: str, copy: Copy) -> bool:
        try:
            return self.files.sig(name, copy.sig) == copy.sig
        except FileNotFoundError:
            return False

    @staticmethod
    def _key_of(folder: Path) -> str | None:
        try:
            return folder_key(folder)
        except OSError:
            return None

    def _give(self, name: str) -> None:
        """Send this copy's folder of a skill whose files the database lacks (a ledger moved
        there before the files were kept in it), if the folder holds what the row recorded."""
        row = self.ledger.row(name)
        if row is None:
            return
        folder = self.files.skills_dir / name
        if hashlib.sha256((folder / "SKILL.md").read_bytes()).hexdigest() != row.file_hash:
            return  # an edit: the store's scan records it (and sends its files) as one
        with self.ledger.transaction():
            key = self.upload(name, row.version, folder)
            self.record_after_commit(name, key)

    def _write(self, name: str) -> None:
        """Write the database's current content of ``name`` into this copy (atomically)."""
        if self.read_only:
            raise StoreError(
                f"the copy of skill {name!r} in {self.files.skills_dir} is behind the team library, and "
                f"the store is read-only: open it once where it is writable ('skillrouter refresh')"
            )
        key_manifest = self.rows.manifest(name)
        if key_manifest is None:
            raise StoreError(f"the team library holds no files of skill {name!r}: run 'skillrouter doctor'")
        data = self.rows.blobs(key_manifest.values())
        lost = sorted(rel for rel, digest in key_manifest.items() if digest not in data)
        if lost or "SKILL.md" not in key_manifest:
            raise StoreError(
                f"the team library lacks the content of {', '.join(lost) or 'SKILL.md'} of skill {name!r}: "
                f"run 'skillrouter doctor'"
            )
        content = data[key_manifest["SKILL.md"]]
        level2 = {rel: data[d] for rel, d in key_manifest.items() if rel != "SKILL.md"}
        files = self.files
        staged = files.stage(name, content, self.sidecar_of(name), files=level2)
        try:
            files.swap_in(name, staged)
        finally:
            files.discard(staged)
        self.record(name, manifest_key(key_manifest), files.sig(name))

    def _set_aside(self, name: str, why: str) -> Path:
        """Move this copy's folder of ``name`` to ``cache/conflicts/`` and say so (once)."""
        where = self.cache / CONFLICTS
        where.mkdir(parents=True, exist_ok=True)
        target = where / f"{name}-{time.strftime('%Y%m%dT%H%M%S')}-{os.getpid()}"
        try:
            os.replace(self.files.skills_dir / name, target)
        except OSError:  # another file system: copied, then removed
            shutil.copytree(self.files.skills_dir / name, target, symlinks=True)
            shutil.rmtree(self.files.skills_dir / name, ignore_errors=True)
        self.warnings.append(
            f"skill {name!r}: this machine's copy {why}; the edited copy is kept at {target} "
            f"(compare it with 'skillrouter show {name}', then edit the skill again)"
        )
        return target

    def rewrite(self, name: str, why: str) -> None:
        """Set this copy's folder of ``name`` aside (it ``why``) and write the database's content."""
        if (self.files.skills_dir / name).exists():
            self._set_aside(name, why)
        self._write(name)
