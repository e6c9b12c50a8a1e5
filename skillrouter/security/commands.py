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
    ``~/.claude/settings.json``, ``CLAUDE.md``, ``AGENTS.md``, ``.cursorrules``, ...), except a
    plain note an ``echo``/``printf`` appends to the project's own ``AGENTS.md``, ``CLAUDE.md`` or
    ``GEMINI.md`` (no folder in the path, in a file that never moves its working folder home, up
    or into an agent's folder: :data:`~.lexicon_commands.CHDIR_RE`; no host, payload, command
    output, secret, or "without asking" / "don't tell" in what it writes:
    :data:`~.lexicon_commands.NOTE_HOSTILE_RE`), the project recording a decision or a convention.

Rules need the dangerous *shape*, not a keyword: ``rm`` only with a root/home/system target;
exfiltration only with both a secret source and a sink, and never for a key sent the usual way
(``-H "Authorization: ..."``, ``-u``, ``?api_key=``); shell-rc and crontab edits only with a
malicious-looking payload. A command is a mention, not a command, when its line says so: inside
a quoted ``grep``/regex pattern, inside a ``"deny": [...]`` list, or after "never run" / "do not
run" (:func:`is_mention`; the wider, sentence-level exemption is in
:mod:`skillrouter.security.mentions`).

The shapes themselves (sinks, secret sources, targets, payloads) are the lexicon,
:mod:`skillrouter.security.lexicon_commands`; this module applies them.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable

from skillrouter.security.lexicon_commands import (
    AGENT_CONFIG_RE,
    AGENT_CONFIG_WORDS,
    AUTH_PARAM_RE,
    CAPTURE_HOST_RE,
    CHDIR_RE,
    CHMOD_RE,
    CODE_WRITES,
    COMMITTED_SECRET_RE,
    CONTEXT_MARK_RE,
    CRON_ENTRY_RE,
    CRON_SYSTEM_RE,
    CRONTAB_PIPE_RE,
    DANGER_TARGET_RE,
    DATA_KWS,
    DATA_OPT_RE,
    DENY_LIST_RE,
    DESTRUCTIVE_NEEDS,
    DESTRUCTIVE_RES,
    ENV_DUMP_RE,
    GENERIC_SECRET_WORDS,
    GIT_ADD_RE,
    NOTE_HOSTILE_RE,
    PAYLOAD_RE,
    PROJECT_NOTE_FILES,
    RC_WRITE_RE,
    REDIRECT_TO_RE,
    RM_RE,
    SEARCH_CONTEXT_RE,
    SECRET_FILE_RE,
    SECRET_VAR_RE,
    SERVICE_RE,
    SHELL_WRITER_RE,
    SINK_RE,
    TRIGGER_WORDS,
    URL_RE,
    WARNING_CONTEXT_RE,
    WRITER_CMD_RE,
)

__all__ = [
    "CHDIR_RE",
    "TRIGGER_WORDS",
    "candidate_lines",
    "check_line",
    "expanded",
    "has_trigger",
    "is_mention",
    "logical_line",
    "own_service",
    "path_variables",
]


def is_mention(line: str, start: int) -> bool:
    """True when the command at ``start`` is a searched-for pattern, an explicit warning or a
    deny-list entry."""
    prefix = line[:start]
    if WARNING_CONTEXT_RE.search(prefix) or DENY_LIST_RE.search(prefix):
        return True
    last = None
    for last in SEARCH_CONTEXT_RE.finditer(prefix):
        pass
    if last is None:
        return False
    between = prefix[last.end() :]
    return between.count("'") % 2 == 1 or between.count('"') % 2 == 1


_MAX_CONTINUATION = 30
_MAX_STRING = 12  # lines one quoted echo/printf string may span and still be read as one command
_STRING_OPENER_RE = re.compile(r"""(?:^|[\s;&|(`])(?:echo|printf)(?:\s+-[a-zA-Z]+)*\s+"[^"]*$""")


def logical_line(lines: list[str], number: int) -> tuple[int, str]:
    """The logical line holding physical line ``number`` (1-based): shell ``\\`` continuations
    joined, and an ``echo``/``printf`` whose double-quoted string spans lines read whole
    (``echo "## Notes`` ... ``- a note" >> AGENTS.md`` is one command: what it writes, and where,
    are judged together). Returns (first physical line number, text)."""
    first = number
    while first > 1 and number - first < _MAX_CONTINUATION and lines[first - 2].rstrip("\r").endswith("\\"):
        first -= 1
    first, last, text = _continued(lines, first)
    if text.count('"') % 2 == 1:
        if _STRING_OPENER_RE.search(text):
            end = _string_end(lines, last)
            if end is not None:
                return first, " ".join([text, *(line.rstrip("\r") for line in lines[last:end])])
        else:
            opener = _string_opener(lines, first)
            if opener is not None:
                return logical_line(lines, opener)
    return first, text


def _continued(lines: list[str], first: int) -> tuple[int, int, str]:
    """(first, last physical line, text) of the ``\\`` continuations starting at ``first``."""
    parts: list[str] = []
    current = first
    while True:
        line = lines[current - 1].rstrip("\r")
        if line.endswith("\\") and current < len(lines) and current - first < 2 * _MAX_CONTINUATION:
            parts.append(line[:-1])
            current += 1
            continue
        parts.append(line)
        return first, current, " ".join(parts)


def _string_end(lines: list[str], opened: int) -> int | None:
    """The line closing the double-quoted string left open on line ``opened``, if it is near."""
    for current in range(opened + 1, min(len(lines), opened + _MAX_STRING) + 1):
        quotes = lines[current - 1].count('"')
        if quotes:
            return current if quotes % 2 == 1 else None
    return None


def _string_opener(lines: list[str], closing: int) -> int | None:
    """The line of the ``echo``/``printf`` whose string line ``closing`` closes, if any."""
    for current in range(closing - 1, max(0, closing - _MAX_STRING), -1):
        line = lines[current - 1].rstrip("\r")
        if line.count('"'):
            if _STRING_OPENER_RE.search(line) and _string_end(lines, current) == closing:
                return current
            return None
    return None


# --------------------------------------------------------------------------- shell variables
_ASSIGNMENT_RE = re.compile(
    r"^[ \t]*(?:export\s+|local\s+|readonly\s+|declare\s+(?:-\w+\s+)?)?(?P<name>[A-Za-z_]\w*)="
    r"(?P<value>\S[^;&|#\n]*?)\s*(?:[;#].*)?$",
    re.MULTILINE,
)
_SUBSTITUTION_RE = re.compile(  # NAME=$(a | b | c): a command's output, pipes and all
    r"^[ \t]*(?:export\s+|local\s+|readonly\s+)?(?P<name>[A-Za-z_]\w*)="
    r"(?P<value>\$\((?:[^()\n]|\([^()\n]*\))*\))[ \t]*$",
    re.MULTILINE,
)
_DEFAULT_RE = re.compile(r"^\$\{\w+:?[-=](?P<default>[^}]*)\}$")  # ${1:-.env}: what it is when not given
_REFERENCE_RE = re.compile(r"\$\{(?P<braced>[A-Za-z_]\w*)\}|\$(?P<bare>[A-Za-z_]\w*)")


def path_variables(text: str) -> dict[str, str]:
    """Shell variables a file sets to one plain path or word (``ENVF=${2:-.env}``,
    ``KEY=~/.ssh/id_rsa``) or to a dump of the environment or a secret file (``CTX=$(env |
    base64)``), for :func:`expanded`: the command that uses one is read with its value, so ``curl
    -F "env=@$ENVF" ...`` is judged as ``curl -F "env=@.env" ...``. A variable set twice to
    different values, or to anything else computed (``$(...)``, other variables), is left as it is."""
    seen: dict[str, str | None] = {}
    for m in sorted(
        [*_ASSIGNMENT_RE.finditer(text), *_SUBSTITUTION_RE.finditer(text)], key=lambda m: m.start()
    ):
        value = m.group("value").strip().strip("\"'")
        if default := _DEFAULT_RE.match(value):
            value = default.group("default").strip("\"'")
        plain = bool(value) and re.fullmatch(r"[\w.~/@:+-]+", value) is not None
        # a dump of the environment or a secret file's content (``CTX=$(env | base64)``): the
        # command that uses the variable sends that, and is read with it
        plain = plain or (
            value.startswith("$(") and bool(ENV_DUMP_RE.search(value) or SECRET_FILE_RE.search(value))
        )
        name = m.group("name")
        if not plain or (name in seen and seen[name] != value):
            seen[name] = None
        else:
            seen.setdefault(name, value)
    return {name: value for name, value in seen.items() if value is not None}


def expanded(line: str, variables: dict[str, str]) -> str:
    """``line`` with each reference to one of ``variables`` replaced by its value."""
    if not variables or "$" not in line:
        return line
    return _REFERENCE_RE.sub(
        lambda m: variables.get(m.group("braced") or m.group("bare") or "", m.group()), line
    )


# --------------------------------------------------------------------------- exfiltration
def own_service(secret: str, line: str) -> bool:
    """Whether a secret variable goes to the service it is for: the request's host names the
    vendor its name names (``$GRAPH_API_KEY`` to gateway.thegraph.com, ``$TELEGRAM_BOT_TOKEN`` to
    api.telegram.org), or its name names no vendor at all (``$TOKEN``, ``$API_KEY``: a skill for one
    service calls its key that). A paste site, a request catcher or a bare IP is nobody's service."""
    url = URL_RE.search(line)
    if url is None:
        return False
    host = re.sub(r"^\w+://", "", url.group()).split("/", 1)[0].lower()
    if CAPTURE_HOST_RE.search(host) or re.fullmatch(r"[\d.:]+", host):
        return False
    name = re.sub(r"^.*?([A-Za-z][A-Za-z0-9_]*)\W*$", r"\1", secret.rstrip("}'\")")).lower()
    vendor = [w for w in re.split(r"[_\W]+", name) if w and w not in GENERIC_SECRET_WORDS]
    return not vendor or any(len(w) >= 3 and w in host for w in vendor)


def _secret_var_leaks(line: str, sinks: list[re.Match[str]]) -> re.Match[str] | None:
    """First secret variable sent as data, piped into a sink, or embedded oddly in a URL, to
    another service than its own (:func:`own_service`)."""
    for sec in SECRET_VAR_RE.finditer(line):
        if own_service(sec.group(), line):
            continue
        pos = sec.start()
        after = [s for s in sinks if s.start() > pos]
        if after and "|" in line[pos : after[0].start()]:
            return sec
        before = [s for s in sinks if s.start() < pos]
        if not before:
            continue
        segment_start = before[-1].end()
        marker: str | None = None
        for mark in CONTEXT_MARK_RE.finditer(line, segment_start, pos):
            marker = mark.group("opt") or mark.group("kw")
        if marker is not None and (DATA_OPT_RE.fullmatch(marker) or marker.lower() in DATA_KWS):
            field = re.search(r"[\"']?([\w.-]+)=[\"']?\$?\{?$", line[segment_start:pos])
            if field is not None and AUTH_PARAM_RE.search(field.group(1)) and not URL_RE.search(line):
                continue  # -d "access_token=$GITEE_TOKEN" to "$url": the token signs the request to its API
            return sec
        for url in URL_RE.finditer(line):
            if url.start() < pos < url.end():
                head = line[url.start() : pos]
                if "?" not in head:
                    return sec
                param = re.split(r"[?&]", head)[-1].split("=")[0]
                if not AUTH_PARAM_RE.search(param):
                    return sec
    return None


# what writes the file right after it: a redirect, ``tee``, curl's ``-o``
_WRITTEN_TO_RE = re.compile(r"(?:>>?|\btee(?:\s+-a)?|\s-o|--output)\s*[\"']?$")
# what uses a key to sign in right before it: ssh/scp/rsync's -i, IdentityFile
_IDENTITY_RE = re.compile(r"(?:\s-i|--identity(?:-file)?|IdentityFile)[\s=]*[\"']?$")


def _exfiltration(line: str, mentions: bool = True) -> int | None:
    sinks = list(SINK_RE.finditer(line))
    if not sinks:
        return None
    for source_re in (SECRET_FILE_RE, ENV_DUMP_RE):
        for hit in source_re.finditer(line):
            if _WRITTEN_TO_RE.search(line, 0, hit.start()):
                continue  # ``curl -u ... https://repo/api/npm/auth >> ~/.npmrc``: written, not sent
            if _IDENTITY_RE.search(line, 0, hit.start()):
                continue  # ``scp -i ~/.ssh/id_ed25519 ...``: the key signs in, it is not sent
            if not (mentions and is_mention(line, min(hit.start(), sinks[0].start()))):
                return hit.start()
            break
    leak = _secret_var_leaks(line, sinks)
    if leak and not (mentions and is_mention(line, sinks[0].start())):
        return leak.start()
    return None


def _credentials_committed(line: str, mentions: bool = True) -> int | None:
    """``git add`` of credential folders or files (``git add -f .ssh .aws .netrc``): staged, they
    leave with the next push."""
    for m in GIT_ADD_RE.finditer(line):
        if COMMITTED_SECRET_RE.search(m.group("args")) and not (mentions and is_mention(line, m.start())):
            return m.start()
    return None


# --------------------------------------------------------------------------- destructive shell
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
        if DANGER_TARGET_RE.fullmatch(t):
            return True
    return False


def _destructive(line: str, mentions: bool = True) -> int | None:
    lower = line.lower()
    if "rm" not in lower and "chmod" not in lower and "/dev/" not in lower and "{" not in lower:
        return None
    for m in RM_RE.finditer(line) if "rm" in lower else ():
        opts = m.group("opts")
        recursive = re.search(r"(?:^|\s)-[a-zA-Z]*[rR]|--recursive", opts)
        if recursive and _danger_target(m.group("rest")) and not (mentions and is_mention(line, m.start())):
            return m.start()
    for m in CHMOD_RE.finditer(line) if "chmod" in lower else ():
        opts = m.group("opts") + m.group("opts2")
        recursive = re.search(r"-[a-zA-Z]*R|--recursive", opts)
        if recursive and _danger_target(m.group("rest")) and not (mentions and is_mention(line, m.start())):
            return m.start()
    for needed, rx in zip(DESTRUCTIVE_NEEDS, DESTRUCTIVE_RES, strict=True):
        for m in rx.finditer(line) if needed in lower else ():
            if not (mentions and is_mention(line, m.start())):
                return m.start()
    return None


# --------------------------------------------------------------------------- persistence
def _agent_config_write(line: str, notes: bool = False) -> int | None:
    lower = line.lower()
    if not any(word in lower for word in AGENT_CONFIG_WORDS):
        return None
    for m in AGENT_CONFIG_RE.finditer(line):
        prefix, suffix = line[: m.start()], line[m.end() :]
        segment = re.split(r"\|\||&&|[;|]", prefix)[-1]
        redirect = REDIRECT_TO_RE.search(prefix)
        if redirect and (redirect.group("before") in ('"', "'", ")", "`") or SHELL_WRITER_RE.search(segment)):
            if notes and _project_note(line, m, redirect):
                continue
            return m.start()
        if (
            WRITER_CMD_RE.search(segment)
            and not re.split(r"\|\||&&|[;|<>]", suffix)[0].strip(" \"'`")
            # renaming or linking one project instruction file to another is housekeeping
            and not (m.group()[0].isupper() and AGENT_CONFIG_RE.search(segment))
        ):
            return m.start()
        if any(p.search(prefix) and q.search(suffix) for p, q in CODE_WRITES):
            return m.start()
    return None


def _project_note(line: str, target: re.Match[str], redirect: re.Match[str]) -> bool:
    """Whether the redirect into ``target`` echoes a plain note into the project's own instruction
    file (``echo "- [$(date +%F)] Q: ... A: ..." >> AGENTS.md``): a relative path with no folder,
    from an ``echo``/``printf`` of a quoted literal holding nothing :data:`NOTE_HOSTILE_RE` names.
    The same write into a home or agent folder, or of a command's output, stays persistence."""
    path = re.sub(r"^\S?\s*>>?\s*[\"']?", "", redirect.group())  # the folder before the file name
    written = line[: redirect.start() + len(redirect.group("before"))]
    segment = re.split(r"\|\||&&|[;|]", written)[-1]
    return (
        target.group() in PROJECT_NOTE_FILES
        and path in ("", "./")
        and not line[target.end() :].strip(" \"'`")  # nothing after the file name: no second command
        and redirect.group("before") in ('"', "'")
        and re.match(r"\s*(?:[-*>]\s+)?(?:\$\s+)?(?:echo|printf)\b", segment) is not None
        and not NOTE_HOSTILE_RE.search(segment)
    )


_REDIRECTED_RE = re.compile(r"(?:>>?|\btee(?:\s+-a)?)\s*$")


def _persistence(line: str, mentions: bool = True, notes: bool = False) -> int | None:
    candidates: list[int] = []
    if m := CRON_SYSTEM_RE.search(line):
        candidates.append(m.start())
    # a log written to /tmp (``>> /tmp/job.log``) is where output goes, not what runs
    payload = PAYLOAD_RE.search(line)
    while (
        payload
        and payload.group().lstrip(" \t\"'=").startswith("/")
        and _REDIRECTED_RE.search(line[max(0, payload.start() - 12) : payload.start() + 1])
    ):
        payload = PAYLOAD_RE.search(line, payload.end())
    if payload:
        for rx in (CRONTAB_PIPE_RE, RC_WRITE_RE, SERVICE_RE, CRON_ENTRY_RE):
            if m := rx.search(line):
                candidates.append(min(m.start(), payload.start()))
    agent = _agent_config_write(line, notes)
    if agent is not None:
        candidates.append(agent)
    for pos in sorted(candidates):
        if not (mentions and is_mention(line, pos)):
            return pos
    return None


# --------------------------------------------------------------------------- applying the rules
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


# --------------------------------------------------------------------------- a protection switched off
# the Docker daemon's API on every interface without TLS (2375 is its plaintext port), or its socket
# open to every local user: whoever reaches either runs containers as root on the host; git's
# redaction of credentials in its traces turned off: the tokens of every request go into the log;
# the antivirus told to look away from a folder or a program (what is dropped there runs unscanned)
# each as a setting or a command is written (a daemon's -H/--host or "hosts", a command at the start of
# its line, an assignment), not a sentence that names it
_PROTECTION_OFF_RE = re.compile(
    r"(?:-H\s*|--host[=\s]\s*|[\"']hosts[\"']\s*:\s*\[[^\]\n]{0,200}?)[\"']?tcp://(?:0\.0\.0\.0)?:2375\b"
    r"|^\s*(?:[-*]\s+|\$\s+|\d+\.\s+)?(?:sudo\s+)?chmod\s+(?:-\S+\s+)*(?:0?666|0?777|a\+rw\w*|o\+rw\w*"
    r"|ugo\+rw\w*)\s+(?:/var)?/run/docker\.sock\b"
    r"|(?:^|[\s;&|])(?:export\s+|env\s+|set\s+|\$env:)?GIT_TRACE_REDACT[\"']?\s*[=:]\s*[\"']?(?:0|false|no)\b"
    # a Gradle remote build cache that accepts any certificate: whoever answers serves compiled outputs
    r"|\b(?:is)?allowUntrustedServer\s*(?:=\s*true\b|\(\s*true\s*\))"
    # Windows Defender told to skip a folder or a program, or its scanning switched off
    # (an interpreter's process or a script's extension excluded: everything it runs; a folder under
    # the temporary or application-data folders or a drive's root: where a dropper writes; not a
    # source folder excluded for build speed, which Windows developer guides advise)
    r"|(?:^|[\s;&|\"'(])(?:Add|Set)-MpPreference\b[^\n]{0,200}?-Exclusion(?:Pr\w*\s+[\"']?[^\s\"';]*"
    r"(?:pwsh|powershell|python\w*|node|cmd|wscript|cscript|mshta|rundll32|regsvr32)(?:\.exe)?[\"']?"
    r"|E\w*\s+[\"']?\.?(?:ps1|exe|dll|js|vbs|bat|cmd|hta|scr)\b"
    r"|Pa\w*\s+[\"']?(?:\$env:(?:TEMP|TMP|APPDATA|LOCALAPPDATA|ProgramData|PUBLIC)|%(?:TEMP|TMP|APPDATA|LOCALAPPDATA)%"
    r"|[A-Za-z]:\\?[\"']?(?:\s|;|$)))"
    r"|(?:^|[\s;&|\"'(])Set-MpPreference\b[^\n]{0,200}?-Disable(?:RealtimeMonitoring|BehaviorMonitoring"
    r"|IOAVProtection|ScriptScanning|ArchiveScanning)(?::|\s+)\$?(?:true|1)\b"
    # the same switched off by Defender's policy key in the registry
    r"|\b(?:reg(?:\.exe)?\s+add|New-ItemProperty|Set-ItemProperty)\b[^\n]{0,200}?Windows Defender\b"
    r"[^\n]{0,200}?"
    r"\bDisable(?:AntiSpyware|AntiVirus|RealtimeMonitoring|BehaviorMonitoring)\b"
    r"[^\n]{0,120}?(?:/d\s+[\"']?(?:1|0x0*1)\b|-Value\s+[\"']?1\b)",
    re.IGNORECASE,
)


def _protection_off(line: str, mentions: bool = True) -> int | None:
    if (
        "2375" not in line
        and "docker.sock" not in line
        and "GIT_TRACE_REDACT" not in line
        and "mppreference" not in line.lower()
        and "windows defender" not in line.lower()
        and "untrustedserver" not in line.lower()
    ):
        return None
    for m in _PROTECTION_OFF_RE.finditer(line):
        # "Never configure tcp://0.0.0.0:2375": the warning a guide gives
        if mentions and (
            is_mention(line, m.start()) or _FORBIDDEN_RE.search(line[: m.start()]) or warns_against(line)
        ):
            continue
        return m.start()
    return None


_FORBIDDEN_RE = re.compile(
    r"\b(?:never|don'?t|do\s+not|avoid|must\s+not)\b|不要|切勿|禁止|避免|请勿", re.IGNORECASE
)
# a sentence that warns against the setting it names (a guide's hardening advice), unless it waves it through
_WARNS_RE = re.compile(
    r"\b(?:insecure|unsafe|dangerous|lets\s+anyone|anyone\s+(?:on|who|can|with)|become\s+root|root\s+access"
    r"|would\s+(?:print|leak|expose|log|write)|leave\s+it\s+unset|never|do\s+not|don'?t|avoid)\b"
    r"|危险|不安全|不建议|切勿|不要|禁止|避免|请勿",
    re.IGNORECASE,
)
_WAVES_THROUGH_RE = re.compile(
    r"\b(?:fine|ok|safe)\s+(?:for|on|to)\b|\brecommended\b|\bstandard\s+fix\b|推荐|标准", re.IGNORECASE
)


def warns_against(sentence: str) -> bool:
    """Whether a sentence naming a protection switched off warns against it (see :func:`_protection_off`)."""
    return _WARNS_RE.search(sentence) is not None and _WAVES_THROUGH_RE.search(sentence) is None


LINE_RULES: tuple[tuple[str, LineRule], ...] = (
    ("exfiltration", _exfiltration),
    ("exfiltration", _credentials_committed),
    ("destructive-shell", _destructive),
    ("persistence", _persistence),
    ("safety-bypass", _protection_off),
)


def check_line(line: str, *, mentions: bool = True, notes: bool = False) -> list[tuple[str, int]]:
    """(rule, column) of every command rule that fires on one logical line. ``notes``: a plain
    note echoed into the project's own instruction file is not persistence (:func:`_project_note`;
    the caller says so only for a file that never changes its working folder: :data:`CHDIR_RE`)."""
    hits: list[tuple[str, int]] = []
    for rule, check in LINE_RULES:
        at = _persistence(line, mentions, notes) if check is _persistence else check(line, mentions)
        if at is not None:
            hits.append((rule, at))
    return hits


def has_trigger(lower: str) -> bool:
    """Whether ``lower`` holds a word some command rule needs (a cheap pre-filter)."""
    return any(word in lower for word in TRIGGER_WORDS)
