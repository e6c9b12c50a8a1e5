"""Doctor's shortcuts still find what they skip reading for: a sidecar found in step is read
again only when it or its ledger row changed (its stat signature, a fingerprint of the row), and
the index is compared by ids and text hashes alone. The hash embedder, real embedded Chroma."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from skillrouter.embeddings import HashEmbedder
from support import past_the_tick

from skillrouter import Skill, SkillLibrary
from skillrouter.doctor import VERIFIED
from skillrouter.store import skillfiles
from skillrouter.store.provenance import SIDECAR
from skillrouter.store.skillfiles import SkillFiles


@pytest.fixture
def lib(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SkillLibrary]:
    monkeypatch.setattr(skillfiles, "SETTLE_NS", 0)  # sidecars written just now vouch at once
    with SkillLibrary.open(tmp_path / "store", embedder=HashEmbedder()) as lib:
        for name in ("alpha", "beta", "gamma"):
            lib.add(Skill.create(name, f"The {name} skill.", procedure=["do it"]))
        yield lib


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names whose sidecar doctor reads from now on."""
    names: list[str] = []
    real = SkillFiles.read_sidecar

    def counted(self: SkillFiles, name: str) -> object:
        names.append(name)
        return real(self, name)

    monkeypatch.setattr(SkillFiles, "read_sidecar", counted)
    return names


def test_a_sidecar_is_read_again_only_when_it_or_its_row_changed(lib: SkillLibrary, reads: list[str]) -> None:
    assert lib.doctor().ok and reads == ["alpha", "beta", "gamma"]  # the first run reads them all
    reads.clear()
    assert lib.doctor().ok and reads == []  # nothing changed: nothing read

    # a hand edit of a sidecar that keeps its size and puts its modification time back: the
    # change time moves (nothing can set it), so it is read again and found out of step
    path = lib.store.skills_dir / "alpha" / SIDECAR
    before = os.stat(path)
    past_the_tick(path.parent, before.st_ctime_ns)
    text = path.read_text()
    file_hash = lib.store.ledger.row("alpha").file_hash  # type: ignore[union-attr]
    forged = "0" if file_hash[0] != "0" else "1"
    path.write_text(text.replace(file_hash, forged + file_hash[1:]))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = os.stat(path)
    same = (before.st_size, before.st_mtime_ns, before.st_ino)
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == same

    # a ledger row changed without its sidecar (a crash between the two writes)
    lib.store.ledger.set_status("beta", "retired")

    found = lib.doctor(repair=False)
    assert found.sidecars == ["alpha", "beta"] and not found.ok
    assert sorted(reads) == ["alpha", "beta"]  # gamma's, unchanged, is not read
    assert lib.doctor().repaired and lib.doctor().ok
    assert lib.store.files.read_sidecar("alpha").file_hash == file_hash  # type: ignore[union-attr]
    assert lib.store.files.read_sidecar("beta").status == "retired"  # type: ignore[union-attr]


def test_a_missing_sidecar_is_found_although_it_was_in_step_before(lib: SkillLibrary) -> None:
    assert lib.doctor().ok
    (lib.store.skills_dir / "gamma" / SIDECAR).unlink()
    assert lib.doctor(repair=False).sidecars == ["gamma"]


def test_a_damaged_record_of_what_was_in_step_means_every_sidecar_is_read(
    lib: SkillLibrary, reads: list[str]
) -> None:
    assert lib.doctor().ok
    (lib.path / VERIFIED).write_bytes(b"\x00not json")
    reads.clear()
    assert lib.doctor().ok and reads == ["alpha", "beta", "gamma"]
    reads.clear()
    assert lib.doctor().ok and reads == []  # written again


def test_a_sidecar_written_just_now_vouches_for_nothing_yet(
    lib: SkillLibrary, reads: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Timestamps are coarse: a second write within the same tick could leave a sidecar's times
    and size as they were, so one changed less than SETTLE_NS ago is read every time."""
    monkeypatch.setattr(skillfiles, "SETTLE_NS", 3600 * 10**9)
    assert lib.doctor().ok
    reads.clear()
    assert lib.doctor().ok and reads == ["alpha", "beta", "gamma"]


def test_the_index_is_compared_by_ids_and_text_hashes_without_its_vectors(lib: SkillLibrary) -> None:
    lib.sync()
    known = lib.index._known
    col = lib.index._connect()
    vector = np.ones((1, lib.embedder.dimension), dtype=np.float32)
    col.update(ids=["beta"], embeddings=vector, documents=["another text"])  # behind the library's back
    col.delete(ids=["gamma"])
    found = lib.doctor(repair=False)
    assert (found.index_missing, found.index_stale, found.index_orphans) == (1, 1, 0)
    assert lib.index._known is known  # what this process searches is left as it was
    assert lib.index.hashes().keys() == {"alpha", "beta"}
    assert lib.doctor().repaired and lib.doctor().ok
