"""What a scan reports: :class:`Finding` (rule, where, excerpt, severity, why) and the rule list.

Every rule has a severity (:data:`RULE_SEVERITY`) and one sentence saying what it means for a
person deciding whether to trust the skill (:data:`RULE_WHY`); a finding may carry a sentence of
its own that says more (what a blob decodes to, which file a script posts).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
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
    "download-exec": "dangerous",
    "remote-exec": "dangerous",
    "obfuscated-exec": "dangerous",
    "self-replication": "dangerous",
    "active-content": "dangerous",
    "address-swap": "dangerous",
    "untrusted-index": "dangerous",
    "trust-anchor": "dangerous",
}
RULES: tuple[str, ...] = tuple(RULE_SEVERITY)

# rule -> what a finding of it means, in one sentence a person can judge
RULE_WHY: dict[str, str] = {
    "prompt-injection": (
        "It tries to take over the agent's instructions (ignore the earlier ones, a new system prompt, "
        "a new role)."
    ),
    "html-comment-instruction": "An HTML comment, invisible once rendered, gives the agent instructions.",
    "exfiltration": (
        "It sends secrets (keys, tokens, credential files, the environment) to a remote host, a paste "
        "site or the chat."
    ),
    "destructive-shell": (
        "It runs a command that destroys data (a recursive delete of the root or home folder, a disk "
        "wipe, a fork bomb)."
    ),
    "persistence": (
        "It makes something run again on its own (shell start-up files, cron, launch agents, services, "
        "the agent's own configuration) with a payload."
    ),
    "safety-bypass": (
        "It weakens the agent's own safety: approvals, confirmations or the sandbox turned off, itself "
        "put on a trusted list, scanner findings waved away."
    ),
    "tampering": "It writes to other skills, the agent's memory or its instructions, beside hostile content.",
    "concealment": "It tells the agent to keep a step from the user.",
    "hidden-unicode": "It holds invisible or direction-changing characters that can hide text from a reader.",
    "path-escape": "A link in the skill's folder points outside it.",
    "symlink": "The skill's folder holds a symbolic link (never followed).",
    "binary-script": "A program or binary file sits among the skill's files, where nobody can read it.",
    "oversize-file": "A file is too large to scan, so it was not read.",
    "model-review": "The review model judged the skill unsafe.",
    "download-exec": (
        "It has you download an archive or program from outside any package manager and run it; a "
        "password on the archive keeps scanners from looking inside."
    ),
    "remote-exec": (
        "It runs commands fetched from the network that are not in the skill (a paste site, a bare IP "
        "address, a fetch piped into a shell from code), so what runs can change at any time."
    ),
    "obfuscated-exec": (
        "It decodes a hidden blob (base64, hex, character codes) and runs it, so what runs cannot be "
        "read in the skill."
    ),
    "self-replication": (
        "It writes itself into the agent's memory or instruction files and asks to be spread to other agents."
    ),
    "active-content": (
        "An image or page in the skill runs a script that reads the browser's cookies or storage or "
        "sends data out."
    ),
    "address-swap": (
        "It puts fixed cryptocurrency addresses of its own where copied or written ones were (the "
        "clipboard, invoices), so payments go to its author."
    ),
    "untrusted-index": (
        "It points a package manager at an index that is neither the official one nor a known mirror, "
        "so whoever runs that host decides what every install brings."
    ),
    "trust-anchor": (
        "It installs a certificate it ships as a root the system trusts, so whoever holds that "
        "certificate's key can read and alter the machine's encrypted connections."
    ),
}

EXCERPT_MAX = 120


@dataclass(frozen=True)
class Finding:
    """One suspicious spot: which rule fired, where, a short escaped excerpt, and how bad it is."""

    rule: str
    path: str
    line: int | None
    excerpt: str
    severity: Severity = "dangerous"
    # one sentence a person can judge; the rule's own (RULE_WHY) when empty. Not part of what
    # makes a finding the same one (see key): rewording an explanation changes no verdict.
    why: str = field(default="", compare=False)

    @property
    def explanation(self) -> str:
        """What this finding means, in one sentence: its own, or its rule's."""
        return self.why or RULE_WHY.get(self.rule, f"The {self.rule} rule fired.")

    def to_dict(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "path": self.path,
            "line": self.line,
            "excerpt": self.excerpt,
            "severity": self.severity,
            "why": self.explanation,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Finding:
        """A finding as :meth:`to_dict` wrote it (a record without a known severity is dangerous)."""
        severity = data.get("severity")
        line = data.get("line")
        why = str(data.get("why") or "")
        return cls(
            str(data.get("rule") or "unknown"),
            str(data.get("path") or ""),
            line if isinstance(line, int) else None,
            str(data.get("excerpt") or ""),
            severity if severity in SEVERITIES else "dangerous",
            "" if why == RULE_WHY.get(str(data.get("rule"))) else why,
        )

    @property
    def key(self) -> tuple[str, str, str]:
        """What makes two findings the same one: rule, file and excerpt (line numbers move)."""
        return (self.rule, self.path, self.excerpt)

    def __str__(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {self.rule} ({self.severity}): {self.excerpt}"


def finding(
    rule: str, path: str, line: int | None, excerpt: str, severity: Severity | None = None, why: str = ""
) -> Finding:
    """A :class:`Finding` with the rule's default severity unless one is given."""
    return Finding(rule, path, line, excerpt, severity or RULE_SEVERITY[rule], why)


def sort_key(f: Finding) -> tuple[int, int]:
    """By line, then by rule in :data:`RULES` order (a third-party analyzer's own rules after them)."""
    return (f.line or 0, RULES.index(f.rule) if f.rule in RULES else len(RULES))


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
