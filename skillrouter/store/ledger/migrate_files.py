"""The skills' files when ``skillrouter migrate`` moves a library between a store folder and a
team database (:mod:`.migrate` moves the ledger's rows; this module, what the rows describe):

- **folder -> database**: each skill's SKILL.md and Level 2 files, read from the folder, become
  its current files in the database (:meth:`~.postgres_files.FileRows.put_files`); a
  SKILL.md that no longer matches the ledger's record (an edit nobody recorded yet) is refused,
  so the database never holds rows and files that disagree;
- **database -> folder**: each skill's folder is written from the database (a folder already
  holding the same content is kept; one holding other content is moved to
  ``cache/conflicts/``), with the sidecar its rows imply; skills whose files the database lacks
  (a ledger moved there before it kept files) must have their folder there already;
- **database -> database**: manifests and the blobs they name are copied as they are.

Each part runs inside the target's transaction (:func:`~.migrate.migrate_ledger`'s ``files``),
so a failure rolls the rows back with it; folders written for a new target are removed again.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable
from pathlib import Path

from skillrouter.errors import StoreError
from skillrouter.store.ledger import Ledger
from skillrouter.store.ledger.postgres_files import FileRows, manifest_key
from skillrouter.store.provenance import Provenance, Sidecar, check_status
from skillrouter.store.skillfiles import SkillFiles
from skillrouter.store.team import CONFLICTS, folder_files, folder_key

__all__ = ["files_part", "legacy_names"]


def _skills(ledger: Ledger) -> list[tuple[str, int, str]]:
    return [
        (n, v, h) for n, v, h in ledger._rows("SELECT name, version, file_hash FROM skills ORDER BY name")
    ]


def legacy_names(source: Ledger) -> list[str]:
    """Skills of a team database that holds their rows and not their files (none elsewhere)."""
    if source.files is None:
        return []
    return sorted(n for n, key in source.files.content_keys().items() if key is None)


def files_part(
    source: Ledger, source_dir: Path | None, target: Ledger, target_dir: Path | None
) -> Callable[[], None]:
    """What :func:`~.migrate.migrate_ledger` runs in the target's transaction for the files."""
    into, out_of = target.files, source.files
    if into is not None:
        if source_dir is not None:
            return lambda: _folder_to_database(source, source_dir, into)
        if out_of is not None:
            return lambda: _database_to_database(out_of, into)
    if target_dir is not None and out_of is not None:
        return lambda: _database_to_folder(source, out_of, target_dir)
    return lambda: None  # folder -> folder: the files stay where they are


def _folder_to_database(source: Ledger, folder: Path, target: FileRows) -> None:
    target.clear_files()
    for name, version, file_hash in _skills(source):
        files = folder_files(folder / "skills" / name)
        if hashlib.sha256(files["SKILL.md"]).hexdigest() != file_hash:
            raise StoreError(
                f"{folder / 'skills' / name / 'SKILL.md'} changed on disk since the store recorded it: run "
                f"'skillrouter refresh --store {folder}' first, then migrate again"
            )
        target.put_files(name, version, files)


def _database_to_database(source: FileRows, target: FileRows) -> None:
    current, versions = source.file_rows()
    wanted = {d for rows in (current, versions) for *_, text in rows for d in json.loads(text).values()}
    target.put_file_rows(current, versions, source.blobs(wanted))


def _database_to_folder(source: Ledger, held: FileRows, folder: Path) -> None:
    files = SkillFiles(folder / "skills")
    made: list[str] = []
    try:
        for name, version, file_hash in _skills(source):
            manifest = held.manifest(name)
            if manifest is None:
                continue  # its folder is there (checked before the copy began)
            place = files.skills_dir / name
            if (place / "SKILL.md").is_file():
                if folder_key(place) == manifest_key(manifest):
                    files.write_sidecar(name, _sidecar(source, name, version, file_hash))
                    continue
                aside = (
                    folder / "cache" / CONFLICTS / f"{name}-{time.strftime('%Y%m%dT%H%M%S')}-{os.getpid()}"
                )
                aside.parent.mkdir(parents=True, exist_ok=True)
                os.replace(place, aside)
            data = held.blobs(manifest.values())
            if any(d not in data for d in manifest.values()) or "SKILL.md" not in manifest:
                raise StoreError(
                    f"the team library lacks some content of skill {name!r}: run 'skillrouter doctor'"
                )
            level2 = {rel: data[d] for rel, d in manifest.items() if rel != "SKILL.md"}
            staged = files.stage(
                name, data[manifest["SKILL.md"]], _sidecar(source, name, version, file_hash), files=level2
            )
            try:
                files.swap_in(name, staged)
            finally:
                files.discard(staged)
            made.append(name)
    except BaseException:
        for name in made:  # the rows roll back: folders they would describe go too
            files.discard(files.take_out(name))
        raise


def _sidecar(source: Ledger, name: str, version: int, file_hash: str) -> Sidecar:
    """The sidecar a skill's rows imply (what a store writes beside its SKILL.md)."""
    row = source.row(name)
    assert row is not None
    origin, input_hash = source.origin(name) or (None, None)
    found = source._one("SELECT reason FROM versions WHERE name = ? AND version = ?", (name, version))
    provenance = Provenance(origin, input_hash, row.findings, trust_level=row.trust_level)
    return Sidecar(
        file_hash, check_status(row.status), found[0] if found else "add", provenance, row.scan_hash
    )
