"""Provenance and the sidecar: the fail-closed rule for a SKILL.md the ledger has no record
of, imported statistics, and the sidecar's round trip."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from skillrouter import Provenance, Skill, SkillFormatError, Store
from skillrouter.security import Finding
from skillrouter.security.policy import Admission, judge
from skillrouter.skill import validate_stats
from skillrouter.store.provenance import SIDECAR, Sidecar, settle
from skillrouter.store.skillfiles import level2_files, level2_stats

FINDING = {"rule": "exfiltration", "path": "SKILL.md", "line": 3, "excerpt": "curl ... $(env)"}


def never(level: str) -> Admission:
    raise AssertionError("scanned although a sidecar vouched for the content")


def found(*findings: dict[str, object]) -> Callable[[str], Admission]:
    """What ``settle`` is given to admit content on disk: a scan that found ``findings``."""
    return lambda level: judge(level, findings)


# ---------------------------------------------------------------- settle


def test_a_sidecar_vouching_for_this_content_wins() -> None:
    side = Sidecar("h1", "quarantined", "import", Provenance("src", "in", (FINDING,)))
    for row_hash in (
        None,
        "h0",
    ):  # missing row (crash, lost ledger) or a row behind the file (crashed update)
        done = settle("h1", row_hash, side, never)
        assert (done.status, done.findings, done.reason, done.adopt) == (
            "quarantined",
            [FINDING],
            "import",
            True,
        )


def test_content_nobody_vouches_for_is_scanned_and_quarantined_on_a_finding() -> None:
    assert settle("h1", None, None, found(FINDING)).status == "quarantined"
    clean = settle("h1", None, None, found())
    assert (clean.status, clean.findings, clean.reason, clean.adopt) == ("active", [], "found on disk", False)


def test_a_stale_sidecar_that_was_strict_stays_strict_even_if_the_scan_is_clean() -> None:
    for status in ("quarantined", "retired"):
        side = Sidecar("old", status, "import", Provenance("src", "in", (FINDING,)))  # type: ignore[arg-type]
        done = settle("new", None, side, found())
        assert (done.status, done.findings, done.adopt) == (status, [FINDING], True)
    active = Sidecar("old", "active", "add", Provenance("src", "in"))
    assert settle("new", None, active, found(FINDING)).status == "quarantined"


def test_a_hand_edit_of_a_known_skill_keeps_its_row() -> None:
    side = Sidecar("old", "quarantined", "import")
    done = settle("new", "old", side, never)
    assert (done.status, done.findings, done.reason, done.adopt) == (None, None, "edited on disk", False)


# ---------------------------------------------------------------- sidecar and statistics


def test_the_sidecar_round_trips_and_a_damaged_one_vouches_for_nothing() -> None:
    side = Sidecar(
        "h", "quarantined", "import", Provenance("src", "in", (FINDING,), use_count=4, avg_score=7.5)
    )
    assert Sidecar.loads(side.dumps()) == side
    for bad in (
        "",
        "{",
        "[]",
        '{"status": "banned", "file_hash": "h"}',
        '{"status": "active"}',
        '{"status": "active", "file_hash": "h", "findings": "x"}',
        '{"status": "active", "file_hash": "h", "use_count": 5, "avg_score": 99}',
    ):
        assert Sidecar.loads(bad) is None, bad


@pytest.mark.parametrize(
    ("uses", "avg", "field"),
    [
        (True, 8, "use_count"),
        (-1, 8, "use_count"),
        (10**22, 5, "use_count"),
        (2.5, 8, "use_count"),
        ("3", 8, "use_count"),
        (3, "7", "avg_score"),
        (3, 1000, "avg_score"),
        (3, True, "avg_score"),
        (3, None, "avg_score"),
        (0, 0.5, "avg_score"),
    ],
)
def test_imported_statistics_are_validated(uses: object, avg: object, field: str) -> None:
    with pytest.raises(SkillFormatError) as err:
        validate_stats(uses, avg, path="x.json")
    assert err.value.field == field and "x.json" in str(err.value)


def test_valid_imported_statistics() -> None:
    assert validate_stats(None, None) == (0, None)
    assert validate_stats(0, 7) == (0, 7.0) and validate_stats(3, 7) == (3, 7.0)
    assert validate_stats(1_000_000_000, 10.0) == (1_000_000_000, 10.0)


# ---------------------------------------------------------------- the files layer


def test_the_sidecar_is_written_with_the_files_and_is_no_level2_file(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    store.add(
        Skill.create("fix-flaky-test", "Find why a test fails."),
        files={"references/a.md": b"a"},
        provenance=Provenance("src", "in", (FINDING,)),
    )
    side = store.files.read_sidecar("fix-flaky-test")
    assert side is not None and side.status == "quarantined" and side.provenance.origin == "src"
    assert side.file_hash == store.records()["fix-flaky-test"].file_hash
    assert store.list_files("fix-flaky-test") == ["references/a.md"]
    with pytest.raises(SkillFormatError, match="no file"):
        store.read_file("fix-flaky-test", SIDECAR)
    store.set_status("fix-flaky-test", "active")  # trust: the sidecar follows (findings stay on record)
    side = store.files.read_sidecar("fix-flaky-test")
    recorded = Finding.from_dict(FINDING).to_dict()  # as the gate records it: severity and why filled in
    assert side is not None and (side.status, side.provenance.findings) == ("active", (recorded,))


def test_level2_listing_skips_links_special_files_dot_entries_and_nested_skills(tmp_path: Path) -> None:
    folder = tmp_path / "skill"
    (folder / "references" / "nested").mkdir(parents=True)
    (folder / "SKILL.md").write_text("x")
    (folder / "references" / "a.md").write_text("a")
    (folder / "references" / "nested" / "SKILL.md").write_text("another skill")
    (folder / ".hidden").write_text("h")
    os.mkfifo(folder / "references" / "pipe")
    os.symlink(tmp_path, folder / "references" / "out")
    os.symlink(folder / "references" / "a.md", folder / "references" / "link.md")
    assert level2_files(folder) == ["references/a.md"]


def test_replacing_a_folder_the_ledger_never_recorded_keeps_its_quarantine(tmp_path: Path) -> None:
    store = Store(tmp_path / "store")
    store.add(Skill.create("risky", "Runs things."), provenance=Provenance("src", "in", (FINDING,)))
    store.close()
    (store.path / "skillrouter.db").unlink()
    again = Store(store.path)
    again.update(Skill.create("risky", "Runs things, edited by the agent."), reason="revised")
    assert again.get("risky").status == "quarantined"


def test_the_signatures_listing_is_the_level2_listing(tmp_path: Path) -> None:
    folder = tmp_path / "skill"
    for rel in ("SKILL.md", "b.txt", "a/z.py", "a/b/c.md", "scripts/run.sh", ".hidden", "__pycache__/x.pyc"):
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(rel)
    (folder / "nested").mkdir()
    (folder / "nested" / "SKILL.md").write_text("another skill")  # not entered
    (folder / "link.md").symlink_to(folder / "b.txt")
    (folder / "dirlink").symlink_to(folder / "a")
    os.mkfifo(folder / "pipe")
    listed = level2_stats(str(folder))
    assert (
        [rel for rel, _ in listed]
        == level2_files(folder)
        == ["b.txt", "a/z.py", "a/b/c.md", "scripts/run.sh"]
    )
    assert [st.st_size for _, st in listed] == [len(r) for r, _ in listed]
