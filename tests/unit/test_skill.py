"""The skill model: validation, and the three levels (summary, full skill, files)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skillrouter import (
    Skill,
    SkillFormatError,
    SkillNotFoundError,
    SkillSummary,
    Store,
    UnsafePathError,
    slugify,
)
from skillrouter.skill import ascii_name, validate_description, validate_name, validate_score

BODY = """# Fix Flaky Test

Intro paragraph that is not a section.

## Procedure

1. Run the test 50 times.
2. Look for shared state.

### Detail

Still part of the procedure.

## Pitfalls

- Adding sleeps.

## Verification

- 200 green runs in a row.

## Notes

Kept as written.
"""


def make(**kw: object) -> Skill:
    fields: dict[str, object] = {"name": "fix-flaky-test", "description": "Find why a test fails sometimes."}
    fields.update(kw)
    return Skill(**fields)  # type: ignore[arg-type]


# ---------------------------------------------------------------- names


@pytest.mark.parametrize("name", ["a", "fix-flaky-test", "x2", "a" * 64, "0-9"])
def test_valid_names(name: str) -> None:
    assert validate_name(name) == name
    assert make(name=name).name == name


@pytest.mark.parametrize("name", ["", None, 7])
def test_missing_name_is_refused_with_the_rule(name: object) -> None:
    with pytest.raises(SkillFormatError) as err:
        make(name=name)
    assert err.value.field == "name"
    assert "1-64 characters" in str(err.value)


def test_invalid_name_offers_a_slug() -> None:
    with pytest.raises(SkillFormatError) as err:
        make(name="Python Code Review")
    assert err.value.field == "name"
    assert "try 'python-code-review'" in str(err.value)
    assert "1-64 characters of a-z, 0-9" in str(err.value)


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("a" * 65, "a" * 64),
        ("Fix_Flaky Test", "fix-flaky-test"),
        ("-lead", "lead"),
        ("double--dash", "double-dash"),
        ("tail-", "tail"),
        ("ResearchHelper", "research-helper"),
    ],
)
def test_names_outside_the_rule_are_refused_with_their_slug(name: str, slug: str) -> None:
    with pytest.raises(SkillFormatError) as err:
        validate_name(name)
    assert f"try {slug!r}" in str(err.value)


def test_name_without_any_usable_character_offers_nothing() -> None:
    with pytest.raises(SkillFormatError) as err:
        validate_name("!!!")
    assert "try" not in str(err.value)


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("Python Code Review", "python-code-review"),
        ("ResearchHelper", "research-helper"),
        ("PDFParser v2", "pdf-parser-v2"),
        ("  spaced   out  ", "spaced-out"),
        ("C++ tips & tricks", "c-tips-tricks"),
    ],
)
def test_slugify(text: str, slug: str) -> None:
    assert slugify(text) == slug
    validate_name(slug)


def test_slugify_cuts_to_64_without_a_trailing_hyphen() -> None:
    slug = slugify("word " * 30)
    assert len(slug) <= 64 and not slug.endswith("-")
    validate_name(slug)


def test_slugify_folds_accents_and_full_width_forms() -> None:
    assert slugify("Café Crème") == "cafe-creme"  # not "caf-cr-me"
    assert slugify("ＰＤＦ Ｔｏｏｌｓ") == "pdf-tools"
    assert slugify("视频链接解析") == ""  # other scripts are not transliterated


# ---------------------------------------------------------------- the name policy (ascii_name)


@pytest.mark.parametrize(
    ("text", "fallback", "name"),
    [
        ("pdf-tools", "folder", "pdf-tools"),  # valid: kept
        ("PDF Tools", "folder", "pdf-tools"),  # ASCII: its slug, the folder is not needed
        ("Café Helper", "folder", "cafe-helper"),  # accents fold to ASCII letters
        ("!!!", "some-folder", "some-folder"),  # ASCII without a letter: the folder's
        ("!!!", None, ""),  # ... and nothing without one: refused by the caller
        ("🧩", None, ""),  # no letters at all
        # letters outside ASCII: the folder's name (a registry's ASCII id for the skill) ...
        ("Twitter 指挥中心 (搜索 + 发布)", "openclaw-aisa-twitter-search", "openclaw-aisa-twitter-search"),
        ("视频链接解析", "parse-video", "parse-video"),
        # ... else its ASCII words, else a hash of the name
        ("Twitter 指挥中心 (搜索 + 发布)", None, "twitter"),
        ("Twitter 指挥中心 (搜索 + 发布)", "视频", "twitter"),
        ("视频链接解析", None, "skill-88fd3526"),
    ],
)
def test_ascii_name_policy(text: str, fallback: str | None, name: str) -> None:
    assert ascii_name(text, fallback=fallback) == name
    if name:
        validate_name(name)


def test_the_hash_id_is_stable_and_reads_the_name_in_nfc() -> None:
    composed, decomposed = "技能 café", "技能 cafe\u0301"
    assert ascii_name(composed) == ascii_name(decomposed) == "cafe"  # the ASCII words, folded
    # the same literal on every machine and run (sha256 of the NFC text, not Python's hash())
    assert ascii_name("视频链接解析") == "skill-88fd3526"
    assert ascii_name("视频链接解析") != ascii_name("视频链接解析器")


def test_display_name_comes_from_metadata_else_the_name() -> None:
    assert make().display_name == "fix-flaky-test"
    shown = make(name="twitter", metadata={"display_name": "Twitter 指挥中心 (搜索 + 发布)", "x": 1})
    assert shown.display_name == "Twitter 指挥中心 (搜索 + 发布)"
    assert make(metadata={"display_name": "  "}).display_name == "fix-flaky-test"


# ---------------------------------------------------------------- descriptions, scores


def test_description_limits() -> None:
    assert make(description="x").description == "x"
    assert make(description="d" * 1024).description == "d" * 1024
    assert make(description="  padded  ").description == "padded"
    with pytest.raises(SkillFormatError) as err:
        make(description="d" * 1025)
    assert err.value.field == "description" and "1025 characters; the limit is 1024" in str(err.value)


@pytest.mark.parametrize("description", ["", "   \n", None, 3])
def test_description_required(description: object) -> None:
    with pytest.raises(SkillFormatError) as err:
        validate_description(description)
    assert err.value.field == "description" and "1-1024" in str(err.value)


@pytest.mark.parametrize("score", [1, 10, 7.5, 1.0])
def test_valid_scores(score: float) -> None:
    assert validate_score(score) == float(score)


@pytest.mark.parametrize("score", [0, 0.99, 10.01, 11, -3, float("nan"), float("inf"), True, "7", None])
def test_invalid_scores(score: object) -> None:
    with pytest.raises(SkillFormatError) as err:
        validate_score(score)
    assert err.value.field == "score" and "1 to 10" in str(err.value)


def test_tags_are_deduplicated_and_blank_ones_dropped() -> None:
    assert make(tags=("ci", " ", "ci", "flaky ")).tags == ("ci", "flaky")


def test_blank_task_type_becomes_general() -> None:
    assert make(task_type=" ").task_type == "general"


# ---------------------------------------------------------------- Level 0


def test_level0_summary_carries_statistics() -> None:
    skill = make(
        task_type="debugging", tags=("ci",), use_count=4, avg_score=8.5, status="quarantined", body=BODY
    )
    summary = skill.summary()
    assert summary == SkillSummary(
        "fix-flaky-test", "Find why a test fails sometimes.", "debugging", ("ci",), 4, 8.5, "quarantined"
    )
    assert summary.to_dict() == {
        "name": "fix-flaky-test",
        "description": "Find why a test fails sometimes.",
        "task_type": "debugging",
        "tags": ["ci"],
        "use_count": 4,
        "avg_score": 8.5,
        "status": "quarantined",
        "trust_level": None,
    }


def test_level0_text_is_what_gets_embedded() -> None:
    text = make(task_type="debugging", tags=("ci", "tests"), body=BODY).level0_text()
    assert text == "Find why a test fails sometimes."  # tags and type filter, never embedded
    assert "Run the test 50 times" not in text  # the body is Level 1, not embedded


def test_lexical_text_adds_the_start_of_the_body() -> None:
    skill = make(body=BODY + "x" * 5000)
    text = skill.lexical_text()
    assert (
        text.startswith("fix flaky test: Find why a test fails sometimes.\n")
        and "Run the test 50 times" in text
    )
    assert len(text) == len("fix flaky test: Find why a test fails sometimes.") + 1 + 1500


# ---------------------------------------------------------------- Level 1


def test_level1_sections_read_from_the_body() -> None:
    skill = make(body=BODY)
    assert skill.procedure == (
        "1. Run the test 50 times.\n2. Look for shared state.\n\n### Detail\n\nStill part of the procedure."
    )
    assert skill.pitfalls == "- Adding sleeps."
    assert skill.verification == "- 200 green runs in a row."
    assert make(body="no sections here").procedure == ""


def test_with_sections_rewrites_in_place_and_keeps_other_lines() -> None:
    skill = make(body=BODY).with_sections(pitfalls=["Adding sleeps.", "Retrying in CI."])
    assert skill.pitfalls == "- Adding sleeps.\n- Retrying in CI."
    assert skill.procedure == make(body=BODY).procedure
    assert "Intro paragraph that is not a section." in skill.body
    assert skill.body.endswith("## Notes\n\nKept as written.\n")
    assert skill.body.index("## Pitfalls") < skill.body.index("## Verification")


def test_with_sections_appends_a_missing_section() -> None:
    skill = make(body="# Title\n\nText.\n").with_sections(verification="Check it.")
    assert skill.body == "# Title\n\nText.\n\n## Verification\n\nCheck it.\n"
    assert skill.verification == "Check it."


def test_with_sections_refuses_unknown_sections() -> None:
    with pytest.raises(SkillFormatError) as err:
        make(body=BODY).with_sections(summary="x")
    assert err.value.field == "summary"


def test_create_composes_a_body_from_fields() -> None:
    skill = Skill.create(
        "fix-flaky-test",
        "Find why a test fails sometimes.",
        task_type="debugging",
        procedure=["Run it 50 times", "Look for shared state"],
        pitfalls="- Sleeps",
        verification=["200 green runs"],
        tags=["ci"],
    )
    assert skill.procedure == "1. Run it 50 times\n2. Look for shared state"
    assert skill.pitfalls == "- Sleeps"
    assert skill.verification == "- 200 green runs"
    assert skill.body.startswith("# Fix Flaky Test\n\nFind why a test fails sometimes.\n")
    assert (skill.task_type, skill.tags) == ("debugging", ("ci",))


def test_create_refuses_bad_section_types() -> None:
    with pytest.raises(SkillFormatError) as err:
        Skill.create("a", "b", procedure=[1, 2])
    assert err.value.field == "procedure"


# ---------------------------------------------------------------- Level 2 (served by the store)


@pytest.fixture
def level2(tmp_path: Path) -> Store:
    store = Store(tmp_path / "store")
    store.add(make(body=BODY), files={"references/guide.md": b"# Guide\n", "scripts/run.sh": b"echo hi\n"})
    folder = store.files.folder("fix-flaky-test")
    (tmp_path / "secret.txt").write_text("top secret")
    os.symlink(tmp_path / "secret.txt", folder / "references" / "leak.md")
    os.symlink(tmp_path, folder / "outside")
    return store


def test_level2_lists_files_beside_skill_md_without_links(level2: Store) -> None:
    assert level2.list_files("fix-flaky-test") == ["references/guide.md", "scripts/run.sh"]


def test_level2_reads_one_file_by_relative_path(level2: Store) -> None:
    assert level2.read_file("fix-flaky-test", "references/guide.md") == b"# Guide\n"
    assert level2.read_file("fix-flaky-test", "./scripts/run.sh") == b"echo hi\n"
    assert level2.read_file("fix-flaky-test", "scripts\\run.sh") == b"echo hi\n"


@pytest.mark.parametrize(
    "relpath",
    [
        "../x",
        "../../secret.txt",
        "references/../../secret.txt",
        "/etc/passwd",
        "\\etc\\passwd",
        "references/leak.md",
        "outside/secret.txt",
        "",
        "a\x00b",
    ],
)
def test_level2_refuses_paths_that_leave_the_folder(level2: Store, relpath: str) -> None:
    with pytest.raises(UnsafePathError):
        level2.read_file("fix-flaky-test", relpath)


def test_level2_missing_file_and_unknown_skill(level2: Store) -> None:
    with pytest.raises(SkillFormatError, match="has no file 'references/nope.md'"):
        level2.read_file("fix-flaky-test", "references/nope.md")
    with pytest.raises(SkillNotFoundError):
        level2.list_files("no-such-skill")
    with pytest.raises(SkillNotFoundError):
        level2.read_file("no-such-skill", "references/guide.md")
