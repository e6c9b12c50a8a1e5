"""Derived files (the embedding cache, the keyword index's counts, the embedded Chroma folder) are
repaired, never fatal: a command that meets a damaged one sets it aside, rebuilds it and says so in
one line; doctor finds it without repairing (--no-repair) and repairs it; a full disk is one line
naming the file. Real Chroma, the hash embedder (no meaning needed), the CLI in-process."""

from __future__ import annotations

import errno
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from skillrouter.embeddings import Embedder, HashEmbedder
from skillrouter.embeddings.derived import DerivedFile
from support import run

from skillrouter import Skill, Store


@pytest.fixture(autouse=True)
def _no_model(cli_uses: Callable[[Embedder], None]) -> None:
    cli_uses(HashEmbedder())


@pytest.fixture
def store(tmp_path: Path) -> Path:
    path = tmp_path / "store"
    st = Store(path)
    for name, text in [
        ("fix-flaky-test", "Find why a test fails sometimes"),
        ("csv-to-json", "Turn CSV into JSON"),
    ]:
        st.add(Skill.create(name, text, procedure=["step one"]))
    st.close()
    assert (
        run("route", "a flaky test", "--store", path, "--backend", "torch").exit_code == 0
    )  # index and caches
    return path


def _garbage(path: Path) -> None:
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    path.write_bytes(b"this is not a database, it was overwritten by accident " * 40)


@pytest.mark.parametrize("derived", ["cache/embeddings.db", "cache/lexical.db"])
def test_a_command_meeting_a_damaged_cache_rebuilds_it_and_says_so(store: Path, derived: str) -> None:
    _garbage(store / derived)
    result = run("route", "a flaky test", "--store", store, "--backend", "torch")
    assert result.exit_code == 0, result.output
    assert "matched: fix-flaky-test" in result.stdout
    assert f"{derived.split('/')[-1]} was damaged" in result.stderr and "set aside as" in result.stderr
    assert any(p.name.startswith(Path(derived).name + ".damaged-") for p in (store / "cache").iterdir())
    again = run("route", "a flaky test", "--store", store, "--backend", "torch")
    assert again.exit_code == 0 and "damaged" not in again.stderr  # rebuilt: said once


@pytest.mark.parametrize("derived", ["cache/embeddings.db", "cache/lexical.db", "chroma/chroma.sqlite3"])
def test_doctor_finds_a_damaged_derived_file_then_repairs_it(store: Path, derived: str) -> None:
    _garbage(store / derived)
    found = run("doctor", "--no-repair", "--store", store)
    assert found.exit_code == 1 and "Traceback" not in found.output
    assert str(store / derived) in found.stdout and "derived data" in found.stdout
    assert found.stdout.count(str(store / derived)) == 1  # said once, with what to do
    repaired = run("doctor", "--store", store)
    assert repaired.exit_code == 0, repaired.output
    assert "repaired: " in repaired.stdout and "set aside as" in repaired.stdout
    assert run("doctor", "--store", store).stdout.strip().endswith("ok")
    assert (
        "matched: fix-flaky-test"
        in run("route", "a flaky test", "--store", store, "--backend", "torch").stdout
    )


def test_a_damaged_chroma_folder_does_not_stop_reindex(store: Path) -> None:
    _garbage(store / "chroma" / "chroma.sqlite3")
    result = run("reindex", "--store", store)
    assert result.exit_code == 0, result.output
    assert "reindexed 2 documents" in result.stdout
    assert any(p.name.startswith("chroma.damaged-") for p in store.iterdir())


def test_a_full_disk_is_one_line_naming_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = DerivedFile.run

    def full(self: DerivedFile, statement: object, *, write: bool = False) -> object:
        if write:
            raise self._os_error(sqlite3.OperationalError("database or disk is full"))
        return real(self, statement, write=write)  # type: ignore[arg-type]

    monkeypatch.setattr(DerivedFile, "run", full)
    st = Store(tmp_path / "store")
    st.add(Skill.create("fix-flaky-test", "Find why a test fails sometimes"))
    st.close()
    result = run("route", "a flaky test", "--store", tmp_path / "store", "--backend", "torch")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.output
    assert "embeddings.db" in result.stderr and "no space left" in result.stderr


def test_sqlite_errors_become_oserrors_with_the_file_and_what_to_do(tmp_path: Path) -> None:
    file = DerivedFile(tmp_path / "x.db", lambda db: None)
    full = file._os_error(sqlite3.OperationalError("database or disk is full"))
    io = file._os_error(sqlite3.OperationalError("disk I/O error"))
    assert (
        isinstance(full, OSError) and full.errno == errno.ENOSPC and full.filename == str(tmp_path / "x.db")
    )
    assert isinstance(io, OSError) and io.errno == errno.EIO and "check the disk" in str(io)
