"""What a route pays to notice changes to the store, and that it still notices them
(skillrouter/library.py, "What a route pays ..."): hand edits in place and by an editor's
rename (within ``refresh_interval``), folders added or removed by hand (at once), another
process's writes and ``refresh`` (at once, through the ledger's generation), and no stat of
every SKILL.md on a route when nothing is due."""

from __future__ import annotations

import multiprocessing
import os
import shutil
from pathlib import Path

import pytest
from skillrouter.embeddings import HashEmbedder

from skillrouter import Skill, SkillLibrary, Store
from skillrouter.skillmd import render_skill_md
from skillrouter.store import reconcile as reconcile_module
from skillrouter.store.skillfiles import SkillFiles


class Clock:
    """Stands in for ``time`` in skillrouter.store.reconcile: the interval passes when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(reconcile_module, "time", fake)
    return fake


@pytest.fixture
def settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Folders count as settled at once (a real one waits 2 s after its last change)."""
    monkeypatch.setattr(reconcile_module, "SETTLE_NS", 0)


def open_lib(path: Path, **kwargs: object) -> SkillLibrary:
    return SkillLibrary(Store(path), HashEmbedder(), threshold=0.0, **kwargs)  # type: ignore[arg-type]


@pytest.fixture
def lib(tmp_path: Path, clock: Clock) -> SkillLibrary:
    lib = open_lib(tmp_path / "store")
    lib.add(Skill.create("bake-bread", "Bake sourdough bread at home."))
    lib.add(Skill.create("tune-piano", "Tune an upright piano by ear."))
    return lib


def described(lib: SkillLibrary, name: str) -> str:
    """The description the ledger holds now (read without refreshing)."""
    return lib.store.ledger.records([name])[name].summary.description


def edit_in_place(path: Path, old: str, new: str) -> None:
    """Overwrite the file's bytes in the same inode, as `vim` with backupcopy=yes or `>>` do."""
    text = path.read_text("utf-8").replace(old, new)
    with path.open("r+", encoding="utf-8") as f:
        f.write(text)
        f.truncate()


def edit_by_rename(path: Path, old: str, new: str) -> None:
    """Write a temporary file beside it and rename it over, as most editors save."""
    tmp = path.with_name(".SKILL.md.swp")
    tmp.write_text(path.read_text("utf-8").replace(old, new), "utf-8")
    os.replace(tmp, path)


def scans(lib: SkillLibrary, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the stat-every-SKILL.md scans the store makes from now on."""
    count = [0]
    real = SkillFiles.sigs

    def counted(self: SkillFiles, known: dict[str, str] | None = None) -> dict[str, str]:
        count[0] += 1
        return real(self, known)

    monkeypatch.setattr(SkillFiles, "sigs", counted)
    return count


@pytest.mark.parametrize("edit", [edit_in_place, edit_by_rename])
def test_a_skill_md_edited_inside_its_folder_is_routed_once_the_interval_passed(
    lib: SkillLibrary, clock: Clock, settled: None, edit: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    lib.route("bread")
    folder = lib.store.files.folder_sig()
    edit(
        lib.store.files.folder("tune-piano") / "SKILL.md",
        "Tune an upright piano by ear.",  # type: ignore[operator]
        "Tune a harpsichord with an electronic tuner and a felt mute.",
    )
    assert lib.store.files.folder_sig() == folder  # what makes this case the slow one
    counted = scans(lib, monkeypatch)
    for _ in range(3):
        lib.route("harpsichord")
    assert counted == [0]  # no route touched every file
    assert described(lib, "tune-piano") == "Tune an upright piano by ear."
    clock.now += lib.refresh_interval
    route = lib.route("harpsichord")
    assert counted[0] >= 1
    assert described(lib, "tune-piano").startswith("Tune a harpsichord")
    assert route.matched is not None and route.matched.name == "tune-piano"
    assert route.candidates[0].skill.description.startswith("Tune a harpsichord")


def test_a_long_scan_is_made_at_most_a_tenth_of_the_time(
    lib: SkillLibrary, clock: Clock, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A scan of a large store takes long (1.6 s at 100,000 skills): a long-running process
    scans at most SCAN_SHARE times its duration apart, not every ``refresh_interval``."""
    real = SkillFiles.sigs
    counted = [0]

    def slow(self: SkillFiles, known: dict[str, str] | None = None) -> dict[str, str]:
        counted[0] += 1
        clock.now += 1.0  # this scan takes a second
        return real(self, known)

    monkeypatch.setattr(SkillFiles, "sigs", slow)
    lib.refresh()
    assert counted == [1]
    clock.now += lib.refresh_interval
    lib.route("bread")
    assert counted == [1]  # 2 s after a 1 s scan: not yet
    clock.now += reconcile_module.SCAN_SHARE * 1.0 - lib.refresh_interval
    lib.route("bread")
    assert counted == [2]


def test_refresh_reads_an_edit_at_once(lib: SkillLibrary, clock: Clock, settled: None) -> None:
    lib.route("bread")
    edit_in_place(
        lib.store.files.folder("tune-piano") / "SKILL.md", "upright piano by ear", "harpsichord quickly"
    )
    report = lib.refresh()
    assert report.embedded == 1
    assert lib.route("harpsichord").candidates[0].skill.description == "Tune an harpsichord quickly."


def test_a_folder_added_or_removed_by_hand_is_routed_at_once(
    lib: SkillLibrary, clock: Clock, settled: None
) -> None:
    lib.route("bread")
    new = lib.store.skills_dir / "brew-coffee"
    tmp = lib.store.skills_dir.parent / "incoming"
    tmp.mkdir()
    (tmp / "SKILL.md").write_text(render_skill_md(Skill.create("brew-coffee", "Brew pour-over coffee.")))
    tmp.rename(new)  # a folder moved in whole
    assert lib.route("pour-over coffee").matched.name == "brew-coffee"  # type: ignore[union-attr]
    shutil.rmtree(lib.store.files.folder("bake-bread"))
    route = lib.route("sourdough bread")
    assert "bake-bread" not in [c.name for c in route.candidates]
    assert "bake-bread" not in lib.store.ledger.records()


def test_a_skill_md_written_into_a_new_folder_soon_after_is_not_missed(
    lib: SkillLibrary, clock: Clock
) -> None:
    """mkdir changes skills/, the SKILL.md written into it later does not: a route between the
    two must not take the just-changed folder as settled."""
    lib.route("bread")
    new = lib.store.skills_dir / "brew-coffee"
    new.mkdir()
    lib.route("coffee")  # sees an empty folder
    (new / "SKILL.md").write_text(render_skill_md(Skill.create("brew-coffee", "Brew pour-over coffee.")))
    assert lib.route("pour-over coffee").matched.name == "brew-coffee"  # type: ignore[union-attr]


def test_a_route_checks_no_file_when_nothing_is_due(
    lib: SkillLibrary, clock: Clock, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    lib.route("bread")
    counted = scans(lib, monkeypatch)
    stats = [0]
    real_stat = os.stat

    def counting_stat(path: object, *args: object, **kwargs: object) -> os.stat_result:
        stats[0] += 1
        return real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "stat", counting_stat)
    for _ in range(5):
        lib.route("bread")
    assert counted == [0] and stats[0] == 5  # one stat per route: the skills/ folder


def test_refresh_interval_zero_scans_before_every_route(
    tmp_path: Path, clock: Clock, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    lib = open_lib(tmp_path / "store", refresh_interval=0)
    lib.add(Skill.create("bake-bread", "Bake sourdough bread at home."))
    counted = scans(lib, monkeypatch)
    lib.route("bread")
    lib.route("bread")
    assert counted == [2]  # nothing changed: one stat of every SKILL.md each
    with pytest.raises(ValueError, match="refresh_interval"):
        open_lib(tmp_path / "other", refresh_interval=-1)


def _other_process(path: str) -> None:
    """Another process: an add, an outcome that teaches the router, and a hand edit read by
    refresh (Store level: the long-running process holds the embedded index)."""
    store = Store(path)
    store.add(Skill.create("brew-coffee", "Brew pour-over coffee."))
    store.record_outcome("bake-bread", 9, task="proof the dough overnight in the fridge")
    edit_in_place(
        store.files.folder("tune-piano") / "SKILL.md", "upright piano by ear", "harpsichord quickly"
    )
    store.refresh()
    store.close()


def test_another_process_writes_are_routed_at_once(lib: SkillLibrary, clock: Clock, settled: None) -> None:
    lib.route("bread")  # long-running: it has scanned, synced and holds the index
    child = multiprocessing.get_context("spawn").Process(target=_other_process, args=(str(lib.store.path),))
    child.start()
    child.join(120)
    assert child.exitcode == 0
    # the clock has not moved: no scan is due, the generation counter carries all three
    assert lib.route("pour-over coffee").matched.name == "brew-coffee"  # type: ignore[union-attr]
    overnight = lib.route("proof the dough overnight in the fridge")
    assert overnight.candidates[0].name == "bake-bread" and overnight.candidates[0].via == "example"
    assert lib.route("harpsichord").candidates[0].skill.description == "Tune an harpsichord quickly."


def test_a_server_s_route_leaves_a_scan_due_by_time_for_after_its_answer(
    lib: SkillLibrary, clock: Clock, settled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ``defer_scans`` (a server) a route never makes the scan that time alone made due
    (1-1.6 s at 100,000 skills): it is marked, made by ``catch_up`` after the answer, and the
    edit it reads is routed from then on. A folder added by hand is still read at once."""
    lib.defer_scans = True
    lib.route("bread")
    edit_in_place(lib.store.files.folder("tune-piano") / "SKILL.md", "upright piano by ear", "harpsichord")
    counted = scans(lib, monkeypatch)
    clock.now += lib.refresh_interval
    lib.route("harpsichord")
    assert counted == [0] and lib.scan_deferred  # answered from what was read before
    assert described(lib, "tune-piano") == "Tune an upright piano by ear."
    lib.catch_up()
    made = counted[0]
    assert made >= 1 and not lib.scan_deferred  # (a scan that finds a change looks twice)
    assert lib.route("harpsichord").candidates[0].skill.description == "Tune an harpsichord."
    lib.catch_up()
    assert counted == [made]  # nothing was left: nothing to do
    new = lib.store.skills_dir.parent / "incoming"
    new.mkdir()
    (new / "SKILL.md").write_text(render_skill_md(Skill.create("brew-coffee", "Brew pour-over coffee.")))
    new.rename(lib.store.skills_dir / "brew-coffee")
    assert lib.route("pour-over coffee").matched.name == "brew-coffee"  # type: ignore[union-attr]
    assert counted[0] > made and not lib.scan_deferred  # a changed skills/ folder: scanned at once
