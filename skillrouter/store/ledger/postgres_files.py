"""The team ledger's part that holds the skills themselves: every file of every skill (SKILL.md
and its Level 2 files) as a blob stored once by its sha256, each skill's current manifest
(relative path -> blob) and each version's (PostgreSQL migration 2, :mod:`.postgres_schema`).

A manifest's key (:func:`manifest_key`) names its content: two machines whose folders hold the
same files compute the same key, so comparing keys says whether a folder is what the database
holds without reading a blob. How a machine's folder follows the database is
:mod:`skillrouter.store.team`'s.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any

from skillrouter.store.ledger.base import LedgerBase

__all__ = ["FileRows", "Manifest", "manifest_key"]

Manifest = dict[str, str]  # relative path (SKILL.md included) -> sha256 of the file's bytes


def manifest_key(manifest: Mapping[str, str]) -> str:
    """sha256 of a manifest in one canonical form (sorted paths)."""
    text = json.dumps(sorted(manifest.items()), separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class FileRows:
    """Blobs and manifests (see the module docstring), on the ledger that keeps them (its
    :attr:`~skillrouter.store.ledger.Ledger.files`: PostgreSQL's only): its queries, in its
    transactions."""

    def __init__(self, ledger: LedgerBase) -> None:
        self.ledger = ledger

    def _rows(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        return self.ledger._rows(sql, args)

    def _one(self, sql: str, args: Sequence[Any] = ()) -> Any:
        return self.ledger._one(sql, args)

    def transaction(self, *, shared: bool = False) -> AbstractContextManager[Any]:
        return self.ledger.transaction(shared=shared)

    def content_keys(self, names: Iterable[str] | None = None) -> dict[str, str | None]:
        """name -> the key of its current files (None: the database has a row of the skill but
        not its files, as a ledger written before migration 2), for every skill or ``names``."""
        if names is None:
            rows = self._rows(
                "SELECT s.name, f.files_key FROM skills s LEFT JOIN skill_files f ON f.name = s.name"
            )
        else:
            wanted = sorted(set(names))
            if not wanted:
                return {}
            rows = self._rows(
                "SELECT s.name, f.files_key FROM skills s LEFT JOIN skill_files f ON f.name = s.name "
                f"WHERE s.name IN ({','.join('?' * len(wanted))})",
                wanted,
            )
        return {name: key for name, key in rows}

    def manifest(self, name: str, version: int | None = None) -> Manifest | None:
        """The current files of ``name`` (or of its ``version``), None when none are recorded."""
        if version is None:
            found = self._one("SELECT manifest FROM skill_files WHERE name = ?", (name,))
        else:
            found = self._one(
                "SELECT manifest FROM version_files WHERE name = ? AND version = ?", (name, version)
            )
        return None if found is None else dict(json.loads(found[0]))

    def blobs(self, hashes: Iterable[str]) -> dict[str, bytes]:
        """hash -> bytes of each of ``hashes`` the database holds."""
        wanted = sorted(set(hashes))
        out: dict[str, bytes] = {}
        for start in range(0, len(wanted), 500):
            chunk = wanted[start : start + 500]
            for digest, data in self._rows(
                f"SELECT hash, data FROM blobs WHERE hash IN ({','.join('?' * len(chunk))})", chunk
            ):
                out[digest] = bytes(data)
        return out

    def put_files(self, name: str, version: int, files: Mapping[str, bytes]) -> str:
        """Record ``files`` (relative path -> bytes, SKILL.md included) as ``name``'s current
        files and those of its ``version``; blobs the database lacks are written, the others are
        not sent. Returns the manifest's key. Joins the caller's transaction (a skill's row and
        its files are written together)."""
        manifest = {rel: hashlib.sha256(data).hexdigest() for rel, data in files.items()}
        key = manifest_key(manifest)
        text = json.dumps(manifest, sort_keys=True, ensure_ascii=False)
        with self.transaction(shared=True) as db:
            wanted = sorted(set(manifest.values()))
            have: set[str] = set()
            for start in range(0, len(wanted), 500):
                chunk = wanted[start : start + 500]
                have.update(
                    r[0]
                    for r in db.execute(
                        f"SELECT hash FROM blobs WHERE hash IN ({','.join('?' * len(chunk))})", chunk
                    ).fetchall()
                )
            new = {manifest[rel]: data for rel, data in files.items() if manifest[rel] not in have}
            if new:
                db.executemany("INSERT OR IGNORE INTO blobs VALUES (?, ?)", sorted(new.items()))
            db.execute("INSERT OR REPLACE INTO skill_files VALUES (?, ?, ?)", (name, key, text))
            db.execute("INSERT OR REPLACE INTO version_files VALUES (?, ?, ?)", (name, version, text))
        return key

    def file_rows(self) -> tuple[list[tuple[str, str, str]], list[tuple[str, int, str]]]:
        """Every current manifest (name, key, manifest) and every version's (name, version,
        manifest), as stored: for copying a library from one database to another."""
        current = [(n, k, m) for n, k, m in self._rows("SELECT name, files_key, manifest FROM skill_files")]
        versions = [(n, v, m) for n, v, m in self._rows("SELECT name, version, manifest FROM version_files")]
        return current, versions

    def put_file_rows(
        self,
        current: Iterable[tuple[str, str, str]],
        versions: Iterable[tuple[str, int, str]],
        blobs: Mapping[str, bytes],
    ) -> None:
        """Write manifests as :meth:`file_rows` gives them, with the blobs they name, replacing
        every manifest this database held (inside the caller's transaction)."""
        with self.transaction() as db:
            db.execute("DELETE FROM skill_files")
            db.execute("DELETE FROM version_files")
            if blobs:
                db.executemany("INSERT OR IGNORE INTO blobs VALUES (?, ?)", sorted(blobs.items()))
            for name, key, text in current:
                db.execute("INSERT INTO skill_files VALUES (?, ?, ?)", (name, key, text))
            for name, version, text in versions:
                db.execute("INSERT INTO version_files VALUES (?, ?, ?)", (name, version, text))

    def clear_files(self) -> None:
        """Drop every manifest (blobs stay): a migration replacing this database's library."""
        with self.transaction() as db:
            db.execute("DELETE FROM skill_files")
            db.execute("DELETE FROM version_files")

    def forget_files(self, names: Iterable[str], *, history: bool = False) -> None:
        """Drop the current files of ``names`` (and every version's with ``history``); blobs stay
        (others may share them; doctor counts the ones nothing refers to)."""
        with self.transaction(shared=True) as db:
            for name in names:
                db.execute("DELETE FROM skill_files WHERE name = ?", (name,))
                if history:
                    db.execute("DELETE FROM version_files WHERE name = ?", (name,))
