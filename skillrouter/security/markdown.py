"""A skill file as the agent reads it: front-matter fields, prose blocks, code, sentences.

:func:`read_document` gives a :class:`Document`:

- ``fields``: every string in the YAML front matter (nested ``metadata`` and unknown keys
  included), read as Markdown of its own (:func:`parse_body`) and labelled with its key path
  (``metadata.agent_bootstrap``);
- ``body``: the Markdown body, read lazily (:class:`Body`): one prose block per paragraph, list
  item, block quote, heading or table row, with the nearest heading above it, built only for
  the lines asked about; fenced code apart.

A prose block whose text ends with ``:`` is followed by what it introduces; that next block (or
fenced code) is kept as its ``attached`` text ("append this line to ~/.bashrc:" and then the
line). A fenced Markdown or plain block the paragraph before it has the agent write into its
memory or instruction files ("append the following block to ~/.claude/CLAUDE.md") is prose: the
agent reads it as its own instructions from then on (:func:`written_to_memory`). Inline code spans
are located inside prose (:attr:`Block.spans`) and :func:`sentences`
splits prose into sentences without cutting through a code span or an abbreviation.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

import yaml

BlockKind = Literal["prose", "code"]

_FRONT_RE = re.compile(r"\A---[ \t]*\n(.*?)\n(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.DOTALL)
MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdx")
"""The file names read as Markdown."""
_FENCED_BLOCK_RE = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1", re.MULTILINE | re.DOTALL)


def fenced_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each fenced code block of ``text`` (a snippet given to use, not prose)."""
    return [(m.start(), m.end()) for m in _FENCED_BLOCK_RE.finditer(text)]


_FENCE_RE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_HEADING_RE = re.compile(r"^ {0,3}#{1,6}[ \t]+(.*?)[ \t#]*$")
_ITEM_RE = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)])[ \t]+")
_QUOTE_RE = re.compile(r"^\s*(?:>[ \t]?)+")
_TABLE_RE = re.compile(r"^\s*\|.*\|\s*$")
_TABLE_RULE_RE = re.compile(r"^\s*\|?[\s:|-]+\|?\s*$")
_THEMATIC_RE = re.compile(r"^ {0,3}(?:[-*_][ \t]*){3,}$")
_FENCE_LINE_RE = re.compile(r"\n {0,3}(`{3,}|~{3,})([^\n]*)")
_HEADING_LINE_RE = re.compile(r"\n {0,3}#{1,6}[ \t]+\S")
_SPAN_RE = re.compile(r"(?<!`)(`+)(?!`)(.{1,600}?)(?<!`)\1(?!`)", re.DOTALL)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass
class Block:
    """A paragraph, list item, quote, heading, table row or fenced code block."""

    kind: BlockKind
    text: str
    line: int  # 1-based line of the first character of ``text``
    heading: str = ""  # the nearest heading above ("" at the top)
    lang: str = ""  # a code fence's info string
    field_path: str = ""  # front-matter key path, "" in the body
    table: bool = False
    attached: str = ""  # the block this one introduces (it ends with ':')
    spans: list[tuple[int, int]] = field(default_factory=list)  # inline code: content (start, end)

    def line_at(self, pos: int) -> int:
        return self.line + self.text.count("\n", 0, pos)


class Body:
    """The Markdown body, read lazily: :meth:`block_at` builds only the blocks asked for.

    The blocks are those :func:`parse_body` makes (paragraphs, list items, quotes, headings,
    table rows; fenced code apart), found from any of their lines without parsing the rest.
    """

    def __init__(self, text: str, first_line: int = 1) -> None:
        self.lines = text.split("\n")
        self.first_line = first_line
        # every line starts right after a "\n" in ``joined``: the expressions below begin with a
        # literal newline, which the regular-expression engine searches for quickly
        joined = "\n" + text
        line_of = _LineCounter(joined)
        fences: list[tuple[int, int, str]] = []  # (opening line, closing line, info), indexes
        resume = 0
        for m in _FENCE_LINE_RE.finditer(joined):
            if m.start() < resume:
                continue
            marker, info = m.group(1), m.group(2)
            if marker[0] == "`" and "`" in info:
                continue
            close = re.compile(rf"\n {{0,3}}{re.escape(marker[0])}{{{len(marker)},}}[ \t\r\f\v]*(?=\n|\Z)")
            closing = close.search(joined, m.end())
            opening = line_of(m.start())
            if closing is None:
                fences.append((opening, len(self.lines), info.strip()))
                break
            fences.append((opening, line_of(closing.start()), info.strip()))
            resume = closing.end()
        self._fence_starts = [f[0] for f in fences]
        self.fences = fences
        kept = [f for f in fences if not written_to_memory(f[2], self._paragraph_before(f[0]))]
        self.fences = kept
        self._fence_starts = [f[0] for f in kept]
        self.headings: list[int] = []
        for m in _HEADING_LINE_RE.finditer(joined):
            i = line_of(m.start())
            if not self.in_code(i):
                self.headings.append(i)
        self._blocks: dict[int, Block] = {}
        self._start_of: dict[int, int] = {}

    def _paragraph_before(self, opening: int) -> str:
        """The lines of text right above line ``opening`` (a fence), up to a blank line."""
        j = opening - 1
        while j >= 0 and not self.lines[j].strip():
            j -= 1
        k = j
        while k > 0 and self.lines[k - 1].strip() and not self.in_code(k - 1):
            k -= 1
        return "\n".join(self.lines[k : j + 1]) if j >= 0 and not self.in_code(j) else ""

    # ---- line classes (indexes into ``lines``)
    def in_code(self, i: int) -> bool:
        k = bisect.bisect_right(self._fence_starts, i) - 1
        return k >= 0 and i <= self.fences[k][1]

    def _text_line(self, i: int) -> bool:
        """A line that belongs to a paragraph, list item or quote."""
        line = self.lines[i]
        stripped = line.strip()
        if not stripped or self.in_code(i):
            return False
        first = stripped[0]
        if first == "#" and _HEADING_RE.match(line):
            return False
        if first == "|" and _TABLE_RE.match(line):
            return False
        return not (first in "-*_" and _THEMATIC_RE.match(line))

    def _item(self, i: int) -> re.Match[str] | None:
        first = self.lines[i].lstrip()[:1]
        return _ITEM_RE.match(self.lines[i]) if first in ("-", "*", "+") or first.isdigit() else None

    def lead_in(self, block: Block) -> str:
        """The paragraph introducing the list ``block`` is an item of (ending with ``:``), or ""."""
        i = block.line - self.first_line
        if block.field_path or not 0 <= i < len(self.lines) or self._item(i) is None:
            return ""
        j = i - 1
        while j >= 0:
            if not self.lines[j].strip() or self._item(j) is not None:
                j -= 1
                continue
            if not self._text_line(j):
                return ""
            k = j
            while k > 0 and self._text_line(k - 1) and self._item(k) is None:
                k -= 1
            if self._item(k) is not None:  # the tail of an earlier item
                j = k - 1
                continue
            text = "\n".join(_unquote(self.lines[n]) for n in range(k, j + 1))
            return text if text.rstrip().endswith(":") else ""
        return ""

    def heading_above(self, i: int) -> str:
        k = bisect.bisect_left(self.headings, i) - 1
        if k < 0:
            return ""
        head = _HEADING_RE.match(self.lines[self.headings[k]])
        return head.group(1).strip() if head else ""

    def title(self) -> str:
        """The first heading's text."""
        for i in self.headings:
            head = _HEADING_RE.match(self.lines[i])
            if head:
                return head.group(1).strip()
        return ""

    # ---- blocks
    def block_at(self, line: int) -> Block | None:
        """The prose block holding 1-based ``line``; None for code, blank lines and rules."""
        i = line - self.first_line
        if not 0 <= i < len(self.lines):
            return None
        start = self._start_of.get(i)
        if start is not None:
            return self._blocks[start]
        raw = self.lines[i]
        stripped = raw.strip()
        if not stripped or self.in_code(i):
            return None
        if stripped[0] == "#" and (head := _HEADING_RE.match(raw)):
            text = head.group(1).strip()
            return self._keep(i, i, Block("prose", text, self.first_line + i, text))
        if stripped[0] == "|" and _TABLE_RE.match(raw):
            if _TABLE_RULE_RE.match(raw):
                return None
            return self._keep(
                i, i, Block("prose", raw, self.first_line + i, self.heading_above(i), table=True)
            )
        if stripped[0] in "-*_" and _THEMATIC_RE.match(raw):
            return None
        start = i
        while self._item(start) is None and start > 0 and self._text_line(start - 1):
            start -= 1
        end = i
        while end + 1 < len(self.lines) and self._text_line(end + 1) and self._item(end + 1) is None:
            end += 1
        item = self._item(start)
        parts = [self.lines[start][item.end() :] if item else _unquote(self.lines[start])]
        parts += [_unquote(self.lines[k]) for k in range(start + 1, end + 1)]
        block = Block("prose", "\n".join(parts), self.first_line + start, self.heading_above(start))
        block.spans = _code_spans(block.text)
        return self._keep(start, end, block)

    def _keep(self, start: int, end: int, block: Block) -> Block:
        if not block.table and block.text.rstrip().endswith(":"):
            block.attached = self._following_text(end)
        if not block.spans:
            block.spans = _code_spans(block.text)
        self._blocks[start] = block
        for k in range(start, end + 1):
            self._start_of[k] = start
        return block

    def _following_text(self, end: int) -> str:
        j = end + 1
        while j < len(self.lines) and not self.lines[j].strip():
            j += 1
        if j >= len(self.lines):
            return ""
        k = bisect.bisect_right(self._fence_starts, j) - 1
        if k >= 0 and self.fences[k][0] == j:
            return "\n".join(self.lines[j + 1 : self.fences[k][1]])
        following = self.block_at(self.first_line + j)
        return following.text if following else ""

    def prose_text(self, lower: str) -> str:
        """``lower`` (the whole file, lower-case) with what is not body prose blanked, line
        numbers kept: the front matter, and code except code a sentence introduces ("add this
        line to ~/.bashrc:")."""
        out = lower.split("\n")
        total_lines = len(out)
        out[: self.first_line - 1] = [""] * (self.first_line - 1)
        for opening, closing, _info in self.fences:
            j = opening - 1
            while j >= 0 and not self.lines[j].strip():
                j -= 1
            introduced = j >= 0 and not self.in_code(j) and self.lines[j].rstrip().endswith(":")
            for k in range(opening, min(closing, len(self.lines) - 1) + 1):
                if not (introduced and opening < k < closing):
                    out[self.first_line - 1 + k] = ""
        return "\n".join(out[:total_lines])


class _LineCounter:
    """0-based line of a ``"\\n"`` at an offset of ``joined`` (offsets asked in increasing order)."""

    def __init__(self, joined: str) -> None:
        self.joined = joined
        self.offset = 0
        self.line = -1

    def __call__(self, offset: int) -> int:
        if offset < self.offset:
            self.offset, self.line = 0, -1
        self.line += self.joined.count("\n", self.offset, offset + 1)
        self.offset = offset + 1
        return self.line


def _unquote(line: str) -> str:
    return _QUOTE_RE.sub("", line, count=1) if line.lstrip()[:1] == ">" else line


@dataclass
class Document:
    fields: list[Block]
    body: Body
    topic: str  # name, description, tags and title, lower-case: what the skill says it is about


# the agent's memory and instruction files, and writing into them (English and Chinese)
_MEMORY_FILE_RE = re.compile(
    r"\b(?:memory|soul|agents|claude|gemini|user)\.md\b|\.cursorrules\b|\.windsurfrules\b"
    r"|copilot-instructions\.md|\bmemory\s+files?\b|\b(?:long-term|persistent)\s+memory\b"
    r"|记忆文件|长期记忆|持久记忆",
    re.IGNORECASE,
)
_WRITE_RE = re.compile(
    r"\b(?:append|add|write|insert|prepend|paste|put|save|record|copy)\w*\b|追加|写入|写进|添加|加入|保存|粘贴",
    re.IGNORECASE,
)


def written_to_memory(info: str, before: str) -> bool:
    """Whether a fenced block (``info``: its language) is text the paragraph ``before`` it has the
    agent write into its memory or instruction files: Markdown or plain text, a write and such a
    file named together."""
    language = info.split()[0].lower() if info.split() else ""
    return (
        language in ("", "markdown", "md", "text", "txt")
        and bool(_MEMORY_FILE_RE.search(before))
        and bool(_WRITE_RE.search(before))
    )


def _code_spans(text: str) -> list[tuple[int, int]]:
    if "`" not in text:
        return []
    return [(m.start(2), m.end(2)) for m in _SPAN_RE.finditer(text) if "\n\n" not in m.group(2)]


def parse_body(text: str, first_line: int = 1, *, heading: str = "", field_path: str = "") -> list[Block]:
    """Blocks of a Markdown text whose first line is line ``first_line`` of the file."""
    lines = text.split("\n")
    blocks: list[Block] = []
    current: list[str] = []
    start = 0
    table = False

    def flush() -> None:
        nonlocal current, table
        if current:
            body = "\n".join(current)
            if body.strip():
                blocks.append(
                    Block("prose", body, first_line + start, heading, field_path=field_path, table=table)
                )
        current = []
        table = False

    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        first = stripped[:1]
        fence = _FENCE_RE.match(line) if first in ("`", "~") else None
        if fence and not (fence.group(1)[0] == "`" and "`" in fence.group(2)):
            flush()
            marker = fence.group(1)
            close = re.compile(rf"^ {{0,3}}{re.escape(marker[0])}{{{len(marker)},}}\s*$")
            j = i + 1
            while j < len(lines) and not (lines[j].lstrip()[:1] == marker[0] and close.match(lines[j])):
                j += 1
            blocks.append(
                Block(
                    "code",
                    "\n".join(lines[i + 1 : j]),
                    first_line + i + 1,
                    heading,
                    lang=fence.group(2).strip(),
                    field_path=field_path,
                )
            )
            i = j + 1
            continue
        if not stripped or (first in ("-", "*", "_") and _THEMATIC_RE.match(line)):
            flush()
        elif first == "#" and (head := _HEADING_RE.match(line)):
            flush()
            heading = head.group(1).strip()
            blocks.append(Block("prose", heading, first_line + i, heading, field_path=field_path))
        elif first == "|" and _TABLE_RE.match(line):
            flush()
            if not _TABLE_RULE_RE.match(line):
                blocks.append(
                    Block("prose", line, first_line + i, heading, field_path=field_path, table=True)
                )
        elif (first in ("-", "*", "+") or first.isdigit()) and (item := _ITEM_RE.match(line)):
            flush()
            start = i
            current = [line[item.end() :]]
        else:
            if not current:
                start = i
            current.append(_QUOTE_RE.sub("", line, count=1) if first == ">" else line)
        i += 1
    flush()
    for block in blocks:
        if block.kind == "prose":
            block.spans = _code_spans(block.text)
    for block, following in itertools.pairwise(blocks):
        if block.kind == "prose" and not block.table and block.text.rstrip().endswith(":"):
            block.attached = following.text
    return blocks


# --------------------------------------------------------------------------- front matter
def _scalars(node: yaml.Node, path: str) -> Iterator[tuple[str, yaml.ScalarNode]]:
    if isinstance(node, yaml.ScalarNode):
        if isinstance(node.value, str) and node.value.strip():
            yield path, node
    elif isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            name = str(key.value) if isinstance(key, yaml.ScalarNode) else "?"
            yield from _scalars(key, path)
            yield from _scalars(value, f"{path}.{name}" if path else name)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _scalars(item, path)


def _front_matter_fields(raw: str, first_line: int) -> tuple[list[Block], dict[str, str]]:
    """Blocks for every string in the front matter, and the top-level scalar values by key."""
    try:
        root = yaml.compose(raw, Loader=_LOADER)
    except yaml.YAMLError:
        root = None
    if root is None:  # not YAML: read each line as text
        return parse_body(raw, first_line, field_path="front matter"), {}
    fields: list[Block] = []
    top: dict[str, str] = {}
    for path, node in _scalars(root, ""):
        line = first_line + node.start_mark.line + (1 if node.style in ("|", ">") else 0)
        if "." not in path and path:
            top.setdefault(path, str(node.value))
        fields.extend(
            parse_body(str(node.value), line, heading=f"front matter: {path}", field_path=path or "?")
        )
    return fields, top


def read_document(text: str) -> Document:
    """The blocks of a normalised Markdown text (a SKILL.md with or without front matter)."""
    fields: list[Block] = []
    top: dict[str, str] = {}
    body, first_line = text, 1
    front = _FRONT_RE.match(text)
    if front:
        fields, top = _front_matter_fields(front.group(1), 2)
        body = text[front.end() :]
        first_line = text.count("\n", 0, front.end()) + 1
    lazy = Body(body, first_line)
    topic = " ".join([top.get("name", ""), top.get("description", ""), top.get("tags", ""), lazy.title()])
    topic += " " + " ".join(
        b.text for b in fields if b.field_path in ("tags", "metadata.tags", "metadata.category")
    )
    return Document(fields, lazy, topic.lower())


# --------------------------------------------------------------------------- sentences
_ABBREVIATIONS = frozenset(
    {"e.g", "i.e", "etc", "vs", "cf", "approx", "incl", "no", "fig", "dr", "mr", "mrs", "st"}
)
# a run of end marks is matched from its first (the lookbehind) and whole (possessive): a long run
# that ends no sentence ("?" * 50,000) is tried once, not from each of its characters
_SPLIT_RE = re.compile(r"(?<![.!?])[.!?]++[\"'”’)\]*_]*+\s+(?=`|[\"'“‘*(\[_]*[A-Z0-9])")
_TABLE_SPLIT_RE = re.compile(r"\s*\|\s*")


def sentences(block: Block) -> list[tuple[int, int]]:
    """(start, end) offsets of the sentences of a prose block (table rows: of its cells)."""
    text = block.text
    if block.spans:  # never split inside inline code
        chars = list(text)
        for s, e in block.spans:
            chars[s:e] = "x" * (e - s)
        masked = "".join(chars)
    else:
        masked = text
    splitter = _TABLE_SPLIT_RE if block.table else _SPLIT_RE
    out: list[tuple[int, int]] = []
    begin = 0
    for m in splitter.finditer(masked):
        if not block.table:
            word = masked[max(0, m.start() - 8) : m.start()].split()[-1:] or [""]
            if word[0].lower().lstrip("(*_") in _ABBREVIATIONS:
                continue
        if m.start() > begin:
            out.append((begin, m.start() + (0 if block.table else 1)))
        begin = m.end()
    if begin < len(text) and text[begin:].strip():
        out.append((begin, len(text)))
    return out
