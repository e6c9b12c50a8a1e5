"""The store: where it lives, atomic files, exact statistics, history, hand edits."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import pytest
from support import mp_context

from skillrouter import (
    Provenance,
    Skill,
    SkillExistsError,
    SkillFormatError,
    SkillNotFoundError,
    Store,
    StoreError,
    UnsafePathError,
)
from skillrouter.skillmd import parse_skill_md, render_skill_md
from skillrouter.store import resolve_home


def make(
    name: str = "fix-flaky-test", description: str = "Find why a test fails sometimes.", **kw: object
) -> Skill:
    return Skill.create(
        name,
        description,
        procedure=["Run it 50 times"],
        pitfalls="- Sleeps",
        verification="- 200 green runs",
        **kw,
    )  # type: ignore[arg-type]


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "store")


def leftovers(store: Store) -> list[str]:
    return sorted(p.name for p in store.skills_dir.iterdir() if p.name.startswith("."))


# ---------------------------------------------------------------- location


def test_store_option_wins_over_env_and_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKILLROUTER_HOME", str(tmp_path / "env"))
    assert resolve_home(tmp_path / "opt") == tmp_path / "opt"
    assert Store(tmp_path / "opt").path == (tmp_path / "opt").resolve()
    assert not (tmp_path / "env").exists()


def test_env_wins_over_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SKILLROUTER_HOME", str(tmp_path / "env"))
    assert Store().path == (tmp_path / "env").resolve()
    assert not (tmp_path / ".skillrouter").exists()


def test_default_is_dot_skillrouter_in_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SKILLROUTER_HOME")
    store = Store()
    assert store.path == (tmp_path / ".skillrouter").resolve()
    assert (tmp_path / ".skillrouter" / "skills").is_dir() and (
        tmp_path / ".skillrouter" / "skillrouter.db"
    ).is_file()


def test_missing_store_is_not_created_when_asked_not_to(tmp_path: Path) -> None:
    with pytest.raises(StoreError) as err:
        Store(tmp_path / "nowhere", create=False)
    assert str(tmp_path / "nowhere") in str(err.value) and "SKILLROUTER_HOME" in str(err.value)
    assert not (tmp_path / "nowhere").exists()


def test_unusable_store_path_is_a_store_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(StoreError, match="cannot create a store"):
        Store(tmp_path / "file" / "store")


# ---------------------------------------------------------------- files


def test_skill_file_lives_at_skills_name_skill_md(store: Store) -> None:
    stored = store.add(make(), files={"references/guide.md": b"guide"})
    path = store.path / "skills" / "fix-flaky-test" / "SKILL.md"
    assert path.read_text("utf-8") == render_skill_md(stored)
    assert (store.path / "skills" / "fix-flaky-test" / "references" / "guide.md").read_bytes() == b"guide"
    assert store.names() == ["fix-flaky-test"] and "fix-flaky-test" in store
    got = store.get("fix-flaky-test")
    assert (got.name, got.procedure, got.version, got.status, got.use_count) == (
        "fix-flaky-test",
        "1. Run it 50 times",
        1,
        "active",
        0,
    )
    assert got.created_at and got.updated_at
    assert leftovers(store) == []


def test_adding_a_taken_name_needs_replace(store: Store) -> None:
    store.add(make())
    with pytest.raises(SkillExistsError, match="already exists"):
        store.add(make(description="Another."))
    assert store.add(make(description="Another."), replace_existing=True).description == "Another."
    assert store.get("fix-flaky-test").description == "Another."


def test_replace_keeps_level2_files_created_at_and_statistics(store: Store) -> None:
    first = store.add(make(), files={"scripts/run.sh": b"echo"})
    store.record_outcome("fix-flaky-test", 8)
    second = store.update(make(description="Better words."), reason="refined")
    assert store.list_files("fix-flaky-test") == ["scripts/run.sh"]
    assert second.created_at == first.created_at
    got = store.get("fix-flaky-test")
    assert (got.use_count, got.avg_score, got.version) == (1, 8.0, 2)


def test_update_of_an_unknown_skill(store: Store) -> None:
    with pytest.raises(SkillNotFoundError):
        store.update(make(), reason="x")


def test_files_from_copies_level2_without_links_or_dotfiles(store: Store, tmp_path: Path) -> None:
    src = tmp_path / "src"
    (src / "references").mkdir(parents=True)
    (src / "SKILL.md").write_text(render_skill_md(make()))
    (src / "references" / "a.md").write_text("a")
    (src / ".hidden").write_text("h")
    (src / ".git").mkdir()
    (src / ".git" / "config").write_text("c")
    (tmp_path / "secret").write_text("s")
    os.symlink(tmp_path / "secret", src / "references" / "link.md")
    store.add(parse_skill_md((src / "SKILL.md").read_bytes()), files_from=src)
    assert store.list_files("fix-flaky-test") == ["references/a.md"]


def test_files_with_unsafe_paths_are_refused_and_nothing_is_written(store: Store) -> None:
    with pytest.raises(UnsafePathError):
        store.add(make(), files={"../escape.md": b"x"})
    assert "fix-flaky-test" not in store and leftovers(store) == []
    assert not (store.path / "escape.md").exists() and not (store.skills_dir.parent / "escape.md").exists()


def test_delete_removes_files_and_ledger(store: Store) -> None:
    store.add(make())
    store.record_outcome("fix-flaky-test", 9, task="a flaky login test")
    store.delete("fix-flaky-test")
    assert "fix-flaky-test" not in store and store.records() == {} and store.ledger.examples() == []
    assert leftovers(store) == []
    with pytest.raises(SkillNotFoundError):
        store.delete("fix-flaky-test")


# ---------------------------------------------------------------- atomic writes


def _failing_replace(monkeypatch: pytest.MonkeyPatch, target: Path, *, undo_too: bool) -> None:
    """os.replace that fails when a staged folder moves onto ``target`` (and, with
    ``undo_too``, also when the old folder moves back: a crash between the two renames)."""
    real = os.replace

    def replace(src: str | Path, dst: str | Path) -> None:
        if Path(dst) == target and (Path(src).name.startswith(".new-") or undo_too):
            raise OSError(28, "No space left on device (simulated)")
        real(src, dst)

    monkeypatch.setattr(os, "replace", replace)


def test_failed_replace_leaves_the_old_skill_in_place(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    old = store.add(make(), files={"references/a.md": b"old file"})
    old_text = (store.files.folder("fix-flaky-test") / "SKILL.md").read_text()
    _failing_replace(monkeypatch, store.skills_dir / "fix-flaky-test", undo_too=False)
    with pytest.raises(OSError, match="simulated"):
        store.add(make(description="New words."), replace_existing=True, files={"references/a.md": b"new"})
    monkeypatch.undo()
    # without a reopen: the skill is still there, unchanged, ledger included
    assert (store.files.folder("fix-flaky-test") / "SKILL.md").read_text() == old_text
    assert store.get("fix-flaky-test").description == old.description
    assert store.refresh() == [] and "fix-flaky-test" in store.records()
    assert store.read_file("fix-flaky-test", "references/a.md") == b"old file"
    assert [v.version for v in store.history("fix-flaky-test")] == [1]
    assert leftovers(store) == []


def test_crash_between_renames_is_recovered_on_reopen(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    old = store.add(make(), files={"references/a.md": b"old file"})
    store.record_outcome("fix-flaky-test", 9)
    _failing_replace(monkeypatch, store.skills_dir / "fix-flaky-test", undo_too=True)
    with pytest.raises(OSError):
        store.add(make(description="New words."), replace_existing=True)
    monkeypatch.undo()
    assert not store.files.folder("fix-flaky-test").exists()  # what a crash at that instant leaves
    assert leftovers(store)  # the old folder waits beside it
    store.close()

    reopened = Store(store.path)
    got = reopened.get("fix-flaky-test")
    assert (got.description, got.version, got.use_count) == (old.description, 1, 1)
    assert reopened.read_file("fix-flaky-test", "references/a.md") == b"old file"
    assert leftovers(reopened) == []


def test_crash_while_writing_skill_md_leaves_no_trace(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    store.add(make())
    before = (store.files.folder("fix-flaky-test") / "SKILL.md").read_bytes()
    real = os.replace

    def replace(src: str | Path, dst: str | Path) -> None:
        if Path(dst).name == "SKILL.md":
            raise KeyboardInterrupt  # killed mid-write
        real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(KeyboardInterrupt):
        store.add(make(description="New words."), replace_existing=True)
    monkeypatch.undo()
    assert (store.files.folder("fix-flaky-test") / "SKILL.md").read_bytes() == before
    assert leftovers(Store(store.path)) == []


def test_reopen_sweeps_staging_and_deletion_leftovers(store: Store) -> None:
    store.add(make())
    (store.skills_dir / ".new-x-abc").mkdir()
    (store.skills_dir / ".del-1234abcd").mkdir()
    (store.skills_dir / ".old-1234abcd-fix-flaky-test.d").mkdir()  # superseded: the skill exists
    assert leftovers(Store(store.path)) == []
    assert store.names() == ["fix-flaky-test"]


def _open_store_when(path: str, started: object) -> None:
    started.wait(30)  # type: ignore[attr-defined]
    Store(path)  # e.g. 'skillrouter list' run while an import is writing


def test_opening_the_store_mid_add_in_another_process_loses_nothing(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    import skillrouter.store.skillfiles as skillfiles_module

    store.add(make(), files={"references/a.md": b"keep me"})
    ctx: Any = mp_context()
    started = ctx.Event()
    other = ctx.Process(target=_open_store_when, args=(str(store.path), started), daemon=True)
    other.start()
    real = skillfiles_module.atomic_write

    def slow_write(path: Path, data: str | bytes) -> None:
        if path.name == "SKILL.md":
            started.set()  # the replacement is staged, its Level 2 files copied: now the other process opens
            time.sleep(1.0)
        real(path, data)

    monkeypatch.setattr(skillfiles_module, "atomic_write", slow_write)
    store.update(make(description="New words."), reason="edit")
    other.join(60)
    assert other.exitcode == 0
    assert store.get("fix-flaky-test").description == "New words."
    assert store.read_file("fix-flaky-test", "references/a.md") == b"keep me"


def _refresh_when(path: str, ready: object, moved: object) -> None:
    store = Store(path)
    ready.set()  # type: ignore[attr-defined]
    moved.wait(30)  # type: ignore[attr-defined]
    store.refresh()  # e.g. 'skillrouter route' while the agent rewrites the skill


def test_a_refresh_during_a_replace_keeps_the_statistics(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    store.add(make())
    store.record_outcome("fix-flaky-test", 9, task="a flaky login test")
    ctx: Any = mp_context()
    ready, moved = ctx.Event(), ctx.Event()
    other = ctx.Process(target=_refresh_when, args=(str(store.path), ready, moved), daemon=True)
    other.start()
    assert ready.wait(60)
    real = os.replace

    def replace(src: str | Path, dst: str | Path) -> None:
        real(src, dst)
        if Path(dst).name.startswith(".old-"):  # the old folder is out, the new one not yet in
            moved.set()
            time.sleep(1.0)

    monkeypatch.setattr(os, "replace", replace)
    store.update(make(description="New words."), reason="edit")
    monkeypatch.undo()
    other.join(60)
    assert other.exitcode == 0
    out = store.ledger.outcome("fix-flaky-test")
    assert (out.use_count, out.avg_score) == (1, 9.0)
    assert store.ledger.examples() == [("fix-flaky-test", "a flaky login test")]


# ---------------------------------------------------------------- outcomes


def test_record_outcome_keeps_an_exact_mean(store: Store) -> None:
    store.add(make())
    scores = [10, 9, 7, 3, 1, 8.5]
    for score in scores:
        out = store.record_outcome("fix-flaky-test", score)
    assert out.use_count == 6 and out.avg_score == pytest.approx(sum(scores) / 6, abs=1e-12)
    assert out.last_score == 8.5 and out.last_used
    got = store.get("fix-flaky-test")
    assert (got.use_count, got.avg_score) == (6, out.avg_score)
    assert store.records()["fix-flaky-test"].summary.avg_score == out.avg_score
    assert store.ledger.total_uses() == 6


def test_record_outcome_validates(store: Store) -> None:
    store.add(make())
    with pytest.raises(SkillFormatError, match="1 to 10"):
        store.record_outcome("fix-flaky-test", 11)
    with pytest.raises(SkillNotFoundError):
        store.record_outcome("no-such-skill", 5)
    assert store.ledger.outcome("fix-flaky-test").use_count == 0


def test_good_outcomes_with_a_task_become_examples(store: Store) -> None:
    store.add(make())
    store.record_outcome("fix-flaky-test", 9, task="  login test fails one run in ten ")
    store.record_outcome("fix-flaky-test", 4, task="a task it did badly")
    store.record_outcome("fix-flaky-test", 7, task="exactly the minimum score")
    assert store.ledger.examples("fix-flaky-test") == [
        ("fix-flaky-test", "login test fails one run in ten"),
        ("fix-flaky-test", "exactly the minimum score"),
    ]
    for i in range(5):
        store.record_outcome("fix-flaky-test", 10, task=f"task {i}", max_examples=3)
    assert [t for _, t in store.ledger.examples("fix-flaky-test")] == ["task 2", "task 3", "task 4"]


def test_recording_an_example_changes_the_generation(store: Store) -> None:
    store.add(make())
    gen = store.ledger.generation()
    store.record_outcome("fix-flaky-test", 5)
    assert store.ledger.generation() == gen  # no example, nothing for the index to learn
    store.record_outcome("fix-flaky-test", 9, task="a flaky test")
    assert store.ledger.generation() > gen


def test_seeded_statistics(store: Store) -> None:
    store.add(make(), provenance=Provenance(use_count=4, avg_score=7.5))
    got = store.get("fix-flaky-test")
    assert (got.use_count, got.avg_score) == (4, 7.5)


def _record_many(path: str, scores: list[float], start: object) -> None:
    store = Store(path)
    start.wait(60)  # type: ignore[attr-defined]  # all eight record at the same time
    for score in scores:
        store.record_outcome("fix-flaky-test", score)
    store.close()


def test_concurrent_processes_lose_no_outcome(store: Store) -> None:
    store.add(make())
    per_process = [[float((i * 25 + j) % 10 + 1) for j in range(25)] for i in range(8)]
    # each worker opens its own Store (no SQLite handle crosses into it); all eight record at once
    ctx: Any = mp_context()
    start = ctx.Barrier(8)
    procs = [
        ctx.Process(target=_record_many, args=(str(store.path), scores, start), daemon=True)
        for scores in per_process
    ]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(120)
    for proc in procs:
        if proc.is_alive():  # a broken implementation fails the test instead of hanging pytest
            proc.terminate()
    assert [p.exitcode for p in procs] == [0] * 8
    every = [s for scores in per_process for s in scores]
    out = store.ledger.outcome("fix-flaky-test")
    assert out.use_count == 200
    assert out.avg_score == pytest.approx(sum(every) / 200, abs=1e-12)  # 5.5
    assert store.get("fix-flaky-test").use_count == 200


# ---------------------------------------------------------------- history


def test_every_edit_is_a_version_and_restore_brings_one_back(store: Store) -> None:
    store.add(make(description="First words."))
    store.update(make(description="Second words."), reason="refined by the agent")
    path = store.files.folder("fix-flaky-test") / "SKILL.md"
    path.write_text(path.read_text().replace("Second words.", "Third words, by hand."))
    assert store.get("fix-flaky-test").description == "Third words, by hand."
    history = store.history("fix-flaky-test")
    assert [(v.version, v.reason) for v in history] == [
        (1, "add"),
        (2, "refined by the agent"),
        (3, "edited on disk"),
    ]
    assert "First words." in history[0].content and "Third words, by hand." in history[2].content
    assert history[0].to_dict() == {
        "name": "fix-flaky-test",
        "version": 1,
        "reason": "add",
        "created_at": history[0].created_at,
    }

    restored = store.restore("fix-flaky-test", 1)
    assert restored.description == "First words." and restored.version == 4
    assert store.get("fix-flaky-test").description == "First words."
    assert [v.reason for v in store.history("fix-flaky-test")][-1] == "restore version 1"


def test_restore_errors(store: Store) -> None:
    store.add(make())
    with pytest.raises(SkillFormatError, match="no version 9"):
        store.restore("fix-flaky-test", 9)
    with pytest.raises(SkillNotFoundError):
        store.restore("no-such-skill", 1)
    with pytest.raises(SkillNotFoundError):
        store.history("no-such-skill")


def test_restore_repairs_a_broken_hand_edit(store: Store) -> None:
    store.add(make())
    path = store.files.folder("fix-flaky-test") / "SKILL.md"
    path.write_text("---\nname: fix-flaky-test\n---\nno description any more\n")
    assert store.refresh()[0][0] == "fix-flaky-test"
    store.restore("fix-flaky-test", 1)
    assert store.refresh() == []
    assert store.get("fix-flaky-test").description == "Find why a test fails sometimes."


def test_history_continues_when_a_removed_folder_comes_back(store: Store) -> None:
    import shutil

    store.add(make(description="One."))
    store.update(make(description="Two."), reason="edit")
    shutil.rmtree(store.files.folder("fix-flaky-test"))
    store.refresh()
    store.add(make(description="Three."))
    history = store.history("fix-flaky-test")
    assert [v.version for v in history] == [1, 2, 3]
    assert "Three." in history[-1].content and "Two." in history[1].content


# ---------------------------------------------------------------- hand edits and refresh


def test_refresh_picks_up_hand_edits_new_folders_and_removals(store: Store) -> None:
    store.add(make())
    store.add(make("gone-soon", "Removed by hand."))
    store.record_outcome("gone-soon", 8)
    gen = store.ledger.generation()
    path = store.files.folder("fix-flaky-test") / "SKILL.md"
    path.write_text(path.read_text().replace("Find why a test fails sometimes.", "Edited by hand."))
    new = store.skills_dir / "written-by-hand"
    new.mkdir()
    (new / "SKILL.md").write_text(
        "---\nname: written-by-hand\ndescription: A person wrote this.\n---\nBody\n"
    )
    import shutil

    shutil.rmtree(store.files.folder("gone-soon"))

    records = store.records()  # reads the files again first
    assert sorted(records) == ["fix-flaky-test", "written-by-hand"]
    assert records["fix-flaky-test"].summary.description == "Edited by hand."
    assert store.ledger.level0_texts()["fix-flaky-test"] == "Edited by hand."
    assert store.ledger.summary_texts()["fix-flaky-test"] == "fix flaky test: Edited by hand."
    assert store.lexical_texts()["fix-flaky-test"].startswith("fix flaky test: Edited by hand.\n")
    assert records["written-by-hand"].summary.description == "A person wrote this."
    assert store.ledger.generation() > gen
    assert store.ledger.outcome("gone-soon").use_count == 0
    assert store.refresh() == []  # nothing changed since: nothing to do


def test_a_broken_hand_edit_keeps_the_last_good_record(store: Store) -> None:
    store.add(make())
    path = store.files.folder("fix-flaky-test") / "SKILL.md"
    path.write_text(path.read_text().replace("name: fix-flaky-test", "name: Fix Flaky"))
    problems = store.refresh()
    assert len(problems) == 1 and problems[0][0] == "fix-flaky-test"
    assert "field 'name'" in problems[0][1] and str(path) in problems[0][1]
    assert store.records()["fix-flaky-test"].summary.description == "Find why a test fails sometimes."
    with pytest.raises(SkillFormatError):
        store.get("fix-flaky-test")


def test_a_folder_whose_name_differs_is_reported(store: Store) -> None:
    folder = store.skills_dir / "folder-name"
    folder.mkdir()
    (folder / "SKILL.md").write_text("---\nname: other-name\ndescription: d\n---\n")
    problems = store.refresh()
    assert problems and "differs from its folder" in problems[0][1]


# ---------------------------------------------------------------- status and counters


def test_status_and_findings(store: Store) -> None:
    store.add(make(), provenance=Provenance(findings=({"rule": "curl-pipe-shell", "path": "SKILL.md"},)))
    assert store.get("fix-flaky-test").status == "quarantined"
    (recorded,) = store.records()["fix-flaky-test"].findings  # recorded whole: severity and why filled in
    assert recorded == {"rule": "curl-pipe-shell", "path": "SKILL.md", "line": None, "excerpt": ""} | {
        "severity": "dangerous",
        "why": "The curl-pipe-shell rule fired.",
    }
    store.set_status("fix-flaky-test", "active", findings=[])
    record = store.records()["fix-flaky-test"]
    assert record.summary.status == "active" and record.findings == ()
    store.update(make(description="Edited."), reason="edit")
    assert store.get("fix-flaky-test").status == "active"  # an edit keeps the status
    with pytest.raises(SkillFormatError, match="unknown status"):
        store.set_status("fix-flaky-test", "banned")  # type: ignore[arg-type]
    with pytest.raises(SkillNotFoundError):
        store.set_status("no-such-skill", "active")


def test_counters_and_store_id_survive_reopen(store: Store) -> None:
    assert store.ledger.increment("tasks") == 1 and store.ledger.increment("tasks", 4) == 5
    store_id = store.store_id
    reopened = Store(store.path)
    assert reopened.ledger.counter("tasks") == 5 and reopened.store_id == store_id
    assert Store(store.path.parent / "other").store_id != store_id


def test_summaries_read_status_and_statistics_each_time_and_level0_again_after_a_change(store: Store) -> None:
    store.add(make())
    store.add(make("other-skill", "Something else."))
    other = Store(store.path)  # another process's view of the same ledger
    names = ["fix-flaky-test", "other-skill", "no-such-skill"]
    assert store.ledger.summaries(names) == {n: r.summary for n, r in store.ledger.records(names).items()}
    other.record_outcome("fix-flaky-test", 8)  # no generation bump: read fresh anyway
    other.set_status("other-skill", "retired")
    got = store.ledger.summaries(names)
    assert (got["fix-flaky-test"].use_count, got["fix-flaky-test"].avg_score) == (1, 8.0)
    assert got["other-skill"].status == "retired"
    other.update(make(description="Changed elsewhere."), reason="edit")
    assert store.ledger.summaries(names)["fix-flaky-test"].description == "Changed elsewhere."
    other.close()


def test_summaries_kept_between_calls_show_every_commit_of_this_connection_another_thread_or_process(
    store: Store,
) -> None:
    store.add(make())
    names = ["fix-flaky-test", "later-skill"]
    assert list(store.ledger.summaries(names)) == ["fix-flaky-test"]  # kept, a name without a row too
    token = store.ledger.unchanged_token()
    assert store.ledger.unchanged_token() == token  # nothing committed: the rows read stay
    store.record_outcome("fix-flaky-test", 6)  # this connection's own commit
    assert store.ledger.summaries(names)["fix-flaky-test"].use_count == 1
    writer = threading.Thread(target=lambda: store.record_outcome("fix-flaky-test", 10))
    writer.start()
    writer.join()  # another thread: a connection of its own
    assert store.ledger.summaries(names)["fix-flaky-test"].avg_score == 8.0
    other = Store(store.path)  # another process's connection
    other.add(make("later-skill", "Added elsewhere."))
    assert store.ledger.summaries(names)["later-skill"].description == "Added elsewhere."
    other.close()
    with store.ledger.transaction() as db:  # inside a write: its own uncommitted rows, nothing kept
        db.execute("UPDATE skills SET status = 'retired' WHERE name = 'later-skill'")
        assert store.ledger.unchanged_token() is None
        assert store.ledger.summaries(names)["later-skill"].status == "retired"
    assert store.ledger.summaries(names)["later-skill"].status == "retired"
