"""Tests for skillrouter.agent.memory: bounded memory files and their snapshot."""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
from pathlib import Path

import pytest
from filelock import FileLock
from support import run_workers

from skillrouter.agent.memory import (
    DEFAULT_MEMORY_LIMIT,
    DEFAULT_USER_LIMIT,
    AgentMemory,
    BoundedMemory,
    MemoryEntryError,
    MemorySnapshot,
)
from skillrouter.errors import MemoryLimitError, SkillRouterError


def _add_entries(path: str, count: int, worker: int, barrier: multiprocessing.synchronize.Barrier) -> None:
    mem = BoundedMemory(path, limit=100_000)
    barrier.wait(timeout=30)
    for i in range(count):
        mem.add(f"worker {worker} entry {i}")


# -- defaults and format -----------------------------------------------------------


def test_agent_memory_defaults(tmp_path: Path) -> None:
    agent = AgentMemory(tmp_path)
    assert agent.memory.path == tmp_path / "MEMORY.md"
    assert agent.user.path == tmp_path / "USER.md"
    assert agent.memory.limit == DEFAULT_MEMORY_LIMIT == 2200
    assert agent.user.limit == DEFAULT_USER_LIMIT == 1375
    custom = AgentMemory(tmp_path, memory_limit=500, user_limit=300)
    assert (custom.memory.limit, custom.user.limit) == (500, 300)


def test_missing_file_is_empty(tmp_path: Path) -> None:
    mem = BoundedMemory(tmp_path / "sub" / "MEMORY.md", limit=100)
    assert mem.entries() == []
    assert mem.text() == ""
    assert mem.size() == 0


@pytest.mark.parametrize("limit", [0, -5, 2.5, True])
def test_bad_limit_refused(tmp_path: Path, limit: object) -> None:
    with pytest.raises(ValueError):
        BoundedMemory(tmp_path / "MEMORY.md", limit=limit)  # type: ignore[arg-type]


def test_add_writes_bullets_and_persists(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "MEMORY.md"
    mem = BoundedMemory(path, limit=1000)
    mem.add("Tests run with `pytest -q`.")
    mem.add("  Deploys go through make release,\n   never by hand.  \n\n")
    mem.add("Notes:\n- a line that looks like a bullet")
    expected_entries = [
        "Tests run with `pytest -q`.",
        "Deploys go through make release,\n   never by hand.",
        "Notes:\n- a line that looks like a bullet",
    ]
    assert mem.entries() == expected_entries
    expected_text = (
        "- Tests run with `pytest -q`.\n"
        "- Deploys go through make release,\n"
        "     never by hand.\n"
        "- Notes:\n"
        "  - a line that looks like a bullet\n"
    )
    assert path.read_text(encoding="utf-8") == expected_text
    assert mem.text() == expected_text
    assert mem.size() == len(expected_text)
    # A second object on the same file sees the same entries.
    assert BoundedMemory(path, limit=1000).entries() == expected_entries


def test_hand_edited_file_is_parsed(tmp_path: Path) -> None:
    path = tmp_path / "USER.md"
    path.write_text("Prefers short answers\n\n- Uses vim\n  and tmux\n-   \n- Uses vim\n  and tmux\n")
    mem = BoundedMemory(path, limit=1000)
    assert mem.entries() == ["Prefers short answers", "Uses vim\nand tmux"]


@pytest.mark.parametrize("text", ["", "   ", "\n\t\n"])
def test_empty_entry_refused(tmp_path: Path, text: str) -> None:
    mem = BoundedMemory(tmp_path / "MEMORY.md", limit=100)
    with pytest.raises(ValueError, match="empty"):
        mem.add(text)
    assert not mem.path.exists()


def test_duplicate_add_is_noop(tmp_path: Path) -> None:
    mem = BoundedMemory(tmp_path / "MEMORY.md", limit=100)
    mem.add("likes tea")
    before = mem.path.read_text()
    mem.add("likes tea")
    mem.add("  likes tea \n")
    assert mem.entries() == ["likes tea"]
    assert mem.path.read_text() == before


def test_duplicate_add_of_full_memory_is_not_refused(tmp_path: Path) -> None:
    mem = BoundedMemory(tmp_path / "MEMORY.md", limit=len("- likes tea\n"))
    mem.add("likes tea")
    mem.add("likes tea")  # nothing to add, so nothing exceeds the limit
    assert mem.entries() == ["likes tea"]


# -- limit ----------------------------------------------------------------------------


def test_add_up_to_the_limit_is_allowed(tmp_path: Path) -> None:
    mem = BoundedMemory(tmp_path / "MEMORY.md", limit=len("- abc\n- defg\n"))
    mem.add("abc")
    mem.add("defg")
    assert mem.size() == mem.limit


def test_add_over_the_limit_is_refused(tmp_path: Path) -> None:
    mem = BoundedMemory(tmp_path / "MEMORY.md", limit=30)
    mem.add("first entry")  # "- first entry\n" = 14 chars
    before = mem.path.read_text()
    with pytest.raises(MemoryLimitError) as info:
        mem.add("a second entry that is too long")
    message = str(info.value)
    assert "consolidate" in message.lower()
    assert "14" in message  # current size
    assert "30" in message  # limit
    assert "remove" in message and "merge" in message
    assert isinstance(info.value, SkillRouterError)
    assert mem.path.read_text() == before
    assert mem.entries() == ["first entry"]


def test_user_profile_limit_is_enforced(tmp_path: Path) -> None:
    agent = AgentMemory(tmp_path)
    agent.user.add("x" * (DEFAULT_USER_LIMIT - 3))  # "- " + text + "\n" == limit
    assert agent.user.size() == DEFAULT_USER_LIMIT
    with pytest.raises(MemoryLimitError, match="(?i)consolidate"):
        agent.user.add("y")
    # MEMORY.md has its own, larger budget.
    agent.memory.add("x" * (DEFAULT_USER_LIMIT + 100))


def test_replace_over_the_limit_is_refused(tmp_path: Path) -> None:
    mem = BoundedMemory(tmp_path / "MEMORY.md", limit=30)
    mem.add("alpha")
    mem.add("beta")
    with pytest.raises(MemoryLimitError, match="(?i)consolidate"):
        mem.replace("beta", "beta, now a great deal longer than before")
    assert mem.entries() == ["alpha", "beta"]


def test_set_entries_over_the_limit_is_refused(tmp_path: Path) -> None:
    mem = BoundedMemory(tmp_path / "MEMORY.md", limit=20)
    mem.add("keep me")
    with pytest.raises(MemoryLimitError, match="(?i)consolidate"):
        mem.set_entries(["one merged entry", "and another one"])
    assert mem.entries() == ["keep me"]


def test_shrinking_replace_allowed_when_already_over_limit(tmp_path: Path) -> None:
    path = tmp_path / "MEMORY.md"
    BoundedMemory(path, limit=1000).set_entries(["a long entry about the build system", "short"])
    lowered = BoundedMemory(path, limit=20)
    assert lowered.size() > lowered.limit
    lowered.replace("build system", "build: make")
    assert lowered.entries() == ["build: make", "short"]
    with pytest.raises(MemoryLimitError):
        lowered.add("x")  # still over the limit: adding is refused
    lowered.remove("short")
    assert lowered.size() <= lowered.limit


# -- replace / remove / set_entries --------------------------------------------------------


def test_replace_changes_the_one_matching_entry(tmp_path: Path) -> None:
    mem = BoundedMemory(tmp_path / "MEMORY.md", limit=1000)
    mem.set_entries(["uses python 3.11", "db is postgres 15", "ci runs on github"])
    mem.replace("postgres", "db is postgres 16 (upgraded)")
    assert mem.entries() == ["uses python 3.11", "db is postgres 16 (upgraded)", "ci runs on github"]


def test_replace_into_an_existing_entry_merges(tmp_path: Path) -> None:
    mem = BoundedMemory(tmp_path / "MEMORY.md", limit=1000)
    mem.set_entries(["a", "b", "c"])
    mem.replace("b", "c")
    assert mem.entries() == ["a", "c"]


def test_replace_without_match_raises(tmp_path: Path) -> None:
    mem = BoundedMemory(tmp_path / "MEMORY.md", limit=1000)
    mem.set_entries(["uses python 3.11"])
    with pytest.raises(MemoryEntryError, match="no entry contains 'ruby'"):
        mem.replace("ruby", "uses ruby")
    assert mem.entries() == ["uses python 3.11"]


def test_replace_with_several_matches_raises(tmp_path: Path) -> None:
    mem = BoundedMemory(tmp_path / "MEMORY.md", limit=1000)
    mem.set_entries(["uses python 3.11", "python tests use pytest"])
    with pytest.raises(ValueError, match="2 entries contain 'python'"):
        mem.replace("python", "something else")
    assert mem.entries() == ["uses python 3.11", "python tests use pytest"]


def test_replace_refuses_empty_text_and_empty_substring(tmp_path: Path) -> None:
    mem = BoundedMemory(tmp_path / "MEMORY.md", limit=1000)
    mem.set_entries(["only"])
    with pytest.raises(ValueError, match="empty"):
        mem.replace("only", "  ")
    with pytest.raises(ValueError, match="empty"):
        mem.replace("", "new")
    assert mem.entries() == ["only"]


def test_remove(tmp_path: Path) -> None:
    mem = BoundedMemory(tmp_path / "MEMORY.md", limit=1000)
    mem.set_entries(["alpha one", "beta two", "gamma three"])
    mem.remove("beta")
    assert mem.entries() == ["alpha one", "gamma three"]
    with pytest.raises(MemoryEntryError, match="no entry"):
        mem.remove("beta")
    with pytest.raises(MemoryEntryError, match="2 entries"):
        mem.remove("e")
    assert mem.entries() == ["alpha one", "gamma three"]
    mem.remove("alpha")
    mem.remove("gamma")
    assert mem.entries() == []
    assert mem.text() == ""


def test_set_entries(tmp_path: Path) -> None:
    mem = BoundedMemory(tmp_path / "MEMORY.md", limit=1000)
    mem.set_entries(["a", "b", "c"])
    mem.set_entries(["merged a+b", "c", "c"])
    assert mem.entries() == ["merged a+b", "c"]
    with pytest.raises(ValueError, match="empty"):
        mem.set_entries(["fine", ""])
    assert mem.entries() == ["merged a+b", "c"]
    with pytest.raises(TypeError):
        mem.set_entries("not a list")  # type: ignore[arg-type]
    mem.set_entries([])
    assert mem.entries() == []


# -- atomic, locked writes -----------------------------------------------------------------


def test_failed_write_leaves_file_intact_and_no_temp_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mem = BoundedMemory(tmp_path / "MEMORY.md", limit=1000)
    mem.add("original")
    before = mem.path.read_text()

    def broken_replace(src: object, dst: object) -> None:
        raise OSError("disk on fire")

    monkeypatch.setattr(os, "replace", broken_replace)  # the os module memory.py calls
    with pytest.raises(OSError, match="disk on fire"):
        mem.add("new entry")
    monkeypatch.undo()
    assert mem.path.read_text() == before
    leftovers = sorted(p.name for p in tmp_path.iterdir())
    assert leftovers == ["MEMORY.md", "MEMORY.md.lock"] or leftovers == ["MEMORY.md"]


def test_write_waits_for_the_file_lock(tmp_path: Path) -> None:
    mem = BoundedMemory(tmp_path / "MEMORY.md", limit=1000, lock_timeout=0.2)
    mem.add("before")
    with FileLock(str(mem.path) + ".lock"), pytest.raises(SkillRouterError, match="could not lock"):
        mem.add("while locked")
    assert mem.entries() == ["before"]
    mem.add("after")
    assert mem.entries() == ["before", "after"]


@pytest.mark.slow  # 8 processes race for the file lock
def test_concurrent_adds_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "MEMORY.md"
    workers, per_worker = 8, 5
    assert run_workers(_add_entries, workers, str(path), per_worker) == [0] * workers
    entries = BoundedMemory(path, limit=100_000).entries()
    expected = {f"worker {w} entry {i}" for w in range(workers) for i in range(per_worker)}
    assert len(entries) == workers * per_worker
    assert set(entries) == expected
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


# -- snapshot -------------------------------------------------------------------------------


def test_snapshot_render(tmp_path: Path) -> None:
    agent = AgentMemory(tmp_path)
    assert agent.snapshot() == MemorySnapshot(memory="", user="")
    assert agent.snapshot().render() == ""

    agent.memory.add("repo uses uv")
    snap = agent.snapshot()
    assert snap.render() == "## Memory\n- repo uses uv"
    assert "## User profile" not in snap.render()

    agent.user.add("prefers terse answers")
    assert (
        agent.snapshot().render() == "## Memory\n- repo uses uv\n\n## User profile\n- prefers terse answers"
    )

    agent.memory.remove("uv")
    assert agent.snapshot().render() == "## User profile\n- prefers terse answers"


def test_snapshot_is_frozen(tmp_path: Path) -> None:
    agent = AgentMemory(tmp_path)
    agent.memory.add("fact one")
    agent.user.add("likes tabs")
    snap = agent.snapshot()
    rendered = snap.render()

    agent.memory.add("fact two")
    agent.memory.replace("fact one", "fact one, revised")
    agent.user.remove("tabs")

    assert snap.memory == "- fact one\n"
    assert snap.user == "- likes tabs\n"
    assert snap.render() == rendered
    with pytest.raises(dataclasses.FrozenInstanceError):
        snap.memory = "changed"  # type: ignore[misc]
    fresh = agent.snapshot()
    assert fresh.memory == "- fact one, revised\n- fact two\n"
    assert fresh.user == ""


def test_no_temp_files_after_normal_writes(tmp_path: Path) -> None:
    mem = BoundedMemory(tmp_path / "MEMORY.md", limit=1000)
    for i in range(5):
        mem.add(f"entry {i}")
    mem.replace("entry 0", "entry zero")
    mem.remove("entry 1")
    names = set(os.listdir(tmp_path))
    assert names <= {"MEMORY.md", "MEMORY.md.lock"}
