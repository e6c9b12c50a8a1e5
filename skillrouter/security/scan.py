"""Scanning text: one file (:func:`scan_text`) or a whole skill as the agent reads it (:func:`scan_skill`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import PurePosixPath

from skillrouter.security import commands
from skillrouter.security.binary import binary_kind, decode
from skillrouter.security.findings import Finding, excerpt, finding, sort_key
from skillrouter.security.injection import injection_findings
from skillrouter.security.markdown import read_document
from skillrouter.security.prose import WordIndex, prose_findings, span_findings
from skillrouter.security.unicode import hidden_unicode, lower_aligned, normalise

# files read as Markdown prose (sentence rules, inline code); others only get the line rules
PROSE_SUFFIXES = frozenset({".md", ".markdown", ".mdx", ".txt", ".rst", ""})
DEFAULT_MAX_FILE_BYTES = 1_000_000


def is_prose(relpath: str) -> bool:
    return PurePosixPath(relpath).suffix.lower() in PROSE_SUFFIXES


def scan_text(relpath: str, text: str, *, mentions: bool = True) -> list[Finding]:
    """Check one file's text; ``relpath`` labels the findings and says whether it is prose.

    ``mentions=False`` turns off every mention exemption (negation, warnings, deny lists,
    quoted examples): it exists to measure what the exemption changes.
    """
    findings = hidden_unicode(relpath, text)
    norm = normalise(text)
    raw_lines = text.split("\n")

    def raw_line(number: int) -> str:
        return raw_lines[number - 1] if number <= len(raw_lines) else ""

    lower = lower_aligned(norm)
    findings += injection_findings(relpath, norm, lower, raw_line, mentions=mentions)

    norm_lines = norm.split("\n")
    line_starts = [0]
    for physical in norm_lines[:-1]:
        line_starts.append(line_starts[-1] + len(physical) + 1)
    done: set[int] = set()
    seen: set[tuple[str, int | None]] = set()
    command_lines = commands.candidate_lines(lower, line_starts)
    for candidate in sorted(command_lines):
        number, line = commands.logical_line(norm_lines, candidate)
        if number in done:
            continue
        done.add(number)
        for rule, at in commands.check_line(line, mentions=mentions):
            findings.append(finding(rule, relpath, number, excerpt(line, at)))
            seen.add((rule, number))

    if is_prose(relpath):
        seen |= {(f.rule, f.line) for f in findings}
        doc = read_document(norm)
        index = WordIndex(doc.body.prose_text(lower))

        def check(span: str, first: int, last: int) -> list[tuple[str, int]]:
            if first >= 0 and not any(n in command_lines for n in range(first, last + 1)):
                return []
            return commands.check_line(span, mentions=mentions) if commands.has_trigger(span.lower()) else []

        found = span_findings(relpath, doc, check, command_lines, mentions=mentions)
        found += prose_findings(relpath, doc, index, mentions=mentions)
        for f in found:
            if (f.rule, f.line) not in seen:
                seen.add((f.rule, f.line))
                findings.append(f)
    return sorted(findings, key=sort_key)


def scan_bytes(
    relpath: str, data: bytes, *, max_file_bytes: int = DEFAULT_MAX_FILE_BYTES, mentions: bool = True
) -> list[Finding]:
    """One Level 2 file's content: size and binary checks, then :func:`scan_text` on text."""
    if len(data) > max_file_bytes:
        return [finding("oversize-file", relpath, None, f"{len(data)} bytes > limit {max_file_bytes}")]
    kind = binary_kind(data)
    if kind is not None:
        description, executable = kind
        if executable or "scripts" in relpath.split("/")[:-1]:
            return [
                finding(
                    "binary-script",
                    relpath,
                    None,
                    f"{description} ({len(data)} bytes)",
                    "dangerous" if executable else "caution",
                )
            ]
        return []
    return scan_text(relpath, decode(data), mentions=mentions)


def scan_skill(
    skill_md: str,
    files: Mapping[str, bytes | str] | None = None,
    *,
    max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
    mentions: bool = True,
) -> list[Finding]:
    """Scan exactly what the agent reads: the whole ``SKILL.md`` and every Level 2 file.

    ``skill_md`` is the rendered text (``render_skill_md(skill)`` or the file as stored: every
    front-matter field, nested ``metadata`` and unknown keys included). ``files`` maps a
    relative path (``scripts/run.sh``) to its content; bytes are checked for executables and
    binary data first (see :func:`scan_bytes`). Nothing is executed.
    """
    findings = scan_text("SKILL.md", skill_md, mentions=mentions)
    for relpath in sorted(files or {}):
        content = (files or {})[relpath]
        if isinstance(content, str):
            if len(content.encode("utf-8")) > max_file_bytes:
                findings.append(
                    finding(
                        "oversize-file",
                        relpath,
                        None,
                        f"{len(content.encode('utf-8'))} bytes > limit {max_file_bytes}",
                    )
                )
                continue
            findings.extend(scan_text(relpath, content, mentions=mentions))
        else:
            findings.extend(scan_bytes(relpath, content, max_file_bytes=max_file_bytes, mentions=mentions))
    return sorted(findings, key=lambda f: (f.path != "SKILL.md", f.path, *sort_key(f)))
