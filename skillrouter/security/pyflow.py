"""Python in a skill read as Python: data followed from where secrets live to where data leaves.

Regular expressions read code by statements split on brackets and lines; an author who reads a
key in a helper class, builds the host from a list in a config dict and sends it from another
function, or who spells ``os`` as ``"".join(map(chr, [111, 115]))``, walks past them (the regex
code rules this replaced did). This analyzer parses every ``.py`` file of a skill with :mod:`ast` (nothing is
run) and follows values the way the interpreter would, within the file:

- **Strings are folded**: literals, f-strings, ``+``, ``.join``, ``[::-1]``, ``chr`` codes,
  ``bytes.fromhex``, ``base64``/``codecs`` decodes of literals, ``os.path.join``,
  ``expanduser``, ``Path.home() / "..."``, and names bound to any of those, so a path or a module
  name assembled at run time reads as what it becomes.
- **Names are resolved**: imports and their aliases, ``__import__``, ``importlib.import_module``
  and ``getattr`` with folded names, and objects made by a module (``s = requests.Session()``):
  a call is known by the module function it reaches.
- **Taint** (:data:`SECRET`) starts where secrets are read: a credential store's file (a folded
  path naming one, opened, read, copied, globbed or read by a loop over a list of them), the
  whole environment (``dict(os.environ)``, ``os.environ.items()``; one named variable is how a
  program is given its key, not a leak), the clipboard, a command that prints a credential.
  It follows assignments, containers, attributes of ``self``, f-strings, encodings, calls
  of the file's own functions (what a function returns, and which of its parameters it sends),
  to a sink.
- **Sinks**: a network send (HTTP clients, sockets, SMTP, FTP, websockets, a DNS lookup of a
  name built from the data, ``curl``/``wget``/``nc``/``git push`` run with it) is
  ``exfiltration``; running data that was fetched or decoded at run time (``exec``, ``eval``,
  ``compile``, ``pickle.loads``, a shell) is ``remote-exec`` / ``obfuscated-exec``; writing a
  command that fetches or decodes into a shell's start-up file, a crontab, a user service, a git
  hook or an agent's instruction or memory file, or a package index into pip's or npm's
  configuration, is ``persistence``.

Conditions are not evaluated: a payload behind a date, a CI variable or a host name check is
reported as if the condition held. Limits: one file at a time (a value passed between two files of
a skill through an import is not followed), no aliasing through data structures beyond names,
``self`` attributes and containers, and code that does not parse (Python 2, a template) is left to
the regex rules.
"""

from __future__ import annotations

import ast
import base64
import binascii
import codecs
import itertools
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from skillrouter.security.findings import Finding, excerpt, finding
from skillrouter.security.indicators import TOKEN_TAINT, loopback, token_sent_elsewhere, token_taint
from skillrouter.security.supply import index_urls, untrusted_index_why
from skillrouter.security.view import kind_of

__all__ = ["flow_findings", "is_python", "python_findings", "skill_findings"]

SECRET = "secret"  # credential content or the whole environment
FETCHED = "fetched"  # a network response
DECODED = "decoded"  # bytes decoded at run time from a blob (base64, hex, zlib, rot13)
ENV_FILE = "env-file"  # read from a .env file: one named value of it is a setting (see _looked_up)
CONSTRUCTIONS = 32  # constructor walks with a caller's arguments, at most, a skill
HELD_AS = "held-as:"  # "held-as:scope": the code put a secret into the object's attribute "scope"
HOOK_STDIN = "hook-stdin"  # JSON read from standard input: an agent hook's event (see _looked_up)
# what an agent hands its hooks on stdin (Claude Code's, Cursor's, Codex's events): the session itself
# (not "prompt": a command-line tool reading {"prompt": ...} on stdin for a model's API is no hook)
HOOK_EVENT_KEYS = frozenset(
    {
        "tool_input",
        "tool_response",
        "tool_output",
        "transcript_path",
        "last_assistant_message",
    }
)

# where credentials live: a folded path naming one is a credential store (the regex rules' list)
# where credentials live, read off a line with its quotes dropped and path joins made "/"
# (``path.join(home, ".aws", "credentials")`` reads as ``home/.aws/credentials``)
CREDENTIAL_STORE = re.compile(
    r"\.ssh/(?:id_[\w-]+(?<!\.pub)|identity)\b|\.ssh\b(?!/(?:known_hosts|config|authorized_keys))"
    r"|\.aws/(?:credentials|config)\b|\.azure\b|\.config/gcloud\b|application_default_credentials"
    r"|\.kube/config\b|\.docker/config\.json|(?<![\w-])\.npmrc\b|\.pypirc\b|(?<![\w-])\.netrc\b"
    r"|\.git-credentials\b|\.gnupg\b|\.password-store\b|/etc/shadow\b"
    # databases' and tools' password files (PostgreSQL, MySQL, s3cmd, boto, Vault, Maven's servers,
    # Gradle's publishing keys, rclone's remotes)
    r"|(?<![\w-])\.pgpass\b|(?<![\w-])\.my\.cnf\b|\.mylogin\.cnf\b|(?<![\w-])\.s3cfg\b|(?<![\w-])\.boto\b"
    r"|\.vault-token\b|\.m2/settings\.xml\b|\.m2/settings-security\.xml\b|\.gradle/gradle\.properties\b"
    r"|rclone/rclone\.conf\b"
    # the other clouds' and registries' CLIs (Aliyun, Tencent, Huawei, Volcengine, Oracle, DigitalOcean,
    # Terraform, Cargo, RubyGems)
    r"|\.aliyun/config\.json|\.ossutilconfig\b|\.tccli\b|\.huaweicloud\b|\.volcengine\b|\.oci/config\b"
    r"|\.config/doctl\b|credentials\.tfrc\.json|\.cargo/credentials|\.gem/credentials\b"
    r"|\.(?:clawdbot|openclaw|moltbot|hermes|claude|codex|cursor|gemini|config/gh)/[\w./-]*?(?:\.env\b|credentials?"
    r"|auth[\w.-]*\.json|tokens?\b|secrets?\b|hosts\.yml)"
    # a project's secrets file and its per-environment ones (.env.local, .env.production; a
    # .env.example is the template without values)
    r"|(?<![\w.-])\.env(?:\.(?:local|production|prod|development|dev|staging)(?:\.local)?)?(?![\w.-])"
    r"|/proc/(?:self|\d+|\$\$|\$\{?\w+\}?)/environ\b"  # a process's whole environment
    # the agents' own: MCP servers' configurations (their keys in env), Copilot's OAuth tokens, Claude
    # Code's account file, and the session transcripts (whatever the user pasted in)
    r"|(?<![\w-])\.claude\.json\b|\.(?:cursor|claude|gemini|codeium/windsurf)/[\w./-]*?mcp[\w.-]*\.json"
    r"|github-copilot/(?:hosts|apps)\.json|\.claude/projects\b|\.codex/sessions\b"
    r"|(?-i:\bLogin Data\b)|\bcookies\.sqlite\b|\blogins\.json\b|\bkey[34]\.db\b|Local "
    r"Storage/leveldb|Chrome/User Data"
    r"|BraveSoftware|Firefox/Profiles|\.mozilla/firefox|\bwallet\.dat\b|\.bitcoin\b|\.electrum\b|\bExodus\b"
    r"|\bMetaMask\b|solana/id\.json|\bkeystore\b|(?-i:(?<![\w-])Cookies\b)",
    re.IGNORECASE,
)
# a command whose output is a credential
CREDENTIAL_COMMAND = re.compile(
    r"find-(generic|internet)-password|gh\s+auth\s+token|print-access-token|export-credentials"
    r"|get-login-password|kubectl\s+config\s+view\b[^|;&\n]*?--(?:raw|flatten)\b|secret-tool\s+lookup|cat\s+\S*(\.ssh|\.aws|\.npmrc|\.netrc)"
    r"|git\s+credential\s+fill\b|git\s+credential-\w+\s+get\b"
    # a cluster's Secret objects, their values in base64 (kubectl get secret NAME -o yaml)
    r"|kubectl\b[^|;&\n]*?\bget\s+(?:-\S+\s+\S+\s+)*secrets?\b(?![-.\w])",
)
# start-up and instruction files a write can persist through
STARTUP_FILE = re.compile(
    r"\.(bashrc|bash_profile|zshrc|zprofile|profile|zshenv|bash_login)\b|config[/\\]fish[/\\]config\.fish"
    r"|crontab|[/\\]cron\.d[/\\]|systemd[/\\]user[/\\]|LaunchAgents[/\\]|autostart[/\\]|\.git[/\\]hooks[/\\]"
    r"|\b(AGENTS|CLAUDE|SOUL|MEMORY|GEMINI)\.md\b|PowerShell[/\\].*profile\.ps1"
    r"|\.ipython[/\\]profile_[\w-]+[/\\]startup\b|\b(site|user)customize\.py\b|site-packages[/\\][^/\\]+\.pth\b"
    r"|Start Menu[/\\]Programs[/\\]Startup\b",
    re.IGNORECASE,
)
PACKAGE_CONFIG = re.compile(
    r"pip\.(conf|ini)\b|\.npmrc\b|\.yarnrc|\.condarc|pydistutils\.cfg|\buv\.toml\b|\bpoetry\.toml\b",
    re.IGNORECASE,
)
# what written start-up content does that a PATH line or an alias does not
FETCHES_OR_DECODES = re.compile(
    r"\b(curl|wget|nc|ncat|Invoke-WebRequest|iwr|Invoke-Expression|iex)\b|base64|\beval\b|python3?\s+-c"
    r"|\|\s*(ba|z)?sh\b",
    re.IGNORECASE,
)
# a download run as it arrives: piped into a shell, or handed to one as its command
RUNS_FETCHED = re.compile(
    r"\b(?:curl|wget)\b[^\n]*?\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b"
    r"|(?:\beval|\b(?:ba|z)?sh\s+-c)\s+[\"']?\$\(\s*(?:curl|wget)\b"
    r"|\b(?:iwr|Invoke-WebRequest|irm|Invoke-RestMethod)\b[^\n]*\|\s*(?:iex|Invoke-Expression)\b",
    re.IGNORECASE,
)
SCHEDULER_COMMAND = re.compile(
    r"\bcrontab\b|schtasks(\.exe)?\s+/create|launchctl\s+(load|bootstrap)|systemctl\s+--user\s+(enable|start)"
    r"|Register-ScheduledTask|\bat\s+now\b",
    re.IGNORECASE,
)
INDEX_URL = re.compile(
    r"(index-url|extra-index-url|registry|index_url)\s*[=:]\s*['\"]?https?://", re.IGNORECASE
)
NETWORK_COMMAND = re.compile(
    r"(^|[\s/'\"])(curl|wget|nc|ncat|socat|scp|sftp|rsync|ftp|nslookup|dig)\b|\bgit\s+push\b|Invoke-WebRequest"
)

NETWORK_MODULES = (
    "requests",
    "httpx",
    "urllib.request",
    "urllib3",
    "http.client",
    "aiohttp",
    "socket",
    "smtplib",
    "ftplib",
    "websocket",
    "websockets",
    "dns.resolver",
    "paramiko",
    "telnetlib",
    "xmlrpc.client",
    "pycurl",
)
DNS_CALLS = ("socket.gethostbyname", "socket.gethostbyname_ex", "socket.getaddrinfo", "dns.resolver.resolve")
EXEC_CALLS = ("exec", "eval", "compile", "pickle.loads", "marshal.loads", "builtins.exec", "builtins.eval")
SHELL_CALLS = (
    "os.system",
    "os.popen",
    "subprocess.run",
    "subprocess.call",
    "subprocess.check_call",
    "subprocess.check_output",
    "subprocess.Popen",
    "subprocess.getoutput",
    "subprocess.getstatusoutput",
)
READ_CALLS = ("open", "io.open", "codecs.open", "builtins.open", "os.open")
# calls that load a Python file as code: its path is the first argument (a loader's, the last)
LOAD_FILE_CALLS = (
    "runpy.run_path",
    "importlib.util.spec_from_file_location",
    "importlib.machinery.SourceFileLoader",
    "imp.load_source",
)
READ_METHODS = ("read_text", "read_bytes", "open")
COPY_CALLS = ("shutil.copy", "shutil.copy2", "shutil.copyfile", "shutil.copytree", "shutil.make_archive")
DECODE_CALLS = (
    "base64.b64decode",
    "base64.b32decode",
    "base64.b85decode",
    "base64.a85decode",
    "base64.urlsafe_b64decode",
    "base64.decodebytes",
    "binascii.unhexlify",
    "binascii.a2b_base64",
    "bytes.fromhex",
    "zlib.decompress",
    "gzip.decompress",
    "lzma.decompress",
    "bz2.decompress",
    "codecs.decode",
)
# a URL a Markdown or HTML renderer fetches by itself (an image, a stylesheet, a frame)
RENDERED_URL = re.compile(
    r"!\[[^\]]*\]\(\s*(https?:)?//|<(img|iframe|link|script)\b[^>]*(src|href)\s*=\s*[\"']?(https?:)?//",
    re.IGNORECASE,
)
ARCHIVE_CALLS = ("tarfile.open", "tarfile.TarFile", "zipfile.ZipFile", "tarfile.TarFile.open")
FETCH_RESULTS = ("text", "content", "json", "read", "body", "data", "iter_content")
MAX_FOLD = 4096  # a folded string longer than this is not followed further


def is_python(relpath: str) -> bool:
    return relpath.lower().endswith((".py", ".pyw"))


def skill_findings(texts: Mapping[str, str]) -> list[Finding]:
    """The flows of a skill's Python files (relative path -> text; other files are ignored), each
    file's calls into the others followed (see the module docstring)."""
    skill = _parsed(texts)
    if skill is None:
        return []
    out: list[Finding] = []
    for relpath, flow in skill.flows.items():
        found = [(rule, getattr(node, "lineno", None), why) for rule, node, why in flow.found]
        out += flow_findings(relpath, skill.texts[relpath], found)
    return out


def hook_findings(relpath: str, texts: Mapping[str, str]) -> list[Finding]:
    """The flows of ``relpath``, a Python script an agent runs as a hook (:mod:`.agent_hooks`),
    read with the session's event on its stdin as a secret (the skill's other Python files are
    followed as usual): a script that sends the event out, whole or in part, ships the conversation."""
    skill = _parsed(texts, hooks=frozenset({relpath}))
    flow = skill.flows.get(relpath) if skill is not None else None
    if skill is None or flow is None:
        return []
    found = [
        (rule, getattr(node, "lineno", None), why) for rule, node, why in flow.found if rule == "exfiltration"
    ]
    return flow_findings(relpath, skill.texts[relpath], found)


def _parsed(
    texts: Mapping[str, str], *, facts: bool = False, hooks: frozenset[str] = frozenset()
) -> _Skill | None:
    """The skill's Python modules parsed and followed (None: none parses, or the code nests too
    deep to follow)."""
    modules: dict[str, tuple[str, ast.Module]] = {}
    for relpath, text in sorted(texts.items()):
        if not is_python(relpath) and kind_of(relpath, text) != "python":
            continue
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue  # not Python 3 (or a template): the regex rules read it
        modules[relpath] = (text, tree)
    if not modules:
        return None
    skill = _Skill({relpath: tree for relpath, (_, tree) in modules.items()})
    for relpath in hooks & skill.flows.keys():
        skill.flows[relpath].hook = True
    skill.texts = {relpath: text for relpath, (text, _) in modules.items()}
    skill.wants_facts = facts
    try:
        skill.run()
    except RecursionError:
        return None
    return skill


def flow_findings(relpath: str, text: str, found: Iterable[tuple[str, int | None, str]]) -> list[Finding]:
    """A flow analyzer's (rule, line, why) in ``relpath`` as findings, one per rule and line,
    each with its line's text (shared by :mod:`.jsflow` and :mod:`.shflow`)."""
    lines = text.splitlines()
    out: list[Finding] = []
    seen: set[tuple[str, int]] = set()
    for rule, line, why in found:
        if line is None or (rule, line) in seen:
            continue
        seen.add((rule, line))
        shown = excerpt(lines[line - 1]) if 0 < line <= len(lines) else ""
        out.append(finding(rule, relpath, line, shown, why=why))
    return out


def skill_facts(texts: Mapping[str, str]) -> list[str]:
    """What a skill's Python does, finding or not, as ``path:line: what`` lines: every read of
    where secrets live or of the network, every send out, command and code run, and file
    written, as :func:`skill_findings` follows them (for a review model: where the flows it
    could not join may lie)."""
    skill = _parsed(texts, facts=True)
    if skill is None:
        return []
    return [
        f"{relpath}:{line}: {what}"
        for relpath, flow in skill.flows.items()
        for line, what in sorted(set(flow.facts))
    ]


def python_findings(relpath: str, text: str) -> list[Finding]:
    """The flows of one Python file alone (:func:`skill_findings` of just it)."""
    return skill_findings({relpath: text})


class _Skill:
    """The Python modules of one skill, by the names they import each other by."""

    def __init__(self, trees: Mapping[str, ast.Module]) -> None:
        self.reporting = False  # the summaries' rounds report nothing; the last pass does
        self.texts: dict[str, str] = {}
        self.wants_facts = False  # skill_facts' walk: what the code does is said (_Flow.fact)
        # paths the code wrote what it fetched into: a read of one is fetched data, a run of one
        # runs what the host served (a download saved, then imported or started)
        self.fetched_paths: set[str] = set()
        # constructors walked with their callers' arguments (once for each set of argument taints)
        self.constructed: set[tuple[int, tuple[frozenset[str], ...], bool]] = set()
        self.flows = {relpath: _Flow(tree, self) for relpath, tree in trees.items()}
        self.by_module: dict[str, _Flow] = {}
        for relpath, flow in self.flows.items():
            parts = PurePosixPath(relpath).with_suffix("").parts
            for start in range(len(parts)):  # "scripts/_context.py": "_context", "scripts._context"
                self.by_module.setdefault(".".join(parts[start:]), flow)

    def run(self) -> None:
        """Every function's summary to a fixed point (a few rounds, all modules together), then
        one pass that reports."""
        functions = [f for flow in self.flows.values() for f in flow.functions.values()]
        for _ in range(5):
            before = [
                (f.returns, f.returns_qualname, f.returns_strings, f.passes, frozenset(f.sends))
                for f in functions
            ]
            for flow in self.flows.values():
                for fn in flow.functions.values():
                    flow.function(fn)
            if before == [
                (f.returns, f.returns_qualname, f.returns_strings, f.passes, frozenset(f.sends))
                for f in functions
            ]:
                break
        classes = {name for flow in self.flows.values() for name in flow.constructors}
        if classes and any(_builds(flow.tree, classes) for flow in self.flows.values()):
            # the top levels once before the pass that reports: an object built there with a secret
            # (Client(settings)) leaves on its class's attributes what every method then reads
            for flow in self.flows.values():
                _Scope(flow, None).block(flow.tree.body)
        self.reporting = True
        for flow in self.flows.values():
            flow.report_all()

    def constructor(self, flow: _Flow, name: str) -> _Function | None:
        """The ``__init__`` of the class a call names (``Client``, ``client.Client``), one of the
        skill's."""
        last = name.replace("()", "").rsplit(".", 1)[-1]
        found = flow.constructors.get(last)
        if found is None and "." in name:
            found = next((f.constructors[last] for f in self.flows.values() if last in f.constructors), None)
        if found is None:
            found = next(
                (
                    f.constructors[last]
                    for f in self.flows.values()
                    if f is not flow and last in f.constructors
                ),
                None,
            )
        return found

    def function(self, flow: _Flow, name: str, method: str | None) -> _Function | None:
        """The function a call reaches: one of ``flow``'s by its name or method name, or one of
        another module of the skill that ``name`` starts with (``leakcheck.send``,
        ``_context.Ctx().collect``)."""
        local = flow.functions.get(name) or (flow.functions.get(method) if method else None)
        if local is not None:
            return local
        head = name.replace("()", "").split(".")
        for cut in range(len(head) - 1, 0, -1):
            other = self.by_module.get(".".join(head[:cut]))
            if other is not None and other is not flow:
                return other.functions.get(method or head[-1]) or other.functions.get(head[-1])
        if method and not name:
            # a method of an object whose class the walk lost (``c = None if off else Cache()``):
            # the skill's one function of that name in another module, if there is just one
            found = [
                f.functions[method] for f in self.flows.values() if f is not flow and method in f.functions
            ]
            if len(found) == 1:
                return found[0]
        return None


# ---------------------------------------------------------------- values


@dataclass
class Value:
    """What an expression may hold: folded strings (None: unknown), a qualified name (a module,
    a function, or an object a module made: ``requests.Session()``), and taint kinds."""

    strings: tuple[str, ...] = ()
    qualname: str | None = None
    taint: frozenset[str] = frozenset()

    def tainted(self, *kinds: str) -> bool:
        return bool(self.taint & set(kinds)) if kinds else bool(self.taint)


UNKNOWN = Value()


def _join(values: Iterable[Value]) -> Value:
    strings: list[str] = []
    taint: set[str] = set()
    qualname = None
    for v in values:
        strings += v.strings
        taint |= v.taint
        qualname = qualname or v.qualname
    return Value(tuple(dict.fromkeys(strings))[:16], qualname, frozenset(taint))


def _concat(parts: list[Value]) -> Value:
    """String concatenation: every combination (bounded); an unknown part stands as ``*``."""
    combos = [""]
    for part in parts:
        options = part.strings or ("*",)
        combos = [c + o for c in combos for o in options][:16]
    taint = frozenset().union(*(p.taint for p in parts)) if parts else frozenset()
    return Value(tuple(c[:MAX_FOLD] for c in combos), None, taint)


def _decode_blob(name: str, blob: str) -> str | None:
    """What a decode call makes of a literal (None: it does not decode)."""
    try:
        if name.startswith("base64.") or name == "binascii.a2b_base64":
            raw = base64.b64decode(blob + "=" * (-len(blob) % 4), validate=False)
        elif name in ("bytes.fromhex", "binascii.unhexlify"):
            raw = binascii.unhexlify(re.sub(r"\s", "", blob))
        elif name == "codecs.decode":
            return codecs.decode(blob, "rot13")
        else:
            return None
    except (ValueError, binascii.Error):
        return None
    return raw.decode("utf-8", "replace")


@dataclass
class _Function:
    node: ast.FunctionDef | ast.AsyncFunctionDef
    params: list[str]
    flow: _Flow
    returns: frozenset[str] = frozenset()  # taint its return carries on its own
    returns_qualname: str | None = None
    returns_strings: tuple[str, ...] = ()  # the strings (a path) its return holds on its own
    passes: frozenset[int] = frozenset()  # positions of parameters whose data its return carries
    # positions of parameters it sends out: where (its file's flow, the call) and why
    sends: dict[int, tuple[_Flow, ast.AST, str]] = field(default_factory=dict)


class _Flow:
    """One file's values, functions and findings (see the module docstring)."""

    def __init__(self, tree: ast.Module, skill: _Skill) -> None:
        self.tree, self.skill = tree, skill
        self.found: list[tuple[str, ast.AST, str]] = []
        self.facts: list[tuple[int, str]] = []  # (line, what the code does there), finding or not
        self.functions: dict[str, _Function] = {}
        self.parents: dict[int, ast.AST] = {}  # id(node) -> the node it is in
        self.attributes: dict[str, Value] = {}  # what ``self.<name>`` holds, in any method
        self.opened: dict[str, Value] = {}  # a file object's name -> the path it was opened for writing
        self.archives: dict[str, ast.expr] = {}  # an archive's name -> the file object it writes into
        self._module_names: dict[str, Value] | None = None
        self.hook = False  # an agent's hook: what it reads on stdin is the session's event, a secret
        self.constructors: dict[str, _Function] = {}  # a class of the file -> its __init__
        # a module-level name bound once to a list or tuple spelled out (PARTS = ("cdn", "example")):
        # its elements in order, for a join of it (a host assembled from parts)
        self.sequences: dict[str, ast.List | ast.Tuple] = {}
        bound: dict[str, int] = {}
        for stmt in tree.body:
            if (
                isinstance(stmt, ast.Assign)
                and len(stmt.targets) == 1
                and isinstance(stmt.targets[0], ast.Name)
            ):
                name = stmt.targets[0].id
                bound[name] = bound.get(name, 0) + 1
                if isinstance(stmt.value, ast.List | ast.Tuple):
                    self.sequences[name] = stmt.value
        self.sequences = {n: v for n, v in self.sequences.items() if bound[n] == 1}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                self.parents[id(child)] = node
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                        args = item.args
                        params = [a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]]
                        self.constructors[node.name] = _Function(item, params, self)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                args = node.args
                params = [a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]]
                self.functions.setdefault(node.name, _Function(node, params, self))

    def module_names(self) -> dict[str, Value]:
        """The module's names as its top level binds them (imports, constants), for the functions."""
        if self._module_names is None:
            scope = _Scope(self, None)
            # held from the start: a function the top level calls while it is walked (a secret handed
            # to it re-walks its body) sees the names bound so far, instead of walking it again
            self._module_names = scope.env
            reporting, self.skill.reporting = self.skill.reporting, False  # report_all reports it
            try:
                scope.block(
                    [s for s in self.tree.body if not isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)]
                )
            finally:
                self.skill.reporting = reporting
        return self._module_names

    @property
    def reporting(self) -> bool:
        return self.skill.reporting

    def report_all(self) -> None:
        """The pass that reports: the module's top level, then every function."""
        module = _Scope(self, None)
        module.block(self.tree.body)
        for fn in self.functions.values():
            self.function(fn)

    def function(self, fn: _Function) -> None:
        scope = _Scope(self, fn)
        for i, name in enumerate(fn.params):
            scope.env[name] = Value(taint=frozenset({f"param:{i}"}))
        scope.block(fn.node.body)
        fn.returns = frozenset(t for t in scope.returned.taint if not t.startswith("param:")) | fn.returns
        fn.returns_qualname = fn.returns_qualname or scope.returned.qualname
        fn.returns_strings = tuple(dict.fromkeys([*fn.returns_strings, *scope.returned.strings]))[:16]
        fn.passes |= _params_in(scope.returned.taint)

    def report(self, rule: str, node: ast.AST, why: str) -> None:
        if self.skill.reporting:
            self.found.append((rule, node, why))

    def fact(self, node: ast.AST, what: Callable[[], str]) -> None:
        """What the code does at ``node`` (a read, a send, a run, a write), for a reviewer: said
        (``what()``) only in the reporting pass of :func:`skill_facts`, never in a scan."""
        if self.skill.reporting and self.skill.wants_facts:
            self.facts.append((getattr(node, "lineno", 0), what()))


class _Scope:
    """Names of one module or function body, walked in order (loops twice)."""

    def __init__(self, flow: _Flow, fn: _Function | None, depth: int = 0) -> None:
        self.flow = flow
        self.fn = fn
        self.depth = depth  # how many calls deep a call with known paths was followed into
        self.env: dict[str, Value] = dict(flow.module_names()) if fn is not None else {}
        self.returned = UNKNOWN

    # ------------------------------------------------------------ statements

    def block(self, body: list[ast.stmt]) -> None:
        for stmt in body:
            self.stmt(stmt)

    def stmt(self, stmt: ast.stmt) -> None:
        match stmt:
            case ast.Import(names=names):
                for alias in names:
                    self.env[alias.asname or alias.name.split(".")[0]] = Value(
                        qualname=alias.name if alias.asname else alias.name.split(".")[0]
                    )
            case ast.ImportFrom(module=module, names=names) if module:
                for alias in names:
                    self.env[alias.asname or alias.name] = Value(qualname=f"{module}.{alias.name}")
            case ast.Assign(targets=targets, value=value):
                got = self.expr(value)
                for target in targets:
                    self.bind(target, got)
            case ast.AnnAssign(target=target, value=value) if value is not None:
                self.bind(target, self.expr(value))
            case ast.AugAssign(target=target, value=value):
                old = self.expr(target) if isinstance(target, ast.Name | ast.Attribute) else UNKNOWN
                self.bind(target, _concat([old, self.expr(value)]))
            case ast.Expr(value=ast.Yield(value=value) | ast.YieldFrom(value=value)) if value is not None:
                # a generator's values are what its caller iterates over: returned, as a list's would be
                self.returned = _join([self.returned, self.expr(value)])
            case ast.Expr(value=value):
                self.expr(value)
            case ast.Return(value=value) if value is not None:
                self.returned = _join([self.returned, self.expr(value)])
            case (
                ast.For(target=target, iter=iterable, body=body, orelse=orelse)
                | ast.AsyncFor(target=target, iter=iterable, body=body, orelse=orelse)
            ):
                self.bind(target, self.element(iterable))
                for _ in range(2):  # a value a later iteration sees
                    self.block(body)
                self.block(orelse)
            case ast.While(test=test, body=body, orelse=orelse):
                self.expr(test)
                for _ in range(2):
                    self.block(body)
                self.block(orelse)
            case ast.If(test=test, body=body, orelse=orelse):
                self.expr(test)  # conditions are not evaluated: both branches are read
                self.block(body)
                self.block(orelse)
            case ast.With(items=items, body=body) | ast.AsyncWith(items=items, body=body):
                for item in items:
                    got = self.expr(item.context_expr)
                    if item.optional_vars is not None:
                        self.bind(item.optional_vars, got)
                self.block(body)
            case ast.Try(body=body, handlers=handlers, orelse=orelse, finalbody=final):
                self.block(body)
                for handler in handlers:
                    self.block(handler.body)
                self.block(orelse)
                self.block(final)
            case ast.ClassDef(body=body):
                self.block([s for s in body if not isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)])
                for s in body:  # a class attribute is what ``self.<name>`` reads in its methods
                    targets = (
                        s.targets
                        if isinstance(s, ast.Assign)
                        else [s.target]
                        if isinstance(s, ast.AnnAssign)
                        else []
                    )
                    for target in targets:
                        if isinstance(target, ast.Name) and target.id in self.env:
                            held = self.flow.attributes
                            held[target.id] = _join([held.get(target.id, UNKNOWN), self.env[target.id]])
            case ast.FunctionDef() | ast.AsyncFunctionDef():
                pass  # walked as a function of its own
            case _:
                for child in ast.iter_child_nodes(stmt):
                    if isinstance(child, ast.expr):
                        self.expr(child)

    def bind(self, target: ast.expr, value: Value) -> None:
        match target:
            case ast.Name(id=name):
                self.env[name] = value
            case ast.Attribute(value=ast.Name(id=owner), attr=attr):
                key = f"{owner}.{attr}"
                self.env[key] = value
                if owner == "self":
                    held = self.flow.attributes
                    held[attr] = _join([held.get(attr, UNKNOWN), value])
                elif value.taint and owner in self.env:
                    # an object holds what is put into it (s.scope = secrets; return s), and which of its
                    # attributes holds a secret: read back by name, it is that secret, whatever the name
                    whole = self.env[owner]
                    held_as = {f"{HELD_AS}{attr}"} if SECRET in value.taint else set()
                    self.env[owner] = Value(
                        whole.strings, whole.qualname, whole.taint | value.taint | held_as
                    )
            case ast.Tuple(elts=elts) | ast.List(elts=elts):
                for elt in elts:
                    self.bind(elt, Value(taint=value.taint))
            case ast.Subscript(value=owner, slice=index):  # a container holds what is put into it
                setting = index.value if isinstance(index, ast.Constant) else None
                # cfg["global"]["index-url"] = url: the setting as a configuration file would say it
                said = (
                    tuple(f"{setting} = {s}" for s in value.strings[:4]) if isinstance(setting, str) else ()
                )
                if value.taint or said:
                    self.bind(owner, _join([self.expr(owner), Value(said, None, value.taint)]))
            case ast.Starred(value=inner):
                self.bind(inner, value)

    def element(self, iterable: ast.expr) -> Value:
        """What a loop over ``iterable`` binds: each literal element's strings, the iterable's taint."""
        if isinstance(iterable, ast.List | ast.Tuple | ast.Set):
            return _join(self.expr(e) for e in iterable.elts)
        got = self.expr(iterable)
        return Value(got.strings, None, got.taint)

    # ------------------------------------------------------------ expressions

    def expr(self, node: ast.expr) -> Value:
        match node:
            case ast.Constant(value=str() as text):
                return Value((text[:MAX_FOLD],))
            case ast.Constant(value=bytes() as raw):
                return Value((raw.decode("utf-8", "replace")[:MAX_FOLD],))
            case ast.Name(id=name):
                known = name in _BUILTINS or name in self.flow.functions
                if name in ("__builtins__", "builtins"):
                    return Value(qualname="builtins")
                return self.env.get(name) or (Value(qualname=name) if known else UNKNOWN)
            case ast.Attribute(value=owner, attr=attr):
                return self.attribute(node, owner, attr)
            case ast.JoinedStr(values=values):
                made = _concat([self.expr(v) for v in values])
                self.rendered(node, made)
                return made
            case ast.FormattedValue(value=value):
                got = self.expr(value)
                return Value(got.strings, None, got.taint)
            case ast.BinOp(left=left, op=ast.Add(), right=right) if _sequence(left) or _sequence(right):
                return _join([self.expr(left), self.expr(right)])  # two lists, one after the other
            case ast.BinOp(left=left, op=ast.Add(), right=right):
                return _concat([self.expr(left), self.expr(right)])
            case ast.BinOp(left=left, op=ast.Div(), right=right):  # Path / "part"
                a, b = self.expr(left), self.expr(right)
                joined = _concat([a, Value(("/",)), b])
                return Value(joined.strings, None, a.taint | b.taint)
            case ast.BinOp(left=left, right=right):
                a, b = self.expr(left), self.expr(right)
                return Value((), None, a.taint | b.taint)
            case ast.Subscript(
                value=value, slice=ast.Slice(step=ast.UnaryOp(op=ast.USub(), operand=ast.Constant(1)))
            ):
                got = self.expr(value)  # [::-1]
                return Value(tuple(s[::-1] for s in got.strings), None, got.taint)
            case ast.Subscript(value=value, slice=ast.Slice() as part):
                got = self.expr(value)  # text[i : i + 56]: a piece holds what the whole held
                for bound in (part.lower, part.upper, part.step):
                    if bound is not None:
                        self.expr(bound)
                return Value((), None, got.taint)
            case ast.Subscript(value=value, slice=index):
                got, key = self.expr(value), self.expr(index)
                if got.qualname == "os.environ":  # one setting (a service's token, named so)
                    return Value(("*",), None, frozenset().union(*map(token_taint, key.strings[:1])))
                return Value((), None, _looked_up(got.taint, key.strings))
            case ast.Call():
                return self.call(node)
            case ast.List(elts=elts) | ast.Tuple(elts=elts) | ast.Set(elts=elts):
                parts = [self.expr(e) for e in elts]  # the strings of its elements, for a loop over it
                held = _join(parts)
                return Value(held.strings, None, held.taint)
            case ast.Dict(keys=keys, values=values):
                parts = [self.expr(k) for k in keys if k is not None]
                # an OAuth token request ({"grant_type": ..., "refresh_token": ...}) authenticates to the
                # endpoint that issued the token: its credentials are the protocol, not data sent out
                oauth = any(isinstance(k, ast.Constant) and k.value == "grant_type" for k in keys)
                for k, v in zip(keys, values, strict=True):
                    got = self.expr(v)
                    slot = self.expr(k).strings if k is not None else ()
                    parts.append(
                        got if not (oauth or _auth_slot(slot)) else _as_credential(got)
                    )  # authentication
                return Value((), None, frozenset().union(*(p.taint for p in parts)) if parts else frozenset())
            case (
                ast.ListComp(elt=elt, generators=gens)
                | ast.SetComp(elt=elt, generators=gens)
                | ast.GeneratorExp(elt=elt, generators=gens)
            ):
                for gen in gens:
                    self.bind(gen.target, self.element(gen.iter))
                made = self.expr(elt)
                return Value(made.strings, None, made.taint)
            case ast.DictComp(key=key, value=value, generators=gens):
                for gen in gens:
                    self.bind(gen.target, self.element(gen.iter))
                return Value((), None, self.expr(key).taint | self.expr(value).taint)
            case ast.IfExp(body=body, orelse=orelse, test=test):
                self.expr(test)
                return _join([self.expr(body), self.expr(orelse)])
            case ast.BoolOp(values=values):
                return _join(self.expr(v) for v in values)
            case ast.Await(value=value) | ast.Starred(value=value) | ast.NamedExpr(value=value):
                got = self.expr(value)
                if isinstance(node, ast.NamedExpr):
                    self.bind(node.target, got)
                return got
            case ast.Lambda():
                return UNKNOWN
            case _:
                for child in ast.iter_child_nodes(node):
                    if isinstance(child, ast.expr):
                        self.expr(child)
                return UNKNOWN

    def attribute(self, node: ast.Attribute, owner: ast.expr, attr: str) -> Value:
        if isinstance(owner, ast.Name):
            held = self.env.get(f"{owner.id}.{attr}")
            if held is None and owner.id == "self":
                held = self.flow.attributes.get(attr)
            if held is not None:
                return held
        base = self.expr(owner)
        qualname = f"{base.qualname}.{attr}" if base.qualname else None
        if qualname == "os.environ":
            return Value(qualname="os.environ")
        if attr in FETCH_RESULTS and (base.tainted(FETCHED) or _network_object(base)):
            return Value((), qualname, base.taint | {FETCHED})
        # a parameter's attribute is what the caller's object holds there (settings.scope): the
        # caller's walk judges it, by its own held-as marks
        passed = frozenset(t for t in base.taint if t.startswith("param:"))
        taint = base.taint
        marks = frozenset(t for t in taint if t.startswith(HELD_AS))
        if marks and f"{HELD_AS}{attr}" not in marks:  # args.password = secret: args.url is not it
            taint = taint - marks - {SECRET}
        return Value((), qualname, _looked_up(taint, (attr,)) | passed)

    def call(self, node: ast.Call) -> Value:
        func = self.expr(node.func)
        name = func.qualname or ""
        args = [self.expr(a) for a in node.args]
        kwargs = {k.arg: self.expr(k.value) for k in node.keywords}
        # a child process's environment (env=...) is what the process is given, not what it prints
        every = [
            *args,
            *(
                v
                for k, v in kwargs.items()
                if not _auth_slot((k or "",)) and not (k == "env" and name in SHELL_CALLS)
            ),
        ]
        taint = frozenset().union(*(a.taint for a in every)) if every else frozenset()
        method = node.func.attr if isinstance(node.func, ast.Attribute) else None
        owner = self.expr(node.func.value) if isinstance(node.func, ast.Attribute) else UNKNOWN
        strings = [s for a in args for s in a.strings]

        # names made at run time
        if (
            name in ("__import__", "importlib.import_module", "builtins.__import__")
            and args
            and args[0].strings
        ):
            module = args[0].strings[0]
            if any(p.rsplit("/", 1)[-1] == f"{module}.py" for p in self.flow.skill.fetched_paths):
                self.executed(node, Value((), None, frozenset({FETCHED})))  # a module it downloaded
            return Value(qualname=module)
        if (
            name in ("getattr", "builtins.getattr")
            and len(args) >= 2
            and args[0].qualname
            and args[1].strings
        ):
            return Value(qualname=f"{args[0].qualname}.{args[1].strings[0]}")

        if name.startswith(tuple(f"{m}." for m in NETWORK_MODULES)) and loopback(strings):
            # a request to this machine (a local gateway, a dev server): nothing it carries leaves it
            return Value((), f"{name}()#local", frozenset())

        # strings folded
        folded = self.fold_call(node, name, method, owner, args)
        if folded is not None:
            return folded

        later = _deferred_call(node, name, method)
        if later is not None:  # Thread(target=send, args=(payload,)): send(payload), on another thread
            self.call(later)

        # sources
        source = self.source(node, name, method, owner, args, kwargs)
        if source is not None:
            where = "from the network" if source.tainted(FETCHED) else "where secrets live"
            self.flow.fact(node, lambda: f"reads {where}: {name or method}({_shown(args)})")

        # the file's own functions
        # a method of the skill's own classes (not of a module it imports: subprocess.run is not a run())
        own_method = (
            method if isinstance(node.func, ast.Attribute) and not _imported(owner, self.env) else None
        )
        called = self.flow.skill.function(self.flow, name, own_method)
        spelled = (
            node.func.id if isinstance(node.func, ast.Name) else method or ""
        )  # Client(...), m.Client(...)
        init = self.flow.skill.constructor(self.flow, name or spelled) if called is None and spelled else None
        walk = (id(init), tuple(a.taint for a in args), self.flow.skill.reporting)
        if (
            init is not None
            and self.depth < 2
            and init is not self.fn
            and taint - _params_of(taint)
            and walk not in self.flow.skill.constructed
            and len(self.flow.skill.constructed) < CONSTRUCTIONS
        ):
            self.flow.skill.constructed.add(walk)
            # Client(settings): what the constructor keeps on self (self.s = settings) is what the
            # caller handed it, for every method that reads it
            inner = _Scope(init.flow, init, self.depth + 1)
            given = [Value(qualname=name), *args]
            for i, param in enumerate(init.params):
                inner.env[param] = given[i] if i < len(given) else Value(taint=frozenset({f"param:{i}"}))
            inner.block(init.node.body)
        if called is not None and called is not (self.fn if self.fn is not None else None):
            if method is not None and called.params[:1] in (["self"], ["cls"]):
                args = [Value(qualname=owner.qualname, taint=owner.taint), *args]  # the bound object first
            for i, (flow, sink, why) in list(called.sends.items()):
                if i < len(args):
                    passed = f"passes {_what(args[i])} to {called.node.name}(), which sends it out"
                    if self.send(node, args[i], passed):
                        flow.report("exfiltration", sink, f"{why} (what {self._where(node)} passes it)")
            if self.depth < 2 and any(_credential(a) or _startup(a) or HOOK_STDIN in a.taint for a in args):
                # a path where secrets live (or a start-up file, or a hook's event) handed to a function:
                # its body read with it, so what it does with the file is reported where it does it
                inner = _Scope(called.flow, called, self.depth + 1)
                for i, param in enumerate(called.params):
                    inner.env[param] = args[i] if i < len(args) else Value(taint=frozenset({f"param:{i}"}))
                inner.block(called.node.body)
                if source is not None:
                    return _join([source, inner.returned])
                return Value(inner.returned.strings, inner.returned.qualname, inner.returned.taint)
            carried = frozenset().union(*(args[i].taint for i in called.passes if i < len(args)))
            returned = Value(called.returns_strings, called.returns_qualname, called.returns | carried)
            if source is not None:
                return _join([source, returned])
            return returned

        self.sinks(node, name, method, owner, args, kwargs, every)
        if name in ARCHIVE_CALLS:
            self.archive_opened(node)
        if (
            method in ("add", "write", "addfile", "writestr")
            and isinstance(node.func, ast.Attribute)
            and _key(node.func.value) in self.flow.archives
            and (taint or any(_credential(a) for a in args))
        ):
            # a secret put into an archive: the archive holds it, and the buffer it is written into
            held = Value(owner.strings, owner.qualname, taint | owner.taint | {SECRET})
            self.bind(node.func.value, held)
            self.bind(self.flow.archives[_key(node.func.value)], Value(taint=held.taint))
        if taint and isinstance(node.func, ast.Attribute) and not owner.qualname:
            # an object holds what is put into it (a list appended to, a message given an attachment)
            self.bind(node.func.value, Value(owner.strings, None, taint | owner.taint))
        if source is not None:
            return source
        made = f"{name}()" if name and any(name.startswith(m) for m in NETWORK_MODULES) else None
        keep = taint | owner.taint
        if made:  # a response holds what the server sent, not the token the request carried
            keep = frozenset(t for t in keep if not t.startswith(TOKEN_TAINT))
        if (
            method in ("get", "pop", "setdefault")
            and not owner.qualname
            and args
            and (args[0].strings or ENV_FILE in owner.taint)
        ):
            keep = _looked_up(owner.taint, args[0].strings[:1]) | frozenset().union(
                *(a.taint for a in args[1:])
            )
        if name in DECODE_CALLS or (method in ("decompress", "b64decode", "fromhex") and strings):
            keep |= {DECODED}
        if method in (
            "decode",
            "encode",
            "hex",
            "strip",
            "lower",
            "upper",
            "replace",
            "format",
            "splitlines",
            "split",
        ):
            return Value(tuple(s for s in owner.strings), None, keep)
        return Value((), made, frozenset(keep))

    def fold_call(
        self, node: ast.Call, name: str, method: str | None, owner: Value, args: list[Value]
    ) -> Value | None:
        """A call whose result is a string built from strings the file holds (None: it is not one)."""
        first = node.args[0] if node.args else None
        if name in ("bytes", "bytearray", "builtins.bytes") and first is not None:
            codes = self._ints(first)  # bytes([104, 116, ...]).decode(): a string in char codes
            if codes is not None and all(0 <= c < 256 for c in codes):
                return Value((bytes(codes).decode("latin-1"),))
        if name in ("chr", "builtins.chr") and isinstance(first, ast.Constant):
            code = first.value
            return Value((chr(code),)) if isinstance(code, int) and 0 <= code < 0x110000 else UNKNOWN
        if method == "join" and args and owner.strings and not owner.qualname:  # "sep".join(parts)
            elements = self._elements(node.args[0])
            if elements is not None:
                seps = owner.strings or ("",)
                return Value(tuple(sep.join(elements) for sep in seps)[:4], None, owner.taint | args[0].taint)
        if name in ("os.path.join", "posixpath.join", "ntpath.join") and args:
            return _concat([p for a in args for p in (a, Value(("/",)))][:-1])
        if (
            name in ("os.path.expanduser", "os.path.expandvars", "os.path.abspath", "os.path.realpath", "str")
            and args
        ):
            return Value(args[0].strings, None, args[0].taint)
        if name in ("pathlib.Path", "Path", "pathlib.PurePath", "pathlib.PosixPath") and args:
            return _concat([p for a in args for p in (a, Value(("/",)))][:-1])
        if name in ("pathlib.Path.home", "Path.home", "os.path.expanduser") or method == "home":
            return Value(("~",))
        if method in ("expanduser", "resolve", "absolute") and owner.strings:
            return Value(owner.strings, None, owner.taint)
        if method == "joinpath" and owner.strings:
            return _concat([owner, *[p for a in args for p in (Value(("/",)), a)]])
        if method == "getenv" or name in ("os.getenv", "os.environ.get"):  # what it is, or its default
            named = frozenset().union(*map(token_taint, args[0].strings[:1])) if args else frozenset()
            return Value(("*", *(args[1].strings if len(args) > 1 else ())), None, named)
        decoded = name if name in DECODE_CALLS else None
        if decoded and args and args[0].strings:
            texts = [t for t in (_decode_blob(decoded, s) for s in args[0].strings) if t is not None]
            if texts:
                return Value(tuple(texts), None, frozenset({DECODED}))
        if method == "decode" and owner.strings and not owner.taint:
            return Value(owner.strings)
        return None

    def _elements(self, node: ast.expr) -> list[str] | None:
        """The strings a join's argument holds in order (chr codes, a list of literals, a map of chr)."""
        if (
            isinstance(node, ast.Name)
            and node.id in self.flow.sequences
            and (self.fn is None or not _assigns(self.fn.node, node.id))
        ):
            node = self.flow.sequences[node.id]  # a module-level list spelled out, read from a function
        if isinstance(node, ast.List | ast.Tuple):
            parts = [self.expr(e).strings for e in node.elts]
            return [p[0] for p in parts] if all(len(p) == 1 for p in parts) else None
        if isinstance(node, ast.GeneratorExp | ast.ListComp) and len(node.generators) == 1:
            gen = node.generators[0]
            codes = self._ints(gen.iter)
            elt = node.elt
            if codes is not None and isinstance(elt, ast.Call) and _named(elt.func, "chr"):
                return [chr(c) for c in codes if 0 <= c < 0x110000]
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "map"
            and len(node.args) == 2
        ):
            codes = self._ints(node.args[1])
            if codes is not None and isinstance(node.args[0], ast.Name) and node.args[0].id == "chr":
                return [chr(c) for c in codes if 0 <= c < 0x110000]
        held = self.expr(node)
        return list(held.strings[:1]) if held.strings else None

    @staticmethod
    def _ints(node: ast.expr) -> list[int] | None:
        if isinstance(node, ast.List | ast.Tuple) and all(
            isinstance(e, ast.Constant) and isinstance(e.value, int) for e in node.elts
        ):
            return [e.value for e in node.elts]  # type: ignore[attr-defined]
        return None

    # ------------------------------------------------------------ sources and sinks

    def source(
        self,
        node: ast.Call,
        name: str,
        method: str | None,
        owner: Value,
        args: list[Value],
        kwargs: dict[str | None, Value],
    ) -> Value | None:
        """The value a call reads from where secrets live (None: not a source)."""
        path = args[0] if args else kwargs.get("file") or kwargs.get("path") or UNKNOWN
        opens = (
            name in READ_CALLS or name in COPY_CALLS or name in ("glob.glob", "glob.iglob", "sqlite3.connect")
        )
        if opens and _credential(path):
            return Value((), None, _secret_of(path))
        if (name in READ_CALLS and self.fetched_file(path)) or (
            method in READ_METHODS and self.fetched_file(owner)
        ):
            return Value((), None, frozenset({FETCHED}))
        if self.flow.hook and (
            (
                name in READ_CALLS
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and node.args[0].value == 0
            )
            or (
                method in ("read", "readline", "readlines") and (owner.qualname or "").startswith("sys.stdin")
            )
            or (
                name in ("json.load", "json.loads")
                and args
                and (args[0].qualname or "").startswith("sys.stdin")
            )
        ):
            # the session's event, however read: the stream read whole, or its JSON parsed (a mapping)
            parsed = name in ("json.load", "json.loads")
            return Value((), None if parsed else "sys.stdin.read()", frozenset({HOOK_STDIN, SECRET}))
        if (
            name in ("json.load", "json.loads")
            and args
            and args[0].qualname in ("sys.stdin", "sys.stdin.read()")
        ) or (method == "read" and owner.qualname == "sys.stdin"):
            event = frozenset({HOOK_STDIN, SECRET} if self.flow.hook else {HOOK_STDIN})
            return Value((), "sys.stdin.read()" if method == "read" else None, event)
        if method in ("glob", "rglob") and args and _credential(args[0]):
            # root.glob(".env*"): the files it lists are named by the pattern (a read of one reads a
            # credential file); the listing itself holds no secret
            return Value(args[0].strings, None, frozenset())
        if method in (*READ_METHODS, "glob", "rglob", "iterdir", "read") and _credential(owner):
            return Value((), None, _secret_of(owner))
        if method in ("read", "read_file", "load", "load_file") and args and _credential(args[0]):
            # a parser told to read a credential file (configparser's cp.read(path)) holds it from then on
            if isinstance(node.func, ast.Attribute):
                self.bind(node.func.value, Value(owner.strings, owner.qualname, owner.taint | {SECRET}))
            return Value((), None, frozenset({SECRET}))
        if (
            name in ("dict", "builtins.dict", "json.dumps", "list", "str", "repr")
            and args
            and args[0].qualname == "os.environ"
        ):
            return Value((), None, frozenset({SECRET}))
        if owner.qualname == "os.environ" and method in ("copy", "items", "keys", "values"):
            return Value((), None, frozenset({SECRET}))
        if method == "get_frozen_credentials":  # botocore's resolved keys: access key, secret, token
            return Value((), None, frozenset({SECRET}))
        if name in (
            "pyperclip.paste",
            "clipboard.paste",
            "PIL.ImageGrab.grabclipboard",
            "tkinter.Tk.clipboard_get",
        ):
            return Value((), None, frozenset({SECRET}))
        if name in SHELL_CALLS and any(CREDENTIAL_COMMAND.search(c) for c in self._commands(node, args)[0]):
            return Value((), None, frozenset({SECRET}))
        if name.startswith(tuple(f"{m}." for m in NETWORK_MODULES)) and method in (
            "get",
            "urlopen",
            "request",
            "post",
        ):
            return Value((), f"{name}()", frozenset({FETCHED}))
        if name in ("urllib.request.urlopen",):
            return Value((), f"{name}()", frozenset({FETCHED}))
        return None

    def sinks(
        self,
        node: ast.Call,
        name: str,
        method: str | None,
        owner: Value,
        args: list[Value],
        kwargs: dict[str | None, Value],
        every: list[Value],
    ) -> None:
        network = (name.startswith(tuple(f"{m}." for m in NETWORK_MODULES)) and "#local" not in name) or (
            owner.qualname is not None
            and owner.qualname.startswith(NETWORK_MODULES)
            and owner.qualname.endswith(")")
            and "#local" not in owner.qualname
        )
        carried = _join([*args, *kwargs.values(), owner]).taint if network else frozenset()
        addressed = [*(args[0].strings if args else ()), *(kwargs["url"].strings if "url" in kwargs else ())]
        url = next((s for s in addressed if s.startswith(("http://", "https://"))), None)
        elsewhere = token_sent_elsewhere(carried, url) if url else None
        if elsewhere is not None:  # a CI or registry token handed to a host that is not its service's
            self.flow.report("exfiltration", node, f"{elsewhere} (through {name or method}())")
        elif network and method not in ("close", "settimeout", "setsockopt", "raise_for_status"):
            self.flow.fact(node, lambda: f"sends {_what(_join(every))} out through {name or method}()")
            for value in every:
                if self.send(node, value, f"sends {_what(value)} out through {name or method}()"):
                    break
        if name in DNS_CALLS and args:
            self.flow.fact(node, lambda: f"looks up a host name built from {_what(args[0])}")
            why = f"looks up a host name built from {_what(args[0])} (a DNS query carries it out)"
            self.send(node, args[0], why)
        if name in SHELL_CALLS:
            commands, words = self._commands(node, args)
            self.flow.fact(
                node, lambda: f"runs a command: {excerpt(' '.join(commands) or '(built at run time)')}"
            )
            fed = [*words, *(v for k, v in kwargs.items() if k == "input")]
            if any(SCHEDULER_COMMAND.search(c) for c in commands) and any(
                v.tainted(FETCHED, DECODED) or any(FETCHES_OR_DECODES.search(t) for t in v.strings)
                for v in fed
            ):
                self.flow.report("persistence", node, "schedules a command that fetches or decodes")
            if any(NETWORK_COMMAND.search(c) for c in commands):
                for value in words:
                    if self.send(node, value, f"runs a network command with {_what(value)} in it"):
                        break
            program = _program(node, words, args)
            if program is not None:
                self.executed(node, program)
        loaded = args[:1] if name == "runpy.run_path" else args[1:2]
        if name in LOAD_FILE_CALLS and loaded and self.fetched_file(loaded[0]):
            self.executed(node, Value((), None, frozenset({FETCHED})))
        if name == "urllib.request.urlretrieve" and len(args) >= 2:
            self.wrote(node, args[1], Value((), None, frozenset({FETCHED})))
        if name in EXEC_CALLS and args and args[0].tainted(FETCHED, DECODED):
            self.executed(node, args[0])
        if name in READ_CALLS and len(args) >= 2 and any(m in s for s in args[1].strings for m in "aw"):
            self.wrote(node, args[0], None)
        if method in ("write_text", "write_bytes") and args:
            self.wrote(node, owner, args[0])
        if method in ("write", "writelines") and args and isinstance(node.func, ast.Attribute):
            target = self.flow.opened.get(_key(node.func.value))
            opened = node.func.value
            if target is None and isinstance(opened, ast.Call) and opened.args and _opens_to_write(opened):
                target = self.expr(opened.args[0])  # open(path, "w").write(data)
            if target is not None:
                self.wrote(node, target, args[0])
            elif node.args and (into := self.flow.opened.get(_key(node.args[0]))) is not None:
                self.wrote(node, into, owner)  # a parser writing itself into a file: cp.write(fh)

    def archive_opened(self, node: ast.Call) -> None:
        """``tarfile.open(fileobj=buf)`` / ``zipfile.ZipFile(buf, "w")``: remember which file object
        the archive (the name it is bound to) writes into."""
        into = next((k.value for k in node.keywords if k.arg == "fileobj"), None)
        if into is None and node.args and isinstance(node.args[0], ast.Name):
            into = node.args[0]
        if into is None:
            return
        parent = self.flow.parents.get(id(node))
        if isinstance(parent, ast.withitem) and parent.optional_vars is not None:
            self.flow.archives[_key(parent.optional_vars)] = into
        elif isinstance(parent, ast.Assign):
            for target in parent.targets:
                self.flow.archives[_key(target)] = into

    def wrote(self, node: ast.Call, path: Value, content: Value | None) -> None:
        """A write to ``path`` (``content`` None: an ``open`` for writing, whose file is remembered)."""
        if content is None:
            parent = self.flow.parents.get(id(node))
            if isinstance(parent, ast.withitem) and parent.optional_vars is not None:
                self.flow.opened[_key(parent.optional_vars)] = path
            elif isinstance(parent, ast.Assign):
                for target in parent.targets:
                    self.flow.opened[_key(target)] = path
            return
        texts = content.strings
        if content.tainted(FETCHED):
            self.flow.skill.fetched_paths.update(p for p in path.strings if p and p != "*")
        written_to = ", ".join(path.strings) or "a path built at run time"
        self.flow.fact(node, lambda: f"writes {_what(content)} to {written_to}")
        for where in path.strings:
            if STARTUP_FILE.search(where) and (
                content.tainted(FETCHED, DECODED) or any(FETCHES_OR_DECODES.search(t) for t in texts)
            ):
                self.flow.report(
                    "persistence", node, f"writes a command that fetches or decodes into {where}"
                )
                return
            why = untrusted_index_written(where, texts)
            if why is not None:
                self.flow.report("untrusted-index", node, why)
                return

    def fetched_file(self, path: Value) -> bool:
        """Whether ``path`` names a file the code wrote fetched data into."""
        return any(p in self.flow.skill.fetched_paths for p in path.strings)

    def _commands(self, node: ast.Call, args: list[Value]) -> tuple[list[str], list[Value]]:
        """A shell call's command lines as text (a list's words joined) and its words."""
        commands = [s for a in args for s in a.strings]
        words, first = args, node.args[0] if node.args else None
        if isinstance(first, ast.List | ast.Tuple):
            words = [self.expr(e) for e in first.elts]
            commands.append(" ".join(w.strings[0] if w.strings else "*" for w in words))
        return commands, words

    def rendered(self, node: ast.AST, value: Value) -> None:
        """A secret built into an image's or a page's URL (``![](https://host/?p={key})``,
        ``<img src="...">``): whoever renders the text sends it to that host."""
        if value.tainted(SECRET) and any(RENDERED_URL.search(s) for s in value.strings):
            self.send(
                node, value, f"puts {_what(value)} into an image or link URL: rendering the text sends it"
            )

    def send(self, node: ast.AST, value: Value, why: str) -> bool:
        """``value`` leaves the machine at ``node``: reported when it carries a secret (returns
        whether it did); a parameter of the function it came in by is remembered as sent."""
        if self.fn is not None and not self.flow.reporting:
            for t in value.taint:
                if t.startswith("param:"):
                    self.fn.sends.setdefault(int(t.split(":")[1]), (self.flow, node, why))
        if value.tainted(SECRET):
            self.flow.report("exfiltration", node, why)
            return True
        return False

    def _where(self, node: ast.AST) -> str:
        return f"line {getattr(node, 'lineno', '?')} of the caller"

    def executed(self, node: ast.AST, value: Value) -> None:
        self.flow.fact(node, lambda: f"runs {_what(value)} as code")
        rule = "remote-exec" if value.tainted(FETCHED) else "obfuscated-exec"
        what = "data fetched from the network" if value.tainted(FETCHED) else "data decoded at run time"
        self.flow.report(rule, node, f"runs {what}")


def _shown(args: list[Value]) -> str:
    """A call's first argument as the analysis knows it (a string it folded, else ``...``)."""
    return excerpt(args[0].strings[0][:60]) if args and args[0].strings else ("..." if args else "")


def _what(value: Value) -> str:
    return "secrets read from a credential store or the environment" if value.tainted(SECRET) else "its data"


INTERPRETER = re.compile(
    r"(^|/)(ba|z|da|k|c|tc)?sh$|(^|/)(python[\d.]*|node|perl|ruby|php|pwsh|powershell)(\.exe)?$"
)
INLINE_CODE_FLAG = frozenset({"-c", "-e", "-Command", "-command", "/c", "-EncodedCommand", "--eval"})


def _opens_to_write(call: ast.Call) -> bool:
    """Whether ``call`` is ``open(path, "w"...)`` (or append) spelled out."""
    mode = (
        call.args[1]
        if len(call.args) >= 2
        else next((k.value for k in call.keywords if k.arg == "mode"), None)
    )
    return (
        isinstance(call.func, ast.Name)
        and call.func.id == "open"
        and isinstance(mode, ast.Constant)
        and isinstance(mode.value, str)
        and any(m in mode.value for m in "wa")
    )


def _program(node: ast.Call, words: list[Value], args: list[Value]) -> Value | None:
    """What a shell call runs as a program that was fetched or decoded at run time: the command
    string itself (``os.system``, ``shell=True``), or in a list the program or the code an
    interpreter is given inline (``["bash", "-c", code]``). Fetched data given to a program as an
    argument (a URL handed to ffmpeg) is not run. None: nothing such."""
    if not isinstance(node.args[0] if node.args else None, ast.List | ast.Tuple):
        return next((a for a in args[:1] if a.tainted(FETCHED, DECODED)), None)
    if not words:
        return None
    if words[0].tainted(FETCHED, DECODED):
        return words[0]
    program = words[0].strings[0] if words[0].strings else ""
    if INTERPRETER.search(program):
        for flag, code in itertools.pairwise(words):
            if any(s in INLINE_CODE_FLAG for s in flag.strings) and code.tainted(FETCHED, DECODED):
                return code
    return None


def _imported(owner: Value, env: Mapping[str, Value]) -> bool:
    """Whether ``owner`` is a module (or something made by one) the file imports."""
    head = (owner.qualname or "").split(".")[0].removesuffix("()")
    return bool(head) and any(
        v.qualname == head or (v.qualname or "").startswith(head + ".") for v in env.values()
    )


# a value looked up by one of these names in what a credential store holds is a setting (the port of
# an agent's gateway, a profile's region), not the secret beside it
SETTING_KEYS = frozenset(
    {
        *("port", "host", "hostname", "region", "endpoint", "url", "base_url", "baseurl", "name", "version"),
        *("path", "dir", "directory", "enabled", "model", "timeout", "mode", "level", "locale", "language"),
        *("theme", "format", "output", "type", "kind", "id", "registry"),  # .npmrc's registry=: an address
        # an OAuth token file's: where it is used, whose it is, until when (not the token itself)
        *("token_uri", "auth_uri", "resource", "issuer", "token_endpoint", "client_id", "expiry"),
        *("expires_at", "expires_in", "scope", "scopes", "token_type", "account", "username", "email"),
    }
)
# a setting's name by its ending: an identifier or an address, not a secret (ACCOUNT_SID, api_url)
_SETTING_SUFFIX = re.compile(r"(?i)[_-](?:sid|id|url|uri|endpoint|host|region|user|username|email)$")


# where a request carries its credential: a secret placed there authenticates the request (to the
# service the credential is for), it is not sent as data
AUTH_SLOTS = frozenset({"authorization", "auth", "proxy-authorization", "x-api-key", "api-key", "apikey"})
AUTH_SLOTS |= {"private-token", "x-auth-token", "password", "token"}


_THREADS = ("threading.Thread", "multiprocessing.Process", "multiprocessing.context.Process")


def _deferred_call(node: ast.Call, name: str, method: str | None) -> ast.Call | None:
    """The call a thread, a timer, a pool or an event loop makes later of the function it is handed
    (``Thread(target=f, args=(x,))``, ``Timer(5, f, args=(x,))``, ``pool.submit(f, x)``,
    ``loop.run_in_executor(None, f, x)``, ``asyncio.to_thread(f, x)``, ``pool.map(f, xs)``): ``f(x)``,
    at this line."""
    keywords = {k.arg: k.value for k in node.keywords}
    target: ast.expr | None = None
    passed: list[ast.expr] = []
    if name in _THREADS or (name.endswith(".Thread") and "target" in keywords):
        target, given = keywords.get("target"), keywords.get("args")
        passed = list(given.elts) if isinstance(given, ast.Tuple | ast.List) else []
    elif name == "threading.Timer" and len(node.args) >= 2:
        target, given = node.args[1], node.args[2] if len(node.args) > 2 else keywords.get("args")
        passed = list(given.elts) if isinstance(given, ast.Tuple | ast.List) else []
    elif (method in ("submit", "apply_async", "to_thread") or name == "asyncio.to_thread") and node.args:
        target, passed = node.args[0], list(node.args[1:])
    elif method == "run_in_executor" and len(node.args) >= 2:
        target, passed = node.args[1], list(node.args[2:])
    elif (method in ("map", "imap", "imap_unordered") or name == "map") and len(node.args) == 2:
        # pool.map(f, names), map(f, names): f called with each element (a slice holds what they hold)
        whole = ast.Subscript(value=node.args[1], slice=ast.Slice(), ctx=ast.Load())
        target, passed = node.args[0], [ast.copy_location(whole, node.args[1])]
    if not isinstance(target, ast.Name | ast.Attribute):
        return None
    return ast.copy_location(ast.Call(func=target, args=passed, keywords=[]), node)


def untrusted_index_written(where: str, texts: Iterable[str]) -> str | None:
    """Why writing ``texts`` into ``where`` points a package manager at an untrusted index (a
    package manager's configuration given an index :mod:`.supply` does not trust), or None."""
    if not PACKAGE_CONFIG.search(where):
        return None
    for text in texts:
        for _, line, url, _ in index_urls(text):
            why = untrusted_index_why(url, line)  # an official index or a known mirror is no harm
            if why is not None:
                return f"{why} (written into {where})"
    return None


def _params_in(taint: frozenset[str]) -> frozenset[int]:
    """The parameter positions a value's taint says it carries (``param:2``: the third's data)."""
    return frozenset(int(t[6:]) for t in taint if t.startswith("param:") and t[6:].isdigit())


def _builds(tree: ast.Module, classes: set[str]) -> bool:
    """Whether a module's top level (outside its functions and classes) calls one of ``classes``."""
    stack: list[ast.AST] = [
        s for s in tree.body if not isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    ]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Call):
            func = node.func
            called = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else ""
            )
            if called in classes:
                return True
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            stack.extend(ast.iter_child_nodes(node))
    return False


def _assigns(function: ast.AST, name: str) -> bool:
    """Whether a function binds ``name`` itself (a local that hides the module's)."""
    return any(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for n in ast.walk(function)
    )


def _params_of(taint: frozenset[str]) -> frozenset[str]:
    """The parameter marks of a taint (what a summary's walk stands in for its arguments with)."""
    return frozenset(t for t in taint if t.startswith("param:"))


def _as_credential(value: Value) -> Value:
    """A value in a request's authentication: no longer data it sends, but still the service's
    token it is (which a request to another host hands to someone else)."""
    return Value(value.strings, None, frozenset(t for t in value.taint if t.startswith(TOKEN_TAINT)))


def _auth_slot(keys: tuple[str, ...]) -> bool:
    return bool(keys) and all(k.lower() in AUTH_SLOTS for k in keys)


_CONTAINER_KEY = re.compile(r"^[a-z][a-z0-9_]*$")


def _looked_up(taint: frozenset[str], keys: tuple[str, ...]) -> frozenset[str]:
    """What a lookup of ``keys`` in a value tainted ``taint`` carries (a setting's name drops the
    secret: ``region``, an OAuth file's ``token_uri``, an account's ``TWILIO_ACCOUNT_SID``)."""
    if HOOK_STDIN in taint and any(k in HOOK_EVENT_KEYS for k in keys):
        # payload["tool_response"] of a hook's event: what the agent read or ran, all of it (a key
        # under it, ["tool_input"]["command"], is part of it)
        return (taint - {HOOK_STDIN}) | {SECRET}
    if HOOK_STDIN in taint and keys:
        return taint - {SECRET}  # its other keys (the event's name, a notification's message, the cwd)
    if ENV_FILE in taint and not any(_CONTAINER_KEY.match(k) for k in keys):
        # values.get(NAME) of a .env file: one named variable, as os.getenv(NAME); not a lower-case
        # key of a container that holds the whole file's values (ctx["config"])
        return taint - {SECRET, ENV_FILE}
    if (
        keys
        and all(k.lower() in SETTING_KEYS or _SETTING_SUFFIX.search(k) for k in keys)
        and not any(f"{HELD_AS}{k}" in taint for k in keys)
    ):
        # also a parameter's: a helper's token_data["token_uri"] is not the token its caller hands it
        return frozenset(t for t in taint if t != SECRET and not t.startswith("param:"))
    return taint


def _sequence(node: ast.expr) -> bool:
    return isinstance(node, ast.List | ast.Tuple | ast.ListComp)


def _network_object(value: Value) -> bool:
    """Whether ``value`` is an object a network module made (``requests.Session()``, a socket)."""
    return bool(
        value.qualname and value.qualname.startswith(NETWORK_MODULES) and value.qualname.endswith(")")
    )


def _named(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _startup(value: Value) -> bool:
    return any(STARTUP_FILE.search(s) or PACKAGE_CONFIG.search(s) for s in value.strings)


def _credential(value: Value) -> bool:
    return any(CREDENTIAL_STORE.search(s) for s in value.strings)


_DOTENV = re.compile(r"(?:^|[/\\])\.env(?:\.[a-z]+)*$")


def _secret_of(path: Value) -> frozenset[str]:
    """What reading a credential store gives: its secrets, and for a ``.env`` file (an environment
    kept on disk) the mark that one named value of it is a setting, as ``os.getenv(NAME)`` is."""
    if path.strings and all(_DOTENV.search(s) for s in path.strings if CREDENTIAL_STORE.search(s)):
        return frozenset({SECRET, ENV_FILE})
    return frozenset({SECRET})


def _key(node: ast.AST) -> str:
    return ast.unparse(node)  # the same name, read or bound


_BUILTINS = frozenset(
    {
        "open",
        "exec",
        "eval",
        "compile",
        "getattr",
        "__import__",
        "chr",
        "dict",
        "list",
        "str",
        "repr",
        "map",
        "bytes",
    }
)
