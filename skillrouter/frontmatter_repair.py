"""Lenient reading of a SKILL.md, for bulk imports of real libraries and their translations.

Reading is strict by default: a file outside the rules is a :class:`SkillFormatError` naming the
file and field. A bulk import reads leniently (:func:`~skillrouter.skillmd.parse_skill_md` with
``warnings=[...]``, as real community libraries and their machine translations need): each repair
below adds a warning saying what was done, and only what cannot be repaired is refused. In the
order they apply:

- bytes: a BOM dropped, CRLF/CR newlines read as LF; bytes that are not UTF-8 in a file that is
  UTF-8 elsewhere (a character cut short) read as U+FFFD, else the file read as cp1252;
- where the front matter is: blank lines before it skipped; a front matter wrapped in a Markdown
  code block (a translator's) unwrapped; one whose closing ``---`` is missing read as far as it
  goes (below);
- front matter YAML cannot read whole: read entry by entry (``_entries``). An entry starts at a
  ``key:`` line at column 0, or at a known key in Markdown bold, translated or before a
  full-width colon (``**名称：** x``, ``**Description**: x``, ``描述：x``); the lines under it belong
  to it (indented, ``- items``, and text running on from its value). Each entry is read as YAML
  when it is, else as the text it was written as: an unquoted ``: `` in a description,
  ``**bold**`` that YAML reads as an alias, a description over unquoted lines or a Markdown list,
  ``[a] b`` after a key. The first line that belongs to no entry, when no key follows it, is
  where a front matter that lost its closing ``---`` ran into the body: the body starts there. A
  front matter that no key starts is read as the body;
- keys: a known key in another case (``Name``) or translated (名称, 描述, 标签, 许可证 and their
  traditional forms) read as the known key;
- name: none given, the folder's (``fallback_name``); one outside the rule (``PDF Tools``,
  ``视频链接解析``) made valid by :func:`~skillrouter.skill.ascii_name`, and kept as
  ``metadata.display_name`` when it has characters outside ASCII;
- description: none given, ClawHub's ``summary``; a YAML list read as its text; U+FFFD (a
  character cut short) removed; over 1,024 characters cut; still none, the body's
  ``Description:`` line (plain, bold or translated, above its first section), else its first
  paragraph of prose (headings, HTML, badges and ``**Version:** 1.0`` lines skipped).

Refused, per file with its path and the reason: front matter that expands YAML aliases beyond
:data:`~skillrouter.frontmatter.MAX_YAML_VALUES` values or nests too deeply; no name to be had
(none, and no folder name that gives one); no description in the front matter nor a paragraph in
the body.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from typing import Any

from skillrouter.errors import SkillFormatError
from skillrouter.frontmatter import FRONT_RE, KNOWN_KEYS, UnreadableFrontMatter, yaml_mapping
from skillrouter.skill import ascii_name, validate_description, validate_name

__all__ = ["Front", "canonical_keys", "read_front", "repaired_description", "repaired_name", "valid_name"]

# Keys read as a known key when a file spells them otherwise (matched case-folded, Markdown bold
# and the colon taken off): the known keys in any case, and the names a translation gives them.
_KEY_ALIASES: dict[str, str] = {
    **{key: key for key in KNOWN_KEYS},
    **dict.fromkeys(("名称", "名稱", "名字", "技能名称", "技能名"), "name"),
    **dict.fromkeys(("描述", "技能描述", "简介", "簡介"), "description"),
    **dict.fromkeys(("标签", "標籤"), "tags"),
    **dict.fromkeys(("许可证", "許可證"), "license"),
}
# Keys that stand in for a missing description (ClawHub's own), in the order tried.
_DESCRIPTION_STAND_INS = ("summary",)

_YAML_KEY_RE = re.compile(
    r"""(?P<key>[A-Za-z_][\w.-]*|"[^"\n]*"|'[^'\n]*')[ \t]*:(?:[ \t]+(?P<value>.*))?$""", re.ASCII
)
_OTHER_KEY_RES = (
    re.compile(r"\*\*(?P<key>[^*\n]+?)[ \t]*[:：][ \t]*\*\*[ \t]*(?P<value>.*)$"),  # **名称：** x
    re.compile(r"\*\*(?P<key>[^*\n]+?)\*\*[ \t]*[:：][ \t]*(?P<value>.*)$"),  # **名称**：x
    re.compile(
        r"\*\*(?P<key>[^*:：\n]+?)[ \t]*[:：][ \t]*(?P<value>[^*\n]*?)[ \t]*\*\*[ \t]*$"
    ),  # **名称：x**
    re.compile(r"(?P<key>[^\s*#>`|:：-][^:：\n]{0,30}?)[ \t]*(?P<colon>：|:(?=[ \t]|$))[ \t]*(?P<value>.*)$"),
)
_IDENTIFIER_RE = re.compile(r"[A-Za-z_][\w.-]*", re.ASCII)
_BLOCK_SCALAR_RE = re.compile(r"[|>][+-]?[0-9]?[+-]?")


@dataclass
class _Entry:
    """One top-level ``key: value`` of a front matter read line by line."""

    key: str  # without quotes; a key of another spelling (bold, translated) as the known key
    value: str  # the text after the colon on the key line
    is_yaml: bool  # ``key: value`` as YAML writes it (else bold, translated, a full-width colon)
    written: str  # the key line up to its value, as the file has it
    line: int  # index of the key line

    @property
    def runs_on(self) -> bool:
        """The value is text that may run on over the next lines (not a block, not quoted or
        bracketed whole on its line)."""
        value = self.value.strip()
        if not value or _BLOCK_SCALAR_RE.fullmatch(value):
            return False
        closed = {'"': '"', "'": "'", "[": "]", "{": "}"}
        return not (value[0] in closed and len(value) > 1 and value.endswith(closed[value[0]]))


def _key_line(line: str) -> tuple[str, str, bool, str] | None:
    """(key, value, is YAML, key as written) when ``line`` starts a top-level entry: ``key: value``
    with an ASCII key, as YAML reads it; an ASCII key before a full-width colon (``name：x``); or a
    key of :data:`_KEY_ALIASES` written in Markdown bold or before either colon (``**名称：** x``,
    ``**Description**: x``, ``**名称：x**``, ``描述：x``), given as the known key. None for any
    other line."""
    if match := _YAML_KEY_RE.match(line):
        key = match["key"]
        return key[1:-1] if key[:1] in "\"'" else key, match["value"] or "", True, key
    for pattern in _OTHER_KEY_RES:
        match = pattern.match(line)
        if match is None:
            continue
        key, written = match["key"].strip(), line[: match.start("value")].strip()
        wide = match.groupdict().get("colon") == "："
        if key.casefold() in _KEY_ALIASES:
            return _KEY_ALIASES[key.casefold()], match["value"].strip(), False, written
        if wide and _IDENTIFIER_RE.fullmatch(key):
            return key, match["value"].strip(), False, written
    return None


def _entries(lines: list[str], *, closed: bool) -> tuple[list[_Entry], int]:
    """The top-level entries of a front matter read line by line, and the index just after the
    last line that belongs to them.

    A line belongs to the entry above it when it is indented, or a ``- item``, or (after a value
    that runs on) any text; blank and comment lines (``#`` at column 0) belong if a line after
    them does. Where the closing ``---`` was found (``closed``) a run-on value spans blank lines
    (translated descriptions keep their paragraphs at column 0), and any line above the last key
    line belongs; where it is missing, a blank line ends a run-on value. The first line that
    belongs to no entry ends the front matter: the body starts after the last line that belongs
    (the closing ``---`` was missing and the front matter ran into the Markdown body).
    """
    entries: list[_Entry] = []
    found = {i: key for i, line in enumerate(lines) if (key := _key_line(line)) is not None}
    last_key = max(found, default=-1)
    end = 0
    gap = False  # a blank line since the last line that belongs
    for i, line in enumerate(lines):
        if i in found:
            entries.append(_Entry(*found[i], line=i))
            end, gap = i + 1, False
            continue
        if not line.strip() or line.startswith("#"):
            gap = gap or not line.strip()
            continue  # a blank or comment line, placed by the lines after it
        if not entries:
            break
        entry = entries[-1]
        if line[0] in " \t":
            belongs = True
        elif line.startswith("-") and not entry.runs_on:
            belongs = closed or not gap
        elif not entry.is_yaml and _is_bold_field(line):
            belongs = False  # **名称：** x, then **图标：** y: the next field, not more of x
        else:
            belongs = entry.runs_on and (closed or not gap)
        if not belongs and not (closed and i < last_key):
            return entries, end
        end, gap = i + 1, False
    return entries, len(lines)


def _entry_text(entry: _Entry, lines: list[str]) -> str:
    """An entry's value as the text it was written as: the key line's value, then the lines
    under it without their common indentation, trailing spaces and blank edges dropped."""
    first = entry.value.strip()
    if _BLOCK_SCALAR_RE.fullmatch(first):
        first = ""
    rest = textwrap.dedent("\n".join(lines[entry.line + 1 :])).split("\n")
    return "\n".join(part.rstrip() for part in ([first] if first else []) + rest).strip()


def _entry_value(entry: _Entry, lines: list[str], *, line_no: int, path: str | None, notes: list[str]) -> Any:
    """An entry's value: read as YAML when it is, else as its text (noted)."""
    if entry.is_yaml:
        try:
            data = yaml_mapping("\n".join(lines[entry.line :]), path=path, notes=None)
        except UnreadableFrontMatter:
            data = {}
        if len(data) == 1 and entry.key in data:
            return data[entry.key]
        notes.append(f"front matter: {entry.key!r} is not valid YAML (line {line_no}); read as text")
    else:
        notes.append(f"front matter: {entry.written!r} (line {line_no}) read as the key {entry.key!r}")
    return _entry_text(entry, lines) or None


def _lenient_mapping(
    lines: list[str], *, closed: bool, first_line: int, path: str | None, notes: list[str]
) -> tuple[dict[str, Any], int] | None:
    """(mapping, index of the first line after it) for the front matter ``lines`` that YAML could
    not read whole, or None if no entry starts it (it is not front matter). ``first_line`` is the
    file's line number of ``lines[0]``."""
    entries, end = _entries(lines, closed=closed)
    if not entries:
        return None
    if (end < len(lines) or not closed) and all(e.is_yaml for e in entries):
        try:  # what YAML could not read may be the front matter and the body after it
            return yaml_mapping("\n".join(lines[:end]), path=path, notes=notes), end
        except UnreadableFrontMatter:
            pass
    data: dict[str, Any] = {}
    for entry, after in zip(entries, [*entries[1:], None], strict=True):
        own = lines[: after.line if after is not None else end]
        data[entry.key] = _entry_value(entry, own, line_no=first_line + entry.line, path=path, notes=notes)
    return data, end


def canonical_keys(front: dict[str, Any], notes: list[str]) -> dict[str, Any]:
    """``front`` with keys that stand for a known key renamed to it (``Name`` -> ``name``,
    ``名称`` -> ``name``), in place, unless the known key is there too."""
    out: dict[str, Any] = {}
    for key, value in front.items():
        known = _KEY_ALIASES.get(key.strip().casefold())
        if known is not None and known != key and known not in front and known not in out:
            notes.append(f"key {key!r} read as {known!r}")
            key = known
        out[key] = value
    return out


@dataclass
class Front:
    data: dict[str, Any]
    body: str
    raw: str | None  # the front matter's text, as the file has it
    failure: str | None = None  # why YAML could not read it, when the lenient reader did


_FENCED_RE = re.compile(r"```[ \t]*(?:markdown|md|yaml|yml)?[ \t]*\n(?=---[ \t]*\n)", re.IGNORECASE)


def read_front(text: str, *, path: str | None, notes: list[str], lenient: bool) -> Front:
    """The front matter and body of ``text``; strict unless ``lenient`` (see parse_skill_md)."""
    first_line = 2  # the file's line number of the front matter's first line
    if lenient:
        skipped = len(text) - len(text.lstrip(" \t\n"))
        if skipped and text[skipped:].startswith("---"):
            first_line += text.count("\n", 0, skipped)
            text = text[skipped:]
            notes.append("blank lines before the front matter skipped")
        if fenced := _FENCED_RE.match(text):
            first_line += 1
            text = text[fenced.end() :]
            closing = FRONT_RE.match(text)
            if closing and re.match(r"```[ \t]*(?:\n|\Z)", text[closing.end() :]):
                text = text[: closing.end()] + text[closing.end() :].partition("\n")[2]
            notes.append("front matter inside a ``` code block; read without the fence")
    match = FRONT_RE.match(text)
    if match:
        raw = match.group(1)
        try:
            return Front(yaml_mapping(raw, path=path, notes=notes), text[match.end() :], raw)
        except UnreadableFrontMatter as err:
            if not lenient:
                raise
            failure = err.message
        start, closed = match.start(1), True
    elif lenient and re.match(r"---[ \t]*\n", text):
        raw, failure = text[text.index("\n") + 1 :], "front matter has no closing '---'"
        start, closed = text.index("\n") + 1, False
    else:
        return Front({}, text, None)
    lines = raw.split("\n")
    read = _lenient_mapping(lines, closed=closed, first_line=first_line, path=path, notes=notes)
    if read is None:
        notes.append(f"{failure}, and no key starts it: the text after the opening '---' read as the body")
        return Front({}, text[start:], raw, failure)
    data, end = read
    if match is not None and end == len(lines):
        return Front(data, text[match.end() :], raw, failure)
    if end == len(lines):
        notes.append(f"{failure}: the whole file is front matter")
    else:
        missing = "its closing '---' is missing: " if closed else ""
        notes.append(
            f"{failure}: {missing}read up to line {first_line + end - 1}, the body starts at line "
            f"{first_line + end}"
        )
    return Front(data, text[start + sum(len(ln) + 1 for ln in lines[:end]) :], raw, failure)


# ---------------------------------------------------------------- repairs of name and description

# ``Description: x``, ``**Description:** x``, ``**描述**：x`` near the top of a body
_BODY_FIELD_RE = re.compile(
    r"[-*]?[ \t]*(?:\*\*(?P<b1>[^*\n]+?)[ \t]*[:：][ \t]*\*\*|\*\*(?P<b2>[^*\n]+?)\*\*[ \t]*[:：]"
    r"|(?P<plain>[^\s*#>`|:：-][^:：\n]{0,30}?)[ \t]*(?:：|:(?=[ \t])))[ \t]*(?P<value>.*)$"
)
_BODY_FIELD_LINES = 20
_HEADING_LINE_RE = re.compile(r"#{2,6}[ \t]")


def _body_field(body: str, key: str) -> tuple[str, str] | None:
    """(value, the key as written) of the first ``key: value`` line (plain or Markdown bold, any
    spelling in :data:`_KEY_ALIASES`) in the first lines of ``body``, before its first section."""
    fence = False
    for line in body.lstrip("\n").split("\n")[:_BODY_FIELD_LINES]:
        if line.startswith("```"):
            fence = not fence
        if fence or _HEADING_LINE_RE.match(line):
            if fence:
                continue
            break
        match = _BODY_FIELD_RE.match(line)
        if match is None:
            continue
        written = (match["b1"] or match["b2"] or match["plain"]).strip()
        value = match["value"].strip()
        if _KEY_ALIASES.get(written.casefold()) == key and value.strip("*").strip():
            return value, written
    return None


def _is_bold_field(line: str) -> bool:
    """``**Version:** 1.0.0``, ``**作者**：x``: a field line in Markdown bold."""
    match = _BODY_FIELD_RE.match(line)
    return match is not None and bool(match["b1"] or match["b2"])


def _is_field_line(line: str) -> bool:
    """``**Version:** 1.0.0``, ``Author: me``: a metadata line of a body, not prose."""
    match = _BODY_FIELD_RE.match(line)
    return match is not None and bool(
        match["b1"] or match["b2"] or _IDENTIFIER_RE.fullmatch(match["plain"] or "")
    )


_HTML_TAG_RE = re.compile(
    r"</?(?:a|b|br|center|details|div|em|h[1-6]|i|img|p|picture|source|span|strong|sub|summary|sup)\b[^>]*>",
    re.IGNORECASE,
)


def _first_paragraph(body: str) -> str:
    """The body's first paragraph of prose, its lines joined, at most 1,024 characters: headings,
    code fences, tables, comments, images, rules and paragraphs of only ``Key: value`` lines
    skipped, HTML tags and quote marks dropped."""
    for block in re.split(r"\n\s*\n", body):
        lines = [ln.strip() for ln in block.strip().splitlines()]
        lines = [ln.lstrip("> ").strip() if ln.startswith(">") else ln for ln in lines]
        lines = [_HTML_TAG_RE.sub("", ln).strip() if ln.startswith("<") or "</" in ln else ln for ln in lines]
        lines = [
            ln for ln in lines if ln and not ln.startswith(("#", "```", "|", "<!--", "---", "![", "[!["))
        ]
        if (
            not lines
            or all(_is_field_line(ln) for ln in lines)
            and (len(lines) > 1 or _is_bold_field(lines[0]))
        ):
            continue
        return " ".join(lines)[:1024].strip()
    return ""


def repaired_name(given: object, fallback: str | None, notes: list[str]) -> tuple[str, str | None]:
    """(name, display name to keep or None) for a lenient read whose name ``given`` is not valid:
    :func:`~skillrouter.skill.ascii_name` of it, or of the folder's name (``fallback``) when the
    file gives none (or a number, a list)."""
    named = isinstance(given, str) and bool(given.strip())
    text = given.replace("\ufffd", "") if isinstance(given, str) and named else fallback or ""
    name = ascii_name(text, fallback=fallback)
    if not name:
        validate_name(given if isinstance(given, str) else None)
    display = text.strip() if not text.isascii() else None
    missing = given is None or isinstance(given, str) and not named
    said = (
        f"no name; using the folder name {name!r}"
        if missing
        else f"name {given!r} is not valid; using {name!r}"
    )
    notes.append(said + ("; the name is kept as metadata.display_name" if display else ""))
    return name, display


def repaired_description(
    front: dict[str, Any], body: str, raw: str | None, notes: list[str], *, failure: str | None
) -> str:
    """The description for a lenient read, each repair noted; SkillFormatError if none is found."""
    key, given = "description", front.get("description")
    if given is None or (isinstance(given, str) and not given.strip()):
        for stand_in in _DESCRIPTION_STAND_INS:
            if isinstance(front.get(stand_in), str) and front[stand_in].strip():
                key, given = stand_in, front[stand_in]
                notes.append(f"no description; using {stand_in!r}")
                break
    if isinstance(given, list):
        written = _raw_entry_text(raw, key) if raw is not None else ""
        given = written or "\n".join(str(item) for item in given if item is not None)
        notes.append("description is a YAML list; read as its text")
    elif isinstance(given, dict):
        notes.append("description is a YAML mapping, not text; not used")
        given = None
    elif given is not None and not isinstance(given, str):
        given = str(given)
    if isinstance(given, str) and "\ufffd" in given:
        notes.append(f"description cut mid-character: {given.count(chr(0xFFFD))} U+FFFD removed")
        given = given.replace("\ufffd", "")
    try:
        return validate_description(given)
    except SkillFormatError:
        pass
    if isinstance(given, str) and len(given.strip()) > 1024:
        notes.append("description longer than 1024 characters; cut")
        return given.strip()[:1021].rstrip() + "..."
    if found := _body_field(body, "description"):
        notes.append(f"no description; using the {found[1]!r} line of the body")
        return validate_description(found[0][:1024])
    if paragraph := _first_paragraph(body):
        notes.append("no description; using the first paragraph")
        return paragraph
    why = f" ({failure})" if failure else ""
    raise SkillFormatError(
        f"description is required (1-1024 characters): none in the front matter{why}, "
        "and no paragraph in the body to take it from",
        field="description",
    )


def _raw_entry_text(raw: str, key: str) -> str:
    """The text of ``key``'s entry in the front matter text ``raw`` (its value as written)."""
    lines = raw.split("\n")
    entries, end = _entries(lines, closed=True)
    for entry, after in zip(entries, [*entries[1:], None], strict=True):
        if _KEY_ALIASES.get(entry.key.casefold(), entry.key) == key:
            return _entry_text(entry, lines[: after.line if after is not None else end])
    return ""


def valid_name(name: str) -> bool:
    try:
        validate_name(name)
    except SkillFormatError:
        return False
    return True
