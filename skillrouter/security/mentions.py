"""When a command or an instruction in a skill is only *mentioned*: where the text says so.

Inline code and fenced code are commands, and prose instructions are instructions, unless the
text around them marks them as something not to do. :func:`mention_reason` names the marker:

``negation``
    The clause says not to: "Never run `rm -rf /`", "Don't paste the key into the chat",
    "do not run" (and not "don't forget to run").
``warning``
    The words right after say so: "... — that is exactly the pattern to flag, not to run",
    "(do not run)", "is malicious".
``warning-heading``
    The section's heading is a warning list: "Red flags", "What to look for", "Don'ts",
    "Never", "Avoid", "Anti-patterns", "Attack patterns", "Indicators of compromise".
``security-example``
    A skill about security (its name, description, tags or title say so) quoting the thing as
    an example: inside quotes or after "e.g.", "such as", "might say", "look for", "flag",
    "requests to", ...

Deny lists and searched-for patterns are recognised per command line
(:func:`skillrouter.security.commands.is_mention`). ``benchmarks/security_flag_rate.py
--no-mentions`` and the corpus tests measure what the exemption costs and saves.
"""

from __future__ import annotations

import re

SECURITY_TOPIC_RE = re.compile(
    r"\b(?:secur\w*|safety|safer|malicious|malware|attacks?|attackers?|threats?|pentest\w*|penetration"
    r"|red[- ]team\w*"
    r"|vulnerab\w*|exploit\w*|injections?|phishing|harden\w*|incidents?|forensics?|ctf|jailbreak\w*|leak\w*"
    r"|exfiltrat\w*|permissions?|audit\w*|abuse|hack\w*|defen[cs]\w*|red flags?|untrusted|backdoor\w*)\b"
)
WARNING_HEADING_RE = re.compile(
    r"^\W*(?:(?:common\s+|typical\s+|known\s+)?(?:red\s+flags?|warning\s+signs?|anti-?patterns?"
    r"|(?:attack|abuse|injection|exfiltration|persistence)\s+(?:patterns?|techniques?|examples?|vectors?)"
    r"|indicators?(?:\s+of\s+compromise)?|iocs?|things\s+to\s+avoid|what\s+not\s+to\s+do|don'?ts?|do\s+not|never"
    r"|avoid|bad\s+examples?|malicious\s+\w+|suspicious\s+\w+)"
    r"|what\s+to\s+(?:look|watch)\s+(?:out\s+)?for|(?:look|watch)\s+(?:out\s+)?for|signs?\s+of\s+\w+)\b",
    re.IGNORECASE,
)
# a clause ends at ; : ( ) — – " - " or ", and/but/then/so"; negation must sit in the verb's clause
_CLAUSE_BREAK_RE = re.compile(r"[;:()\[\]—–]|\s-\s|,\s+(?:and|but|then|so|or)\b|\.\s")
NEGATION_RE = re.compile(
    r"\b(?:never|not|don'?t|doesn'?t|didn'?t|won'?t|shouldn'?t|mustn'?t|cannot|can'?t|no\s+longer|avoid(?:ing)?"
    r"|refuse|instead\s+of|rather\s+than|nor|without|stop(?:ping)?)\b"
    r"(?!\s+(?:forget|hesitate|skip|fail|miss|neglect|worry|bother|need\s+to\s+ask)\b)",
    re.IGNORECASE,
)
_WARN_AFTER_RE = re.compile(
    r"[^.]{0,40}?\b(?:not\s+to\s+(?:be\s+)?(?:run|execute|follow)|(?:do\s+not|don'?t|never)\s+(?:run|execute|follow)"
    r"|is\s+(?:malicious|dangerous|an?\s+attack)|to\s+flag|(?:should\s+be|are|is)\s+flagged|red\s+flag|evidence\s+only)\b",
    re.IGNORECASE,
)
_EXAMPLE_RE = re.compile(
    r"\b(?:e\.g\.|for\s+example|for\s+instance|such\s+as|like|(?:might|may|could|would)\s+(?:say|ask|read|contain|look)"
    r"|look(?:s|ing)?\s+for|watch(?:ing)?\s+(?:out\s+)?for|flag\w*|red\s+flags?|detect\w*|warn\w*|examples?"
    r"|patterns?|(?:requests?|instructions?|attempts?|tries|trying)\s+to|asks?\s+(?:you\s+|the\s+agent\s+)?to"
    r"|tells?\s+(?:you|the\s+agent)\s+to|quoted?|cites?)\b",
    re.IGNORECASE,
)
_SYMMETRIC_QUOTES = ('"', "*")
_PAIRED_QUOTES = (("“", "”"), ("‘", "’"), ("«", "»"))


def clause_before(text: str, pos: int) -> str:
    """The part of ``text`` before ``pos`` that belongs to the same clause."""
    last = 0
    for m in _CLAUSE_BREAK_RE.finditer(text, 0, pos):
        last = m.end()
    return text[last:pos]


def negated(text: str, pos: int) -> bool:
    """Whether the clause holding ``pos`` negates what starts there ("never send ...")."""
    return NEGATION_RE.search(clause_before(text, pos)) is not None


def is_security_topic(topic: str) -> bool:
    return SECURITY_TOPIC_RE.search(topic) is not None


def _quoted(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] sits inside a quotation (or emphasis) in its sentence."""
    for mark in _SYMMETRIC_QUOTES:
        if text.count(mark, 0, start) % 2 == 1 and mark in text[end:]:
            return True
    for open_, close in _PAIRED_QUOTES:
        left = text.rfind(open_, 0, start)
        if left != -1 and text.rfind(close, 0, start) < left and close in text[end:]:
            return True
    return False


def mention_reason(sentence: str, start: int, end: int, *, heading: str, security_topic: bool) -> str | None:
    """Why ``sentence[start:end]`` (a command or an instruction) is only mentioned, or None."""
    if heading and WARNING_HEADING_RE.search(heading):
        return "warning-heading"
    if negated(sentence, start):
        return "negation"
    if _WARN_AFTER_RE.match(sentence, end):
        return "warning"
    if security_topic and (_quoted(sentence, start, end) or _EXAMPLE_RE.search(sentence)):
        return "security-example"
    return None
