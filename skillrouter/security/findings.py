"""What a scan reports: :class:`Finding` (rule, where, excerpt, severity) and the rule list."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

Severity = Literal["caution", "dangerous"]
SEVERITIES: tuple[Severity, ...] = ("caution", "dangerous")

# rule -> the severity its findings carry unless the rule says otherwise
RULE_SEVERITY: dict[str, Severity] = {
    "prompt-injection": "dangerous",
    "html-comment-instruction": "dangerous",
    "exfiltration": "dangerous",
    "destructive-shell": "dangerous",
    "persistence": "dangerous",
    "safety-bypass": "dangerous",
    "tampering": "dangerous",
    "concealment": "caution",
    "hidden-unicode": "caution",
    "path-escape": "dangerous",
    "symlink": "caution",
    "binary-script": "dangerous",
    "oversize-file": "caution",
    "model-review": "dangerous",  # an optional chat model's verdict (skillrouter.security.review)
}
RULES: tuple[str, ...] = tuple(RULE_SEVERITY)

EXCERPT_MAX = 120


@dataclass(frozen=True)
class Finding:
    """One suspicious spot: which rule fired, where, a short escaped excerpt, and how bad it is."""

    rule: str
    path: str
    line: int | None
    excerpt: str
    severity: Severity = "dangerous"

    def to_dict(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "path": self.path,
            "line": self.line,
            "excerpt": self.excerpt,
            "severity": self.severity,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Finding:
        """A finding as :meth:`to_dict` wrote it (a record without a known severity is dangerous)."""
        severity = data.get("severity")
        line = data.get("line")
        return cls(
            str(data.get("rule") or "unknown"),
            str(data.get("path") or ""),
            line if isinstance(line, int) else None,
            str(data.get("excerpt") or ""),
            severity if severity in SEVERITIES else "dangerous",
        )

    @property
    def key(self) -> tuple[str, str, str]:
        """What makes two findings the same one: rule, file and excerpt (line numbers move)."""
        return (self.rule, self.path, self.excerpt)

    def __str__(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {self.rule} ({self.severity}): {self.excerpt}"


def finding(
    rule: str, path: str, line: int | None, excerpt: str, severity: Severity | None = None
) -> Finding:
    """A :class:`Finding` with the rule's default severity unless one is given."""
    return Finding(rule, path, line, excerpt, severity or RULE_SEVERITY[rule])


def sort_key(f: Finding) -> tuple[int, int]:
    return (f.line or 0, RULES.index(f.rule))


# --------------------------------------------------------------------------- excerpts
INVISIBLE_RE = re.compile("[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\U000e0000-\U000e007f]")


def escape(text: str) -> str:
    """Tabs to spaces, invisible and control characters as ``\\uXXXX``."""
    out: list[str] = []
    for ch in text:
        if ch == "\t":
            out.append(" ")
        elif INVISIBLE_RE.match(ch) or unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Co", "Cn"):
            code = ord(ch)
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
        else:
            out.append(ch)
    return "".join(out)


def excerpt(line: str, col: int = 0) -> str:
    """``line`` escaped and cut to :data:`EXCERPT_MAX` characters around column ``col``."""
    escaped = escape(line)
    ecol = len(escape(line[:col]))
    lead = len(escaped) - len(escaped.lstrip())
    escaped = escaped.strip()
    ecol = max(0, ecol - lead)
    if len(escaped) <= EXCERPT_MAX:
        return escaped
    start = max(0, min(ecol - 30, len(escaped) - EXCERPT_MAX + 1))
    piece = escaped[start : start + EXCERPT_MAX - 2]
    return ("…" if start else "") + piece + ("…" if start + len(piece) < len(escaped) else "")
