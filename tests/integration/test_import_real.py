"""Real libraries through the importer: clawhub-sample (800 ClawHub skills and the public Chinese
machine translation of each) imports with every file either in or refused with its path and a
reason, at no fewer skills than measured (``benchmarks/import_real.py``); the libraries that
imported before need none of the new repairs; and what a skill carries in ``metadata``
(triggers, localized descriptions, a display name) survives import, export and ``show``."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, HashEmbedder

from skillrouter import SkillLibrary
from skillrouter.cli import cli
from skillrouter.skillmd import parse_skill_md
from skillrouter.transfer.exporter import export_skills

DATA = Path(
    os.environ.get("SKILLROUTER_DATA") or Path(__file__).resolve().parents[2].parent / "shared" / "data"
)
LIBS = DATA / "skill-libraries"
CLAWHUB = LIBS / "clawhub-sample"
# Measured with this importer (benchmarks/import_real.py; before the lenient reader, 764 and 720 of
# 800 imported, 27 and 73 refused for front matter YAML could not read). The 9 left out of each
# side are skills whose name another skill of the library took first: skipped, naming its path.
IMPORTED_AT_LEAST = {"en": 791, "zh": 791}


def hash_lib(path: Path) -> SkillLibrary:
    return SkillLibrary.open(path, embedder=CachedEmbedder(HashEmbedder(), EmbeddingCache(path / "cache.db")))


@pytest.mark.skipif(not CLAWHUB.is_dir(), reason="shared skill libraries not present")
@pytest.mark.parametrize("side", ["en", "zh"])
def test_clawhub_files_are_each_imported_or_refused_with_path_and_reason(tmp_path: Path, side: str) -> None:
    files = sorted(str(p) for p in (CLAWHUB / side).rglob("SKILL.md"))
    assert len(files) == 800
    lib = hash_lib(tmp_path / "store")
    # the reader's verdicts alone: with the gate on, a quarantine is still an import and a rejection
    # is still a refusal with its reason, but the counts would move with the scanner's rules
    report = lib.import_skills([CLAWHUB / side], scan=False)
    by_path = {w.split(": ", 1)[0] for w in report.warnings}
    assert len(report.added) + len(report.skipped) + len(report.errors) == len(files)
    for refusal in [*report.errors, *report.skipped]:
        assert refusal["path"] in files and refusal["reason"].strip() and "\n" not in refusal["reason"]
    assert len(report.added) >= IMPORTED_AT_LEAST[side], report.errors
    for warning in report.warnings:  # every repair says which file and what was done, on one line
        assert warning.split(": ", 1)[0] in files and "\n" not in warning
    # spot checks on real files, one per kind of breakage the translation brought
    if side == "zh":
        whoop = lib.get("whoop")  # description: **bold** (a YAML alias), over several lines
        assert whoop.description.startswith("**WHOOP Central - OAuth集成") and whoop.metadata["clawdbot"]
        voice = lib.get("tg-voice-whisper")  # keys translated into bold Markdown, no closing '---'
        assert voice.description.startswith("使用本工具可将 Telegram 中的音频消息")
        feishu = lib.get("feishu-drive")  # the closing '---' lost: the front matter ran into the body
        assert (
            feishu.body.lstrip().startswith("# 🚀")
            and "drive:file:upload" in feishu.extra["required_permissions"]
        )
        assert str(CLAWHUB / side / "lonehades" / "korail-manager" / "SKILL.md") in by_path  # ``` fence
    video = lib.get("parse-video")  # name: 视频链接解析 -> the folder's id, kept as the display name
    assert video.display_name == "视频链接解析"


def _kind(warning: str) -> str:
    return re.sub(r"'[^']*'|\d+", "…", warning.split(": ", 1)[1])


@pytest.mark.skipif(not LIBS.is_dir(), reason="shared skill libraries not present")
def test_the_libraries_that_imported_before_need_none_of_the_new_repairs() -> None:
    """hermes, anthropics and antigravity read exactly as before the lenient reader: the only
    repairs they take are the ones they always took (a slugified ASCII name, a long description
    cut, CRLF), so their skills and names are the same."""
    kinds: set[str] = set()
    count = 0
    for lib in ("hermes-agent-0.19.0", "anthropics-skills", "antigravity-awesome-skills"):
        for path in sorted((LIBS / lib).rglob("SKILL.md")):
            warnings: list[str] = []
            skill = parse_skill_md(
                path.read_bytes(), path=path, fallback_name=path.parent.name, warnings=warnings
            )
            assert "display_name" not in skill.metadata
            kinds.update(_kind(w) for w in warnings)
            count += 1
    assert count == 729
    assert kinds <= {
        "name … is not valid; using …",
        "description longer than … characters; cut",
        "CRLF/CR newlines read as LF",
    }


TRIGGERS = """---
name: Twitter 指挥中心 (搜索 + 发布)
description: 搜索推文并发布新推文。
metadata:
  triggers:
  - search twitter
  - 发推
  description_en: Search tweets and post new ones.
---
# Twitter 指挥中心

## Procedure

1. 搜索。
"""


def test_triggers_localized_descriptions_and_the_display_name_survive_import_export_and_show(
    tmp_path: Path,
    cli_uses,  # type: ignore[no-untyped-def]
) -> None:
    folder = tmp_path / "src" / "openclaw-aisa-twitter-search"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(TRIGGERS)
    lib = hash_lib(tmp_path / "a")
    report = lib.import_skills([tmp_path / "src"])
    assert report.added == ["openclaw-aisa-twitter-search"]
    assert any("kept as metadata.display_name" in w for w in report.warnings)
    expected = {
        "triggers": ["search twitter", "发推"],
        "description_en": "Search tweets and post new ones.",
        "display_name": "Twitter 指挥中心 (搜索 + 发布)",
    }
    assert dict(lib.get("openclaw-aisa-twitter-search").metadata) == expected
    for fmt in ("skillmd", "json"):
        out = export_skills(lib.store, tmp_path / f"export-{fmt}", fmt=fmt)  # type: ignore[arg-type]
        back = hash_lib(tmp_path / f"b-{fmt}")
        assert back.import_skills([out]).added == ["openclaw-aisa-twitter-search"]
        again = back.get("openclaw-aisa-twitter-search")
        assert dict(again.metadata) == expected and again.display_name == "Twitter 指挥中心 (搜索 + 发布)"
    lib.close()
    cli_uses(HashEmbedder())
    runner = CliRunner()
    store = ["--store", str(tmp_path / "a")]
    shown = runner.invoke(cli, ["show", "openclaw-aisa-twitter-search", "--level", "1", *store])
    assert shown.exit_code == 0, shown.output
    assert "display_name: Twitter 指挥中心 (搜索 + 发布)" in shown.output and "- 发推" in shown.output
    as_json = runner.invoke(cli, ["show", "openclaw-aisa-twitter-search", "--level", "1", "--json", *store])
    assert json.loads(as_json.stdout)["metadata"] == expected
