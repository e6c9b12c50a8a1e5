"""Heuristic checks over a unified diff."""
from __future__ import annotations

import re
from dataclasses import dataclass, asdict
from typing import Iterator

DEBUG_PATTERNS = [
    re.compile(r"\bprint\("),
    re.compile(r"\bconsole\.log\("),
    re.compile(r"^\s*debugger;?\s*$"),
    re.compile(r"pdb\.set_trace\(\)|breakpoint\(\)"),
]
TODO_RE = re.compile(r"\b(TODO|FIXME|XXX)\b(?!.*(#\d+|https?://))")
BROAD_EXCEPT_RE = re.compile(r"^\s*except(\s+Exception)?\s*:\s*(pass)?\s*$")
TEST_PATH_RE = re.compile(r"(^|/)(tests?|__tests__|spec)/|_test\.|\.test\.|\.spec\.")


@dataclass
class Finding:
    rule: str
    path: str
    line: int
    message: str

    def as_comment(self) -> dict:
        return {"path": self.path, "line": self.line, "side": "RIGHT",
                "body": f"**{self.rule}**: {self.message}"}

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class FileDiff:
    path: str
    added: list[tuple[int, str]]


def parse_diff(diff: str) -> Iterator[FileDiff]:
    current: FileDiff | None = None
    new_line = 0
    for raw in diff.splitlines():
        if raw.startswith("+++ "):
            if current:
                yield current
            path = raw[4:].removeprefix("b/")
            current = FileDiff(path=path, added=[])
        elif raw.startswith("@@"):
            m = re.search(r"\+(\d+)", raw)
            new_line = int(m.group(1)) if m else 0
        elif current is None:
            continue
        elif raw.startswith("+"):
            current.added.append((new_line, raw[1:]))
            new_line += 1
        elif not raw.startswith("-"):
            new_line += 1
    if current:
        yield current


def run_checks(diff: str, cfg: dict) -> list[Finding]:
    findings: list[Finding] = []
    files = [f for f in parse_diff(diff) if f.path != "/dev/null"]
    max_added = int(cfg.get("max_added_lines", 600))
    for f in files:
        if len(f.added) > max_added:
            findings.append(Finding("large-file", f.path, f.added[0][0],
                                    f"{len(f.added)} lines added; consider splitting."))
        for lineno, text in f.added:
            if any(p.search(text) for p in DEBUG_PATTERNS) and not TEST_PATH_RE.search(f.path):
                findings.append(Finding("debug-left", f.path, lineno,
                                        "Debug statement added; remove before merge."))
            if TODO_RE.search(text):
                findings.append(Finding("todo", f.path, lineno,
                                        "New TODO without an issue link."))
            if BROAD_EXCEPT_RE.match(text):
                findings.append(Finding("broad-except", f.path, lineno,
                                        "Broad except swallows errors."))
    src = [f for f in files if not TEST_PATH_RE.search(f.path) and f.path.endswith(
        tuple(cfg.get("source_suffixes", [".py", ".ts", ".js", ".go"])))]
    tests = [f for f in files if TEST_PATH_RE.search(f.path)]
    if src and not tests and cfg.get("require_tests", True):
        findings.append(Finding("no-tests", src[0].path, src[0].added[0][0] if src[0].added else 1,
                                "Source changed but no tests were touched."))
    return findings
