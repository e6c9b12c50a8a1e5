"""An import's progress lines (skillrouter.cli.transfer.PhaseLines): each phase when it ends, and
while skills are written, the rate and the time left every few seconds."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner
from skillrouter.embeddings import Embedder

from skillrouter.cli import cli
from skillrouter.cli.transfer import PhaseLines

EXAMPLES = Path(__file__).resolve().parents[2] / "skillrouter" / "examples" / "skills"


def test_each_phase_is_said_when_it_ends_and_the_writes_with_their_rate_and_time_left() -> None:
    said: list[str] = []
    now = [0.0]
    lines = PhaseLines(said.append, clock=lambda: now[0])
    lines("parsed", 300)
    for i in range(300):
        now[0] = i / 10
        lines("written", 1)
    assert len(said) == 2  # every 10 s of writing: at about 100 and about 200 skills
    assert re.fullmatch(r"written 10\d/300 skills \(10\.\d/s, about 20 s left\)", said[0]), said
    now[0] += 95.1
    lines("fit", 0)
    assert said[-1] == "written 300 skills in 2 min 5 s (2.4/s)"
    now[0] += 12
    lines("index", 0)
    now[0] += 3
    lines("duplicates", 0)
    now[0] += 1
    lines("done", 0)
    assert said[-3:] == ["library fit in 12 s", "index in 3 s", "near-duplicate check in 1 s"]


def test_a_source_read_as_it_is_written_has_no_total_and_no_time_left() -> None:
    said: list[str] = []
    now = [0.0]
    lines = PhaseLines(said.append, clock=lambda: now[0])  # a JSONL file: no "parsed" count first
    for i in range(150):
        now[0] = i / 10
        lines("written", 1)
    assert said == ["written 101 skills (10.1/s)"]


def test_under_a_progress_bar_the_writes_are_left_to_the_bar() -> None:
    said: list[str] = []
    now = [0.0]
    lines = PhaseLines(said.append, clock=lambda: now[0])
    lines("parsed", 10, quiet=True)
    for _ in range(10):
        now[0] += 5
        lines("written", 1, quiet=True)
    assert said == []
    lines("index", 0)
    assert said == ["written 10 skills in 45 s (0.2/s)"]


def test_a_text_import_says_its_phases_on_stderr(
    tmp_path: Path, cli_uses: Callable[[Embedder], None], hash_embedder: Embedder
) -> None:
    cli_uses(hash_embedder)
    result = CliRunner().invoke(cli, ["import", str(EXAMPLES), "--store", str(tmp_path / "store")])
    assert result.exit_code == 0, result.output
    assert "imported: 16 added" in result.stdout
    assert "written 16 skills in" in result.stderr and "index in" in result.stderr
    quiet = CliRunner().invoke(cli, ["import", str(EXAMPLES), "--store", str(tmp_path / "s2"), "--json"])
    assert quiet.stderr == ""  # --json: the report alone
