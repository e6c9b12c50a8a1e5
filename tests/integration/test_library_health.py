"""``skillrouter eval library``: a store's health (shadowing skills, unreachable ones, descriptions
cut by listing budgets) from its own pseudo-tasks, as JSON and as a page opened in a real browser."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from skillrouter.embeddings import Embedder
from skillrouter.eval.cli import eval_group
from skillrouter.eval.library_health import html_report, library_health

from skillrouter import SkillLibrary
from skillrouter.skill import Skill

EXAMPLES = Path(__file__).resolve().parents[2] / "skillrouter" / "examples" / "skills"
TWINS = [
    Skill(
        "csv-cleaner",
        "Clean messy CSV files by removing duplicate rows and fixing date formats. "
        "Use when a spreadsheet export has blank cells and stray whitespace in its columns.",
    ),
    Skill(
        "table-tidier",
        "Tidy CSV tables by dropping duplicate rows and normalising date formats. "
        "Use when an exported spreadsheet has empty cells and extra whitespace in columns.",
    ),
]
LONG = Skill(
    "everything-helper",
    "Helps with many things. " * 40,
    metadata={"triggers": [f"help me with thing number {i} of the many things" for i in range(16)]},
)


@pytest.fixture
def store(tmp_path: Path, cli_uses: Callable[[Embedder], None], st_embedder: Embedder) -> Path:
    cli_uses(st_embedder)
    path = tmp_path / "store"
    with SkillLibrary.open(path) as lib:
        lib.import_skills([EXAMPLES])
        for skill in [*TWINS, LONG]:
            lib.add(skill, scan=False)
    return path


def test_twins_shadow_each_other_and_a_long_description_is_cut(store: Path) -> None:
    with SkillLibrary.open(store) as lib:
        report = library_health(lib)
    assert report["skills"] == 19 and report["pseudo_tasks"] > 0
    pairs = {(r["a"], r["b"]) for r in report["shadowing"]}
    absorbed = {(r["skill"], r["by"]) for r in report["absorbed"]}
    assert ("csv-cleaner", "table-tidier") in pairs or {
        ("csv-cleaner", "table-tidier"),
        ("table-tidier", "csv-cleaner"),
    } & absorbed
    (long,) = [r for r in report["descriptions"] if r["skill"] == "everything-helper"]
    assert long["cut_by"] == ["agent-skills", "claude-code"] and long["chars"] > 1536
    assert report["languages"]["cjk"] + report["languages"]["english_only"] == 19
    cells = report["confusion"]["cells"]
    assert len(cells) == len(report["confusion"]["skills"]) and all(len(r) == len(cells) for r in cells)


def test_the_cli_writes_the_page_and_the_json(store: Path, tmp_path: Path) -> None:
    page, data = tmp_path / "health.html", tmp_path / "health.json"
    result = CliRunner().invoke(
        eval_group,
        ["library", "--store", str(store), "--html", str(page), "--json", str(data)],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    assert "19 skills" in result.output
    report = json.loads(data.read_text("utf-8"))
    assert {"shadowing", "unreachable", "descriptions", "languages", "confusion"} <= set(report)
    text = page.read_text("utf-8")
    assert "<svg" in text and "Skills that shadow each other" in text
    missing = CliRunner().invoke(eval_group, ["library", "--store", str(tmp_path / "nope")])
    assert missing.exit_code == 1 and "not a skillrouter store" in missing.output


@pytest.mark.skipif(shutil.which("chromium") is None, reason="needs Debian's chromium (apt install chromium)")
def test_the_page_in_a_real_browser_shows_the_picture_and_the_tables(store: Path, tmp_path: Path) -> None:
    from PIL import Image

    with SkillLibrary.open(store) as lib:
        report = library_health(lib)
    page = tmp_path / "health.html"
    page.write_text(html_report(report), "utf-8")
    shot = tmp_path / "health.png"
    subprocess.run(
        [
            "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={tmp_path / 'profile'}",
            f"--screenshot={shot}",
            "--window-size=1400,1600",
            page.as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    image = Image.open(shot).convert("RGB")
    pixels = list(image.getdata())
    # the confusion picture: its cells are drawn in the page's red (another skill took the
    # tasks) and green (a skill kept its own) over a light grid
    red = sum(1 for r, g, b in pixels if r > 180 and g < 140 and b < 140)
    green = sum(1 for r, g, b in pixels if g > 110 and r < 120 and b < 140)
    assert red + green > 200, (red, green)
    # the tables: their header cells are filled with the page's #eef2f7
    header = sum(1 for p in pixels if p == (0xEE, 0xF2, 0xF7))
    assert header > 2000, header
