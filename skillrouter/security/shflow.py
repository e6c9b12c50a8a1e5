"""Shell scripts in a skill read as shell: :mod:`.pyflow`'s flows, for ``sh``/``bash``/``zsh``.

Each ``.sh``/``.bash``/``.zsh`` file is parsed with tree-sitter (nothing runs) and walked in order,
function bodies where they are defined (conditions are not evaluated):

- **Values**: variables as assigned (``x=...``, ``local``/``export``), strings with their
  expansions, ``~`` and ``$HOME`` as home, command substitutions as what their command prints.
- **Taint** starts where a command reads a credential store (``cat``, ``tar``, ``zip``, ``cp``,
  ``base64`` ... on a path naming one), prints the environment (``env``, ``printenv``) or a token
  (``gh auth token``, ``security find-generic-password``); it follows pipes, variables, and files
  written from it (an archive of ``~/.aws`` is a secret too).
- **Sinks**: a network command (``curl``, ``wget``, ``nc``, ``scp`` ...) given a secret (an argument,
  its stdin, an uploaded file: ``--upload-file``, ``-T``, ``@file``), a DNS lookup of a name built
  from one, and ``git push`` to a remote the script adds with a fixed URL are ``exfiltration``;
  ``eval``/``sh -c``/a shell fed what was decoded at run time is ``obfuscated-exec`` (a download
  piped into a shell is left to the line rules, which judge its host); a
  command that fetches or decodes (or a network command) written into a start-up file, a crontab
  or a git hook (``echo ... >>``, a here-document) is ``persistence``.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlsplit

from skillrouter.security.containers import image_findings
from skillrouter.security.findings import Finding
from skillrouter.security.indicators import (
    indicators,
    known_host,
    loopback,
    token_sent_elsewhere,
    token_taint,
)
from skillrouter.security.lexicon_commands import SECRET_NAME
from skillrouter.security.makefiles import recipes_as_shell
from skillrouter.security.pyflow import (
    CREDENTIAL_COMMAND,
    DECODED,
    FETCHED,
    FETCHES_OR_DECODES,
    NETWORK_COMMAND,
    RUNS_FETCHED,
    SECRET,
    STARTUP_FILE,
    UNKNOWN,
    Value,
    _concat,
    _credential,
    _join,
    _what,
    flow_findings,
)
from skillrouter.security.supply import index_urls, untrusted_index_why
from skillrouter.security.tree import node_text as _text
from skillrouter.security.tree import parser, script_flows

__all__ = ["ci_commands", "ci_findings", "is_shell", "makefile_findings", "shell_findings"]

SUFFIXES = (".sh", ".bash", ".zsh", ".ksh")
READERS = frozenset(
    {"cat", "tar", "zip", "gzip", "bzip2", "xz", "7z", "base64", "xxd", "od", "head", "tail", "cp", "openssl"}
)
NETWORK = frozenset(
    {"curl", "wget", "nc", "ncat", "netcat", "socat", "scp", "sftp", "rsync", "ftp", "telnet", "ping"}
)  # ping: -p fills each echo request with the bytes given
# a request header that carries a credential to the service it authenticates with
AUTH_HEADER = re.compile(
    r"\s*(?:authorization|proxy-authorization|x-api-key|api-key|x-auth-token|private-token|x-goog-api-key)\s*:",
    re.IGNORECASE,
)
# a filter that keeps the lines naming secrets (grep -E 'token|password|secret'): what it prints is them
SECRET_LINES = re.compile(r"token|secret|passw|api[_-]?key|private[_ -]?key|credential", re.IGNORECASE)
DNS = frozenset({"dig", "nslookup", "host", "drill"})
FILTERS = frozenset(
    {
        "base64",
        "base32",
        "gzip",
        "xz",
        "bzip2",
        "xxd",
        "od",
        "tr",
        "sed",
        "awk",
        "cut",
        "rev",
        "openssl",
        "cat",
    }
    | {"fold", "split", "head", "tail"}
)
# commands that print a path derived from their argument (the folder or file it names is the same one)
_PATH_PARTS: dict[str, Callable[[str], str]] = {
    "dirname": posixpath.dirname,
    "basename": posixpath.basename,
    "realpath": str,
    "readlink": str,
}
# one command that sends data: a request with a body or an upload (-d, also in -sd), a push, a copy
# to another host
_SENDS_DATA = re.compile(
    r"^(?:curl|wget|http|xh)\b.*?\s(?:-[a-zA-Z]*[dFT]|--data[\w-]*|--form|--upload-file|--json"
    r"|--post-(?:data|file)|--body-(?:data|file)|--method=POST|-X\s*(?:POST|PUT|PATCH))(?=[\s=@'\"]|$)"
    r"|^git\s+push\b|^(?:scp|rsync|nc|ncat|socat)\s",
    re.DOTALL,
)


def _sends_data(text: str) -> bool:
    """Whether the shell script ``text`` runs a command that sends data (:data:`_SENDS_DATA`), read
    as commands: a comment or a message that says "git push" sends nothing."""
    try:
        root = parser("bash").parse(text.encode("utf-8", "replace")).root_node
    except RecursionError:
        return False
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "command":
            name = node.child_by_field_name("name")
            if name is not None and _SENDS_DATA.match(_text(node)[name.start_byte - node.start_byte :]):
                return True
        stack.extend(node.named_children)
    return False


# an argument that is a folder's variable taken whole: "$OUT", ${OUT}/, "$(basename "$OUT")"
_WHOLE_FOLDER = re.compile(r'"?\$\{?(\w+)\}?/?"?|"?\$\(basename\s+"?\$\{?(\w+)\}?"?\)"?')
# a variable the script does not set, named as a secret (``$GITHUB_TOKEN``, ``${AWS_SECRET_ACCESS_KEY:-}``):
# a value only a DNS lookup is judged by (a token in a host name is never an API call's header)
NAMED_SECRET = "named-secret"
_SECRET_VARIABLE = re.compile(rf"{SECRET_NAME}$")
DECODERS = re.compile(
    r"\bbase64\s+(-d|--decode|-D)\b|\bxxd\s+-r\b|\bopenssl\s+(enc\s+)?-d\b|\bgunzip\b|\bzcat\b"
)


# a code host the user's own repository is pushed to: in a guide's steps, a remote there is theirs
_DOWNLOAD_TO = re.compile(
    r"\b(?:curl|wget)\b[^\n]*?\s(?:-o|-O|--output|--output-document)[= ]\s*"
    r"(?P<file>\"[^\"\n]+\"|'[^'\n]+'|\S+)"
)


# options of git clone that take a value (their value is not the repository or the folder)
_CLONE_VALUED = frozenset(
    {
        "-b",
        "--branch",
        "--depth",
        "-o",
        "--origin",
        "-c",
        "--config",
        "--reference",
        "-j",
        "--jobs",
        "--filter",
        "-u",
        "--upload-pack",
        "--template",
        "--separate-git-dir",
        "--shallow-since",
    }
)


def _operands(words: list[str], valued: frozenset[str]) -> list[str]:
    """A command's words less its options and the values of those that take one."""
    out: list[str] = []
    skip = False
    for w in words:
        if skip:
            skip = False
        elif w in valued:
            skip = True
        elif not w.startswith("-"):
            out.append(w)
    return out


# a download's address held in a variable ("${SEGMENT_HOST}/x.sh" reads "*/x.sh")
_FROM_VARIABLE = re.compile(r"\*[^\s]*/")
_SCRIPT_SUFFIXES = (".sh", ".bash", ".zsh")


def _runs_a_download(text: str) -> bool:
    """Whether a script downloads a file (``curl -o FILE``) and then runs it as shell (``. FILE``,
    ``source FILE``, ``sh FILE``): what the host serves runs, as a download piped into a shell."""
    for m in _DOWNLOAD_TO.finditer(text):
        file = m.group("file").strip("\"'")
        ran = rf"""(?m)(?:^|[;&|(]\s*)(?:\.|source|(?:ba|z|da)?sh)\s+["']?{re.escape(file)}["']?(?:\s|;|$)"""
        if re.search(ran, text[m.end() :]):
            return True
    return False


def _users_own_repository(url: str) -> bool:
    """Whether a remote is a forge's repository whose owner the user fills in
    (``git@gitee.com:$(GITEE_NS)/$(REPO).git``): the user's own, not an address the skill fixed."""
    m = _FORGE.match(url)
    owner = url[m.end() :].split("/", 1)[0] if m else ""
    return bool(owner) and bool(re.search(r"[$<{]|^\*$", owner))


_FORGE = re.compile(
    r"^(?:https?://|ssh://(?:git@)?|git@)(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|gitee\.com"
    r"|ssh\.dev\.azure\.com|dev\.azure\.com)[:/]",
    re.IGNORECASE,
)
HOOK_FILE = re.compile(
    r"(^|[/\\])(pre|post)-(commit|push|checkout|merge|rewrite|receive)$|(^|[/\\])commit-msg$"
)
_SHEBANG_SHELL = re.compile(r"#!\s*\S*/(?:env\s+)?(?:ba|z|da|k)?sh\b")
# git settings whose value git runs by itself: a hook, a pager, a helper, an alias's ``!command``
GIT_RUNS = re.compile(
    r"^(?:core\.(?:fsmonitor|hookspath|sshcommand|pager|editor|askpass)|sequence\.editor|diff\.external"
    r"|credential\.(?:[\w.:/-]+\.)?helper|gpg\.(?:\w+\.)?program|alias\.[\w.-]+|filter\.[\w.-]+\.(?:clean|smudge|process)"
    r"|init\.templatedir)$",
    re.IGNORECASE,
)
PACKAGE_MANAGERS = frozenset({"pip", "pip3", "uv", "poetry", "npm", "yarn", "pnpm", "bun"})
_VARIABLE = re.compile(r"\$\{?([A-Za-z_]\w*)\}?")
OUTPUT_FLAGS = frozenset({"-o", "-O", "--output", "--output-document"})
_HOME = re.compile(r"\$\{?HOME\}?(?=/)")
CALLS = 200
"""How many calls of a script's own functions are walked with their arguments (each distinct once)."""
_SCRIPT_FILE = re.compile(r"\.(?:py|js|mjs|cjs|ts|sh|bash|rb|pl|php)$")
INTERPRETERS = frozenset(
    {"python", "python3", "node", "bash", "sh", "zsh", "ruby", "perl", "php", "deno", "bun"}
)
# an option whose value a program logs in or configures itself with (kept, not sent)
_LOGIN_FLAGS_ANY = re.compile(
    r"^--?(?:i|identity\w*|key[\w-]*|cert\w*|cacert|kubeconfig|config|userconfig|netrc\w*|credentials?[\w-]*"
    r"|shared-credentials-file|profile|token-file|service-account[\w-]*|auth[\w-]*)$"
)
_REMOTE_PATH = re.compile(r"^(?:rsync://|[\w.@-]+:(?!//))")  # scp's and rsync's host:path
_FETCHES_ONLY = re.compile(
    r"\b(?:curl|wget|nc|ncat|Invoke-WebRequest|iwr|Invoke-Expression|iex)\b|base64|\|\s*(?:ba|z)?sh\b",
    re.IGNORECASE,
)
_PATTERN_FLAGS = ("--exclude", "--include", "--filter", "--exclude-from", "--include-from")
_LOGIN_FLAGS = frozenset({"-i", "-e", "--rsh", "-o", "-F", "-S"})
UPLOAD_FLAGS = frozenset(
    {"--upload-file", "-T", "--data-binary", "-d", "--data", "--data-raw", "-F", "--form"}
)


def _leading_variable(node: Any) -> str | None:
    """The variable a path starts with (``"$tmp/$(...)"``: ``tmp``), if it starts with one."""
    while node.type in ("string", "concatenation") and node.named_children:
        node = node.named_children[0]
    if node.type in ("simple_expansion", "expansion"):
        name = next((c for c in node.named_children if c.type == "variable_name"), None)
        return _text(name) if name is not None else None
    return None


def is_shell(relpath: str) -> bool:
    return relpath.lower().endswith(SUFFIXES)


def shell_findings(texts: Mapping[str, str]) -> list[Finding]:
    """The flows of a skill's shell scripts (relative path -> text; other files are ignored)."""

    return script_flows(texts, "shell", is_shell, lambda _: "bash", lambda root: _read(root, texts))


def _read(root: Any, skill: Mapping[str, str] | None = None) -> list[tuple[str, int, str]]:
    script = _Script(skill or {})
    script.block(root)
    return script.found


INHERITED = "#stdin"  # the stdin a script was started with (not a pipe of its own)
HOOK_EVENT = "what the agent hands its hooks (the user's prompts, tool input and output, the transcript)"


def hook_findings(relpath: str, text: str, skill: Mapping[str, str]) -> list[Finding]:
    """The flows of a script an agent runs as a hook (:mod:`.agent_hooks`), read with the session's
    event on its stdin as a secret: a script that sends it out ships the conversation."""
    try:
        root = parser("bash").parse(text.encode("utf-8", "replace")).root_node
        script = _Script(skill, stdin=Value((), INHERITED, frozenset({SECRET})))
        script.block(root)
    except RecursionError:
        return []
    found = [
        (rule, line, why.replace("secrets read from a credential store", HOOK_EVENT))
        for rule, line, why in script.found
    ]
    return flow_findings(relpath, text, found)


_SHELL_FENCE = re.compile(
    r"^ {0,3}(`{3,}|~{3,})[ \t]*\{?\.?(bash|sh|shell|zsh|console|shell-session|terminal)\b", re.IGNORECASE
)
_PROMPT = re.compile(r"^\s*(?:\$|%|❯|>)\s+")


def markdown_shell(text: str) -> str | None:
    """The shell a Markdown file gives the agent to run: its fenced ``bash``/``sh``/``console``
    blocks, each line at its own line (a console's ``$`` prompt dropped), everything else blank
    (None: it has none)."""
    lines = text.split("\n")
    out = [""] * len(lines)
    fence: str | None = None
    found = False
    for i, line in enumerate(lines):
        if fence is None:
            opened = _SHELL_FENCE.match(line)
            if opened is not None:
                fence = opened.group(1)
            continue
        if line.strip().startswith(fence[0] * len(fence)) and not line.strip().strip(fence[0]):
            fence = None
            continue
        out[i] = _PROMPT.sub("", line)
        found = True
    return "\n".join(out) if found else None


def markdown_findings(texts: Mapping[str, str], skill: Mapping[str, str] | None = None) -> list[Finding]:
    """The flows of the shell that a skill's Markdown (SKILL.md, its references) gives the agent to
    run, one file's blocks read in order as one script: the agent runs them as the steps they are.
    ``skill``: the skill's other files the steps name (``cp hooks/pre-push ...``), read, not run."""
    out: list[Finding] = []
    for relpath, text in sorted(texts.items()):
        shell = markdown_shell(text) if "```" in text or "~~~" in text else None
        if shell is not None:
            out += _flows_as_shell(relpath, text, shell, markdown=True, skill=skill)
    return out


def makefile_findings(texts: Mapping[str, str]) -> list[Finding]:
    """The flows of a skill's Makefiles' recipes, read as the shell script ``make`` runs
    (:mod:`.makefiles`); findings name the Makefile's lines."""
    return [
        f
        for relpath, text in sorted(texts.items())
        for f in _flows_as_shell(relpath, text, recipes_as_shell(text))
    ]


def _flows_as_shell(
    relpath: str, text: str, shell: str, *, markdown: bool = False, skill: Mapping[str, str] | None = None
) -> list[Finding]:
    """The flows of ``shell``, the script a file runs line for line (a Makefile's recipes, a CI
    configuration's commands), as findings on ``relpath``'s lines and text."""
    try:
        script = _Script(skill, markdown=markdown)
        script.block(parser("bash").parse(shell.encode("utf-8", "replace")).root_node)
        found = script.found
    except RecursionError:
        return []
    return flow_findings(relpath, text, found)


_CI_KEYS = frozenset({"run", "script", "before_script", "after_script"})
# one of them as a key: only then is the YAML composed (a large OpenAPI file holds none)
_CI_KEY = re.compile(r"^[ \t]*(?:-[ \t]+)?(?:run|script|before_script|after_script)[ \t]*:", re.MULTILINE)


def ci_commands(text: str) -> str | None:
    """A CI configuration's commands (GitHub Actions' ``run:``, GitLab CI's ``script:``,
    ``before_script:``, ``after_script:``) as a shell text, line for line with the file's (every
    other line blank); None when it has none or is not YAML."""
    import yaml

    try:
        documents = list(yaml.compose_all(text, Loader=yaml.SafeLoader))
    except (yaml.YAMLError, RecursionError):
        return None
    lines = [""] * (text.count("\n") + 1)
    found = False

    def put(node: Any) -> None:
        nonlocal found
        if not isinstance(node, yaml.ScalarNode) or not isinstance(node.value, str):
            return
        start = node.start_mark.line + (1 if node.style in ("|", ">") else 0)
        for i, line in enumerate(node.value.split("\n")):
            if start + i < len(lines):
                lines[start + i] = line
                found = True

    seen: set[int] = set()  # an alias is the node it names: walked once (a self-alias, a billion laughs)

    def walk(node: Any) -> None:
        if id(node) in seen:
            return
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.value in _CI_KEYS:
                    for item in value.value if isinstance(value, yaml.SequenceNode) else [value]:
                        put(item)
                else:
                    walk(value)
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                walk(item)

    try:
        for document in documents:
            walk(document)
    except RecursionError:
        return None
    return "\n".join(lines) if found else None


def ci_findings(texts: Mapping[str, str]) -> list[Finding]:
    """The flows of the commands a skill's CI configurations run (:func:`ci_commands`), read as
    the shell scripts the runner makes of them; findings name the YAML file's lines."""
    out: list[Finding] = []
    for relpath, text in sorted(texts.items()):
        if relpath.lower().endswith((".yml", ".yaml")) and _CI_KEY.search(text):
            shell = ci_commands(text)
            if shell is not None:
                out += _flows_as_shell(relpath, text, shell, markdown=True)
    return out


# commands that ask for a password, and a read that does not echo what is typed (read -s, -rs)
_PROMPTING_COMMANDS = frozenset(
    {"sudo", "su", "doas", "passwd", "ssh", "scp", "kinit"}
)  # not gpg: pinentry wrappers
_SILENT_READ = re.compile(
    r"\bread\s+(?:-\w*s\w*\b|[^;\n]{0,120}?\s-s\b)|\bstty\s+-echo\b[\s\S]{0,300}?\bread\b"
)


class _Script:
    def __init__(
        self, skill: Mapping[str, str] | None = None, stdin: Value = UNKNOWN, *, markdown: bool = False
    ) -> None:
        self.markdown = markdown  # a guide's steps (Markdown's shell blocks), not a script of its own
        self.stdin = stdin  # what the script reads (an agent hook's: the session's event)
        self.functions: dict[str, Any] = {}  # the script's functions' bodies, by name
        self.calling: list[str] = []  # the functions being walked from a call
        self.walked: set[tuple[Any, ...]] = set()  # (function, its arguments) walked from a call
        self.skill = skill or {}  # the skill's files (relative path -> text): a script it installs
        self.installed: dict[str, list[str]] = {}  # where install/cp put a file -> what it copied
        self.env: dict[str, Value] = {"HOME": Value(("~",)), "USERPROFILE": Value(("~",))}
        self.secret_files: set[str] = set()  # folded paths a command wrote secrets into
        self.secret_folders: set[str] = set()  # variables naming folders a secret was written under
        self.remotes: set[str] = set()  # git remotes the script added with a fixed URL
        self.fetched: dict[str, str] = {}  # files downloaded from a host no installer list knows -> host
        self.cloned: dict[str, str] = {}  # folders `git clone` filled -> the repository's address
        self.found: list[tuple[str, int, str]] = []

    def report(self, rule: str, node: Any, why: str) -> None:
        self.found.append((rule, int(node.start_point[0]) + 1, why))

    # ------------------------------------------------------------ statements

    def block(self, node: Any) -> None:
        for child in node.named_children:
            self.statement(child)

    def statement(self, node: Any, stdin: Value | None = None) -> Value:
        if stdin is None:  # a command substitution, a function's body: the script's own stdin
            stdin = self.stdin
        kind = node.type
        if kind == "variable_assignment":
            self.assign(node)
            return UNKNOWN
        if kind == "declaration_command":  # local / export / declare x=...
            for child in node.named_children:
                if child.type == "variable_assignment":
                    self.assign(child)
            return UNKNOWN
        if kind == "command":
            return self.command(node, stdin, None, None)
        if kind == "redirected_statement":
            return self.redirected(node, stdin)
        if kind == "pipeline":
            flowing = stdin
            for stage in node.named_children:
                flowing = self.statement(stage, flowing)
            return flowing
        if kind == "function_definition":
            body = node.child_by_field_name("body")
            name = node.child_by_field_name("name")
            if body is not None:
                if name is not None:
                    self.functions[_text(name)] = body
                    if _text(name) in _PROMPTING_COMMANDS and _SILENT_READ.search(_text(body)):
                        self.report(
                            "persistence",
                            node,
                            f"defines its own {_text(name)}() that reads the password as it is typed: every "
                            "shell that loads it hands the password to this code first",
                        )
                self.block(body)  # walked where it is defined, as if called
            return UNKNOWN
        if kind in ("list", "subshell", "compound_statement", "if_statement", "elif_clause", "else_clause"):
            out = UNKNOWN
            for child in node.named_children:
                out = _join([out, self.statement(child, stdin)])
            return out
        if kind == "for_statement":  # for rc in ~/.bashrc ~/.zshrc: the variable holds each value
            variable = node.child_by_field_name("variable")
            values = [self.value(v) for v in node.children_by_field_name("value")]
            if variable is not None and values:
                self.env[_text(variable)] = _join(values)
            body = node.child_by_field_name("body")
            # what the loop prints is what its body prints (for f in .env; do cat "$f"; done > ctx.txt)
            return self.statement(body, stdin) if body is not None else UNKNOWN
        if kind in (
            "while_statement",
            "c_style_for_statement",
            "case_statement",
            "case_item",
            "do_group",  # a loop's body: ... | while read -r line; do ...; done reads the pipe
        ):
            out = UNKNOWN
            for child in node.named_children:
                out = _join([out, self.statement(child, stdin)])
            return out
        if kind in ("test_command", "negated_command"):
            for child in node.named_children:
                self.statement(child, stdin)
            return UNKNOWN
        return UNKNOWN

    def assign(self, node: Any) -> None:
        name = node.child_by_field_name("name")
        value = node.child_by_field_name("value")
        if name is not None:
            self.env[_text(name)] = self.value(value) if value is not None else Value(("",))

    def redirected(self, node: Any, stdin: Value) -> Value:
        body = node.child_by_field_name("body") or (node.named_children[0] if node.named_children else None)
        target: Value | None = None
        destination: Any = None  # the node of target
        discarded = False
        heredoc: Value | None = None
        written: list[Any] = []
        appending = False
        for redirect in node.named_children[1:]:
            dest = redirect.child_by_field_name("destination") or (
                redirect.named_children[-1] if redirect.named_children else None
            )
            if (
                redirect.type == "file_redirect"
                and dest is not None
                and not any(c.type == "file_descriptor" for c in redirect.children)
            ):
                operator = _text(redirect)[: dest.start_byte - redirect.start_byte].strip()
                if operator == "<":  # read from a file: a credential store's is a secret on stdin
                    read = self.value(dest)
                    secret = (
                        _credential(read)
                        or read.tainted(SECRET)
                        or any(s in self.secret_files for s in read.strings)
                    )
                    stdin = Value(read.strings, None, frozenset({SECRET}) if secret else frozenset())
                elif _text(dest) == "/dev/null":
                    discarded = True  # > /dev/null, &> /dev/null: what it prints goes nowhere
                elif _text(dest) not in ("&1", "&2", "1", "2"):
                    target, destination = self.value(dest), dest
                    appending = ">>" in _text(redirect)
            elif redirect.type == "heredoc_redirect":
                parts = [c for c in redirect.named_children if c.type == "heredoc_body"]
                quoted = bool(re.match(r"<<-?\s*['\"\\]", _text(redirect)))  # <<'EOF': nothing expanded
                texts = (_text(p) if quoted else self.expanded(_text(p)) for p in parts)
                heredoc = Value(tuple(texts)) if parts else Value(("",))
                written = parts
        if body is None:
            return UNKNOWN
        if heredoc is not None and target is not None:
            self.script_written(written, target)
        printed = (
            self.statement(body, heredoc if heredoc is not None else stdin)
            if body.type != "command"
            else (self.command(body, stdin, target, heredoc))
        )
        if target is not None:
            self.wrote(node, target, printed, appending)
            if printed.tainted(SECRET) and destination is not None:
                # kubectl config view --raw > "$OUT/kube.yaml": $OUT now holds secrets, though a step
                # before this guide's block (or the user) set it
                self.folder_holds_secrets(destination)
        return UNKNOWN if target is not None or discarded else printed

    def folder_holds_secrets(self, path: Any) -> None:
        """``path`` (a node) starts with a variable naming a folder (``"$OUT/kube.yaml"``) and a
        secret was written there: the folder taken whole (``tar czf x.tgz "$OUT"``, ``"$(basename
        "$OUT")"``) holds it from now on; another file under it (``"$OUT/pods.txt"``) or the name in
        a message does not."""
        if path.type in ("simple_expansion", "expansion"):
            return  # the variable is the file itself, not a folder under it
        folder = _leading_variable(path)
        if folder is not None:
            self.secret_folders.add(folder)

    def whole_secret_folder(self, arg_nodes: list[Any]) -> bool:
        """Whether an argument is a folder a secret was written under, taken whole (``"$OUT"``,
        ``"$OUT/"``, ``"$(basename "$OUT")"``)."""
        for node in arg_nodes:
            m = _WHOLE_FOLDER.fullmatch(_text(node))
            if m is not None and (m.group(1) or m.group(2)) in self.secret_folders:
                return True
        return False

    def script_written(self, parts: list[Any], target: Value) -> None:
        """A shell script the script writes (a here-document into ``*.sh`` or starting ``#!...sh``)
        is read as one: it runs later (from cron, a hook, a start-up file), and its flows are
        reported at its lines here."""
        for part in parts:
            text = _text(part)
            if not (any(t.endswith(SUFFIXES) for t in target.strings) or _SHEBANG_SHELL.match(text.lstrip())):
                continue
            inner = _Script()
            inner.block(parser("bash").parse(text.encode("utf-8", "replace")).root_node)
            first = int(part.start_point[0])
            self.found += [(rule, first + line, why) for rule, line, why in inner.found]

    def expanded(self, text: str) -> str:
        """A here-document's text with the variables the script set (``$X``, ``${X}``) put in."""

        def known(m: re.Match[str]) -> str:
            held = self.env.get(m.group(1))
            return (
                held.strings[0] if held is not None and held.strings and held.strings[0] != "*" else m.group()
            )

        return _VARIABLE.sub(known, text) if "$" in text else text

    def indexes(self, node: Any, text: str) -> None:
        """``untrusted-index`` for a package index the script sets, its URL from the script's own
        variables (a configuration written from ``$MIRROR``, ``npm config set registry "$R"``):
        judged as :mod:`.supply` judges one written out."""
        for _, line, url, _ in index_urls(text):
            why = untrusted_index_why(url, line)
            if why is not None:
                self.report("untrusted-index", node, why)
                return

    # ------------------------------------------------------------ values

    def value(self, node: Any) -> Value:
        kind = node.type
        if kind in ("word", "number"):
            text = _text(node)
            return Value(("~" + text[1:] if text.startswith("~") else text,))
        if kind == "raw_string":
            return Value((_text(node)[1:-1],))
        if kind in ("string", "concatenation", "translated_string"):
            parts = [self.value(c) for c in node.named_children]
            if kind == "string" and not node.named_children:
                return Value(("",))
            return _concat(parts) if parts else Value((_text(node).strip('"'),))
        if kind == "string_content":
            return Value((_text(node),))
        if kind in ("simple_expansion", "expansion"):
            name = next((c for c in node.named_children if c.type == "variable_name"), None)
            if name is None:
                return Value(("*",))
            held = self.env.get(_text(name))
            if held is None:
                default = [
                    self.value(c)
                    for c in node.named_children
                    if c.type in ("word", "string", "concatenation")
                ]
                named = frozenset({NAMED_SECRET}) if _SECRET_VARIABLE.match(_text(name)) else frozenset()
                named |= token_taint(_text(name))
                return _join([Value(("*",), None, named), *default])
            return held
        if kind == "command_substitution":
            out = UNKNOWN
            for child in node.named_children:
                out = _join([out, self.statement(child)])
            return Value(out.strings, None, out.taint)
        if kind == "process_substitution":
            for child in node.named_children:
                self.statement(child)
            return UNKNOWN
        parts = [self.value(c) for c in node.named_children]
        return _join(parts) if parts else UNKNOWN

    # ------------------------------------------------------------ commands

    def command(self, node: Any, stdin: Value, target: Value | None, heredoc: Value | None) -> Value:
        name_node = node.child_by_field_name("name")
        for child in node.named_children:
            if child.type == "variable_assignment":  # VAR=x cmd
                self.assign(child)
        if name_node is None:
            return UNKNOWN
        name = _text(name_node).rsplit("/", 1)[-1]
        arg_nodes = [a for a in node.named_children if a.type not in ("command_name", "variable_assignment")]
        args = [self.value(a) for a in arg_nodes]
        words = [a.strings[0] if a.strings else "*" for a in args]
        line = " ".join([name, *words])
        given = heredoc if heredoc is not None else stdin
        taint = frozenset().union(*(a.taint for a in args)) if args else frozenset()

        if name in ("sudo", "nohup", "time", "command", "exec", "env") and args and name != "env":
            # the command it runs
            inner = args[0].strings[0] if args[0].strings else ""
            name, args, words = inner.rsplit("/", 1)[-1], args[1:], words[1:]
        printed = Value((), None, frozenset())
        if name in READERS and (
            any(_credential(a) or a.tainted(SECRET) or self.holds_secrets(a) for a in args)
            or self.whole_secret_folder(arg_nodes)
        ):
            # a credential store read, or a folder the script copied secrets into (tar -C "$tmp" .)
            printed = Value((), None, frozenset({SECRET}))
            out = self.output_file(name, args)
            if out is not None:
                self.secret_files.update(out.strings)
            if name == "cp" and len(arg_nodes) >= 2:  # cp ~/.ssh/id_rsa "$tmp/x": $tmp now holds secrets
                self.folder_holds_secrets(arg_nodes[-1])
        elif name in ("env", "printenv", "set", "export") and not args or CREDENTIAL_COMMAND.search(line):
            printed = Value((), None, frozenset({SECRET}))
        elif name in FILTERS:
            printed = Value(given.strings, None, given.taint | taint)
            if name == "rev":  # a string written backwards, turned round
                printed = Value(tuple(s[::-1] for s in given.strings), None, printed.taint)
            if DECODERS.search(line):
                printed = Value(given.strings, None, printed.taint | {DECODED})
        elif name in ("echo", "printf"):
            printed = Value((" ".join(words),), None, taint)
        elif name in _PATH_PARTS:  # "$(basename "$OUT")": a path derived from the variable, and what it holds
            plain = [w for w in words if not w.startswith("-")]
            part = _PATH_PARTS[name]
            printed = Value(tuple(part(w) if w != "*" else w for w in plain[:1]), None, taint)
        elif (
            name in ("grep", "egrep", "rg")
            and len([w for w in words if not w.startswith("-")]) >= 2  # a pattern and a file to read
            and any(SECRET_LINES.search(w) for w in words if w != "*")
        ):  # the lines of a file that name secrets (a shell history's, a config's)
            printed = Value((), None, frozenset({SECRET}) | given.taint | taint)
        if name == "read":  # read -r line: the variables hold what comes in
            for w in words:
                if not w.startswith("-") and re.fullmatch(r"[A-Za-z_]\w*", w):
                    self.env[w] = Value(given.strings, None, given.taint)
        if (
            name in ("curl", "wget")
            and not any(f in words for f in ("-o", "-O", "--output"))
            and target is None
        ):
            printed = Value(printed.strings, None, printed.taint | {FETCHED})
        if name in ("curl", "wget"):
            self.downloaded(args, words, target)
        elif name == "mv" and self.fetched:
            self.renamed(words)
        elif name in ("source", ".") and self.fetched:
            self.ran_download(node, args)
        if name == "mktemp":  # a file of its own: what is written to it is followed by this name
            printed = Value((f"/tmp/mktemp-{node.start_point[0] + 1}",))
        if name in self.functions and name not in self.calling and len(self.calling) < 3:
            self.called(name, args, given)
        if name in PACKAGE_MANAGERS:
            self.indexes(node, line)

        if name in NETWORK:
            self.network(node, name, args, words, given)
        elif name in INTERPRETERS and not node.has_error:  # a misread command's words are not its arguments
            self.handed(node, name, args, words, given)
        # a secret variable in a looked-up name: a script's doing (a guide's example: other rules judge it)
        named = () if self.markdown else (NAMED_SECRET,)
        if name in DNS and any(a.tainted(SECRET, *named) for a in args):
            what = _what(Value(taint=taint)) if SECRET in taint else "a secret variable"
            self.report(
                "exfiltration", node, f"looks up a host name built from {what} (a DNS query carries it out)"
            )
        if name == "git":
            self.git(node, words)
        # a blob decoded and run (a download piped into a shell is the line rules' to judge, by its host:
        # vendors install that way)
        shells = ("sh", "bash", "zsh", "dash", "source", ".")
        if name == "eval" or (name in shells[:4] and "-c" in words):
            if any(a.tainted(DECODED) for a in args):
                self.report("obfuscated-exec", node, "runs data decoded at run time")
        elif name in shells and given.tainted(DECODED):
            self.report("obfuscated-exec", node, "runs data decoded at run time")
        if name == "crontab" and given.strings and any(FETCHES_OR_DECODES.search(s) for s in given.strings):
            self.report("persistence", node, "installs a crontab line that fetches or decodes")
        if name == "tee" and args:
            self.wrote(node, args[-1], given, "-a" in words)
            if given.tainted(SECRET):  # kubectl config view --raw | tee "$OUT/kube.yaml"
                for path in arg_nodes:
                    self.folder_holds_secrets(path)
        if name == "cp" and len(args) >= 2 and any(s in self.secret_files for s in args[0].strings):
            self.secret_files.update(args[-1].strings)
        if name in ("install", "cp", "ln") and len(args) >= 2:
            for where in args[-1].strings:
                self.installed.setdefault(_HOME.sub("~", where), []).extend(args[-2].strings)
        if heredoc is not None and name == "cat":
            printed = Value(heredoc.strings, None, heredoc.taint | printed.taint)
        return printed

    def called(self, name: str, args: list[Value], stdin: Value) -> None:
        """Walk a function's body again with the arguments of a call (``upload "$TMP"``: ``$1``):
        once for each new set of arguments, at most :data:`CALLS` times a script."""
        call = (name, tuple((a.strings[:8], a.taint) for a in args), stdin.taint)
        if call in self.walked or len(self.walked) >= CALLS:
            return
        self.walked.add(call)
        saved = {str(i): self.env.get(str(i)) for i in range(1, len(args) + 1)}
        for i, a in enumerate(args, 1):
            self.env[str(i)] = a
        self.calling.append(name)
        try:
            self.statement(self.functions[name], stdin)
        finally:
            self.calling.pop()
            for key, held in saved.items():
                if held is None:
                    self.env.pop(key, None)
                else:
                    self.env[key] = held

    def holds_secrets(self, value: Value) -> bool:
        """Whether a path names a folder the script wrote secrets into (``tar czf x.tgz evidence/``
        after ``cat ~/.aws/credentials > evidence/aws.txt``; ``.``: any it wrote by a relative path)."""
        for path in value.strings:
            folder = path.rstrip("/")
            if folder in ("", "*"):
                continue
            if any(
                f.startswith(f"{folder}/") or (folder == "." and not f.startswith(("/", "~", "$")))
                for f in self.secret_files
            ):
                return True
        return False

    def output_file(self, name: str, args: list[Value]) -> Value | None:
        """The file a reader writes (an archive's name, a copy's destination)."""
        if name in ("tar", "zip", "7z") and args:
            flags = args[0].strings[0] if args[0].strings else ""
            if name == "tar" and "f" in flags and len(args) > 1:
                return args[1]
            if name in ("zip", "7z"):
                rest = [a for a in args if not (a.strings and a.strings[0].startswith("-"))]
                return rest[1 if name == "7z" else 0] if rest else None
        if name == "cp" and len(args) >= 2:
            return args[-1]
        return None

    def network(self, node: Any, name: str, args: list[Value], words: list[str], stdin: Value) -> None:
        url = next((w for w in words if w.startswith(("http://", "https://"))), None)
        carried = frozenset().union(*(a.taint for a in args)) if args else frozenset()
        why = None if self.markdown or url is None else token_sent_elsewhere(carried | stdin.taint, url)
        if why is not None:  # a CI or registry token handed to a host that is not its service's
            self.report("exfiltration", node, f"{why} (through {name})")
            return
        # a pipe into it is read (curl's data, nc's stream); the stdin a script was started with only
        # where it says so (-d @-, -T -)
        said = words if stdin.qualname == INHERITED else [*words, "-"]
        if stdin.tainted(SECRET) and any(w in ("@-", "-") or w.endswith("@-") for w in said):
            self.report("exfiltration", node, f"pipes secrets read from a credential store into {name}")
            return
        if name in ("scp", "rsync", "sftp"):
            plain = [
                w
                for i, w in enumerate(words)
                if not w.startswith("-") and not (i and words[i - 1] in _LOGIN_FLAGS)
            ]
            if plain and plain[-1] != "*" and not _REMOTE_PATH.match(plain[-1]):
                return  # a copy to this machine (server:/srv/site ./build): nothing of it leaves
        for i, (a, w) in enumerate(zip(args, words, strict=True)):
            if (
                i > 0
                and words[i - 1] in _PATTERN_FLAGS
                or w.startswith(tuple(f"{f}=" for f in _PATTERN_FLAGS))
            ):
                continue  # rsync --exclude .env: a name it leaves out, not a file it sends
            if i > 0 and words[i - 1] in ("-H", "--header") and AUTH_HEADER.match(w):
                continue  # a credential in a request's Authorization authenticates it, it is not sent as data
            uploaded = w.split("@", 1)[1] if "@" in w and not w.startswith(("http", "git@")) else None
            flagged = i > 0 and words[i - 1] in UPLOAD_FLAGS
            if i > 0 and name in ("scp", "rsync", "sftp") and words[i - 1] in _LOGIN_FLAGS:
                continue  # the key it logs in with, the ssh it runs (-i ~/.ssh/id_x, -e "ssh -i ..."): kept
            paths = (
                [uploaded] if uploaded else (list(a.strings) if flagged or name in ("scp", "rsync") else [])
            )
            if a.tainted(SECRET) or any(
                p and p != "*" and (p in self.secret_files or _credential(Value((p,)))) for p in paths
            ):
                self.report(
                    "exfiltration", node, f"sends secrets read from a credential store out through {name}"
                )
                return

    def handed(self, node: Any, name: str, args: list[Value], words: list[str], stdin: Value) -> None:
        """A script run with the user's secrets (credential files among its arguments, the
        environment or a credential store piped in) and an address beside them: ``env | python3
        notify.py --webhook https://... --extra-file ~/.git-credentials`` sends them there."""
        script = next((w for w in words if not w.startswith("-")), "")
        if words[:1] in (["-c"], ["-e"], ["-m"]) or not _SCRIPT_FILE.search(script):
            return  # inline code, a module: not a script file it hands things to send
        url = next((w for w in words if w.startswith(("http://", "https://")) and not loopback([w])), None)
        if url is None:
            return
        files = [
            w
            for i, (a, w) in enumerate(zip(args, words, strict=True))
            if (a.tainted(SECRET) or _credential(Value((w,))))
            and not (i and (_LOGIN_FLAGS_ANY.match(words[i - 1]) or words[i - 1] in ("-H", "--header")))
            and not AUTH_HEADER.match(w)  # a request's Authorization: the credential of its own API
        ]
        # piped in: a secret, not a response (curl -H "Authorization: ..." URL | python3 reads what came back)
        piped = stdin.tainted(SECRET) and not stdin.tainted(FETCHED) and stdin.qualname != INHERITED
        if files or piped:
            what = ", ".join(files[:3]) if files else "the secrets piped into it"
            self.report("exfiltration", node, f"hands {name} {what} with an address to send to ({url[:60]})")

    def downloaded(self, args: list[Value], words: list[str], target: Value | None) -> None:
        """Remember the file a download writes (``-o FILE``, ``-O FILE``, ``> FILE``) when its host
        is not a known installer host (``indicators.toml``): a line that runs it from a start-up
        file runs what that host serves (:meth:`wrote`)."""
        url = next((w for w in words if w.startswith(("http://", "https://"))), "")
        try:
            host = (urlsplit(url).hostname or "").lower()
        except ValueError:  # a malformed address ("http://[x"): no host to judge
            return
        outputs = {i + 1 for i, w in enumerate(words[:-1]) if w in OUTPUT_FLAGS}
        if not url and any(_FROM_VARIABLE.match(w) for i, w in enumerate(words) if i not in outputs):
            host = "an address its configuration gives"  # "${SEGMENT_HOST}/segments.sh": no host to judge
        if not host or known_host(host, indicators().installer_hosts):
            return
        files = [args[i] for i in sorted(outputs)]
        if target is not None:
            files.append(target)
        for file in files:
            for path in file.strings:
                if path and path != "*" and path != "-":
                    self.fetched[_HOME.sub("~", path)] = host

    def renamed(self, words: list[str]) -> None:
        """``mv "$f.tmp" "$f"``: a downloaded file moved keeps what it holds."""
        paths = [_HOME.sub("~", w) for w in words if not w.startswith("-")]
        if len(paths) == 2 and paths[0] in self.fetched and paths[1] != "*":
            self.fetched[paths[1]] = self.fetched[paths[0]]

    def ran_download(self, node: Any, args: list[Value]) -> None:
        """``. "$f"``: the shell sources a file the script downloaded (the same path, or a script of
        the same name under a variable's or the home folder: a cache the download fills, read back
        elsewhere; or every script of the folder it wrote into). An installer saved and then run
        (``sh install.sh``) is judged by its host, as the same installer piped into a shell is."""
        ran = [_HOME.sub("~", p) for p in args[0].strings if p and p != "*"] if args else []
        for path in ran:
            folder, _, base = path.rpartition("/")
            for fetched, host in self.fetched.items():
                same = (
                    fetched == path
                    or base.endswith(_SCRIPT_SUFFIXES)
                    and "*" not in base
                    and path.startswith(("*", "~", "/"))  # not the skill's own ./install.sh
                    and fetched.rsplit("/", 1)[-1] == base
                    # for f in "$dir"/*.sh: every script of the folder a download wrote into
                    or "*" in base
                    and folder not in ("", "*")
                    and fetched.rpartition("/")[0] == folder
                )
                if same:
                    self.report(
                        "remote-exec",
                        node,
                        f"sources {path}, downloaded from {host}: whatever it serves runs",
                    )
                    return

    def git(self, node: Any, words: list[str]) -> None:
        while words and words[0].startswith("-"):  # git -c credential.helper= -C dir push ...
            words = words[2:] if words[0] in ("-c", "-C") else words[1:]
        pushed = [w for w in words[1:] if not w.startswith("-")][:1] if words[:1] == ["push"] else []
        mirror = any(w in ("--mirror", "--all") for w in words)
        # the address without its user (https://x-access-token:$T@github.com/...: CI's own push)
        bare = re.sub(r"^((?:https?|ssh)://)[^/@\s]*@(?=[^/@\s]+)", r"\1", pushed[0]) if pushed else ""
        forge = bool(_FORGE.search(bare))
        if (
            pushed
            and re.match(r"(https?|ssh|git)://|git@", pushed[0])
            # a script's push to an address it spells out; a whole mirror of the repository even to a
            # forge; a guide's pushes (a migration, its own server) only as a whole mirror elsewhere
            and (mirror and not (self.markdown and forge) or not forge and not self.markdown)
        ):
            what = " every branch and tag of" if mirror else ""
            self.report(
                "exfiltration", node, f"pushes{what} the repository to an address the script spells out"
            )
            return
        if (
            words[:2] == ["remote", "add"]
            and len(words) >= 4
            and re.match(r"(https?|ssh|git)://|git@", words[3])
            and not (self.markdown and _FORGE.search(words[3]))
            and not _users_own_repository(words[3])
        ):
            self.remotes.add(words[2])
        elif words[:1] == ["push"] and any(w in self.remotes for w in words[1:]):
            self.report("exfiltration", node, "pushes the repository to a remote the script added")
        elif words[:1] == ["clone"]:
            rest = _operands(words[1:], _CLONE_VALUED)  # git clone --depth 1 -b main URL DIR
            if rest and re.match(r"(https?|ssh|git)://|git@", rest[0]) and not _users_own_repository(rest[0]):
                folder = (
                    rest[1] if len(rest) > 1 else rest[0].rstrip("/").rsplit("/", 1)[-1].removesuffix(".git")
                )
                self.cloned[_HOME.sub("~", folder).rstrip("/")] = rest[0]
        elif words[:1] == ["config"]:
            rest = [w for w in words[1:] if not w.startswith("-")]
            everywhere = any(w in ("--global", "--system") for w in words)
            clone = self.cloned.get(_HOME.sub("~", rest[1]).rstrip("/"), "") if len(rest) >= 2 else ""
            if len(rest) >= 2 and rest[0].lower() == "core.hookspath" and everywhere and clone:
                self.report(
                    "persistence",
                    node,
                    f"sets git's global hooks to a clone of {clone[:60]}: whatever that repository holds "
                    "runs on every commit and push, in every repository",
                )
                return
            sends = self._hook_that_sends(rest[1]) if len(rest) >= 2 and everywhere else None
            if rest and rest[0].lower() == "core.hookspath" and sends:
                self.report(
                    "persistence",
                    node,
                    f"sets git's global hooks to the skill's {sends}, which sends data to a web address: "
                    "it runs on every push or commit, in every repository the user has",
                )
                return
            if len(rest) >= 2 and GIT_RUNS.match(rest[0]):
                runs = rest[1] if RUNS_FETCHED.search(rest[1]) else self._fetches_and_runs(rest[1])
                if runs:
                    self.report(
                        "persistence",
                        node,
                        f"sets git's {rest[0]} to {runs}, which fetches a script and runs it: git runs "
                        "it by itself (on every status, commit or push, in every repository if global)",
                    )

    def _hook_that_sends(self, folder: str) -> str | None:
        """The skill's git hook (``hooks/pre-push``) in the folder a hooks path names, or installed
        there, when it sends data out (a request with a body, a push, a copy to another host): a
        notifier that posts what is pushed, every time (one that only downloads is judged by what it
        does with the download)."""
        folder = _HOME.sub("~", folder).rstrip("/")
        named = [
            folder,
            *(f for where, files in self.installed.items() if where.startswith(f"{folder}/") for f in files),
        ]
        names = {n.rstrip("/").rsplit("/", 1)[-1] for n in named if n and n != "*"}
        names |= {re.sub(r"\.(?:sh|bash)$", "", n) for n in names}
        for relpath, text in sorted(self.skill.items()):
            stem = re.sub(r"\.(?:sh|bash)$", "", relpath)  # hooks/pre-push.sh, installed as pre-push
            parts = stem.split("/")
            if HOOK_FILE.search(stem) and names & {parts[-1], *parts[-2:-1]} and _sends_data(text):
                return relpath
        return None

    def _fetches_and_runs(self, value: str) -> str | None:
        """The skill's file a path names, or that the script installed there, when that file
        fetches a script and runs it (``curl ... | sh``)."""
        value = _HOME.sub("~", value)
        named = [value, *self.installed.get(value, [])]
        names = {n.rstrip("/").rsplit("/", 1)[-1] for n in named if n and n != "*"}
        for relpath, text in sorted(self.skill.items()):
            parts = relpath.split("/")  # the file, or the folder a hooks path names
            if names & {parts[-1], *parts[-2:-1]} and (RUNS_FETCHED.search(text) or _runs_a_download(text)):
                return relpath
        return None

    def wrote(self, node: Any, target: Value, content: Value, appending: bool) -> None:
        texts = content.strings
        if content.tainted(FETCHED):  # pins=$(curl ...); printf '%s' "$pins" > f: f holds the download
            for path in target.strings:
                if path and path not in ("*", "-") and not path.startswith("/dev/"):
                    self.fetched.setdefault(_HOME.sub("~", path), "the web")
        for text in texts:  # a configuration the script writes (pip.conf, .npmrc): its index
            self.indexes(node, text)
        for where in target.strings:  # a Docker daemon's configuration: its registry mirrors
            if where.endswith("daemon.json"):
                for text in texts:
                    for found in image_findings("daemon.json", text):
                        self.report("untrusted-index", node, found.why)
        for where in target.strings:
            startup = STARTUP_FILE.search(where) or HOOK_FILE.search(where)
            # a guide's `eval "$(brew shellenv)"` line is the installer's own advice: there, only a
            # download or a decoded blob counts
            judge = _FETCHES_ONLY if self.markdown else FETCHES_OR_DECODES
            fetches = content.tainted(FETCHED, DECODED) or any(judge.search(t) for t in texts)
            networked = HOOK_FILE.search(where) and any(NETWORK_COMMAND.search(t) for t in texts)
            if startup and (fetches or networked):
                self.report(
                    "persistence", node, f"writes a command that fetches, decodes or sends into {where}"
                )
                return
            said = " ".join(_HOME.sub("~", t) for t in texts)
            run = next(
                (
                    f
                    for f in self.fetched
                    if startup and "/" in f and re.search(rf"(?<![\w.~/-]){re.escape(f)}(?![\w.-])", said)
                ),
                None,
            )  # a path the line names, whole (a bare name is looked up on PATH: whose, the line does not say)
            if run is not None:
                self.report(
                    "persistence",
                    node,
                    f"writes a line that runs {run}, downloaded from {self.fetched[run]}, into {where}: "
                    "every new shell runs what that host served",
                )
                return
            if content.tainted(SECRET) and where != "*":
                self.secret_files.add(where)
