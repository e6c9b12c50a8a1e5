"""Payloads in Level 2 code: a script that reads where credentials live and sends what it read.

The prose says "fetch the weather"; the helper it runs reads ``~/.clawdbot/.env`` and posts it to a
webhook with every result. Nothing here runs the code: it is read the rough way one reads a
program one does not trust, by statements (lines joined while brackets are open, ``\\``
continuations), assignments and functions, in any of the usual languages (Python, JavaScript /
TypeScript, shell, PowerShell, Ruby, PHP; the scripts inside SVG and HTML files):

``exfiltration`` (code form)
    Content taken from a credential store (a private SSH key, ``~/.aws/credentials``,
    ``.npmrc``, ``.pypirc``, ``.netrc``, ``.git-credentials``, the Docker or Kubernetes config,
    cloud CLIs' files, an agent's ``.env`` or credentials file, a browser profile's cookies and
    logins, a wallet) or the whole environment reaches a network send (``fetch``, ``axios``,
    ``requests.post``, ``curl -d``, ``XMLHttpRequest``, ``sendBeacon``, ``nc``, mail): directly, through
    variables assigned from it (a parser told to read it, ``cp.read(path)``, holds it; a loop over
    the stores' paths reads each), through a function that sends its argument, or from a function
    that returns what it read; what is written to a request object opened in the file (``req =
    https.request({...})``, then ``req.end(body)``) is sent where the request goes. A value looked
    up in it (``env.get("API_KEY")``, ``config["token"]``) and a credential placed in a request's
    headers or ``auth`` are authentication, not a leak; a copy of the environment handed to a
    child process (``env=env``) is what the process is given, not a send, whatever the copy is
    called.
``active-content``
    An SVG or HTML file of the skill whose script reads ``document.cookie``, ``localStorage``,
    ``sessionStorage`` or ``indexedDB`` and sends data out (a script in an image has no business
    with them).

Known limits: names are not scoped (a variable of one function taints its namesake in another),
data passed through a file on disk or a second process is not followed, and a minifier's
one-line code is read as one statement.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from skillrouter.security.findings import Finding, excerpt, finding
from skillrouter.security.lexicon_code import (
    ASSIGN_RES,
    BROWSER_STORE_RE,
    CAPTURE_HOST_RE,
    CODE_SUFFIXES,
    CREDENTIAL_STORE_RE,
    FUNCTION_RES,
    HEADER_PART_RE,
    KEYWORDS,
    LOOKUP_RE,
    LOOPBACK_RE,
    PAGE_SUFFIXES,
    READ_RE,
    SEND_RE,
    URL_LITERAL_RE,
    WHOLE_ENV_RE,
)

__all__ = ["code_findings", "is_code"]

_MAX_STATEMENT_LINES = 60
_PASSES = 6
_JOIN_RE = re.compile(r"[\"'`]\s*(?:,|\+|/)\s*[\"'`]|[\"'`]?\s*(?:,|/)\s*[\"'`]")


# a child process's environment in a call's options (``env=env``, ``{ env: childEnv }``): what the
# process is given, not what a request sends (a body's ``"env": env`` has its key quoted)
_CHILD_ENV_RE = re.compile(r"(?<![\w\"'])env\s*[=:]\s*[\w.]+", re.IGNORECASE)
_DEFINES_RE = re.compile(r"\s*(?:export\s+)?(?:async\s+)?(?:def|function|class)\b")


def is_code(relpath: str) -> bool:
    return PurePosixPath(relpath).suffix.lower() in CODE_SUFFIXES


@dataclass
class _Statement:
    line: int  # 1-based first line
    text: str


@dataclass
class _Function:
    name: str
    params: list[str]
    body: list[_Statement] = field(default_factory=list)


def _open_brackets(line: str, depth: int) -> tuple[int, bool]:
    """``depth`` after ``line`` (``(`` and ``[`` count, and ``{`` where it opens a value: after
    ``=``, ``(``, ``,``, ``:``, ``[``, ``?``, ``return``, not where it opens a block), and whether
    the line ends by opening a block (a callback's body: the statement ends there)."""
    blocks = 0
    prev = ""
    block_last = False
    for i, ch in enumerate(line):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "{":
            block_last = not (prev in "=(,:[?" or line[:i].rstrip().endswith("return"))
            if block_last:
                blocks += 1
            else:
                depth += 1
            prev = ch
            continue
        elif ch == "}":
            if blocks:
                blocks -= 1
            else:
                depth -= 1
        if not ch.isspace():
            prev = ch
            block_last = False
    return depth, block_last


def _statements(text: str) -> list[_Statement]:
    """Lines joined while a ``(``, ``[`` or a value's ``{`` is open or a line ends with ``\\``."""
    out: list[_Statement] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        first, parts, depth = i, [lines[i]], 0
        while True:
            line = parts[-1]
            depth, block = _open_brackets(line, depth)
            depth = max(0, depth)
            more = (depth > 0 and not block) or line.rstrip().endswith("\\")
            if not more or i + 1 >= len(lines) or i - first >= _MAX_STATEMENT_LINES:
                break
            i += 1
            parts.append(lines[i])
        out.append(_Statement(first + 1, "\n".join(parts)))
        i += 1
    return out


def _functions(text: str) -> list[_Function]:
    """Function definitions with their parameters and the statements of their bodies."""
    lines = text.split("\n")
    found: list[_Function] = []
    for number, line in enumerate(lines):
        for rx in FUNCTION_RES:
            m = rx.match(line)
            if m is None or m.group(2) in KEYWORDS:
                continue
            indent, name, params = len(m.group(1)), m.group(2), m.group(3) if m.lastindex == 3 else ""
            end = _body_end(lines, number, indent, python=line.lstrip().startswith(("def ", "async def ")))
            names = [
                p.strip().lstrip("*").split("=")[0].split(":")[0].strip(" {}[]") for p in params.split(",")
            ]
            body = "\n".join(lines[number + 1 : end])
            stmts = [_Statement(s.line + number + 1, s.text) for s in _statements(body)]
            found.append(_Function(name, [n for n in names if n.isidentifier() and n != "self"], stmts))
            break
    return found


def _body_end(lines: list[str], start: int, indent: int, *, python: bool) -> int:
    if python:
        for j in range(start + 1, len(lines)):
            stripped = lines[j].strip()
            if stripped and len(lines[j]) - len(lines[j].lstrip()) <= indent:
                return j
        return len(lines)
    depth, opened = 0, False
    for j in range(start, len(lines)):
        depth += lines[j].count("{") - lines[j].count("}")
        opened = opened or "{" in lines[j]
        if opened and depth <= 0:
            return j + 1
    return len(lines)


def _joined(text: str) -> str:
    """A statement with string joins read as a path: ``".aws", "credentials"`` -> ``.aws/credentials``."""
    return _JOIN_RE.sub("/", text)


def _after_condition(stmt: str, *, loops: bool = False) -> str:
    """``stmt`` without a leading one-line ``if (...)`` / ``while (...)`` head (with ``loops``, a
    ``for (...)`` head too): what it runs."""
    m = re.match(rf"\s*(?:if|while|else\s+if{'|for' if loops else ''})\s*\(", stmt)
    if m is None:
        return stmt
    depth = 1
    for i in range(m.end(), len(stmt)):
        depth += {"(": 1, ")": -1}.get(stmt[i], 0)
        if depth == 0:
            return stmt[i + 1 :]
    return stmt


def _assigned(stmt: str) -> list[str]:
    """Names ``stmt`` assigns: its own, and those of what a one-line ``if (...)`` / ``for (...)``
    head runs (``for (const f of files) out[f] = read(f)``: ``f`` and ``out``)."""
    names: list[str] = []
    body = _after_condition(_after_condition(stmt, loops=True))
    for part in (stmt, body) if body is not stmt else (stmt,):
        head = part.split("\n", 1)[0]
        for rx in ASSIGN_RES:
            for m in rx.finditer(head if rx.pattern.startswith("^") else part):
                if m.group(1) not in KEYWORDS and m.group(1) not in names:
                    names.append(m.group(1))
    return names


def _rhs(stmt: str) -> str:
    eq = re.search(r"(?<![=!<>])=(?!=)", stmt)
    return stmt[eq.end() :] if eq else stmt


# what opens a request or a connection that the code then writes to (``req.end(body)``)
_CHANNEL_RE = re.compile(
    r"\bhttps?\.request\s*\(|\bnet\.(?:connect|createConnection)\s*\(|\btls\.connect\s*\(|\bnew\s+WebSocket\b"
    r"|\bsocket\.create_connection\s*\(|\bHTTPS?Connection\s*\("
)
_CHANNEL_WRITE = r"(?:write|end|send|sendall|request)\s*\("
_HOST_OPTION_RE = re.compile(r"""\bhost(?:name)?\s*[:=]\s*["']([\w.-]+)["']""")
# the credential stores a stealer gathers, by service (a tool reads its own vendor's)
_STORE_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern, re.IGNORECASE))
    for kind, pattern in (
        ("ssh", r"\.ssh/(?:id_[\w-]+(?<!\.pub)|identity)\b"),
        ("aws", r"\.aws/(?:credentials|config)\b"),
        ("azure", r"\.azure\b"),
        ("gcloud", r"\.config/gcloud\b|application_default_credentials"),
        ("kubernetes", r"\.kube/config\b"),
        ("docker", r"\.docker/config\.json"),
        ("npm", r"(?<![\w-])\.npmrc\b"),
        ("pypi", r"\.pypirc\b"),
        ("netrc", r"(?<![\w-])\.netrc\b"),
        ("git", r"\.git-credentials\b|\.config/gh\b"),
        ("gnupg", r"\.gnupg\b|\.password-store\b"),
        (
            "browser",
            r"\bLogin Data\b|\bcookies\.sqlite\b|\blogins\.json\b|Local Storage/leveldb|Chrome/User Data",
        ),
        ("wallet", r"\bwallet\.dat\b|\.electrum\b|\bExodus\b|\bMetaMask\b|solana/id\.json|\bkeystore\b"),
    )
)
_READ_CALL_RE = re.compile(r"\.read_(?:text|bytes)\s*\(|\breadFileSync\s*\(|\.read\s*\(")
# a call that decodes text hidden in the code
_DECODE_RE = re.compile(
    r"\bBuffer\.from\s*\([^)]*['\"](?:base64|hex)['\"]|\batob\s*\(|\bb(?:64|32|85)decode\s*\(|\bbytes\.fromhex\s*\("
    r"|\bunhexlify\s*\(|\bcodecs\.decode\s*\([^)]*rot|\bFromBase64String\s*\(|\bdecodestring\s*\("
)
# a call that runs a string as code
_RUN_CODE_RE = re.compile(
    r"(?<![\w.])(?:exec|eval)\s*\(|\bnew\s+Function\s*\(|(?<![\w.])Function\s*\(|\bvm\.runIn\w*\s*\("
    r"|(?<![\w.])compile\s*\(|\bInvoke-Expression\b|(?<![\w.-])iex\b"
)
_RETURN_RE = re.compile(r"\s*(?:return|yield)\b")
# a string literal, with a Python prefix (``f"..."``, ``rb'...'``): the prefix is no name of the code
_STRING_RE = re.compile(
    r"(?:(?<!\w)[rRbBuUfF]{1,2}(?=[\"']))?(?:\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)"
)
_INTERPOLATION_RE = re.compile(r"\$\{?\s*(\w+)|\{\s*(\w+)")
# names that are the language's, not data: a write through them taints nothing
_BUILTINS = frozenset(
    {
        "this",
        "self",
        "JSON",
        "window",
        "document",
        "console",
        "process",
        "os",
        "sys",
        "Math",
        "Object",
        "Array",
        "String",
        "Number",
        "Promise",
        "stdout",
        "stderr",
        "logger",
        "log",
        "print",
        "module",
        "exports",
        "cls",
    }
)


def _code_only(stmt: str) -> str:
    """``stmt`` with its string literals reduced to the names interpolated in them."""
    return _STRING_RE.sub(
        lambda m: f" {' '.join(a or b for a, b in _INTERPOLATION_RE.findall(m.group())) or chr(34) * 2} ",
        stmt,
    )


# what follows a name when one value is taken out of it (a key, an attribute): not the whole
_LOOKUP_AFTER_RE = re.compile(
    r"\s*(?:\[(?![^\]\n]*:)|\??\.(?:get|getItem)\s*\(|\??\.(?!(?:text|content|data|body|value|buffer|raw)\b)\w+\b(?!\s*\())"
)


_NAME_RE = re.compile(r"(?<![\w.$])[A-Za-z_$][\w$]*")


@functools.lru_cache(maxsize=4096)
def _uses(stmt: str) -> tuple[frozenset[str], frozenset[str]]:
    """(names ``stmt`` uses outside its string literals, those of them it uses whole: not only
    looked into, as ``creds["token"]`` or ``cfg.gateway.port`` are)."""
    code = _code_only(stmt)
    used: set[str] = set()
    whole: set[str] = set()
    for m in _NAME_RE.finditer(code):
        used.add(m.group())
        if not _LOOKUP_AFTER_RE.match(code, m.end()):
            whole.add(m.group())
    return frozenset(used), frozenset(whole)


def _mentions(stmt: str, names: set[str], *, lookups: bool = False) -> str | None:
    """A name of ``names`` used in ``stmt`` outside its string literals; one only looked into
    (``creds["token"]``, ``cfg.gateway.port``) counts with ``lookups`` only."""
    used, whole = _uses(stmt)
    found = (used if lookups else whole) & names
    return min(found) if found else None


def _outside_headers(stmt: str) -> str:
    return HEADER_PART_RE.sub(" ", stmt)


@dataclass
class _Assignment:
    targets: list[str]
    rhs: str
    read: bool  # reads a file (or calls a function that does)
    source: bool  # names a credential store
    whole: bool  # takes the whole environment or a browser store


def _assignments(stmts: list[_Statement], readers: set[str]) -> list[_Assignment]:
    out: list[_Assignment] = []
    for s in stmts:
        targets = _assigned(s.text)
        if not targets:
            continue
        rhs = _CHILD_ENV_RE.sub(" ", _rhs(s.text))  # a child's environment is not what a call returns
        if LOOKUP_RE.match(rhs):
            continue  # one value out of it: used, not carried whole
        used, _whole = _uses(rhs)
        read = bool(READ_RE.search(rhs)) or bool(used & readers and "(" in rhs)
        source = CREDENTIAL_STORE_RE.search(_joined(rhs)) is not None
        # a copy of the environment is tainted whatever its name: one handed to a child process
        # (``env=env``) is no send (:meth:`_Reader.sends`), one posted anywhere is
        whole = WHOLE_ENV_RE.search(rhs) is not None or BROWSER_STORE_RE.search(rhs) is not None
        out.append(_Assignment(targets, rhs, read, source, whole))
    return out


def _taint(stmts: list[_Statement], tainted: set[str], readers: set[str], paths: set[str]) -> set[str]:
    """Names that come to hold credential content, from ``tainted`` through assignments."""
    assignments = _assignments(stmts, readers)
    for _ in range(_PASSES):
        before = len(tainted)
        for a in assignments:
            if (a.read and (a.source or _mentions(a.rhs, paths))) or a.whole or _mentions(a.rhs, tainted):
                tainted.update(t for t in a.targets if t not in paths and t not in _BUILTINS)
        if len(tainted) == before:
            break
    return tainted


class _Reader:
    """One code file read for the exfiltration and active-content rules."""

    def __init__(self, relpath: str, text: str) -> None:
        self.relpath = relpath
        self.text = text
        self.stmts = _statements(text)
        self.functions = _functions(text)
        self.urls = {
            name: url.group()
            for s in self.stmts
            if (url := URL_LITERAL_RE.search(s.text))
            for name in _assigned(s.text)[:1]
        }
        # request objects opened here (``req = https.request({...})``): what is written to one is sent
        self.channels = {
            names[0]: self._destination(s.text)
            for s in self.stmts
            if _CHANNEL_RE.search(s.text) and (names := _assigned(s.text))
        }

    def _paths(self, readers: set[str]) -> set[str]:
        """Names that hold a credential store's path (one assigned what is read from it holds
        content): given it literally, or built from, or walking over, such a name without reading
        it, itself or through one of ``readers`` (``files = [p]``, ``for (const f of files)``), and
        the functions that return one (``files = collectProfileFiles()``)."""
        paths = {
            t
            for s in self.stmts
            if CREDENTIAL_STORE_RE.search(_joined(s.text)) and not READ_RE.search(s.text)
            for t in _assigned(s.text)
        }
        # (targets, right-hand side) of each assignment that reads nothing, itself or through a reader
        built = [
            (targets, rhs)
            for s in self.stmts
            if not READ_RE.search(s.text) and (targets := _assigned(s.text))
            for rhs in [_rhs(_after_condition(s.text))]
            if not any(re.search(rf"(?<![\w.]){re.escape(r)}\s*\(", rhs) for r in readers)
        ]
        for _ in range(_PASSES):
            before = len(paths)
            for targets, rhs in built:
                if paths and _mentions(rhs, paths, lookups=True):
                    paths.update(t for t in targets if t not in _BUILTINS)
            # a function that returns such a name: what a call of it gives is one too
            paths.update(
                f.name
                for f in self.functions
                if f.name not in readers
                and any(_RETURN_RE.match(s.text) and _mentions(s.text, paths, lookups=True) for s in f.body)
            )
            if len(paths) == before:
                break
        return paths

    def _destination(self, stmt: str) -> str:
        if literal := URL_LITERAL_RE.search(stmt):
            return literal.group()
        for name, url in self.urls.items():
            if re.search(rf"\b{re.escape(name)}\b", stmt):
                return url
        if host := _HOST_OPTION_RE.search(stmt):
            return f"https://{host.group(1)}"
        return "a remote host"

    def _channel(self, stmt: str) -> str | None:
        """The request object ``stmt`` writes to (``req.end(body)``), if any."""
        return next(
            (c for c in self.channels if re.search(rf"(?<![\w.]){re.escape(c)}\.{_CHANNEL_WRITE}", stmt)),
            None,
        )

    def _where(self, stmt: str) -> str:
        """Where what ``stmt`` sends goes: its request object's destination, or its own."""
        channel = self._channel(stmt)
        return self.channels[channel] if channel is not None else self._destination(stmt)

    def sends(self, stmt: str, names: set[str]) -> str | None:
        """The tainted name a network send in ``stmt`` carries outside its headers, if any: the
        whole content anywhere but this machine (the agent's own gateway on loopback), or one
        value looked up in it to a request catcher, a paste site or a bare IP."""
        if not _is_send(stmt) and self._channel(stmt) is None:
            return None
        where = self._where(stmt)
        if LOOPBACK_RE.search(where):
            return None
        body = _CHILD_ENV_RE.sub(" ", _outside_headers(stmt))
        catcher = CAPTURE_HOST_RE.search(where) or re.match(r"\w+://[\d.]+[:/]", where)
        return _mentions(body, names, lookups=bool(catcher))

    def decoded_exec(self) -> list[Finding]:
        """``obfuscated-exec`` in code: what a decoding call gives (base64, hex, rot13; through
        variables and string reversals) handed to ``exec`` / ``eval`` / ``new Function`` /
        ``vm.runIn...``: code nobody can read in the skill, run."""
        decoded: set[str] = set()
        assignments = _assignments(self.stmts, set())
        for _ in range(_PASSES):
            before = len(decoded)
            for a in assignments:
                if _DECODE_RE.search(a.rhs) or _mentions(a.rhs, decoded):
                    decoded.update(t for t in a.targets if t not in _BUILTINS)
            if len(decoded) == before:
                break
        for s in self.stmts:
            run = _RUN_CODE_RE.search(s.text)
            if run is None:
                continue
            given = s.text[run.end() :]
            if _DECODE_RE.search(given) or _mentions(given, decoded):
                why = "The script decodes a hidden blob and runs it: what runs cannot be read in the skill."
                line = s.text.split("\n", 1)[0]
                return [finding("obfuscated-exec", self.relpath, s.line, excerpt(line), why=why)]
        return []

    def findings(self) -> list[Finding]:
        readers = {f.name for f in self.functions if f.params and any(READ_RE.search(s.text) for s in f.body)}
        paths = self._paths(readers)
        senders: dict[str, str] = {}
        returned: set[str] = set()  # functions that return credential content they read
        for f in self.functions:
            inside = _taint(f.body, set(f.params), readers, paths)
            for s in f.body:
                if self.sends(s.text, inside):
                    senders[f.name] = self._where(s.text)
                    break
            own = _taint(f.body, set(), readers, paths)
            if own and any(_RETURN_RE.match(s.text) and _mentions(s.text, own) for s in f.body):
                returned.add(f.name)
        tainted = _taint(self.stmts, set(returned), readers, paths)
        source = next(
            (m.group() for s in self.stmts if (m := CREDENTIAL_STORE_RE.search(_joined(s.text)))),
            "the environment or the browser's storage",
        )
        for s in self.stmts:
            joined = _joined(s.text)
            direct = (
                READ_RE.search(s.text)
                and SEND_RE.search(s.text)
                and (CREDENTIAL_STORE_RE.search(joined) or _mentions(_outside_headers(s.text), paths))
            )
            carried = self.sends(s.text, tainted)
            through = next(
                (
                    name
                    for name in senders
                    if not _DEFINES_RE.match(s.text)
                    and (call := re.search(rf"(?<![\w.]){re.escape(name)}\s*\(", s.text))
                    # what it is given: content, or (a function that reads its argument) a store's path
                    and _mentions(
                        _outside_headers(s.text[call.end() :]),
                        tainted | (paths if name in readers else set()),
                    )
                ),
                None,
            )
            if not (direct or carried or through):
                continue
            where = senders[through] if through else self._where(s.text)
            rule, why = "exfiltration", f"The script reads {source} and sends it to {where}."
            if PurePosixPath(self.relpath).suffix.lower() in PAGE_SUFFIXES:
                rule = "active-content"
                why = f"A script in this page reads {source} and sends it to {where}."
            line = s.text.split("\n", 1)[0]
            return [finding(rule, self.relpath, s.line, excerpt(line), why=why)]
        return self._page_storage() or self._harvest()

    def _harvest(self) -> list[Finding]:
        """A script that reads the stores of three or more unrelated credentials (AWS, npm, the
        Docker config, SSH keys, ...: :data:`_STORE_KINDS`) and sends anything anywhere but this
        machine: what a credential stealer does, however its data flows (through classes, helpers,
        files) where the reader above cannot follow. A tool needs its own vendor's store, not three."""
        joined = _joined(self.text)
        kinds = sorted({kind for kind, rx in _STORE_KINDS if rx.search(joined)})
        if len(kinds) < 3 or not (READ_RE.search(self.text) or _READ_CALL_RE.search(self.text)):
            return []
        for s in self.stmts:
            if (_is_send(s.text) or self._channel(s.text)) and not LOOPBACK_RE.search(self._where(s.text)):
                why = (
                    f"The script reads the credential stores of {len(kinds)} unrelated services "
                    f"({', '.join(kinds)}) and sends data to {self._where(s.text)}: what a credential "
                    f"stealer does."
                )
                line = s.text.split("\n", 1)[0]
                return [finding("exfiltration", self.relpath, s.line, excerpt(line), why=why)]
        return []

    def _page_storage(self) -> list[Finding]:
        """A page or image whose script touches the browser's stores and sends anything out."""
        if PurePosixPath(self.relpath).suffix.lower() not in PAGE_SUFFIXES or not _PAGE_SCRIPT_RE.search(
            self.text
        ):
            return []
        store = BROWSER_STORE_RE.search(self.text)
        if store is None or not SEND_RE.search(self.text):
            return []
        number = self.text.count("\n", 0, store.start()) + 1
        col = store.start() - (self.text.rfind("\n", 0, store.start()) + 1)
        why = f"A script in this file reads {store.group()} and the file sends data out."
        line = self.text.split("\n")[number - 1]
        return [finding("active-content", self.relpath, number, excerpt(line, col), why=why)]


# where a page runs script: a <script> element, an event handler attribute, a javascript: URL
_PAGE_SCRIPT_RE = re.compile(r"<script\b|\son[a-z]+\s*=|javascript:", re.IGNORECASE)

# lower-case words one of which a credential store, the environment or a browser store holds
_SOURCE_WORDS_RE = re.compile(
    r"\.ssh|\.aws|\.azure|gcloud|application_default|\.kube|kubeconfig|\.docker|npmrc|pypirc|netrc|git-credentials"
    r"|\.gnupg|password-store|/etc/shadow|\.env|login data|cookies|logins\.json|key[34]\.db|local "
    r"storage|user data"
    r"|bravesoftware|firefox|\.mozilla|wallet|\.bitcoin|\.electrum|exodus|metamask|solana|keystore|environ|printenv"
    r"|env:|localstorage|sessionstorage|indexeddb|document\.cookie|\.config/gh"
)


@functools.lru_cache(maxsize=4096)
def _is_send(stmt: str) -> bool:
    return SEND_RE.search(stmt) is not None and not _DEFINES_RE.match(stmt)


def code_findings(relpath: str, text: str) -> list[Finding]:
    """The Level 2 code rules (see the module docstring) on one code file's text."""
    decodes = _DECODE_RE.search(text) and _RUN_CODE_RE.search(text)
    if decodes and (found := _Reader(relpath, text).decoded_exec()):
        return found
    low = text.lower()
    if not _SOURCE_WORDS_RE.search(low):
        return []
    sends = ("fetch", "axios", "post", "curl", "wget", "request", "send", "xmlhttp", "nc ", "src", "smtp")
    if not any(w in low for w in (*sends, "gethostby", "getaddrinfo", "resolve", "lookup")):
        return []
    if not (
        CREDENTIAL_STORE_RE.search(_joined(text))
        or WHOLE_ENV_RE.search(text)
        or BROWSER_STORE_RE.search(text)
    ):
        return []
    return _Reader(relpath, text).findings()
