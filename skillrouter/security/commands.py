"""Command rules: one logical shell/code line at a time (``\\`` continuations joined).

``exfiltration``
    A secret source and a network sink (curl, wget, nc, scp, ``gh gist create``,
    requests.post, fetch, ...) in the same logical line: private SSH keys,
    ``~/.aws/credentials``, ``.netrc``, ``/etc/shadow`` and similar files; whole-environment
    dumps (``env |``, ``printenv``, ``os.environ`` / ``process.env`` passed as a value); or a
    ``*_API_KEY`` / ``*_TOKEN`` / ``*_SECRET`` / ``*PASSWORD`` variable sent as request *data*
    (``-d``, ``-F``, ``--post-data``, ``data=``/``json=``), piped into the sink, or embedded in a
    URL path or in a query parameter whose name is not key/token-like.
``destructive-shell``
    Recursive ``rm`` of ``/``, ``~``, ``$HOME`` or a top-level system directory (``rm -fr /``,
    ``--no-preserve-root``), ``shutil.rmtree`` of root/home, ``mkfs`` on a device, ``dd of=/dev/sdX``,
    raw writes/shred of disks, fork bombs, ``chmod -R 777`` of root/system directories.
``persistence``
    Writes to the system crontab / cron.d / spool; ``| crontab -``, shell-rc appends, systemd
    ``ExecStart=``/``enable`` lines and crontab entries (``*/15 * * * * ...``, ``@reboot ...``)
    whose payload downloads-and-executes, opens a reverse shell, decodes base64 or runs from
    /tmp; and any write (redirect, ``tee``, ``sed -i``, ``cp``/``mv``, ``open(..., "w")``) to the
    agent's own configuration or instruction files (``~/.hermes/config.yaml``,
    ``~/.claude/settings.json``, ``CLAUDE.md``, ``AGENTS.md``, ``.cursorrules``, ...).

Rules need the dangerous *shape*, not a keyword: ``rm`` only with a root/home/system target;
exfiltration only with both a secret source and a sink, and never for a key sent the usual way
(``-H "Authorization: ..."``, ``-u``, ``?api_key=``); shell-rc and crontab edits only with a
malicious-looking payload. A command is a mention, not a command, when its line says so: inside
a quoted ``grep``/regex pattern, inside a ``"deny": [...]`` list, or after "never run" / "do not
run" (:func:`is_mention`; the wider, sentence-level exemption is in
:mod:`skillrouter.security.mentions`).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable

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


def is_mention(line: str, start: int) -> bool:
    """True when the command at ``start`` is a searched-for pattern, an explicit warning or a
    deny-list entry."""
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


def logical_line(lines: list[str], number: int) -> tuple[int, str]:
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


# --------------------------------------------------------------------------- exfiltration
_SINK_RE = re.compile(
    r"(?<![\w.$/-])(?:curl|wget|nc|ncat|netcat|socat|telnet|scp|sftp)(?![\w.-])"
    r"|\b(?:requests|httpx|session|client|aiohttp|urllib3|http)\.(?:post|put|patch|get|request)\s*\("
    r"|\burlopen\s*\(|\bfetch\s*\(|\baxios(?:\.(?:post|put|patch|get))?\s*\("
    r"|\bInvoke-(?:WebRequest|RestMethod)\b|/dev/(?:tcp|udp)/|\bgh\s+gist\s+(?:create|new)\b",
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
    r"(?:^|[|;&(]|\$\(|[=\"']`)\s*(?:sudo\s+)?(?:env|printenv|export\s+-p|set|declare\s+-p)\s*(?=$|[|;&)`>])"
    r"|\bprintenv\b"
    r"|(?<!env=)(?<!env\s=\s)(?<!\*\*)\bos\.environ\b(?!\s*(?:\[|\.get\b|\.setdefault\b|\.pop\b|\.update\b|\.__))"
    r"|\bprocess\.env\b(?!\s*(?:\.|\[|\?\.))"
    r"|\b(?:Get-ChildItem|gci|dir|ls)\s+env:",
)
_SECRET_NAME = (
    r"(?:[A-Z][A-Z0-9_]*_)?(?:API_?KEY|ACCESS_KEY|SECRET(?:_ACCESS)?(?:_KEY)?|TOKEN|PASSWORD|PASSWD|PRIVATE_KEY"
    r"|CREDENTIALS?)"
)
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


def _exfiltration(line: str, mentions: bool = True) -> int | None:
    sinks = list(_SINK_RE.finditer(line))
    if not sinks:
        return None
    for source_re in (_SECRET_FILE_RE, _ENV_DUMP_RE):
        hit = source_re.search(line)
        if hit and not (mentions and is_mention(line, min(hit.start(), sinks[0].start()))):
            return hit.start()
    leak = _secret_var_leaks(line, sinks)
    if leak and not (mentions and is_mention(line, sinks[0].start())):
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


# the literal each destructive pattern needs (a cheap test before the expression)
_DESTRUCTIVE_NEEDS = ("no-preserve-root", "rmtree", "mkfs", "dd", "/dev/", "/dev/", "rm", "{")
_AGENT_CONFIG_WORDS = (
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


def _destructive(line: str, mentions: bool = True) -> int | None:
    lower = line.lower()
    if "rm" not in lower and "chmod" not in lower and "/dev/" not in lower and "{" not in lower:
        return None
    for m in _RM_RE.finditer(line) if "rm" in lower else ():
        opts = m.group("opts")
        recursive = re.search(r"(?:^|\s)-[a-zA-Z]*[rR]|--recursive", opts)
        if recursive and _danger_target(m.group("rest")) and not (mentions and is_mention(line, m.start())):
            return m.start()
    for m in _CHMOD_RE.finditer(line) if "chmod" in lower else ():
        opts = m.group("opts") + m.group("opts2")
        recursive = re.search(r"-[a-zA-Z]*R|--recursive", opts)
        if recursive and _danger_target(m.group("rest")) and not (mentions and is_mention(line, m.start())):
            return m.start()
    for needed, rx in zip(_DESTRUCTIVE_NEEDS, _DESTRUCTIVE_RES, strict=True):
        for m in rx.finditer(line) if needed in lower else ():
            if not (mentions and is_mention(line, m.start())):
                return m.start()
    return None


# --------------------------------------------------------------------------- persistence
_PAYLOAD_RE = re.compile(
    r"(?:curl|wget)\b[^|;\n]*\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b"
    r"|(?:ba|z)?sh\s+-c\s+[\"']?\$\((?:curl|wget)\b"
    r"|/dev/(?:tcp|udp)/|\b(?:nc|ncat|netcat)\b[^|;\n]*\s-[a-z]*[ec]\b|\bbase64\s+(?:-d|--decode)\b"
    r"|\bbash\s+-i\b|\bpython[23]?\s+-c\b|\bLD_PRELOAD\b|\bPROMPT_COMMAND\b"
    r"|\balias\s+(?:sudo|ssh|git|ls|cd|cat|su)=|(?:^|[\s\"'=])/(?:tmp|dev/shm|var/tmp)/\S+"
    r"|(?:curl|wget)\b[^|;\n]*\|\s*(?:sudo\s+)?(?:python[23]?|perl|ruby|node)\b"
    r"|\b(?:(?:ba|z)?sh|python[23]?|source|\.)\s+<\(\s*(?:curl|wget)\b|\beval\s+[\"']?\$\(\s*(?:curl|wget)\b"
    r"|(?:curl|wget)\b[^\n]*\bchmod\s+[+0-7]*x\b",
    re.IGNORECASE,
)
# a crontab entry: five schedule fields or an @keyword, then the command
_CRON_ENTRY_RE = re.compile(
    r"^\s*(?:@(?:reboot|hourly|daily|weekly|monthly|yearly|annually|midnight)\b|(?:[\d*/,-]+[ "
    r"\t]+){4}[\d*/,-]+[ \t])"
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
    lower = line.lower()
    if not any(word in lower for word in _AGENT_CONFIG_WORDS):
        return None
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


def _persistence(line: str, mentions: bool = True) -> int | None:
    candidates: list[int] = []
    if m := _CRON_SYSTEM_RE.search(line):
        candidates.append(m.start())
    payload = _PAYLOAD_RE.search(line)
    if payload:
        for rx in (_CRONTAB_PIPE_RE, _RC_WRITE_RE, _SERVICE_RE, _CRON_ENTRY_RE):
            if m := rx.search(line):
                candidates.append(min(m.start(), payload.start()))
    agent = _agent_config_write(line)
    if agent is not None:
        candidates.append(agent)
    for pos in sorted(candidates):
        if not (mentions and is_mention(line, pos)):
            return pos
    return None


# Lower-case substrings, one of which every line-rule match contains: lines without any are
# skipped (a speed-up only; it never changes what matches).
TRIGGER_WORDS: tuple[str, ...] = (
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
    "@reboot",
    "gist",
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


def candidate_lines(lower: str, line_starts: list[int]) -> set[int]:
    """1-based numbers of the physical lines holding a trigger word."""
    lines: set[int] = set()
    for word in TRIGGER_WORDS:
        pos = lower.find(word)
        while pos != -1:
            number = bisect.bisect_right(line_starts, pos)
            lines.add(number)
            next_line = line_starts[number] if number < len(line_starts) else len(lower)
            pos = lower.find(word, max(next_line, pos + 1))
    return lines


LineRule = Callable[[str, bool], "int | None"]
LINE_RULES: tuple[tuple[str, LineRule], ...] = (
    ("exfiltration", _exfiltration),
    ("destructive-shell", _destructive),
    ("persistence", _persistence),
)


def check_line(line: str, *, mentions: bool = True) -> list[tuple[str, int]]:
    """(rule, column) of every command rule that fires on one logical line."""
    hits: list[tuple[str, int]] = []
    for rule, check in LINE_RULES:
        at = check(line, mentions)
        if at is not None:
            hits.append((rule, at))
    return hits


def has_trigger(lower: str) -> bool:
    """Whether ``lower`` holds a word some command rule needs (a cheap pre-filter)."""
    return any(word in lower for word in TRIGGER_WORDS)
