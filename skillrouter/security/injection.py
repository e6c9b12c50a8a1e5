"""Injection phrases (``prompt-injection``) and instructions hidden in HTML comments
(``html-comment-instruction``), matched anywhere in a file's normalised text.

``prompt-injection``
    "ignore/disregard/forget (all) previous|prior|above instructions", "disregard your system
    prompt", role hijacks ("you are now DAN", "from now on, you will ..."), "new system prompt:".
``html-comment-instruction``
    An ``<!-- ... -->`` comment (invisible once rendered) that carries injection language, speaks
    to the model ("note to the AI: ...", "if you are an AI ...") or asks for secrecy ("do not tell
    the user", "silently run ..."); or, in a Markdown file, a comment that gives the agent
    something to act on: prose (:data:`HIDDEN_PROSE_WORDS` words or more, tags taken out) around a
    path in the user's home, an ``.env`` file, or a download piped into a shell. Hidden text that
    gives the agent an order is dangerous by itself, in any language; a commented-out tag
    (``<!-- <script src=...> -->``) or a maintainer's note is not. A URL alone is no target: a
    template's hidden "EXAMPLE: docs at https://..." is a note (measured on the real libraries of
    ``../shared/data``, 678 comments: with URLs as targets one of them was held, without none).

A phrase standing alone in quotes (the quote closing right after it) is cited, not issued, and
is not reported (see :mod:`skillrouter.security.mentions` for how that exemption is measured).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from skillrouter.security.findings import Finding, excerpt, finding
from skillrouter.security.markdown import MARKDOWN_SUFFIXES

_SEP = r"[\s*_~]+"
_IGNORE_WORDS = ("ignore", "disregard", "forget", "override", "bypass", "abandon", "reveal", "leak")
# (anchor words, pattern): every match of a pattern starts with one of its anchor words, so a
# pattern is only tried (``match``) where an anchor occurs; a speed-up that changes no result.
_INJECTION_RULES: tuple[tuple[tuple[str, ...], str], ...] = (
    # ignore / disregard / forget (all) previous instructions
    (
        _IGNORE_WORDS,
        (
            rf"\b(?:ignore|disregard|forget|override|bypass|abandon)\b{_SEP}"
            rf"(?:(?:all|any|every|each|of|the|your|my|these|those|that|you|were|given|just)\b{_SEP})*"
            rf"(?:previous|prior|above|earlier|preceding|original|former|initial|system|developer)\b{_SEP}"
            rf"(?:[\w-]+{_SEP})?(?:instructions?|prompts?|directives?|rules|guidelines|guardrails|commands|orders)\b"
        ),
    ),
    (
        _IGNORE_WORDS,
        (
            rf"\b(?:ignore|disregard|forget)\b{_SEP}(?:all{_SEP}|everything{_SEP})+"
            rf"(?:(?:that{_SEP})?(?:is{_SEP}|was{_SEP})?(?:above|before{_SEP}this)|you{_SEP}(?:were|have{_SEP}been){_SEP}told)\b"
        ),
    ),
    # disregard your system prompt / do not follow the original instructions
    (
        _IGNORE_WORDS,
        (
            rf"\b(?:disregard|ignore|forget|override|bypass|reveal|leak)\b{_SEP}(?:your|the|any){_SEP}"
            rf"(?:system|developer|hidden|safety){_SEP}(?:prompt|message|instructions?|guidelines|filters?)\b"
        ),
    ),
    (
        ("do", "don't", "stop"),
        (
            rf"\b(?:do{_SEP}not|don't|stop){_SEP}(?:follow|obey)(?:ing)?{_SEP}(?:(?:your|any){_SEP}"
            rf"(?:previous|prior|original|system|developer|safety)|the{_SEP}(?:system|developer|safety)){_SEP}"
            rf"(?:prompt|instructions?|rules|guidelines)\b"
        ),
    ),
    # role hijacks
    (
        ("you",),
        (
            rf"\byou{_SEP}are{_SEP}now{_SEP}(?:DAN|STAN|DUDE|AIM|in{_SEP}(?:developer|god|jailbreak|DAN|unrestricted){_SEP}mode"
            rf"|(?:an?{_SEP})?(?:unrestricted|unfiltered|uncensored|jailbroken|unaligned|evil|rogue)"
            rf"|no{_SEP}longer{_SEP}(?:bound|restricted|limited|an?{_SEP}AI|Claude|ChatGPT|an?{_SEP}assistant)"
            rf"|free{_SEP}(?:of|from){_SEP}(?:all{_SEP})?(?:restrictions|rules|guidelines|filters))\b"
        ),
    ),
    (
        ("from",),
        (
            rf"\bfrom{_SEP}now{_SEP}on[\s,]+you{_SEP}(?:are|will{_SEP}(?:now{_SEP})?(?:be|act|respond|answer|behave|ignore|pretend|obey|only)"
            rf"|must|shall|should{_SEP}(?:act|respond|ignore))\b"
        ),
    ),
    (
        ("you",),
        rf"\byou{_SEP}are{_SEP}no{_SEP}longer{_SEP}(?:bound|restricted|an?{_SEP}AI|Claude|an?{_SEP}assistant|required{_SEP}to{_SEP}follow)\b",
    ),
    (
        ("enter", "enable", "activate"),
        rf"\b(?:enter|enable|activate){_SEP}(?:DAN|god|jailbreak){_SEP}mode\b",
    ),
    (("do",), rf"\bdo{_SEP}anything{_SEP}now\b"),
    # fake system prompt
    (
        ("new", "updated", "real", "actual", "true", "revised"),
        rf"\b(?:new|updated|real|actual|true|revised){_SEP}system{_SEP}prompt\s*:",
    ),
    (("system",), rf"\bsystem{_SEP}(?:prompt{_SEP})?override\s*:"),
)
_INJECTION_RES: tuple[tuple[tuple[str, ...], re.Pattern[str]], ...] = tuple(
    (gates, re.compile(p, re.IGNORECASE)) for gates, p in _INJECTION_RULES
)
_QUOTE_PAIRS = {'"': '"', "'": "'", "`": "`", "“": "”", "‘": "’", "«": "»"}
_MENTION_SLACK = 25


def _is_quoted_mention(text: str, start: int, end: int) -> bool:
    """True when the phrase stands alone inside quotes: cited as an example, not issued."""
    i = start - 1
    while i >= 0 and text[i] in " *_":
        i -= 1
    if i < 0 or text[i] not in _QUOTE_PAIRS:
        return False
    close = text.find(_QUOTE_PAIRS[text[i]], end)
    return close != -1 and close - end <= _MENTION_SLACK


def _line_of(text: str, pos: int) -> tuple[int, int]:
    """(1-based line number, column) of ``pos``."""
    return text.count("\n", 0, pos) + 1, pos - (text.rfind("\n", 0, pos) + 1)


# --------------------------------------------------------------------------- html comments
_HTML_COMMENT_RE = re.compile(r"<!--(.*?)-->", re.DOTALL)
_AGENT_NOUN = (
    rf"(?:AI|LLM|assistant|agent|model|language{_SEP}model|claude|chatgpt|gpt|gemini|copilot|hermes|codex"
    r"|bot)s?"
)
_COMMENT_PATTERNS: tuple[str, ...] = (
    (
        rf"\b{_AGENT_NOUN}\s*[,:;-]\s*(?:you{_SEP}(?:must|should|will|need|have)|please|always|never|do{_SEP}not|don't|ignore"
        r"|run|execute|send|delete|remove|read|upload|fetch|curl|download|install|add|write|insert|include|tell|say|recommend)\b"
    ),
    (  # "note for the coding agent"
        rf"\b(?:note|instructions?|message|reminder|directive)s?{_SEP}(?:to|for){_SEP}(?:the{_SEP}|any{_SEP}|all{_SEP})?"
        rf"(?:[a-z-]+{_SEP}){{0,2}}?{_AGENT_NOUN}\b"
    ),
    rf"\bif{_SEP}you{_SEP}are{_SEP}(?:an?{_SEP}|the{_SEP})?{_AGENT_NOUN}\b",
    rf"\b{_AGENT_NOUN}{_SEP}(?:reading|processing|parsing|seeing|loading){_SEP}this\b",
    (
        rf"\b(?:do{_SEP}not|don't|never)\s+(?:tell|inform|mention|reveal|show|disclose|alert|notify|let)\b[^.\n]{{0,40}}"
        rf"\b(?:user|human|operator)s?\b"
    ),
    rf"\bwithout{_SEP}(?:telling|informing|notifying|alerting|showing){_SEP}(?:the{_SEP})?(?:user|human|operator)s?\b",
    (
        rf"\b(?:secretly|silently|covertly|quietly){_SEP}(?:run|execute|send|upload|post|copy|exfiltrate|delete|remove"
        r"|install|add|include|insert|fetch|download|read|append|modify|change|write)\b"
    ),
    rf"\bhide{_SEP}(?:this|it|that|these){_SEP}from{_SEP}(?:the{_SEP})?(?:user|human|operator)s?\b",
    rf"\bthe{_SEP}(?:user|human|operator){_SEP}(?:must|should|will|need|can)(?:{_SEP}not|n't|{_SEP}never)(?:{_SEP}ever)?{_SEP}(?:know|see|notice|find|learn)\b",
)
_COMMENT_RE = re.compile(
    "|".join(f"(?:{p})" for p in tuple(p for _, p in _INJECTION_RULES) + _COMMENT_PATTERNS), re.IGNORECASE
)


def anchor_positions(lower: str, words: tuple[str, ...]) -> list[int]:
    positions: list[int] = []
    for word in words:
        pos = lower.find(word)
        while pos != -1:
            positions.append(pos)
            pos = lower.find(word, pos + 1)
    return sorted(positions)


# a subject before the verb: the phrase says what someone does ("fallback models ignore system
# instructions", "attackers who tell the model to disregard ..."), it does not issue it
_DESCRIBED_BY_RE = re.compile(
    r"\b(?:that|which|who|whom|models?|agents?|assistants?|users?|attackers?|adversar\w+|people|bots?|llms?"
    r"|they|it|he|she|someone|can|may|might|could|would|often|sometimes|usually|commonly|typically"
    r"|tries\s+to|try\s+to|trying\s+to|attempts?\s+to|asks?\s+(?:you|the\s+\w+)\s+to|tell\w*\s+(?:you|the\s+\w+)\s+to"
    r"|make\w*\s+(?:you|the\s+\w+)|such\s+as|like|e\.g\.|i\.e\.)\W*$",
    re.IGNORECASE,
)
# where a skill about stopping attacks keeps the attacks it stops: tables, lists, quotes, code
_QUOTING_LINE_RE = re.compile(
    r"^\s*(?:\||[-*+]\s|\d{1,3}[.)]\s|>|#)|\b(?:input|example|e\.g|payload|pattern)s?\b\W", re.IGNORECASE
)


def quoting_line(line: str) -> bool:
    """A line laid out as quoted material: a table row, list item, quote or heading, or one
    introducing an input, example, payload or pattern."""
    return _QUOTING_LINE_RE.search(line) is not None


def _described(norm: str, start: int) -> bool:
    line_start = norm.rfind("\n", 0, start) + 1
    return _DESCRIBED_BY_RE.search(norm[max(line_start, start - 80) : start]) is not None


HIDDEN_PROSE_WORDS = 8
"""The words (a CJK character counts a third of one) a comment needs to read as an instruction."""

_TAG_RE = re.compile(r"<[^<>]*>")
_WORD_RE = re.compile(r"[^\W\d_]{2,}")
_CJK_RE = re.compile(r"[\u3400-\u9fff]")
_ACTIONABLE_RE = re.compile(
    r"(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%)[/\\][^\s]*"  # the user's home
    r"|(?<![\w.-])\.env(?:\.[\w-]+)?\b"  # the project's secrets
    # a download piped into an interpreter (not a table's column bar)
    r"|\b(?:curl|wget|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b[^\n|]*\|\s*(?:sudo\s+)?"
    r"(?:(?:ba|z|da|k)?sh|python3?|node|iex)\b",
    re.IGNORECASE,
)


def _hidden_order(comment: str) -> re.Match[str] | None:
    """Where a comment's text gives the agent something to act on (see the module docstring)."""
    text = _TAG_RE.sub(" ", comment)
    target = _ACTIONABLE_RE.search(text)
    if target is None:
        return None
    words = len(_WORD_RE.findall(_ACTIONABLE_RE.sub(" ", text))) + len(_CJK_RE.findall(text)) / 3
    return target if words >= HIDDEN_PROSE_WORDS else None


def injection_findings(
    relpath: str,
    norm: str,
    lower: str,
    raw_line: Callable[[int], str],
    *,
    mentions: bool = True,
    quoting: Callable[[int], bool] | None = None,
) -> list[Finding]:
    """``prompt-injection`` (one per line) and ``html-comment-instruction`` findings.

    ``quoting(line)``: whether a line is where the skill quotes attacks as data (a skill about
    stopping them: its tables, lists, quotes, code and data files); a phrase there is cited."""
    findings: list[Finding] = []
    injection_lines: set[int] = set()
    for anchors, rx in _INJECTION_RES:
        for pos in anchor_positions(lower, anchors):
            m = rx.match(norm, pos)
            if m is None or (
                mentions and (_is_quoted_mention(norm, m.start(), m.end()) or _described(norm, m.start()))
            ):
                continue
            number, col = _line_of(norm, m.start())
            if mentions and quoting is not None and quoting(number):
                continue
            if number not in injection_lines:
                injection_lines.add(number)
                findings.append(finding("prompt-injection", relpath, number, excerpt(raw_line(number), col)))
    if "<!--" in norm:
        markdown = relpath.lower().endswith(MARKDOWN_SUFFIXES)
        for c in _HTML_COMMENT_RE.finditer(norm):
            hit = _COMMENT_RE.search(norm, c.start(1), c.end(1))
            order = _hidden_order(c.group(1)) if hit is None and markdown else None
            if hit is None and order is None:
                continue
            if hit is not None:
                at = hit.start()
            else:
                assert order is not None
                at = c.start(1) + max(c.group(1).find(order.group(0)), 0)
            # a comment quoted as an example (a table row, a list item) is judged where it opens
            if mentions and quoting is not None and quoting(_line_of(norm, c.start() if order else at)[0]):
                continue
            number, col = _line_of(norm, at)
            why = (
                f"An HTML comment, invisible once rendered, gives the agent something to act on "
                f"({order.group(0)[:60]})."
                if order is not None
                else ""
            )
            findings.append(
                finding("html-comment-instruction", relpath, number, excerpt(raw_line(number), col), why=why)
            )
    return findings
