"""The lenient reader's repairs, one failure kind per test, each on a small case modelled on the
real files of ``shared/data/skill-libraries/clawhub-sample`` (ClawHub originals and their Chinese
machine translation): every repair gives the skill and says what it did; what cannot be repaired
is refused with the file and one line of reason; strict reading is unchanged."""

from __future__ import annotations

import json

import pytest

from skillrouter import (
    Skill,
    SkillFormatError,
    parse_skill_md,
    render_skill_md,
    skill_from_json,
    skill_to_json,
)
from skillrouter.skillmd import MAX_YAML_VALUES

PATH = "lib/author/folder/SKILL.md"


def lenient(raw: str | bytes, folder: str | None = "folder") -> tuple[Skill, list[str]]:
    """The skill and its warnings (path taken off), read as a bulk import reads."""
    warnings: list[str] = []
    skill = parse_skill_md(raw, path=PATH, fallback_name=folder, warnings=warnings)
    assert all(w.startswith(f"{PATH}: ") for w in warnings)
    # what a repair gives is a valid skill: stored, it reads back strictly, the same
    assert parse_skill_md(render_skill_md(skill)) == skill
    assert skill_from_json(json.loads(json.dumps(skill_to_json(skill)))) == skill
    return skill, [w.removeprefix(f"{PATH}: ") for w in warnings]


def refused(raw: str | bytes, folder: str | None = "folder") -> SkillFormatError:
    with pytest.raises(SkillFormatError) as err:
        parse_skill_md(raw, path=PATH, fallback_name=folder, warnings=[])
    assert err.value.path == PATH and "\n" not in str(err.value)
    return err.value


def test_a_clean_file_reads_the_same_either_way_and_says_nothing() -> None:
    raw = "---\nname: pdf-tools\ndescription: Extract text.\nmetadata:\n  author: me\n---\n# PDF\n"
    skill, warnings = lenient(raw)
    assert skill == parse_skill_md(raw) and warnings == []


# ---------------------------------------------------------------- front matter YAML cannot read


def test_an_unquoted_colon_in_the_description_is_read_as_text() -> None:
    # en 25, zh 3: "... Use when: (1) ..." / "... Keywords: url, shortener"
    raw = (
        "---\nname: zulk-url-shortener\n"
        "description: URL shortening via MCP. Keywords: url, shortener, analytics.\n"
        "license: MIT\nmetadata:\n  mcp_url: https://mcp.example/mcp\n---\n\n# Zulk\n"
    )
    with pytest.raises(SkillFormatError, match="not valid YAML"):
        parse_skill_md(raw)  # strict reading is unchanged
    skill, warnings = lenient(raw)
    assert skill.description == "URL shortening via MCP. Keywords: url, shortener, analytics."
    assert (skill.license, dict(skill.metadata)) == ("MIT", {"mcp_url": "https://mcp.example/mcp"})
    assert warnings == ["front matter: 'description' is not valid YAML (line 3); read as text"]
    assert skill.body == "\n# Zulk\n"


def test_a_description_opening_in_bold_and_running_over_lines_is_read_as_text() -> None:
    # zh 50: the translator made the description start with **bold** (YAML: an alias) and wrote
    # it over unquoted lines at column 0, blank lines and a Markdown list included
    raw = (
        "---\nname: whoop\n"
        "description: **WHOOP Central - OAuth集成**  \n"
        "当用户询问睡眠状况时，可使用该工具。  \n\n"
        "**功能说明：**  \n- **OAuth集成**：安全登录。  \n  - 睡眠质量（sleep）  \n"
        'version: 1.0.2\nmetadata:\n  clawdbot:\n    requires:\n      bins: ["node"]\n---\n\n# WHOOP\n'
    )
    skill, warnings = lenient(raw)
    assert skill.description == (
        "**WHOOP Central - OAuth集成**\n当用户询问睡眠状况时，可使用该工具。\n\n"
        "**功能说明：**\n- **OAuth集成**：安全登录。\n  - 睡眠质量（sleep）"
    )
    assert skill.extra == {"version": "1.0.2"}  # the entries after it are YAML again
    assert skill.metadata == {"clawdbot": {"requires": {"bins": ["node"]}}}
    assert warnings == ["front matter: 'description' is not valid YAML (line 3); read as text"]


def test_a_description_turned_into_a_numbered_list_is_read_as_text() -> None:
    # zh 17: "适用于以下场景：" then "(1) ...;" lines
    raw = (
        "---\nname: mayar-payment\n"
        "description: 支付集成功能。适用于以下场景：  \n(1) 为顾客创建支付发票；  \n(2) 跟踪支付状态。\n"
        "---\nBody.\n"
    )
    skill, _ = lenient(raw)
    assert skill.description == "支付集成功能。适用于以下场景：\n(1) 为顾客创建支付发票；\n(2) 跟踪支付状态。"


def test_a_flow_list_followed_by_text_is_read_as_text() -> None:
    # en and zh: argument-hint: [研究主题] [--model ...]
    raw = (
        "---\nname: unifuncs-deep-research\ndescription: 深度研究。\n"
        "argument-hint: [研究主题] [--model u2|u1]\nallowed-tools: Bash(curl:*)\n---\n"
    )
    skill, warnings = lenient(raw)
    assert skill.extra == {"argument-hint": "[研究主题] [--model u2|u1]"}
    assert skill.allowed_tools == "Bash(curl:*)"
    assert warnings == ["front matter: 'argument-hint' is not valid YAML (line 4); read as text"]


def test_front_matter_that_lost_its_closing_fence_ends_where_the_body_begins() -> None:
    # en and zh feishu-drive: no closing '---'; a '---' rule further down closed it instead
    raw = (
        "---\nname: feishu-drive\ndescription: 飞书云空间文件管理。\nrequired_permissions:\n"
        "  - drive:file:upload\n  - space:folder:create\n"
        "\n# 🚀 快速启动\n为避免机器人文件进入黑盒，请先配置：\n"
        "1. **创建锚点**：创建一个文件夹。\n\n---\n\n## 用法\n"
    )
    skill, warnings = lenient(raw)
    assert skill.extra == {"required_permissions": ["drive:file:upload", "space:folder:create"]}
    assert skill.body == raw[raw.index("\n# 🚀") :]  # the body, its '---' rule included, as written
    assert warnings == [
        (
            "front matter is not valid YAML (line 10): its closing '---' is missing: read up to line 6, "
            "the body starts at line 7"
        )
    ]


def test_front_matter_never_closed_is_read_as_far_as_it_goes() -> None:
    # en tg-voice-whisper: keys, blank lines, then the body, and no closing '---' at all
    raw = (
        "---\nname: tg-voice-whisper\ndescription: Transcribe Telegram voice messages locally.\n"
        "emoji: 🎙️\n\nrequires:\n  bins: [whisper, ffmpeg]\n\n**Safe:** Local-only.\n\nMore.\n"
    )
    skill, warnings = lenient(raw)
    assert skill.name == "tg-voice-whisper"
    assert skill.extra == {"emoji": "🎙️", "requires": {"bins": ["whisper", "ffmpeg"]}}
    assert skill.body == "\n**Safe:** Local-only.\n\nMore.\n"
    assert warnings == ["front matter has no closing '---': read up to line 7, the body starts at line 8"]
    # en korail-manager: the whole file is front matter
    whole, said = lenient("---\nname: korail\ndescription: Trains.\ntools:\n  - name: search\n")
    assert (whole.extra, whole.body) == ({"tools": [{"name": "search"}]}, "")
    assert said == ["front matter has no closing '---': the whole file is front matter"]


def test_translated_bold_keys_after_an_unclosed_fence_give_name_and_description() -> None:
    # zh tg-voice-whisper: the translator wrote the keys as bold Markdown after the opening '---'
    raw = (
        "---\n\n**名称：tg-voice-whisper**  \n**描述：** 使用本工具可将音频消息转录为文本。  \n"
        "**图标：** 🎙️🔊  \n\n**依赖软件：**\n- `whisper`\n"
    )
    skill, warnings = lenient(raw)
    assert (skill.name, skill.description) == ("tg-voice-whisper", "使用本工具可将音频消息转录为文本。")
    assert skill.body.startswith("**图标：** 🎙️🔊")  # an unknown bold key is the body's, not a value's
    assert warnings[:2] == [
        "front matter: '**名称：' (line 3) read as the key 'name'",
        "front matter: '**描述：**' (line 4) read as the key 'description'",
    ]
    assert "read up to line 4, the body starts at line 5" in warnings[2]


def test_translated_and_full_width_keys_in_a_front_matter() -> None:
    skill, warnings = lenient("---\n名称: clawcast\n描述: 管理 EVM 钱包。\n标签: evm, wallet\n---\n")
    assert (skill.name, skill.description, skill.tags) == ("clawcast", "管理 EVM 钱包。", ("evm", "wallet"))
    assert warnings == [
        "key '名称' read as 'name'",
        "key '描述' read as 'description'",
        "key '标签' read as 'tags'",
    ]
    wide, said = lenient("---\nname：clawcast\ndescription：管理钱包。\n---\n")
    assert (wide.name, wide.description) == ("clawcast", "管理钱包。")
    assert said[0].startswith("front matter: 'name：' (line 2) read as the key 'name'")


def test_a_known_key_in_another_case_is_read_as_the_key() -> None:
    # en and zh copilot-agent: Name: / Version:
    skill, warnings = lenient(
        "---\nName: COPILOT-VIBE\nVersion: 1.0.2\n---\n\n# Copilot\n\nAnswers politely.\n"
    )
    assert skill.name == "copilot-vibe" and skill.extra == {"Version": "1.0.2"}  # not a known key: kept
    assert warnings == [
        "key 'Name' read as 'name'",
        "name 'COPILOT-VIBE' is not valid; using 'copilot-vibe'",
        "no description; using the first paragraph",
    ]


def test_front_matter_that_no_key_starts_is_the_body() -> None:
    # zh ralph-loop-writer: the translator dropped name/description; Markdown between the fences
    raw = (
        "\n---\n\n# Ralph 命令生成器\n\n该工具用于生成循环命令。\n\n"
        "## 允许使用的工具：\n- Read\n\n---\n\n## 工作流程\n"
    )
    skill, warnings = lenient(raw, folder="ralph-loop-writer")
    assert (skill.name, skill.description) == ("ralph-loop-writer", "该工具用于生成循环命令。")
    assert skill.body.startswith("\n# Ralph 命令生成器\n") and skill.body.endswith("---\n\n## 工作流程\n")
    assert "no key starts it: the text after the opening '---' read as the body" in warnings[1]


# ---------------------------------------------------------------- where the front matter is


def test_blank_lines_before_the_front_matter_are_skipped() -> None:
    # en ralph-loop-writer
    skill, warnings = lenient("\n---\nname: ralph\ndescription: Generate loop commands.\n---\n# Ralph\n")
    assert (skill.name, skill.body) == ("ralph", "# Ralph\n")
    assert warnings == ["blank lines before the front matter skipped"]


def test_a_front_matter_wrapped_in_a_code_block_is_unwrapped() -> None:
    # zh korail-manager: ```markdown, the front matter, ```
    skill, warnings = lenient("```markdown\n---\nname: korail\ndescription: 火车票。\n---\n```\n\n# Korail\n")
    assert (skill.name, skill.body) == ("korail", "\n# Korail\n")
    assert warnings == ["front matter inside a ``` code block; read without the fence"]


# ---------------------------------------------------------------- no front matter, no name, no description


def test_no_front_matter_takes_the_folder_name_and_the_first_paragraph_of_prose() -> None:
    # en 93, zh 94: ClawHub keeps name and description in its own metadata
    raw = (
        "# Browser Automation Stealth\n\n**Version:** 1.0.0  \n**Author:** Midas Skills\n\n"
        '<p align="center">\n  <img src="https://img.shields.io/badge/v-1-blue">\n</p>\n\n'
        "> Anti-bot evasion Playwright wrapper.\n"
    )
    skill, warnings = lenient(raw, folder="browser-automation-stealth")
    assert (skill.name, skill.description) == (
        "browser-automation-stealth",
        "Anti-bot evasion Playwright wrapper.",
    )
    assert warnings == [
        "no front matter",
        "no name; using the folder name 'browser-automation-stealth'",
        "no description; using the first paragraph",
    ]


def test_a_description_line_in_the_body_is_the_description() -> None:
    # zh maverick-software: the translator put the keys in the body as bold Markdown
    raw = (
        "# 插件架构技能\n\n**名称：** plugin-architecture  \n**版本：** 1.1.0  \n"
        "**描述：** 为 OpenClaw 添加了 UI 插件注册功能。\n\n## 概述\n该技能……\n"
    )
    skill, warnings = lenient(raw, folder="plugin-architecture")
    assert (skill.name, skill.description) == ("plugin-architecture", "为 OpenClaw 添加了 UI 插件注册功能。")
    assert warnings[-1] == "no description; using the '描述' line of the body"
    plain, _ = lenient("# Sniper\nDescription: A coding assistant for trading bots.\n\n## Prompt\n")
    assert plain.description == "A coding assistant for trading bots."


def test_summary_stands_in_for_a_missing_description() -> None:
    skill, warnings = lenient(
        "---\nsummary: Query crypto wallet portfolios.\n---\n\n# Zerion\n\nOther text.\n"
    )
    assert skill.description == "Query crypto wallet portfolios."
    assert skill.extra == {"summary": "Query crypto wallet portfolios."}  # kept, as every key is
    assert warnings == ["no name; using the folder name 'folder'", "no description; using 'summary'"]


def test_a_description_given_as_a_list_is_read_as_its_text() -> None:
    raw = "---\nname: podcast\ndescription:\n  - 创建章节标记\n  - 提取注释\n---\n"
    skill, warnings = lenient(raw)
    assert skill.description == "- 创建章节标记\n- 提取注释"
    assert warnings == ["description is a YAML list; read as its text"]
    flow, _ = lenient("---\nname: podcast\ndescription: [章节, 注释]\n---\n")
    assert flow.description == "[章节, 注释]"


def test_a_description_cut_mid_character_loses_the_broken_character() -> None:
    # the mirror cut some descriptions inside a character: U+FFFD in the file ...
    skill, warnings = lenient("---\nname: tesla\ndescription: 智能充电调度器。适\ufffd\n---\n")
    assert skill.description == "智能充电调度器。适"
    assert warnings == ["description cut mid-character: 1 U+FFFD removed"]
    # ... or the bytes themselves cut: read as UTF-8 (not as cp1252 mojibake), the stray bytes dropped
    cut = "---\nname: tesla\ndescription: 智能充电调度器".encode()[:-2] + b"\n---\n"
    again, said = lenient(cut)
    assert again.description == "智能充电调度"
    assert said == [
        "invalid UTF-8 at byte 47 (1 in all); replaced with U+FFFD",
        "description cut mid-character: 1 U+FFFD removed",
    ]


def test_a_long_description_is_cut_and_says_so() -> None:
    skill, warnings = lenient("---\nname: a\ndescription: " + "描" * 2000 + "\n---\n")
    assert len(skill.description) == 1024 and warnings == ["description longer than 1024 characters; cut"]


# ---------------------------------------------------------------- names outside the rule


def test_a_name_in_another_script_gets_the_folder_id_and_stays_the_display_name() -> None:
    raw = "---\nname: Twitter 指挥中心 (搜索 + 发布)\ndescription: 搜索和发布推文。\n---\n"
    skill, warnings = lenient(raw, folder="openclaw-aisa-twitter-search")
    assert skill.name == "openclaw-aisa-twitter-search"
    assert skill.display_name == skill.metadata["display_name"] == "Twitter 指挥中心 (搜索 + 发布)"
    assert warnings == [
        (
            "name 'Twitter 指挥中心 (搜索 + 发布)' is not valid; using 'openclaw-aisa-twitter-search'; "
            "the name is kept as metadata.display_name"
        )
    ]
    assert "display_name: Twitter 指挥中心 (搜索 + 发布)\n" in render_skill_md(skill)
    assert lenient(raw, folder=None)[0].name == "twitter"  # no folder: its ASCII words
    assert (
        lenient("---\nname: 视频链接解析\ndescription: 解析视频。\n---\n", folder=None)[0].name
        == "skill-88fd3526"
    )


def test_an_ascii_name_outside_the_rule_is_slugified_as_before_and_keeps_no_display_name() -> None:
    skill, warnings = lenient(
        "---\nname: Arxiv Paper Reader\ndescription: Read papers.\n---\n", "arxiv-reader"
    )
    assert (skill.name, dict(skill.metadata)) == ("arxiv-paper-reader", {})
    assert warnings == ["name 'Arxiv Paper Reader' is not valid; using 'arxiv-paper-reader'"]


def test_a_display_name_already_in_metadata_is_not_overwritten() -> None:
    raw = "---\nname: 视频解析\ndescription: d\nmetadata:\n  display_name: Video Parser\n---\n"
    assert lenient(raw, folder="parse-video")[0].metadata == {"display_name": "Video Parser"}


# ---------------------------------------------------------------- what is refused


def test_no_description_anywhere_is_refused_with_the_reason() -> None:
    err = refused("---\nname: empty\n---\n# Only a heading\n")
    assert err.field == "description"
    assert err.message == (
        "description is required (1-1024 characters): none in the front matter, "
        "and no paragraph in the body to take it from"
    )
    broken = refused("---\nname: [unclosed\n---\n")  # the reason says why the front matter was read leniently
    assert "(front matter is not valid YAML (line 2))" in broken.message


def test_no_name_to_be_had_is_refused() -> None:
    assert refused("---\nname: '!!!'\ndescription: d\n---\n", folder=None).field == "name"
    assert refused("---\ndescription: d\n---\n", folder=None).field == "name"


def test_an_alias_bomb_is_refused_even_where_the_lenient_reader_reads_entry_by_entry() -> None:
    levels = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'] + [
        f"{c}: &{c} [{', '.join(['*' + p] * 10)}]" for p, c in zip("abcd", "bcde", strict=True)
    ]
    nested = "".join(f"  {line}\n" for line in levels)  # 10^5 values once expanded, under one key
    err = refused(f"---\nname: laughs\ndescription: **bold** breaks the YAML\nmetadata:\n{nested}---\n")
    assert f"more than {MAX_YAML_VALUES:,} values" in err.message
    # the same levels as top-level keys: read one entry at a time, an alias to another entry is
    # text, never expanded
    top = "".join(f"{line}\n" for line in levels)
    skill, warnings = lenient(f"---\nname: laughs\ndescription: **bold** breaks the YAML\n{top}---\n")
    assert skill.extra["e"] == "&e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]"
    assert "front matter: 'e' is not valid YAML (line 8); read as text" in warnings
