"""Droppers: commands that fetch or decode something and run it, whose content is not in the skill.

Command shapes, on every line of every file (Level 2 code included; the line's own mention markers
apply: a searched-for pattern, "never run", a deny list, and in prose a warning heading):

``obfuscated-exec``
    A blob decoded and run: ``echo '<base64>' | base64 -D | bash``, ``bash -c "$(... | base64
    -d)"``, ``xxd -r -p | sh``, ``printf '\\x..' | sh``, ``exec(base64.b64decode(...))``,
    ``eval(atob(...))``, ``new Function(String.fromCharCode(...))``, ``powershell -enc <base64>``,
    ``iex`` of ``FromBase64String``. A base64 literal next to a decoder is decoded (never run) and
    named in the finding when it holds a command.
``remote-exec``
    Something fetched and run whose content is not in the skill: a fetch (``curl``, ``wget``,
    ``iwr``, ``Net.WebClient``) piped into a shell or handed to ``eval`` / ``sh -c "$(...)"``
    when the host is a bare public IP address or a paste site; in a code file (``.py``, ``.js``,
    ...) any fetch piped into a shell inside a process call (``os.system``, ``subprocess``,
    ``child_process``), whatever the host, and a fetched body handed to ``exec``/``eval``. A
    vendor's installer piped into a shell from its own domain (``curl -fsSL https://bun.sh/install |
    bash``) is how tools are installed, and passes; a script fetched over plain ``http://`` from
    outside this machine and its network does not (no vendor serves an installer so). And a shell
    handed to a public address or a named host (a reverse shell): bash's ``/dev/tcp`` joined to a
    shell's streams, ``nc -e /bin/sh``, ``socat ... exec:sh``, a fifo into ``nc``, a socket's
    descriptors handed to a shell; a private, documentation or placeholder address
    (``10.10.14.5``, ``ATTACKER_IP``, ``attacker.com``) is a lesson and passes.
``download-exec``
    Windows' own tools fetching or running a program from the network (``certutil -urlcache``,
    ``mshta`` of a URL or an ``.hta``, ``bitsadmin /transfer``, ``regsvr32 /i:http``): how
    droppers get past download policies; no installer is distributed so. (The prose lures of this
    rule are :mod:`skillrouter.security.lures`.)

The prose lures that tell a person to do the same by hand (download and run, paste a page's
command into a terminal) are :mod:`skillrouter.security.lures`.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable
from pathlib import PurePosixPath

from skillrouter.security.commands import is_mention, logical_line
from skillrouter.security.findings import Finding, excerpt, finding
from skillrouter.security.indicators import imitates, indicators, known_host
from skillrouter.security.lexicon_lures import (
    B64_LITERAL_RE,
    DECODE_RE,
    DECODED_COMMAND_RE,
    DEV_TCP_RE,
    EXEC_CALL_RE,
    FETCH_RE,
    INTO_SHELL_RE,
    IP_URL_RE,
    LOLBIN_RE,
    NET_SHELL_RE,
    PASTE_HOST_RE,
    PLAIN_HTTP_RE,
    PRIVATE_IP_RE,
    PS_ENCODED_RE,
    SHELL_OF_RE,
    SHELL_ONTO_RE,
)

__all__ = ["CODE_SUFFIXES", "command_findings", "lines_of"]

# files that are programs: a process call in them runs without anyone reading the command
CODE_SUFFIXES = frozenset(
    {".py", ".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx", ".rb", ".php", ".pl", ".go", ".rs", ".java", ".lua"}
)
# lower-case words one of which every command-shape match holds (a cheap pre-filter)
_COMMAND_WORDS = (
    "base64",
    "base32",
    "xxd",
    "atob",
    "buffer.from",
    "fromhex",
    "unhexlify",
    "codecs.decode",
    "fromcharcode",
    "zlib.decompress",
    "marshal.loads",
    "\\x",
    "powershell",
    "pwsh",
    "curl",
    "wget",
    "iwr",
    "irm",
    "invoke-",
    "webclient",
    "downloadstring",
    "fetch",
    "urlopen",
    "requests.",
    "httpx.",
    "/dev/tcp/",
    "/dev/udp/",
    "nc ",
    "ncat",
    "netcat",
    "socat",
    "mkfifo",
    "dup2",
    "pty.spawn",
    "certutil",
    "mshta",
    "bitsadmin",
    "regsvr32",
)
_COMMAND_WORDS_RE = re.compile("|".join(re.escape(w) for w in _COMMAND_WORDS))
_REMOTE_READ_RE = re.compile(
    r"\b(?:urlopen|urllib\.request\.urlopen|requests\.get|httpx\.get|fetch)\s*\(", re.IGNORECASE
)
_MAX_DECODED = 200
# code handed to an interpreter on its command line: ``python3 -c "..."``, ``node -e '...'``
_INLINE_CODE_RE = re.compile(r"\b(?:python[\d.]*|node|perl|ruby|php)\s+-[ce]\s+[\"']")


# --------------------------------------------------------------------------- command shapes
def _is_public(ip: str) -> bool:
    """A dotted IPv4 address outside loopback and private ranges."""
    return not PRIVATE_IP_RE.match(ip) and all(int(part) <= 255 for part in ip.split("."))


def _public_ip(text: str) -> str | None:
    for m in IP_URL_RE.finditer(text):
        ip = m.group("ip") or m.group("bare")
        if ip and _is_public(ip):
            return ip
    return None


def _decoded(line: str) -> tuple[str | None, bool]:
    """(what a base64 literal on ``line`` decodes to when that is a command, whether every literal
    there decodes to harmless text): the blobs are decoded to be read, never run."""
    literals = 0
    for m in B64_LITERAL_RE.finditer(line):
        blob = m.group()
        if blob.isalpha() and (blob.islower() or blob.isupper()):
            continue  # a long word, not base64
        literals += 1
        try:
            text = base64.b64decode(blob + "=" * (-len(blob) % 4), validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError, ValueError):
            return None, False
        if not text.isprintable() or DECODED_COMMAND_RE.search(text):
            shown = text if len(text) <= _MAX_DECODED else text[:_MAX_DECODED] + "…"
            return (shown if text.isprintable() else None), False
    return None, literals > 0


_EXECUTOR_BEFORE_RE = re.compile(
    r"(?:\b(?:eval|exec\w*|system|popen|spawn\w*|run|call|check_output|check_call|getoutput|ssh(?:\s+[\w@.:-]+)?"
    r"|sudo|su|watch|nohup|xargs|bash|sh|zsh|iex|invoke-expression)[\"']?|\s[\"']?-c[\"']?)\s*[(\[,]?\s*[fbru]?$",
    re.IGNORECASE,
)


def _quoted_data(line: str, pos: int) -> bool:
    """Whether ``pos`` lies in a quoted string that is data, not a command: an argument of a
    program that is not a shell or an exec call (``node monitor.js "curl ... | sh"``), an item of
    a list (``["curl ... | sh"]``), an ``echo``'d text, and not piped into a shell after it."""
    quote, opened = "", -1
    for i, ch in enumerate(line[:pos]):
        if quote:
            if ch == quote and line[i - 1] != "\\":
                quote = ""
        elif ch in "\"'" and not (i and line[i - 1].isalnum()):  # an apostrophe is no quote
            quote, opened = ch, i
    if not quote:
        return False
    close = line.find(quote, pos)
    if close != -1 and re.match(r"\s*\|\s*(?:sudo\s+)?(?:(?:ba|z|da|k)?sh|iex)\b", line[close + 1 :]):
        return False
    return not _EXECUTOR_BEFORE_RE.search(line[:opened])


def _obfuscated(line: str) -> tuple[int, str] | None:
    """(column, explanation) of a decoded blob that is run on this line."""
    if m := PS_ENCODED_RE.search(line):
        return m.start(), "It runs a PowerShell script given as base64 (-EncodedCommand), unreadable here."
    for dec in DECODE_RE.finditer(line):
        shell = INTO_SHELL_RE.search(line, dec.end())
        wrapper = next((w for w in SHELL_OF_RE.finditer(line, 0, dec.start())), None)
        call = next((c for c in EXEC_CALL_RE.finditer(line, 0, dec.start())), None)
        if not (shell or wrapper or call) or _quoted_data(line, dec.start()):
            continue
        decoded, harmless = _decoded(line)
        if harmless:
            continue  # every blob there reads as plain text (an example's alert(1)): nothing is hidden
        what = f"It decodes a hidden blob and runs it; the blob reads: {decoded!r}." if decoded else ""
        return (min(x.start() for x in (dec, shell, wrapper, call) if x is not None), what)
    return None


def _reverse_shell(line: str) -> tuple[int, str] | None:
    """(column, explanation) of a shell handed to a public address on this line: bash's
    ``/dev/tcp`` joined to a shell's streams, ``nc -e /bin/sh``, ``socat ... exec:sh``, a fifo into
    ``nc``, a socket's descriptors handed to a shell. A placeholder or private address (the
    attacker's box in a lab, ``10.10.14.5``, ``ATTACKER_IP``) is a lesson, not a shell to run."""
    for m in DEV_TCP_RE.finditer(line):
        host = m.group("host")
        if re.fullmatch(r"[\d.]+", host):
            reachable = _any_public_ip(host) is not None
        else:
            reachable = "." in host and not _LESSON_HOST_RE.search(host)
        if reachable and SHELL_ONTO_RE.search(line):
            return m.start(), (
                f"It opens a reverse shell to {host}:{m.group('port')}: whoever listens there runs "
                "commands on this machine."
            )
    if (shell := NET_SHELL_RE.search(line)) and (_any_public_ip(line) or _named_host(line)):
        why = "It hands a shell to a network connection (a reverse shell): whoever is at the other end "
        return shell.start(), why + "runs commands here."
    return None


def _any_public_ip(line: str) -> str | None:
    """An IPv4 address on the line outside loopback and private ranges (``nc host port`` gives
    the port apart)."""
    for m in re.finditer(r"(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?![\w.])", line):
        ip = m.group()
        documentation = ip.startswith(("192.0.2.", "198.51.100.", "203.0.113."))  # RFC 5737 examples
        if _is_public(ip) and not documentation:
            return ip
    return None


# a host that names itself an example (a scanner's report, a lesson): ``attacker.com``,
# ``evil.example.net``, ``your-server.com``, ``localhost``
_LESSON_HOST_RE = re.compile(
    r"attacker|evil|example|victim|target|malicious|hacker|localhost|your[-_]?|\blhost\b|\.(?:test|invalid|local)$",
    re.IGNORECASE,
)


def _named_host(line: str) -> str | None:
    """A host name on the line (``c2.host.net 443``, ``host.tld:443``), not an address and not an
    example's (:data:`_LESSON_HOST_RE`)."""
    for m in re.finditer(r"(?<![\w./-])(?:[a-z0-9-]+\.)+[a-z]{2,}(?=[\s:/\"']|$)", line, re.IGNORECASE):
        if not _LESSON_HOST_RE.search(m.group()):
            return m.group()
    return None


_URL_HOST_RE = re.compile(r"https?://(?:[^/\s@]+@)?([a-z0-9.-]+\.[a-z]{2,})", re.IGNORECASE)


def _look_alike_host(segment: str) -> tuple[str, str] | None:
    """(host, the known installer host it imitates) of the first URL on ``segment`` whose host
    borrows a known installer host's name without being it (``indicators.toml``)."""
    known = indicators().installer_hosts
    for m in _URL_HOST_RE.finditer(segment):
        host = m.group(1).lower()
        if known_host(host, known) or _LESSON_HOST_RE.search(host.removesuffix(".example")):
            continue
        like = next((k for k in known if imitates(host, (k,))), None)
        if like is not None:
            return host, like
    return None


def _windows_dropper(line: str) -> tuple[int, str] | None:
    """(column, explanation) of a program downloaded or run from the network by one of Windows'
    own tools (certutil, mshta, bitsadmin, regsvr32), which is how droppers pass allow-lists."""
    if m := LOLBIN_RE.search(line):
        tool = m.group().split()[0].split(".")[0].lower()
        return m.start(), (
            f"It has Windows' {tool} download or run a program from the network, a way malware "
            "gets past download policies; no installer is distributed like this."
        )
    return None


def _remote(line: str, code: bool) -> tuple[int, str] | None:
    """(column, explanation) of something fetched and run on this line."""
    if hit := _reverse_shell(line):
        return hit
    for fetch in FETCH_RE.finditer(line):
        shell = INTO_SHELL_RE.search(line, fetch.end())
        wrapper = next((w for w in SHELL_OF_RE.finditer(line, 0, fetch.start())), None)
        if not (shell or wrapper) or _quoted_data(line, fetch.start()):
            continue
        segment = line[wrapper.start() if wrapper else fetch.start() : shell.end() if shell else len(line)]
        if ip := _public_ip(segment):
            return fetch.start(), f"It pipes a script fetched from the bare IP address {ip} into a shell."
        if paste := PASTE_HOST_RE.search(segment):
            host = paste.group().split("//")[-1].rstrip("/:?#")
            return fetch.start(), f"It pipes a script from a paste site ({host}) into a shell."
        if copied := _look_alike_host(segment):
            host, like = copied
            return fetch.start(), (
                f"It pipes a script from {host}, a name made to look like {like}, into a shell: a "
                "look-alike of a known installer runs whatever its owner serves."
            )
        if plain := PLAIN_HTTP_RE.search(segment):
            return fetch.start(), (
                f"It pipes a script fetched over plain HTTP ({plain.group()}) into a shell: anyone on "
                "the way can change what runs, and no vendor's installer is served like this."
            )
        spawn = next((c for c in EXEC_CALL_RE.finditer(line, 0, fetch.start())), None)
        if code and spawn is not None:
            return spawn.start(), (
                "Code in the skill starts a shell that fetches a script from the network and runs it, "
                "out of sight of anyone reading the instructions."
            )
    if code or _INLINE_CODE_RE.search(line):  # a script file, or code handed to an interpreter inline
        for call in EXEC_CALL_RE.finditer(line):
            runs = call.group().lower().startswith(("exec", "eval", "new", "function"))
            if runs and _REMOTE_READ_RE.search(line, call.end()):
                return (
                    call.start(),
                    "Code in the skill runs whatever a URL returns (a fetched body to exec/eval).",
                )
    return None


def command_findings(
    relpath: str,
    lines: list[str],
    lower: str,
    *,
    exempt: Callable[[int, str, int], bool] | None = None,
    mentions: bool = True,
) -> list[Finding]:
    """``obfuscated-exec`` and ``remote-exec`` on every logical line holding a command word;
    ``exempt(line number, line, column)``: what the prose around a command says of it (a warning
    heading, a table of what a scanner blocks)."""
    numbers = lines_of(lower, _COMMAND_WORDS_RE)
    if not numbers:
        return []
    code = PurePosixPath(relpath).suffix.lower() in CODE_SUFFIXES
    out: list[Finding] = []
    done: set[int] = set()
    for number in numbers:
        if number in done:
            continue
        first, line = logical_line(lines, number)
        done.update(range(first, number + 1))
        shapes = (
            ("obfuscated-exec", _obfuscated(line)),
            ("remote-exec", _remote(line, code)),
            ("download-exec", _windows_dropper(line)),
        )
        for rule, hit in shapes:
            if hit is None:
                continue
            col, why = hit
            if mentions and (is_mention(line, col) or (exempt is not None and exempt(first, line, col))):
                continue
            out.append(finding(rule, relpath, first, excerpt(line, col), why=why))
    return out


def lines_of(lower: str, *patterns: re.Pattern[str]) -> list[int]:
    """The 1-based lines holding a match of any of ``patterns``, in order."""
    positions = sorted({m.start() for rx in patterns for m in rx.finditer(lower)})
    lines: list[int] = []
    line, last = 1, 0
    for pos in positions:
        line += lower.count("\n", last, pos)
        last = pos
        if not lines or lines[-1] != line:
            lines.append(line)
    return lines
