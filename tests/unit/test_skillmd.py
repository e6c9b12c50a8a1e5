"""SKILL.md and the JSON form, both directions, without losing anything."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from skillrouter import (
    Skill,
    SkillFormatError,
    frontmatter,
    parse_skill_md,
    read_skill_md,
    render_skill_md,
    skill_from_json,
    skill_to_json,
)
from skillrouter.skillmd import dumps_json, front_matter

EXAMPLES = Path(__file__).resolve().parents[2] / "skillrouter" / "examples" / "skills"

FULL = """---
name: pdf-tools
description: Extract text and tables from PDF files.
task_type: documents
tags: [pdf, extraction]
license: Apache-2.0
compatibility: Requires poppler-utils
allowed-tools: Bash(pdftotext:*) Read
metadata:
  author: someone
  hermes:
    related_skills: [ocr]
    config: {depth: 2, modes: [a, b]}
x-custom: keep me
x-list:
- 1
- two
- {three: 3}
created_at: 2024-05-01
---

# PDF Tools

Intro.

## Procedure

1. Run `pdftotext -layout`.

## Pitfalls

- Scanned pages have no text layer.

## Verification

- Compare page counts.
"""


def test_known_fields_and_unknown_keys() -> None:
    skill = parse_skill_md(FULL)
    assert skill.name == "pdf-tools"
    assert skill.description == "Extract text and tables from PDF files."
    assert skill.task_type == "documents"
    assert skill.tags == ("pdf", "extraction")
    assert skill.license == "Apache-2.0"
    assert skill.compatibility == "Requires poppler-utils"
    assert skill.allowed_tools == "Bash(pdftotext:*) Read"
    assert skill.metadata == {
        "author": "someone",
        "hermes": {"related_skills": ["ocr"], "config": {"depth": 2, "modes": ["a", "b"]}},
    }
    assert skill.extra == {"x-custom": "keep me", "x-list": [1, "two", {"three": 3}]}
    assert skill.created_at == "2024-05-01"  # a date stays the text it was
    assert skill.procedure == "1. Run `pdftotext -layout`."
    assert skill.body.startswith("\n# PDF Tools\n")


def test_skill_md_round_trip_is_lossless() -> None:
    skill = parse_skill_md(FULL)
    text = render_skill_md(skill)
    again = parse_skill_md(text)
    assert again == skill
    assert render_skill_md(again) == text
    assert again.body == skill.body  # leading blank line included
    assert "x-custom: keep me\n" in text and "x-list:\n- 1\n- two\n- three: 3\n" in text
    assert "allowed-tools: Bash(pdftotext:*) Read\n" in text
    assert "license: Apache-2.0\n" in text


def test_rendered_file_keeps_the_body_byte_for_byte() -> None:
    text = render_skill_md(parse_skill_md(FULL))
    assert text.split("\n---\n", 1)[1] == FULL.split("\n---\n", 1)[1]


@pytest.mark.parametrize(
    "body", ["", "\n", "\n\n# Two blank lines\n", "no newline at end", "# T\n\n---\n\nafter a rule\n"]
)
def test_any_body_survives_a_round_trip(body: str) -> None:
    skill = Skill("a-b", "d", body=body)
    assert parse_skill_md(render_skill_md(skill)).body == body


TRIGGERS = """---
name: fix-flaky-test
description: Find why a test fails only sometimes and fix it.
metadata:
  triggers:
  - the test fails one run in ten
  - 测试偶尔失败
  description_zh: 找出测试为何时好时坏，并修复它。
  description_ja: |-
    テストがときどき失敗する理由を見つけて直す。
    二行目。
  display_name: Fix Flaky Test（修复不稳定测试）
---
# Fix
"""


def test_triggers_and_localized_descriptions_survive_skill_md_and_json_both_ways() -> None:
    skill = parse_skill_md(TRIGGERS)
    assert skill.metadata["triggers"] == ["the test fails one run in ten", "测试偶尔失败"]
    assert skill.metadata["description_zh"] == "找出测试为何时好时坏，并修复它。"
    assert skill.display_name == "Fix Flaky Test（修复不稳定测试）"
    assert render_skill_md(skill) == TRIGGERS  # written back as it was, unescaped
    for again in (
        parse_skill_md(render_skill_md(skill)),
        skill_from_json(json.loads(dumps_json(skill))),
        parse_skill_md(render_skill_md(skill_from_json(json.loads(dumps_json(skill))))),
    ):
        assert again == skill and dict(again.metadata) == dict(skill.metadata)
    data = json.loads(dumps_json(skill))
    assert data["metadata"]["triggers"] == ["the test fails one run in ten", "测试偶尔失败"]
    assert skill_to_json(skill_from_json(data)) == data


def test_allowed_tools_as_a_list_and_multiline_description() -> None:
    raw = (
        "---\nname: a-b\ndescription: |\n  line one\n  line two\nallowed-tools:\n- Read\n- Bash\n---\nbody\n"
    )
    skill = parse_skill_md(raw)
    assert skill.allowed_tools == ["Read", "Bash"]
    assert skill.description == "line one\nline two"
    assert parse_skill_md(render_skill_md(skill)) == skill


def test_hermes_tags_come_from_metadata() -> None:
    raw = "---\nname: a-b\ndescription: d\nmetadata:\n  hermes:\n    tags: [x, y]\n---\n"
    skill = parse_skill_md(raw)
    assert skill.tags == ("x", "y")
    assert skill.metadata == {"hermes": {"tags": ["x", "y"]}}
    assert parse_skill_md(render_skill_md(skill)) == skill


def test_comma_separated_tags() -> None:
    assert parse_skill_md("---\nname: a\ndescription: d\ntags: one, two ,three\n---\n").tags == (
        "one",
        "two",
        "three",
    )


def test_crlf_and_bom_read_like_lf() -> None:
    lf = parse_skill_md(FULL)
    crlf = FULL.replace("\n", "\r\n")
    assert parse_skill_md(crlf) == lf
    assert parse_skill_md(("\ufeff" + crlf).encode("utf-8")) == lf
    assert parse_skill_md(b"\xef\xbb\xbf" + FULL.encode("utf-8")) == lf
    assert parse_skill_md(FULL.replace("\n", "\r")) == lf


def test_stray_cp1252_bytes_are_read() -> None:
    raw = "---\nname: a-b\ndescription: caf\xe9 notes\n---\n".encode("cp1252")
    assert parse_skill_md(raw).description == "café notes"


def test_tabs_in_front_matter_are_forgiven() -> None:
    raw = "---\nname: a-b\ndescription: d\nmetadata:\n\tauthor: me\n---\n"
    assert parse_skill_md(raw).metadata == {"author": "me"}


def test_read_skill_md_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "SKILL.md"
    path.write_text(FULL.replace("name: pdf-tools", "name: PDF Tools"))
    with pytest.raises(SkillFormatError) as err:
        read_skill_md(path)
    assert err.value.path == str(path) and err.value.field == "name"
    assert str(err.value).startswith(f"{path}: field 'name': invalid name 'PDF Tools'")
    assert "try 'pdf-tools'" in str(err.value)
    with pytest.raises(SkillFormatError, match="cannot read"):
        read_skill_md(tmp_path / "missing.md")


@pytest.mark.parametrize(
    ("raw", "message", "field"),
    [
        ("# no front matter\n", "no YAML front matter", None),
        ("---\nname: a\ndescription: [unclosed\n---\n", "front matter is not valid YAML (line", None),
        ("---\n- a\n- b\n---\n", "must be a mapping", None),
        ("---\ndescription: d\n---\n", "name is required", "name"),
        ("---\nname: a\n---\nbody\n", "description is required", "description"),
        ("---\nname: a\ndescription: " + "d" * 1025 + "\n---\n", "the limit is 1024", "description"),
    ],
)
def test_strict_errors_name_file_and_field(raw: str, message: str, field: str | None) -> None:
    with pytest.raises(SkillFormatError) as err:
        parse_skill_md(raw, path="lib/a/SKILL.md")
    assert message in str(err.value)
    assert err.value.path == "lib/a/SKILL.md" and err.value.field == field
    assert str(err.value).startswith("lib/a/SKILL.md")


def test_lenient_mode_repairs_and_says_so() -> None:
    warnings: list[str] = []
    skill = parse_skill_md(
        "---\nname: My Skill\n---\n# Title\n\nFirst paragraph\nwraps here.\n\nSecond.\n",
        path="x/SKILL.md",
        fallback_name="folder",
        warnings=warnings,
    )
    assert skill.name == "my-skill"
    assert skill.description == "First paragraph wraps here."
    assert len(warnings) == 2 and "using 'my-skill'" in warnings[0] and "first paragraph" in warnings[1]


def test_lenient_mode_falls_back_to_the_folder_name_and_cuts_descriptions() -> None:
    warnings: list[str] = []
    raw = "# Only a body\n\nDoes a thing.\n"
    skill = parse_skill_md(raw, fallback_name="Folder Name", warnings=warnings)
    assert (skill.name, skill.description) == ("folder-name", "Does a thing.")
    long = parse_skill_md("---\nname: a\ndescription: " + "d" * 2000 + "\n---\n", warnings=warnings)
    assert len(long.description) == 1024 and long.description.endswith("...")


def test_lenient_mode_still_refuses_what_it_cannot_repair() -> None:
    with pytest.raises(SkillFormatError):
        parse_skill_md("---\nname: '!!!'\ndescription: d\n---\n", fallback_name="", warnings=[])
    with pytest.raises(SkillFormatError, match="description"):
        parse_skill_md("---\nname: a\n---\n# Only a heading\n", warnings=[])


def test_every_example_skill_parses_strictly_and_round_trips() -> None:
    paths = sorted(EXAMPLES.glob("*/SKILL.md"))
    assert len(paths) >= 10
    for path in paths:
        skill = read_skill_md(path)
        assert skill.name == path.parent.name
        assert skill.procedure and skill.pitfalls and skill.verification, path
        assert parse_skill_md(render_skill_md(skill)) == skill
        assert skill_from_json(json.loads(dumps_json(skill))) == skill


# ---------------------------------------------------------------- JSON form


def test_json_form_fields() -> None:
    skill = parse_skill_md(FULL)
    data = skill_to_json(skill)
    assert {
        k: data[k]
        for k in (
            "name",
            "description",
            "task_type",
            "procedure",
            "pitfalls",
            "verification",
            "use_count",
            "avg_score",
        )
    } == {
        "name": "pdf-tools",
        "description": "Extract text and tables from PDF files.",
        "task_type": "documents",
        "procedure": "1. Run `pdftotext -layout`.",
        "pitfalls": "- Scanned pages have no text layer.",
        "verification": "- Compare page counts.",
        "use_count": 0,
        "avg_score": None,
    }
    assert data["extra"] == {"x-custom": "keep me", "x-list": [1, "two", {"three": 3}]}
    assert data["allowed_tools"] == "Bash(pdftotext:*) Read" and data["license"] == "Apache-2.0"
    assert "use_count" not in skill_to_json(skill, stats=False)


def test_json_round_trip_is_lossless_both_ways() -> None:
    skill = parse_skill_md(FULL)
    text = render_skill_md(skill)
    # SKILL.md -> JSON -> SKILL.md
    via_json = skill_from_json(json.loads(json.dumps(skill_to_json(skill))))
    assert via_json == skill
    assert render_skill_md(via_json) == text
    # JSON -> SKILL.md -> JSON
    data = skill_to_json(skill, stats=False)
    assert skill_to_json(parse_skill_md(render_skill_md(skill_from_json(data))), stats=False) == data


def test_json_statistics_and_status_survive() -> None:
    skill = Skill("a-b", "d", use_count=12, avg_score=8.25, status="retired", version=3)
    again = skill_from_json(skill_to_json(skill))
    assert (again.use_count, again.avg_score, again.status, again.version) == (12, 8.25, "retired", 3)


def test_design_json_form_without_body_composes_sections() -> None:
    data = {
        "name": "clean-csv",
        "description": "Clean a CSV.",
        "task_type": "data",
        "procedure": ["Load it", "Drop duplicates"],
        "pitfalls": "- Encodings",
        "verification": "- Row counts",
        "use_count": 3,
        "avg_score": 7.0,
        "x-origin": "unit test",
    }
    skill = skill_from_json(data)
    assert skill.procedure == "1. Load it\n2. Drop duplicates"
    assert (skill.pitfalls, skill.verification) == ("- Encodings", "- Row counts")
    assert (skill.use_count, skill.avg_score) == (3, 7.0)
    assert skill.extra == {"x-origin": "unit test"}
    back = skill_to_json(skill)
    assert {k: back[k] for k in data if k != "procedure" and k != "x-origin"} == {
        k: v for k, v in data.items() if k not in ("procedure", "x-origin")
    }
    assert skill_from_json(back) == skill


def test_a_json_skill_with_an_empty_body_keeps_it_unless_sections_are_given() -> None:
    # a SKILL.md that is all front matter exports with body "" and must come back so
    skill = Skill("a-b", "d", body="")
    assert skill_from_json(skill_to_json(skill)) == skill
    composed = skill_from_json({"name": "a-b", "description": "d", "procedure": ["Do it"], "body": ""})
    assert composed.procedure == "1. Do it"


def test_json_sections_given_beside_a_body_win() -> None:
    base = skill_to_json(parse_skill_md(FULL))
    base["pitfalls"] = "- Encrypted files."
    skill = skill_from_json(base)
    assert skill.pitfalls == "- Encrypted files."
    assert skill.procedure == "1. Run `pdftotext -layout`."


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"name": "a", "description": "d", "use_count": -1}, "use_count"),
        ({"name": "a", "description": "d", "use_count": "3"}, "use_count"),
        ({"name": "a", "description": "d", "avg_score": 11}, "avg_score"),
        ({"name": "a", "description": "d", "avg_score": True}, "avg_score"),
        ({"name": "Bad Name", "description": "d"}, "name"),
        ({"name": "a"}, "description"),
    ],
)
def test_json_errors_name_field_and_path(data: dict[str, object], field: str) -> None:
    with pytest.raises(SkillFormatError) as err:
        skill_from_json(data, path="skills.json")
    assert (err.value.field, err.value.path) == (field, "skills.json")


def test_json_tags_as_a_list_or_comma_separated_text() -> None:
    assert skill_from_json({"name": "a", "description": "d", "tags": ["x", "y"]}).tags == ("x", "y")
    assert skill_from_json({"name": "a", "description": "d", "tags": "x, y"}).tags == ("x", "y")
    assert skill_from_json({"name": "a", "description": "d", "tags": None}).tags == ()


def test_json_must_be_an_object() -> None:
    with pytest.raises(SkillFormatError, match="must be a JSON object, got list"):
        skill_from_json([1, 2])


# ---------------------------------------------------------------- the fast YAML emitter


def _slow(data: dict[str, object]) -> str:
    return yaml.dump(data, Dumper=frontmatter.Dumper, sort_keys=False, allow_unicode=True, width=1_000_000)


@pytest.mark.parametrize(
    "data",
    [
        {"name": "a", "description": "Plain words: with a colon, 'quotes' and \"double\" ones."},
        {"name": "b", "description": "一键发布 Markdown 到微信公众号草稿箱。", "tags": ["中文", "x"]},
        {"name": "c", "description": "line one\nline two\n", "metadata": {"k": [1, 2.5, None, True]}},
        {"name": "d", "description": "emoji \U0001f4f1 beyond the BMP", "metadata": {"emoji": "\U0001f43a"}},
        {"name": "e", "description": "- starts like a list", "x": "# a comment?", "y": "@at", "z": "yes"},
        {"name": "f", "description": "tab\tand bell\x07 and NBSP\u00a0 and zero-width\u200b"},
    ],
)
def test_the_fast_emitter_writes_what_the_python_one_writes(data: dict[str, object]) -> None:
    assert frontmatter.dump_front(data) == _slow(data)


def test_the_fast_emitter_on_every_real_skill() -> None:
    root = Path(__file__).resolve().parents[3] / "shared" / "data" / "skill-libraries"
    if not root.is_dir():
        pytest.skip("shared/data is not here")
    seen = 0
    for path in sorted(root.rglob("SKILL.md"))[::3]:
        try:
            skill = parse_skill_md(path.read_bytes(), fallback_name=path.parent.name, warnings=[])
        except SkillFormatError:
            continue
        data = front_matter(skill)
        assert frontmatter.dump_front(data) == _slow(data), path
        seen += 1
    assert seen > 500
