"""Static screening of untrusted skill folders before an agent is allowed to follow them.

A skill is text an agent will obey, so an imported skill is screened like untrusted code.
:func:`scan_text` checks one file's text; :func:`scan_skill_folder` walks a skill folder
(``SKILL.md`` plus Level-2 files) and adds checks that need the file system. Both return
:class:`Finding` objects; neither raises on hostile content and nothing is ever executed.

Rules (``Finding.rule``):

``prompt-injection``
    "ignore/disregard/forget (all) previous|prior|above instructions", "disregard your system
    prompt", role hijacks ("you are now DAN", "from now on, you will ..."), "new system prompt:".
``html-comment-instruction``
    An ``<!-- ... -->`` comment (invisible once rendered) that carries injection language, speaks
    to the model ("note to the AI: ...", "if you are an AI ...") or asks for secrecy ("do not tell
    the user", "silently run ...").
``exfiltration``
    A secret source and a network sink (curl, wget, nc, scp, requests.post, fetch, ...) in the same
    logical line (shell ``\\`` continuations joined): private SSH keys, ``~/.aws/credentials``,
    ``.netrc``, ``/etc/shadow`` and similar files; whole-environment dumps (``env |``,
    ``printenv``, ``os.environ`` / ``process.env`` passed as a value); or a ``*_API_KEY`` /
    ``*_TOKEN`` / ``*_SECRET`` / ``*PASSWORD`` variable sent as request *data* (``-d``, ``-F``,
    ``--post-data``, ``data=``/``json=``), piped into the sink, or embedded in a URL path or in a
    query parameter whose name is not key/token-like.
``destructive-shell``
    Recursive ``rm`` of ``/``, ``~``, ``$HOME`` or a top-level system directory (``rm -fr /``,
    ``--no-preserve-root``), ``shutil.rmtree`` of root/home, ``mkfs`` on a device, ``dd of=/dev/sdX``,
    raw writes/shred of disks, fork bombs, ``chmod -R 777`` of root/system directories.
``persistence``
    Writes to the system crontab / cron.d / spool; ``| crontab -``, shell-rc appends, systemd
    ``ExecStart=``/``enable`` lines whose payload downloads-and-executes, opens a reverse shell,
    decodes base64 or runs from /tmp; and any write (redirect, ``tee``, ``sed -i``, ``cp``/``mv``,
    ``open(..., "w")``) to the agent's own configuration or instruction files (``~/.hermes/config.yaml``,
    ``~/.claude/settings.json``, ``CLAUDE.md``, ``AGENTS.md``, ``.cursorrules``, ...).
``hidden-unicode``
    Zero-width and bidirectional controls (U+200B-U+200F, U+202A-U+202E, U+2060-U+2064,
    U+2066-U+2069), U+FEFF anywhere but the first character, tag characters (U+E0000-U+E007F).
``symlink`` / ``path-escape``
    Every symlink in the folder is reported (never followed); one that resolves outside the skill
    folder is also a ``path-escape``.
``binary-script``
    A non-text file (NUL bytes or executable/archive magic) under ``scripts/``, or an executable
    (ELF, PE/MZ, Mach-O) anywhere in the folder.
``oversize-file``
    A file larger than ``max_file_bytes``; it is not read.

False-positive policy. Real libraries are full of security skills that *describe* attacks and
devops skills that legitimately run ``crontab -e``, ``rm -rf node_modules``, ``curl ... | bash``
installers or ``export PATH`` lines in ``~/.bashrc``. Rules therefore need the dangerous *shape*,
not a keyword: ``rm`` only with a root/home/system target; exfiltration only with both a secret
source and a sink, and never for a key sent the usual way (``-H "Authorization: ..."``, ``-u``,
``?api_key=``); shell-rc and crontab edits only with a malicious-looking payload; HTML comments
only when they address the model or ask for secrecy. Treated as mentions, not commands: an
injection phrase standing alone in quotes (``"ignore previous instructions"`` cited as an example,
the quote closing right after the phrase); a command inside a quoted ``grep``/regex pattern or a
``"deny": [...]`` list; a command preceded on its line by "never run" / "do not run". Allowed
invisible characters: U+FEFF as the first character; ZWJ/ZWNJ after a non-ASCII letter, mark or
symbol and not before an ASCII letter or digit (emoji ZWJ sequences, Indic and Persian text);
LRM/RLM on lines with right-to-left text; emoji tag sequences (the England, Scotland and Wales
flags). Matching runs on NFKC-normalised text with invisible characters removed, so zero-width
characters or full-width letters inside a phrase do not hide it.

Known limits: checks are per logical line, so a secret read into a variable on one line and sent
on another, or a config path built in one statement and written in the next, is not seen; the
scan is a first gate, not a sandbox.
"""

from __future__ import annotations

import bisect
import codecs
import os
import re
import stat
import unicodedata
from dataclasses import dataclass
from pathlib import Path

__all__ = ["RULES", "Finding", "scan_skill_folder", "scan_text"]

RULES: tuple[str, ...] = (
    "prompt-injection",
    "html-comment-instruction",
    "exfiltration",
    "destructive-shell",
    "persistence",
    "hidden-unicode",
    "path-escape",
    "symlink",
    "binary-script",
    "oversize-file",
)

EXCERPT_MAX = 120


@dataclass(frozen=True)
class Finding:
    """One suspicious spot: which rule fired, where, and a short escaped excerpt."""

    rule: str
    path: str
    line: int | None
    excerpt: str

    def to_dict(self) -> dict[str, object]:
        return {"rule": self.rule, "path": self.path, "line": self.line, "excerpt": self.excerpt}

    def __str__(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {self.rule}: {self.excerpt}"


# --------------------------------------------------------------------------- unicode
_INVISIBLE_RE = re.compile(
    "[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\U000e0000-\U000e007f]"
)
_EMOJI_TAG_SEQ_RE = re.compile("\U0001f3f4[\U000e0020-\U000e007e]{1,12}\U000e007f")
_JOINERS = frozenset("\u200c\u200d")
_DIR_MARKS = frozenset("\u200e\u200f")


def _escape(text: str) -> str:
    out: list[str] = []
    for ch in text:
        if ch == "\t":
            out.append(" ")
        elif _INVISIBLE_RE.match(ch) or unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Co", "Cn"):
            code = ord(ch)
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
        else:
            out.append(ch)
    return "".join(out)


def _excerpt(line: str, col: int = 0) -> str:
    escaped = _escape(line)
    ecol = len(_escape(line[:col]))
    lead = len(escaped) - len(escaped.lstrip())
    escaped = escaped.strip()
    ecol = max(0, ecol - lead)
    if len(escaped) <= EXCERPT_MAX:
        return escaped
    start = max(0, min(ecol - 30, len(escaped) - EXCERPT_MAX + 1))
    piece = escaped[start : start + EXCERPT_MAX - 2]
    return ("…" if start else "") + piece + ("…" if start + len(piece) < len(escaped) else "")


def _visible_neighbour(ch: str) -> bool:
    return ord(ch) > 0x7F and (unicodedata.category(ch)[0] in "LMS" or ch == "\ufe0f")


def _hidden_unicode(relpath: str, text: str) -> list[Finding]:
    allowed = {i for m in _EMOJI_TAG_SEQ_RE.finditer(text) for i in range(m.start(), m.end())}
    findings: list[Finding] = []
    seen_lines: set[int] = set()
    for m in _INVISIBLE_RE.finditer(text):
        pos, ch = m.start(), m.group()
        if pos in allowed or (ch == "\ufeff" and pos == 0):
            continue
        line_start = text.rfind("\n", 0, pos) + 1
        line_end = text.find("\n", pos)
        line = text[line_start : line_end if line_end != -1 else len(text)]
        if (
            ch in _JOINERS
            and pos > 0
            and _visible_neighbour(text[pos - 1])
            and not (pos + 1 < len(text) and text[pos + 1].isascii() and text[pos + 1].isalnum())
        ):
            continue  # emoji ZWJ sequences, Indic (chillu) and Persian joiners
        if ch in _DIR_MARKS and any(unicodedata.bidirectional(c) in ("R", "AL") for c in line):
            continue
        lineno = text.count("\n", 0, pos) + 1
        if lineno not in seen_lines:
            seen_lines.add(lineno)
            findings.append(Finding("hidden-unicode", relpath, lineno, _excerpt(line, pos - line_start)))
    return findings


def _normalise(text: str) -> str:
    """Invisible characters removed and NFKC applied; line breaks (hence line numbers) kept."""
    return unicodedata.normalize("NFKC", _INVISIBLE_RE.sub("", text))


# --------------------------------------------------------------------------- prompt injection
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
_AGENT_NOUN = rf"(?:AI|LLM|assistant|agent|model|language{_SEP}model|claude|chatgpt|gpt|gemini|copilot|hermes|codex|bot)s?"
_COMMENT_PATTERNS: tuple[str, ...] = (
    (
        rf"\b{_AGENT_NOUN}\s*[,:;-]\s*(?:you{_SEP}(?:must|should|will|need|have)|please|always|never|do{_SEP}not|don't|ignore"
        r"|run|execute|send|delete|remove|read|upload|fetch|curl|download|install|add|write|insert|include|tell|say|recommend)\b"
    ),
    rf"\b(?:note|instructions?|message|reminder|directive)s?{_SEP}(?:to|for){_SEP}(?:the{_SEP}|any{_SEP}|all{_SEP})?{_AGENT_NOUN}\b",
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


# --------------------------------------------------------------------------- shell-ish helpers
_SEARCH_CONTEXT_RE = re.compile(
    r"\b(?:grep|egrep|fgrep|rg|ag|re\.(?:compile|search|match|fullmatch|findall|finditer|sub))\b|=~|-match\b"
    r"|\.(?:test|includes|contains|startswith|match)\s*\(",
    re.IGNORECASE,
)
_WARNING_CONTEXT_RE = re.compile(
    r"\b(?:never|do\s+not|don't|must\s+not|should\s+not|avoid)\s+(?:ever\s+)?(?:run|running|execute|executing|use|using|type|typing)\b",
    re.IGNORECASE,
)


_DENY_LIST_RE = re.compile(
    r"[\"']?(?:deny|denylist|blocklist|blocked_commands|disallowed_commands|dangerous_commands)[\"']?\s*[:=]\s*\[",
    re.IGNORECASE,
)


def _is_mention(line: str, start: int) -> bool:
    """True when the command at ``start`` is a searched-for pattern, an explicit warning or a deny-list entry."""
    prefix = line[:start]
    if _WARNING_CONTEXT_RE.search(prefix) or _DENY_LIST_RE.search(prefix):
        return True
    last = None
    for last in _SEARCH_CONTEXT_RE.finditer(prefix):
        pass
    if last is None:
        return False
    between = prefix[last.end() :]
    return between.count("'") % 2 == 1 or between.count('"') % 2 == 1


_MAX_CONTINUATION = 30


def _logical_line(lines: list[str], number: int) -> tuple[int, str]:
    """The logical line holding physical line ``number`` (1-based): shell ``\\`` continuations
    joined. Returns (first physical line number, text)."""
    first = number
    while first > 1 and number - first < _MAX_CONTINUATION and lines[first - 2].rstrip("\r").endswith("\\"):
        first -= 1
    parts: list[str] = []
    current = first
    while True:
        line = lines[current - 1].rstrip("\r")
        if line.endswith("\\") and current < len(lines) and current - first < 2 * _MAX_CONTINUATION:
            parts.append(line[:-1])
            current += 1
            continue
        parts.append(line)
        return first, " ".join(parts)


def _anchor_positions(lower: str, words: tuple[str, ...]) -> list[int]:
    positions: list[int] = []
    for word in words:
        pos = lower.find(word)
        while pos != -1:
            positions.append(pos)
            pos = lower.find(word, pos + 1)
    return sorted(positions)


# --------------------------------------------------------------------------- exfiltration
_SINK_RE = re.compile(
    r"(?<![\w.$/-])(?:curl|wget|nc|ncat|netcat|socat|telnet|scp|sftp)(?![\w.-])"
    r"|\b(?:requests|httpx|session|client|aiohttp|urllib3|http)\.(?:post|put|patch|get|request)\s*\("
    r"|\burlopen\s*\(|\bfetch\s*\(|\baxios(?:\.(?:post|put|patch|get))?\s*\("
    r"|\bInvoke-(?:WebRequest|RestMethod)\b|/dev/(?:tcp|udp)/",
    re.IGNORECASE,
)
_SECRET_FILE_RE = re.compile(
    r"(?<![\w.:/-])(?:~|\$\{?HOME\}?|%USERPROFILE%|/root|/home/[\w.-]+|/Users/[\w.-]+)?[/\\]?"
    r"(?:\.ssh[/\\](?:id_[\w-]+(?![\w-]*\.pub)|identity\b)"
    r"|\.aws[/\\]credentials\b|\.netrc\b|\.git-credentials\b|\.pgpass\b|\.pypirc\b"
    r"|\.docker[/\\]config\.json\b|\.kube[/\\]config\b|\.gnupg\b|\.config[/\\]gh[/\\]hosts\.yml\b"
    r"|\.config[/\\]gcloud[/\\][\w./-]*credentials[\w.-]*|\.hermes[/\\]\.env\b|\.claude[/\\]\.credentials\.json\b)"
    r"|(?<![\w.:/-])(?:~|\$\{?HOME\}?)[/\\]\.ssh[/\\]?(?=[\s\"'|;)&>]|$)"
    r"|(?<![\w.:/-])/etc/shadow\b"
    r"|@\.env\b|(?:--post-file|--upload-file|-T)[=\s]+\.env\b|<\s*\.env\b",
    re.IGNORECASE,
)
_ENV_DUMP_RE = re.compile(
    r"(?:^|[|;&(]|\$\(|[=\"']`)\s*(?:sudo\s+)?(?:env|printenv|export\s+-p)\s*(?=$|[|;&)`>])"
    r"|\bprintenv\b"
    r"|(?<!env=)(?<!env\s=\s)(?<!\*\*)\bos\.environ\b(?!\s*(?:\[|\.get\b|\.setdefault\b|\.pop\b|\.update\b|\.__))"
    r"|\bprocess\.env\b(?!\s*(?:\.|\[|\?\.))"
    r"|\b(?:Get-ChildItem|gci|dir|ls)\s+env:",
)
_SECRET_NAME = r"(?:[A-Z][A-Z0-9_]*_)?(?:API_?KEY|ACCESS_KEY|SECRET(?:_ACCESS)?(?:_KEY)?|TOKEN|PASSWORD|PASSWD|PRIVATE_KEY|CREDENTIALS?)"
_SECRET_VAR_RE = re.compile(
    rf"\$\{{?[A-Z0-9_]*?{_SECRET_NAME}\b\}}?"
    rf"|\bos\.(?:environ\[\s*|environ\.get\(\s*|getenv\(\s*)['\"][A-Z0-9_]*?{_SECRET_NAME}['\"]"
    rf"|\bprocess\.env\.[A-Z0-9_]*?{_SECRET_NAME}\b"
)
_CONTEXT_MARK_RE = re.compile(
    r"(?:^|[\s(,{])(?P<opt>-{1,2}[A-Za-z][\w-]*)(?==|\s|$)"
    r"|\b(?P<kw>data|json|files|body|params|headers|auth|cookies)\s*[=:]",
)
_DATA_OPT_RE = (
    re.compile(  # curl / wget options whose argument is the request body (case matters: -f is --fail)
        r"-d|--data(?:-raw|-binary|-urlencode|-ascii)?|--json|-F|--form(?:-string)?|--post-(?:data|file)"
        r"|--body-(?:data|file)|-T|--upload-file"
    )
)
_DATA_KWS = frozenset({"data", "json", "files", "body"})
_URL_RE = re.compile(r"https?://[^\s\"'<>`]+", re.IGNORECASE)
_AUTH_PARAM_RE = re.compile(r"key|token|auth|secret|sig|pass|cred|api", re.IGNORECASE)


def _secret_var_leaks(line: str, sinks: list[re.Match[str]]) -> re.Match[str] | None:
    """First secret variable sent as data, piped into a sink, or embedded oddly in a URL."""
    for sec in _SECRET_VAR_RE.finditer(line):
        pos = sec.start()
        after = [s for s in sinks if s.start() > pos]
        if after and "|" in line[pos : after[0].start()]:
            return sec
        before = [s for s in sinks if s.start() < pos]
        if not before:
            continue
        segment_start = before[-1].end()
        marker: str | None = None
        for mark in _CONTEXT_MARK_RE.finditer(line, segment_start, pos):
            marker = mark.group("opt") or mark.group("kw")
        if marker is not None and (_DATA_OPT_RE.fullmatch(marker) or marker.lower() in _DATA_KWS):
            return sec
        for url in _URL_RE.finditer(line):
            if url.start() < pos < url.end():
                head = line[url.start() : pos]
                if "?" not in head:
                    return sec
                param = re.split(r"[?&]", head)[-1].split("=")[0]
                if not _AUTH_PARAM_RE.search(param):
                    return sec
    return None


def _exfiltration(line: str) -> int | None:
    sinks = list(_SINK_RE.finditer(line))
    if not sinks:
        return None
    for source_re in (_SECRET_FILE_RE, _ENV_DUMP_RE):
        hit = source_re.search(line)
        if hit and not _is_mention(line, min(hit.start(), sinks[0].start())):
            return hit.start()
    leak = _secret_var_leaks(line, sinks)
    if leak and not _is_mention(line, sinks[0].start()):
        return leak.start()
    return None


# --------------------------------------------------------------------------- destructive shell
_RM_RE = re.compile(r"(?<![\w.-])rm\s+(?P<opts>(?:-{1,2}[\w-]+\s+)+)(?P<rest>[^;&|)\n]*)", re.IGNORECASE)
_CHMOD_RE = re.compile(
    r"(?<![\w.-])chmod\s+(?P<opts>(?:-{1,2}[\w-]+\s+)*)(?:0?777|a\+rwx|ugo\+rwx)\s+(?P<opts2>(?:-{1,2}[\w-]+\s+)*)(?P<rest>[^;&|)\n]*)",
    re.IGNORECASE,
)
_DANGER_TARGET_RE = re.compile(  # root, home and top-level system directories (after stripping "/", "/*")
    r"/|~|\$home|\$\{home\}|%userprofile%|c:\\?"
    r"|/(?:home|root|etc|usr|var|bin|sbin|lib|lib64|boot|opt|sys|proc|dev|srv|system|users|library|applications)",
    re.IGNORECASE,
)
_DESTRUCTIVE_RES: tuple[re.Pattern[str], ...] = tuple(
    re.compile(p, re.IGNORECASE)
    for p in (
        r"(?<![\w.-])rm\b[^;&|\n]*--no-preserve-root",
        (
            r"\bshutil\.rmtree\(\s*(?:[rbuf]?['\"](?:/|~/?|/home/?|/root/?|/etc/?|/usr/?)['\"]"
            r"|os\.path\.expanduser\(\s*['\"]~/?['\"]\s*\)|Path\.home\(\)|os\.environ\[\s*['\"]HOME['\"]\s*\])\s*[,)]"
        ),
        r"(?<![\w.-])mkfs(?:\.\w+)?\s[^;&|\n]*?/dev/\w+",
        r"(?<![\w.-])dd\s[^;&|\n]*\bof=\s*/dev/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|r?disk\d|mapper/)",
        r"(?<![\w.-])(?:shred|wipefs)\s[^;&|\n]*/dev/(?:sd[a-z]|hd[a-z]|vd[a-z]|nvme\d|mmcblk\d|r?disk\d)",
        r"(?<![>&\d])>\s*/dev/(?:sd[a-z]|hd[a-z]|vd[a-z]|nvme\d+n\d|mmcblk\d|r?disk\d)\b",
        r"\bcd\s+[\"']?(?:/|~/?|\$\{?HOME\}?/?)[\"']?\s*(?:&&|;)\s*(?:sudo\s+)?rm\s+-[a-z]*r[a-z]*\s+(?:-\S+\s+)*[\"']?\*",
        r"(?P<bomb>[\w:]+)\s*\(\s*\)\s*\{\s*(?P=bomb)\s*\|\s*(?P=bomb)\s*&\s*\}\s*;\s*(?P=bomb)",
    )
)


def _danger_target(rest: str) -> bool:
    for token in rest.split():
        t = token.strip("\"'`").lower()
        if not t or t.startswith("-"):
            continue
        if t.endswith("*"):
            t = t.rstrip("*")
            if not t:
                continue
        t = t.rstrip("/\\") or "/"
        if _DANGER_TARGET_RE.fullmatch(t):
            return True
    return False


def _destructive(line: str) -> int | None:
    for m in _RM_RE.finditer(line):
        opts = m.group("opts")
        recursive = re.search(r"(?:^|\s)-[a-zA-Z]*[rR]|--recursive", opts)
        if recursive and _danger_target(m.group("rest")) and not _is_mention(line, m.start()):
            return m.start()
    for m in _CHMOD_RE.finditer(line):
        opts = m.group("opts") + m.group("opts2")
        recursive = re.search(r"-[a-zA-Z]*R|--recursive", opts)
        if recursive and _danger_target(m.group("rest")) and not _is_mention(line, m.start()):
            return m.start()
    for rx in _DESTRUCTIVE_RES:
        for m in rx.finditer(line):
            if not _is_mention(line, m.start()):
                return m.start()
    return None


# --------------------------------------------------------------------------- persistence
_PAYLOAD_RE = re.compile(
    r"(?:curl|wget)\b[^|;\n]*\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b"
    r"|(?:ba|z)?sh\s+-c\s+[\"']?\$\((?:curl|wget)\b"
    r"|/dev/(?:tcp|udp)/|\b(?:nc|ncat|netcat)\b[^|;\n]*\s-[a-z]*[ec]\b|\bbase64\s+(?:-d|--decode)\b"
    r"|\bbash\s+-i\b|\bpython[23]?\s+-c\b|\bLD_PRELOAD\b|\bPROMPT_COMMAND\b"
    r"|\balias\s+(?:sudo|ssh|git|ls|cd|cat|su)=|(?:^|[\s\"'=])/(?:tmp|dev/shm|var/tmp)/\S+",
    re.IGNORECASE,
)
_CRON_SYSTEM_RE = re.compile(
    r"(?:>>?|\btee\b(?:\s+-a)?)\s*[\"']?(?:/etc/crontab\b|/etc/cron\.(?:d|hourly|daily|weekly|monthly)/|/var/spool/cron/)"
)
_CRONTAB_PIPE_RE = re.compile(r"\|\s*(?:sudo\s+)?crontab\s+(?:-u\s+\S+\s+)?-(?:\s|$|\))")
_RC_WRITE_RE = re.compile(
    r"(?:>>?|\btee\b(?:\s+-a)?)\s*[\"']?(?:(?:~|\$\{?HOME\}?|/root|/home/[\w.-]+|/Users/[\w.-]+)/"
    r"\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zprofile|zshenv|zlogin|config/fish/config\.fish)\b"
    r"|/etc/(?:profile|bash\.bashrc|zshrc|environment)\b)"
)
_SERVICE_RE = re.compile(
    r"\bExecStart(?:Pre|Post)?\s*=|\bsystemctl\s+(?:--user\s+)?enable\b"
    r"|(?:>>?|\btee\b)\s*[\"']?\S*(?:/systemd/(?:system|user)/|/\.config/autostart/|/LaunchAgents/|/LaunchDaemons/|/etc/rc\.local)",
    re.IGNORECASE,
)
_AGENT_CONFIG_RE = re.compile(
    r"\.hermes/(?:config\.ya?ml|\.env|SOUL\.md)\b|\.claude/(?:settings(?:\.local)?\.json|CLAUDE\.md|commands/|agents/|hooks/)"
    r"|\.claude\.json\b|(?<![\w.-])(?:CLAUDE|AGENTS|GEMINI)\.md\b|\.cursorrules\b|\.cursor/rules/|\.windsurfrules\b"
    r"|\.codex/(?:config\.toml|AGENTS\.md)|\.github/copilot-instructions\.md\b|\.gemini/(?:settings\.json|GEMINI\.md)"
)
_REDIRECT_TO_RE = re.compile(r"(?P<before>\S?)\s*>>?\s*[\"']?[^\s\"'<>|;&]*$")
_SHELL_WRITER_RE = re.compile(
    r"^\s*(?:[-*>]\s+)?(?:\$\s+)?`?(?:sudo\s+)?(?:echo|printf|cat|curl|wget|sed|awk|python3?|node|jq|yq|envsubst|base64|head|tail"
    r"|sort|grep|tr|xxd|openssl|git|hermes|claude|npx|uvx?)\b"
)
_WRITER_CMD_RE = re.compile(
    r"^\s*(?:sudo\s+)?(?:tee|sed\s+(?:-[a-zA-Z]*\s+)*-i|perl\s+-[a-z]*i|cp|mv|install|truncate)\b"
)
# (prefix ending right before the path, suffix starting right after it) of code that writes a file
_CODE_WRITES: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = tuple(
    (re.compile(prefix), re.compile(suffix))
    for prefix, suffix in (
        (r"\bopen\s*\((?:\s*[\w.]+\s*\()?[^,()]*$", r"^[^,()]*\)?\s*,\s*(?:mode\s*=\s*)?[rbuf]?[\"'][wax]"),
        (r"\b(?:writeFileSync|writeFile|appendFileSync|appendFile)\s*\((?:\s*[\w.]+\s*\()?[^,()]*$", r""),
        (
            r"\bPath\s*\(\s*[^,()]*$",
            r"^[^,()]*\)(?:\s*\.\s*\w+\(\s*\))*\s*\.\s*(?:write_text|write_bytes|open\(\s*[\"'][wax])",
        ),
    )
)


def _agent_config_write(line: str) -> int | None:
    for m in _AGENT_CONFIG_RE.finditer(line):
        prefix, suffix = line[: m.start()], line[m.end() :]
        segment = re.split(r"\|\||&&|[;|]", prefix)[-1]
        redirect = _REDIRECT_TO_RE.search(prefix)
        if redirect and (
            redirect.group("before") in ('"', "'", ")", "`") or _SHELL_WRITER_RE.search(segment)
        ):
            return m.start()
        if (
            _WRITER_CMD_RE.search(segment)
            and not re.split(r"\|\||&&|[;|<>]", suffix)[0].strip(" \"'`")
            # renaming or linking one project instruction file to another is housekeeping
            and not (m.group()[0].isupper() and _AGENT_CONFIG_RE.search(segment))
        ):
            return m.start()
        if any(p.search(prefix) and q.search(suffix) for p, q in _CODE_WRITES):
            return m.start()
    return None


def _persistence(line: str) -> int | None:
    candidates: list[int] = []
    if m := _CRON_SYSTEM_RE.search(line):
        candidates.append(m.start())
    payload = _PAYLOAD_RE.search(line)
    if payload:
        for rx in (_CRONTAB_PIPE_RE, _RC_WRITE_RE, _SERVICE_RE):
            if m := rx.search(line):
                candidates.append(min(m.start(), payload.start()))
    agent = _agent_config_write(line)
    if agent is not None:
        candidates.append(agent)
    for pos in sorted(candidates):
        if not _is_mention(line, pos):
            return pos
    return None


# Lower-case substrings, one of which every line-rule match contains: lines without any are
# skipped (a speed-up only; it never changes what matches).
_TRIGGER_WORDS: tuple[str, ...] = (
    "curl",
    "wget",
    "nc ",
    "nc\t",
    'nc"',
    "nc'",
    "ncat",
    "netcat",
    "socat",
    "telnet",
    "scp",
    "sftp",
    ".post",
    ".put",
    ".patch",
    ".get",
    ".request",
    "urlopen",
    "fetch",
    "axios",
    "invoke-",
    "/dev/",
    "rm ",
    "rm\t",
    "no-preserve-root",
    "mkfs",
    "dd ",
    "dd\t",
    "chmod",
    "shred",
    "wipefs",
    "rmtree",
    "&",
    "cron",
    "execstart",
    "systemctl",
    "bashrc",
    "bash_login",
    "profile",
    "zshrc",
    "zshenv",
    "zlogin",
    "config.fish",
    "/etc/environment",
    "systemd/",
    "autostart",
    "launchagents",
    "launchdaemons",
    "rc.local",
    ".hermes/",
    ".claude",
    "claude.md",
    "agents.md",
    "gemini.md",
    ".cursorrules",
    ".cursor/",
    ".windsurfrules",
    ".codex/",
    "copilot-instructions",
    ".gemini/",
)


def _candidate_lines(lower: str, line_starts: list[int]) -> set[int]:
    """1-based numbers of the physical lines holding a trigger word."""
    lines: set[int] = set()
    for word in _TRIGGER_WORDS:
        pos = lower.find(word)
        while pos != -1:
            number = bisect.bisect_right(line_starts, pos)
            lines.add(number)
            next_line = line_starts[number] if number < len(line_starts) else len(lower)
            pos = lower.find(word, max(next_line, pos + 1))
    return lines


_LINE_RULES = (
    ("exfiltration", _exfiltration),
    ("destructive-shell", _destructive),
    ("persistence", _persistence),
)


# --------------------------------------------------------------------------- public API
def scan_text(relpath: str, text: str) -> list[Finding]:
    """Check one file's text. ``relpath`` is only used to label the findings."""
    findings = _hidden_unicode(relpath, text)
    norm = _normalise(text)
    raw_lines = text.split("\n")

    def raw_line(number: int) -> str:
        return raw_lines[number - 1] if number <= len(raw_lines) else ""

    lower = norm.lower()
    if len(lower) != len(norm):  # a few characters lower-case to two; keep offsets aligned
        lower = "".join(c if len(c.lower()) != 1 else c.lower() for c in norm)
    injection_lines: set[int] = set()
    for anchors, rx in _INJECTION_RES:
        for pos in _anchor_positions(lower, anchors):
            m = rx.match(norm, pos)
            if m is None or _is_quoted_mention(norm, m.start(), m.end()):
                continue
            number, col = _line_of(norm, m.start())
            if number not in injection_lines:
                injection_lines.add(number)
                findings.append(Finding("prompt-injection", relpath, number, _excerpt(raw_line(number), col)))

    for c in _HTML_COMMENT_RE.finditer(norm):
        hit = _COMMENT_RE.search(norm, c.start(1), c.end(1))
        if hit:
            number, col = _line_of(norm, hit.start())
            findings.append(
                Finding("html-comment-instruction", relpath, number, _excerpt(raw_line(number), col))
            )

    norm_lines = norm.split("\n")
    line_starts = [0]
    for physical in norm_lines[:-1]:
        line_starts.append(line_starts[-1] + len(physical) + 1)
    done: set[int] = set()
    for candidate in sorted(_candidate_lines(lower, line_starts)):
        number, line = _logical_line(norm_lines, candidate)
        if number in done:
            continue
        done.add(number)
        for rule, check in _LINE_RULES:
            at = check(line)
            if at is not None:
                findings.append(Finding(rule, relpath, number, _excerpt(line, at)))
    return sorted(findings, key=lambda f: (f.line or 0, RULES.index(f.rule)))


_EXECUTABLE_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x7fELF", "ELF executable"),
    (b"MZ", "PE/MZ executable"),
    (b"\xcf\xfa\xed\xfe", "Mach-O executable"),
    (b"\xce\xfa\xed\xfe", "Mach-O executable"),
    (b"\xfe\xed\xfa\xcf", "Mach-O executable"),
    (b"\xfe\xed\xfa\xce", "Mach-O executable"),
    (b"\xca\xfe\xba\xbe", "Mach-O universal binary or Java class"),
)


_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


def _binary_kind(data: bytes) -> tuple[str, bool] | None:
    """(description, is_executable) for non-text content, None for text."""
    for magic, kind in _EXECUTABLE_MAGIC:
        if data.startswith(magic) and (magic != b"MZ" or b"\0" in data[:1024]):
            return kind, True
    if b"\0" in data[:8192] and not data.startswith(_UTF16_BOMS):
        if data.startswith(b"\x1f\x8b"):
            return "gzip data", False
        if data.startswith(b"PK\x03\x04"):
            return "zip archive", False
        if len(data) >= 16 and data[2:4] == b"\r\n":
            return "Python bytecode", False
        return "binary data", False
    return None


def _decode(data: bytes) -> str:
    if data.startswith(_UTF16_BOMS):  # NUL-laden but text an agent could read: scan it too
        return data.decode("utf-16", errors="replace")
    return data.decode("utf-8", errors="replace")


def _read_no_follow(path: Path) -> bytes:
    """Read a regular file, refusing (ELOOP) if it was swapped for a symlink after the lstat."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb") as handle:
        return handle.read()


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def _raise(error: OSError) -> None:
    raise error


def scan_skill_folder(folder: Path, *, max_file_bytes: int = 1_000_000) -> list[Finding]:
    """Scan every file below ``folder`` without following symlinks; see the module docstring.

    Raises ``NotADirectoryError`` for a missing folder and lets ``OSError`` from unreadable
    entries propagate: a scan that could not look everywhere must not pass as clean.
    """
    root = Path(folder)
    if not root.is_dir():
        raise NotADirectoryError(f"not a skill folder: {root}")
    real_root = os.path.realpath(root)
    findings: list[Finding] = []

    def rel(path: Path) -> str:
        return path.relative_to(root).as_posix()

    def check_link(path: Path) -> None:
        target = os.readlink(path)
        findings.append(Finding("symlink", rel(path), None, _excerpt(f"symlink -> {target}")))
        resolved = os.path.realpath(path)
        if not _inside(resolved, real_root):
            excerpt = _excerpt(f"symlink -> {target} resolves outside the skill folder")
            findings.append(Finding("path-escape", rel(path), None, excerpt))

    for dirpath, dirnames, filenames in os.walk(root, onerror=_raise, followlinks=False):
        here = Path(dirpath)
        for name in sorted(dirnames):
            if (here / name).is_symlink():
                check_link(here / name)
        dirnames[:] = sorted(n for n in dirnames if not (here / n).is_symlink())
        for name in sorted(filenames):
            path = here / name
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode):
                check_link(path)
                continue
            if not stat.S_ISREG(info.st_mode):
                continue
            relpath = rel(path)
            if info.st_size > max_file_bytes:
                findings.append(
                    Finding("oversize-file", relpath, None, f"{info.st_size} bytes > limit {max_file_bytes}")
                )
                continue
            data = _read_no_follow(path)
            kind = _binary_kind(data)
            if kind is not None:
                description, executable = kind
                if executable or "scripts" in relpath.split("/")[:-1]:
                    findings.append(
                        Finding("binary-script", relpath, None, f"{description} ({len(data)} bytes)")
                    )
                continue
            findings.extend(scan_text(relpath, _decode(data)))
    return sorted(findings, key=lambda f: (f.path != "SKILL.md", f.path, f.line or 0, RULES.index(f.rule)))
