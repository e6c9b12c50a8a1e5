"""JavaScript and TypeScript in a skill read as code: :mod:`.pyflow`'s flows, for Node.

Each ``.js``/``.mjs``/``.cjs``/``.ts``/``.tsx`` file is parsed with tree-sitter (nothing runs) and
followed the way :mod:`.pyflow` follows Python, within the file, and across the skill's files
through what each file's functions return and send (a helper another file imports is known by
its summary: ``import { loadHints } from "./hints.js"`` handed a secret that ``loadHints`` posts):

- **Strings are folded**: literals, template strings, ``+``, ``.join``, ``split("").reverse()``,
  ``String.fromCharCode``, ``Buffer.from(s, "base64"|"hex")``, ``atob``, ``path.join``,
  ``os.homedir()`` and ``process.env.HOME``, names bound to any of those.
- **Names are resolved**: ``require`` (also with a folded name) and ``import``, ``new``, objects
  made by a module (``https.request(...)``, ``new WebSocket(...)``, ``nodemailer.createTransport()``).
- **Taint** starts at a credential store's file (``fs.readFileSync`` and kin on a folded path), the
  whole environment (``process.env`` used as a whole: ``JSON.stringify(process.env)``,
  ``{...process.env}``, ``Object.entries(process.env)``; ``process.env.API_KEY`` is one setting),
  a token-printing command; it follows assignments, objects, arrays, template strings, encodings,
  the file's own functions and the callbacks a call is given (a network response's handler
  receives what was fetched).
- **Sinks** are :mod:`.pyflow`'s: network sends (``fetch``, ``axios``, ``http(s).request`` and
  their ``write``/``end``, sockets, websockets, mail, DNS lookups of built names, network commands
  run with it), running fetched or decoded code (``eval``, ``new Function``, ``vm``, a shell), and
  fetching commands written into start-up, scheduler, agent-instruction or package files.

A file that does not parse is left to the regex rules; conditions are not evaluated.
"""

from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from skillrouter.security.findings import Finding
from skillrouter.security.indicators import TOKEN_TAINT, loopback, token_sent_elsewhere, token_taint
from skillrouter.security.pyflow import (
    CREDENTIAL_COMMAND,
    DECODED,
    FETCHED,
    FETCHES_OR_DECODES,
    INTERPRETER,
    NETWORK_COMMAND,
    SCHEDULER_COMMAND,
    SECRET,
    STARTUP_FILE,
    UNKNOWN,
    Value,
    _as_credential,
    _auth_slot,
    _concat,
    _credential,
    _decode_blob,
    _join,
    _looked_up,
    _params_in,
    _startup,
    _what,
    flow_findings,
    untrusted_index_written,
)
from skillrouter.security.tree import node_text as _text
from skillrouter.security.tree import parser
from skillrouter.security.view import kind_of

__all__ = ["is_page", "is_script", "page_findings", "script_findings"]

SUFFIXES = (".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx")
NETWORK = (
    "fetch",
    "axios",
    "node-fetch",
    "got",
    "superagent",
    "request",
    "undici",
    "http.",
    "https.",
    "http2.",
    "net.",
    "tls.",
    "dgram.",
    "ws",
    "WebSocket",
    "nodemailer",
    "XMLHttpRequest",
    "navigator.sendBeacon",
)
DNS = ("dns.resolve", "dns.lookup", "dns.promises.resolve", "dns.promises.lookup", "dns/promises.")
SHELL: tuple[str, ...] = (
    "child_process.exec",
    "child_process.execSync",
    "child_process.spawn",
    "child_process.spawnSync",
)
SHELL += ("child_process.execFile", "child_process.execFileSync", "execa", "shelljs.exec")
EXEC = (  # import(): a module from a data: URL or a URL runs as code
    "eval",
    "Function",
    "import",
    "vm.runInNewContext",
    "vm.runInThisContext",
    "vm.runInContext",
    "vm.Script",
)
READS: tuple[str, ...] = (
    "fs.readFileSync",
    "fs.readFile",
    "fs.promises.readFile",
    "fs/promises.readFile",
    "fs.createReadStream",
)
READS += (
    "fs.readdirSync",
    "fs.readdir",
    "fs.copyFileSync",
    "fs.cpSync",
    "fs.promises.readdir",
    "fs/promises.readdir",
)
WRITES: tuple[str, ...] = (
    "fs.writeFileSync",
    "fs.appendFileSync",
    "fs.writeFile",
    "fs.appendFile",
    "fs.promises.writeFile",
)
WRITES += ("fs.promises.appendFile", "fs/promises.writeFile", "fs/promises.appendFile")
WRITE_STREAM = "#write-stream"  # fs.createWriteStream(path): what is piped into it is written to path
DECODES = ("atob", "zlib.inflateSync", "zlib.gunzipSync", "zlib.brotliDecompressSync", "zlib.inflateRawSync")
HOME = (
    "os.homedir",
    "process.env.HOME",
    "process.env.USERPROFILE",
    "process.env.APPDATA",
    "process.env.LOCALAPPDATA",
)


def is_script(relpath: str) -> bool:
    return relpath.lower().endswith(SUFFIXES)


def script_findings(texts: Mapping[str, str]) -> list[Finding]:
    """The flows of a skill's JavaScript and TypeScript files (relative path -> text), read
    together: a function one file imports from another (``import { send } from "./net.js"``,
    ``require("./net")``) is known by what it returns and sends once every file is summarised."""
    flows: dict[str, _Flow] = {}
    for relpath, text in sorted(texts.items()):
        if not is_script(relpath) and kind_of(relpath, text) != "javascript":
            continue
        suffix = PurePosixPath(relpath).suffix.lower()
        grammar = (
            "tsx" if suffix == ".tsx" else "typescript" if suffix in (".ts", ".mts", ".cts") else "javascript"
        )
        root = parser(grammar).parse(text.encode("utf-8", "replace")).root_node
        if root.has_error and root.named_child_count < 2:
            continue  # not script at all (a template, minified garbage): the regex rules read it
        flows[relpath] = _Flow(root, relpath=relpath)
    skill = {_without_suffix(relpath): flow for relpath, flow in flows.items()}
    read: dict[str, _Flow] = dict(flows)
    fetched_paths: set[str] = set()  # files the skill's scripts wrote what they fetched into
    for flow in flows.values():
        flow.skill = skill
        flow.fetched_paths = fetched_paths
    for _ in range(3):  # until no file's summaries change: a helper of a helper of another file
        before = _summaries(read)
        for relpath, flow in list(read.items()):
            try:
                flow.summarise()
            except RecursionError:
                del read[relpath]  # a script too deep to walk is left to the regex rules
        if _summaries(read) == before:
            break
    out: list[Finding] = []
    for relpath, flow in read.items():
        try:
            flow.report_all()
        except RecursionError:
            flow.found.clear()
    for relpath, flow in read.items():
        out += flow_findings(relpath, texts[relpath], flow.found)
    return out


def _summaries(flows: Mapping[str, _Flow]) -> list[tuple[Any, ...]]:
    return [
        (f.returns, f.returns_strings, f.passes, frozenset(f.sends))
        for flow in flows.values()
        for f in flow.functions.values()
    ]


def _without_suffix(relpath: str) -> str:
    path = PurePosixPath(relpath)
    return str(path.with_suffix("")) if path.suffix.lower() in SUFFIXES else str(path)


def _resolve(relpath: str, spec: str) -> str:
    """The path, without suffix, a relative import of ``relpath`` names (``./hints.js``)."""
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(relpath), spec))
    return _without_suffix(joined)


PAGE_SUFFIXES = (".html", ".htm", ".xhtml", ".svg")
_SCRIPT_BLOCK = re.compile(r"<script\b[^>]*>(.*?)</script\s*>", re.IGNORECASE | re.DOTALL)
_HANDLER = re.compile(r"""\son[a-z]+\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.IGNORECASE)
LOCAL = "#local"  # marks a request object made for this machine (see call)
# what a page's script can read of the browser that the user's sessions live in
BROWSER_STORES = frozenset({"localStorage", "sessionStorage", "indexedDB"})


def is_page(relpath: str) -> bool:
    return relpath.lower().endswith(PAGE_SUFFIXES)


def page_script(text: str) -> str | None:
    """The scripts of an HTML or SVG page (``<script>`` blocks and ``on...=`` handler attributes) as
    one JavaScript text, each at its own lines and everything else blank (None: it has none)."""
    lines = [""] * (text.count("\n") + 1)
    found = False

    def put(code: str, at: int) -> None:
        for i, line in enumerate(code.split("\n")):
            lines[at + i] = f"{lines[at + i]};{line}" if lines[at + i] else line

    for m in _SCRIPT_BLOCK.finditer(text):
        put(m.group(1), text.count("\n", 0, m.start(1)))
        found = True
    for m in _HANDLER.finditer(text):
        put(
            html.unescape(m.group(1) if m.group(1) is not None else m.group(2)),
            text.count("\n", 0, m.start()),
        )
        found = True
    return "\n".join(lines) if found else None


def page_findings(texts: Mapping[str, str]) -> list[Finding]:
    """The flows of the scripts in a skill's HTML and SVG pages, the browser's stores
    (``document.cookie``, ``localStorage``, ``sessionStorage``, ``indexedDB``) counted as secrets: a
    page's script that sends them out is ``active-content`` (a script in an image or a report has no
    business with them)."""
    out: list[Finding] = []
    for relpath, text in sorted(texts.items()):
        if not is_page(relpath):
            continue
        script = page_script(text)
        if script is None:
            continue
        root = parser("javascript").parse(script.encode("utf-8", "replace")).root_node
        flow = _Flow(root, browser=True)
        try:
            flow.run()
        except RecursionError:
            continue
        found = [
            ("active-content" if rule == "exfiltration" else rule, line, why)
            for rule, line, why in flow.found
        ]
        out += flow_findings(relpath, text, found)
    return out


def _line(node: Any) -> int:
    return int(node.start_point[0]) + 1


FUNCTION_TYPES: tuple[str, ...] = (
    "function_declaration",
    "function_expression",
    "arrow_function",
    "method_definition",
)
FUNCTION_TYPES += ("function", "generator_function_declaration", "generator_function")


@dataclass
class _Function:
    node: Any
    params: list[str]
    returns: frozenset[str] = frozenset()
    returns_strings: tuple[str, ...] = ()  # the strings (paths) it returns on its own
    passes: frozenset[int] = frozenset()  # positions of parameters whose data its return carries
    sends: dict[int, tuple[int, str]] = field(default_factory=dict)  # param -> (line, why)


# the key right before a pattern's first capture group (^registry\s*=\s*(\S+), ...\npassword\s*=\s*(\S+))
_REGEX_KEY = re.compile(r"(?:^|[\^\s/:]|\\[ns])([A-Za-z_][\w.-]*)(?:\\s[*+?])?\s*[=:](?:\\s[*+?])?\s*$")


def _captured_keys(pattern: str) -> tuple[str, ...]:
    """The keys whose values a regular expression's capture groups read (empty when a group
    follows no key)."""
    keys: list[str] = []
    start = 0
    for group in re.finditer(r"(?<!\\)\((?!\?)", pattern):
        found = _REGEX_KEY.search(pattern[start : group.start()])
        if found is None:
            return ()
        keys.append(found.group(1))
        start = group.end()
    return tuple(keys)


# a test that picks a configuration file's line by its key: l.startsWith("registry="), /^registry\s*=/
_KEYED_LINE = re.compile(r"""startsWith\(\s*["'`]([\w.@:-]+)\s*=|/\^(?:\\s\*)?([\w.-]+)(?:\\s\*)?=""")
_WIDER_TEST = re.compile(r"\|\||&&|\.includes\(|\.match\(|\.indexOf\(|\.search\(|/\^[^/\n]*\|")
_NEGATED_TEST = re.compile(r"!\s*(?:/\^|[\w.()]*startsWith\()")
_ELEMENTWISE = frozenset({"map", "flatMap", "forEach", "filter", "find", "some", "every", "reduce"})
"""An array's methods that call a function with each element."""


def _params(node: Any) -> list[str]:
    params = node.child_by_field_name("parameters") or node.child_by_field_name("parameter")
    if params is None:
        return []
    if params.type == "identifier":
        return [_text(params)]
    names: list[str] = []
    for p in params.named_children:
        target = p.child_by_field_name("pattern") or p.child_by_field_name("left") or p
        names.append(_text(target) if target.type == "identifier" else f"#{len(names)}")
    return names


class _Flow:
    def __init__(self, root: Any, *, browser: bool = False, relpath: str = "") -> None:
        self.root = root
        self.relpath = relpath
        self.skill: dict[str, _Flow] = {}  # the skill's script files, by path without suffix
        self.browser = browser  # a page's script: the browser's stores are secrets
        self.found: list[tuple[str, int, str]] = []
        self.reporting = False
        self.functions: dict[str, _Function] = {}
        for node in _walk(root):
            name = _function_name(node)
            if name and name not in self.functions:
                body = node if node.type in FUNCTION_TYPES else node.child_by_field_name("value")
                if body is not None and body.type in FUNCTION_TYPES:
                    self.functions[name] = _Function(body, _params(body))
        self.module_env: dict[str, Value] = {}
        # paths a script wrote fetched data into (shared by the skill's files): a read of one is
        # fetched data, a require or a start of one runs what the host served
        self.fetched_paths: set[str] = set()

    def run(self) -> None:
        self.summarise()
        self.report_all()

    def imported_function(self, name: str) -> tuple[_Flow | None, _Function | None]:
        """A function of another file of the skill, as an import names it (``./hints.js.loadHints``
        from ``import { loadHints } from "./hints.js"``), and that file's flow."""
        spec, _, function = name.rpartition(".")
        path = _resolve(self.relpath, spec) if spec else ""
        home = self.skill.get(path) or self.skill.get(f"{path}/index") if path else None
        if home is None or home is self:
            return None, None
        called = home.functions.get(function)
        return (home, called) if called is not None else (None, None)

    def summarise(self) -> None:
        """What each function returns, passes on and sends (the file's run up to reporting)."""
        top = _Scope(self, None, {})
        top.block(self.root)  # imports and constants, for the functions
        self.module_env = top.env
        for _ in range(4):
            before = [
                (f.returns, f.returns_strings, f.passes, frozenset(f.sends)) for f in self.functions.values()
            ]
            for fn in self.functions.values():
                self.function(fn)
            if before == [
                (f.returns, f.returns_strings, f.passes, frozenset(f.sends)) for f in self.functions.values()
            ]:
                break

    def report_all(self) -> None:
        """Walk the file and its functions again, reporting (:meth:`summarise` first)."""
        self.reporting = True
        _Scope(self, None, {}).block(self.root)
        for fn in self.functions.values():
            self.function(fn)

    def function(self, fn: _Function) -> None:
        env = dict(self.module_env)
        for i, name in enumerate(fn.params):
            env[name] = Value(taint=frozenset({f"param:{i}"}))
        scope = _Scope(self, fn, env)
        body = fn.node.child_by_field_name("body")
        if body is None:
            return
        if body.type == "statement_block":
            scope.block(body)
        else:
            scope.returned = scope.value(body)
        fn.returns |= frozenset(t for t in scope.returned.taint if not t.startswith("param:"))
        fn.passes |= _params_in(scope.returned.taint)
        if scope.returned.strings:
            fn.returns_strings = tuple(dict.fromkeys([*fn.returns_strings, *scope.returned.strings]))[:16]

    def report(self, rule: str, node: Any, why: str) -> None:
        if self.reporting:
            self.found.append((rule, _line(node), why))


def _function_name(node: Any) -> str | None:
    if node.type in ("function_declaration", "generator_function_declaration", "method_definition"):
        name = node.child_by_field_name("name")
        return _text(name) if name is not None else None
    if node.type in ("variable_declarator", "pair", "assignment_expression"):
        target = (
            node.child_by_field_name("name")
            or node.child_by_field_name("key")
            or node.child_by_field_name("left")
        )
        value = node.child_by_field_name("value") or node.child_by_field_name("right")
        if target is not None and value is not None and value.type in FUNCTION_TYPES:
            return _text(target).split(".")[-1].strip("'\"")
    return None


def _walk(node: Any) -> Any:
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.named_children))


class _Scope:
    def __init__(self, flow: _Flow, fn: _Function | None, env: dict[str, Value], depth: int = 0) -> None:
        self.flow, self.fn, self.env = flow, fn, env
        self.depth = depth  # how many calls deep a call with known paths was followed into
        self.returned = UNKNOWN
        self.handed: frozenset[str] = frozenset()  # what calls of a callback's parameters were given

    # ------------------------------------------------------------ statements

    def block(self, node: Any) -> None:
        for child in node.named_children:
            self.statement(child)

    def statement(self, node: Any) -> None:
        kind = node.type
        if kind in FUNCTION_TYPES and kind != "arrow_function":
            return  # a function of its own (walked by the flow)
        if kind in ("class_declaration", "class"):
            return
        if kind in ("lexical_declaration", "variable_declaration"):
            for declarator in node.named_children:
                if declarator.type == "variable_declarator":
                    value = declarator.child_by_field_name("value")
                    name = declarator.child_by_field_name("name")
                    if value is not None and value.type in FUNCTION_TYPES and name is not None:
                        self.env[_text(name)] = Value(qualname=f"#fn:{_text(name)}")  # a function of its own
                        continue
                    got = self.value(value) if value is not None else UNKNOWN
                    self.bind(name, got)
            return
        if kind == "import_statement":
            self.imported(node)
            return
        if kind == "return_statement":
            for child in node.named_children:
                self.returned = _join([self.returned, self.value(child)])
            return
        if kind in ("for_in_statement", "for_of_statement"):
            got = self.value(node.child_by_field_name("right"))
            self.bind(node.child_by_field_name("left"), Value(got.strings, None, got.taint))
            body = node.child_by_field_name("body")
            for _ in range(2):
                self.statement(body)
            return
        if kind == "expression_statement":
            for child in node.named_children:
                self.value(child)
            return
        if kind in ("statement_block", "program", "else_clause", "finally_clause", "catch_clause"):
            self.block(node)
            return
        for child in node.named_children:  # if, while, try, switch ... : every part, in order
            if child.type in (
                "statement_block",
                "expression_statement",
                "return_statement",
            ) or child.type.endswith(("_statement", "_declaration", "_clause")):
                self.statement(child)
            else:
                self.value(child)

    def imported(self, node: Any) -> None:
        source = node.child_by_field_name("source")
        module = _module(_text(source).strip("'\"`")) if source is not None else ""
        for clause in node.named_children:
            if clause.type != "import_clause":
                continue
            for part in _walk(clause):
                if (
                    part.type == "identifier"
                    and part.parent is not None
                    and part.parent.type == "import_clause"
                ):
                    self.env[_text(part)] = Value(qualname=module)
                elif part.type == "namespace_import":
                    self.env[_text(part.named_children[-1])] = Value(qualname=module)
                elif part.type == "import_specifier":
                    name = part.child_by_field_name("name")
                    alias = part.child_by_field_name("alias") or name
                    self.env[_text(alias)] = Value(qualname=f"{module}.{_text(name)}")

    def bind(self, target: Any, value: Value) -> None:
        if target is None:
            return
        if target.type in ("identifier", "shorthand_property_identifier_pattern"):
            self.env[_text(target)] = value
        elif target.type == "member_expression":
            key = _text(target)
            self.env[key] = value
            owner = target.child_by_field_name("object")
            if owner is not None and value.taint:
                self.bind(owner, _join([self.value(owner), Value(taint=value.taint)]))
        elif target.type == "subscript_expression":
            owner = target.child_by_field_name("object")
            if owner is not None and value.taint:
                self.bind(owner, _join([self.value(owner), Value(taint=value.taint)]))
        elif target.type in ("object_pattern", "array_pattern"):
            for part in target.named_children:
                inner = part.child_by_field_name("value") or part
                if value.qualname == "process.env" and part.type in (
                    "shorthand_property_identifier_pattern",
                    "pair_pattern",
                    "object_assignment_pattern",
                ):
                    key = part.child_by_field_name("key") or part.child_by_field_name("left") or part
                    # const { TOKEN } = process.env: one setting each
                    self.bind(inner, Value(("*",), None, token_taint(_text(key))))
                    continue
                if part.type == "rest_pattern":  # const { a, ...rest } = process.env: the rest, whole
                    inner = next(iter(part.named_children), part)
                self.bind(inner, Value(taint=value.taint, qualname=_pattern_qualname(value, part)))

    # ------------------------------------------------------------ expressions

    def value(self, node: Any) -> Value:
        if node is None:
            return UNKNOWN
        kind = node.type
        if kind == "string":
            return Value((_text(node)[1:-1],))
        if kind == "template_string":
            parts = []
            for child in node.named_children:
                if child.type == "string_fragment":
                    parts.append(Value((_text(child),)))
                elif child.type == "template_substitution":
                    got = self.value(child.named_children[0]) if child.named_children else UNKNOWN
                    parts.append(Value(got.strings, None, got.taint))
            return _concat(parts) if parts else Value(("",))
        if kind == "number":
            return Value((_text(node),))
        if kind in ("identifier", "shorthand_property_identifier"):  # { src } is { src: src }
            name = _text(node)
            if name in self.env:
                return self.env[name]
            if name in self.flow.functions:
                return Value(qualname=f"#fn:{name}")
            if self.flow.browser and name in BROWSER_STORES:
                return Value((), name, frozenset({SECRET}))
            return Value(qualname=name) if name in _GLOBALS or name in _NODE_MODULES else UNKNOWN
        if kind == "member_expression":
            return self.member(node)
        if kind == "subscript_expression":
            owner = self.value(node.child_by_field_name("object"))
            index = self.value(node.child_by_field_name("index"))
            if owner.qualname == "process.env":
                return Value(("*",))
            # an element of a list of literals may be any of them (L[0], L[i])
            return Value(owner.strings, None, _looked_up(owner.taint, index.strings) | index.taint)
        if kind in ("call_expression", "new_expression"):
            return self.call(node)
        if kind == "binary_expression":
            left, right = (
                self.value(node.child_by_field_name("left")),
                self.value(node.child_by_field_name("right")),
            )
            if _text(node.child_by_field_name("operator") or node)[:1] == "+" or "+" in [
                _text(c) for c in node.children
            ]:
                return _concat([left, right])
            if _text(node.child_by_field_name("operator") or node) in ("||", "??"):
                return _join([left, right])  # process.env.NPMRC || path.join(home, ".npmrc"): either one
            return Value((), None, left.taint | right.taint)
        if kind in ("assignment_expression", "augmented_assignment_expression"):
            right = node.child_by_field_name("right")
            if right is not None and right.type in ("arrow_function", "function_expression", "function"):
                self.callbacks([right], frozenset())  # ws.onopen = () => {...}: a handler, walked here
            got = self.value(right)
            left = node.child_by_field_name("left")
            if kind == "augmented_assignment_expression":
                got = _concat([self.value(left), got])
            self.bind(left, got)
            return got
        if kind in ("arrow_function", "function_expression", "function"):
            return Value(qualname="#literal")
        if kind in ("object", "array"):
            parts = [
                _as_credential(self.value(c))
                if c.type == "pair" and _auth_slot(self.key(c))
                else self.value(c)
                for c in node.named_children
            ]  # a credential in a request's Authorization authenticates it, it is not sent as data
            held = _join(parts)
            return Value(held.strings if kind == "array" else (), None, held.taint)
        if kind in (
            "pair",
            "spread_element",
            "parenthesized_expression",
            "await_expression",
            "as_expression",
        ):
            parts = [self.value(c) for c in node.named_children if c.type != "property_identifier"]
            if kind == "pair":
                parts = parts[-1:]
            return _join(parts) if parts else UNKNOWN
        if kind == "ternary_expression":
            self.value(node.child_by_field_name("condition"))
            return _join(
                [
                    self.value(node.child_by_field_name("consequence")),
                    self.value(node.child_by_field_name("alternative")),
                ]
            )
        parts = [self.value(c) for c in node.named_children]
        taint = frozenset().union(*(p.taint for p in parts)) if parts else frozenset()
        return Value((), None, taint)

    def key(self, pair: Any) -> tuple[str, ...]:
        key = pair.child_by_field_name("key")
        if key is None:
            return ()
        return (
            (_text(key).strip("'\"`"),) if key.type != "computed_property_name" else self.value(key).strings
        )

    def member(self, node: Any) -> Value:
        text = _text(node)
        if text in self.env:
            return self.env[text]
        owner_node = node.child_by_field_name("object")
        prop = _text(node.child_by_field_name("property") or node)
        if owner_node is not None and prop in _GLOBALS and _unwrapped(owner_node) in _GLOBAL_OBJECTS:
            return Value(qualname=prop)  # (globalThis as any).WebSocket
        if text in HOME:
            return Value(("~",))
        if text == "process.env":
            return Value((), "process.env", frozenset({SECRET}))  # the whole environment, as a value
        if self.flow.browser and (text.endswith("document.cookie") or prop in BROWSER_STORES):
            return Value((), text, frozenset({SECRET}))
        if owner_node is not None and _text(owner_node) == "process.env":
            return Value(("*",), None, token_taint(prop))  # one setting (a service's token, named so)
        owner = self.value(owner_node)
        qualname = f"{owner.qualname}.{prop}" if owner.qualname else None
        if owner.qualname == "process.env":
            return Value(("*",), None, token_taint(prop))
        return Value((), qualname, _looked_up(owner.taint, (prop,)))

    def call(self, node: Any) -> Value:
        func_node = node.child_by_field_name("function") or node.child_by_field_name("constructor")
        args_node = node.child_by_field_name("arguments")
        arg_nodes = [] if args_node is None else [a for a in args_node.named_children if a.type != "comment"]
        func = self.value(func_node)
        name = func.qualname or ("import" if func_node is not None and func_node.type == "import" else "")
        method = None
        owner = UNKNOWN
        if func_node is not None and func_node.type == "member_expression":
            method = _text(func_node.child_by_field_name("property") or func_node)
            owner = self.value(func_node.child_by_field_name("object"))
        if args_node is not None and args_node.type == "template_string":  # a tagged template
            arg_nodes = [args_node]
        args = [self.value(a) for a in arg_nodes]
        literal = func_node
        while literal is not None and literal.type == "parenthesized_expression" and literal.named_children:
            literal = literal.named_children[0]
        if literal is not None and literal.type in ("arrow_function", "function_expression", "function"):
            # (async () => { ... })(): a function literal called where it stands runs here, with its arguments
            env = dict(self.env)
            for param, arg in zip(_params(literal), args):
                env[param] = arg
            inner = _Scope(self.flow, self.fn, env, self.depth)
            self.walk_body(inner, literal)
            self.merge(inner)
            return inner.returned
        taint = frozenset().union(*(a.taint for a in args)) if args else frozenset()

        if (
            name in ("require", "import")
            and args
            and self.fetched(args[0])
            and not any(s.endswith(".json") for s in args[0].strings)  # require of JSON parses it
        ):
            self.flow.report("remote-exec", node, "loads as code a file it wrote from what it downloaded")
        if name == "require" and args and args[0].strings:
            return Value(qualname=_module(args[0].strings[0]))
        mapped = self.mapped(func_node, method, arg_nodes)
        if mapped is not None:
            return mapped
        folded = self.fold(name, method, owner, args)
        if folded is not None:
            return folded

        result: Value | None = None
        path = args[0] if args else UNKNOWN
        if (
            name in READS or (method in ("readFileSync", "readFile", "readdirSync") and _is_fs(owner))
        ) and _credential(path):
            result = Value((), None, frozenset({SECRET}))
        elif (name in READS or (method in ("readFileSync", "readFile") and _is_fs(owner))) and self.fetched(
            path
        ):
            result = Value((), None, frozenset({FETCHED}))
        if method == "createWriteStream" and _is_fs(owner) and args:
            return Value(args[0].strings, WRITE_STREAM, frozenset())
        if method == "pipe" and owner.tainted(FETCHED) and args and args[0].qualname == WRITE_STREAM:
            self.flow.fetched_paths.update(p for p in args[0].strings if p and p != "*")  # res.pipe(file)
        if name in SHELL and any(CREDENTIAL_COMMAND.search(s) for a in args for s in a.strings):
            result = Value((), None, frozenset({SECRET}))

        local = name.removeprefix("#fn:") if name.startswith("#fn:") else None
        called = self.flow.functions.get(local or "") if local else None
        if called is None and method and not owner.qualname:
            called = self.flow.functions.get(method)
        home: _Flow | None = None  # the other file of the skill the called function is defined in
        if called is None and name.startswith("."):
            home, called = self.flow.imported_function(name)
            local = name.rsplit(".", 1)[-1]
        each = arg_nodes[0] if method in ("map", "flatMap", "forEach") and arg_nodes else None
        if each is not None and each.type == "identifier" and _text(each) in self.flow.functions:
            # files.map(rc): the function named is called with each element (the list's values)
            local, called = _text(each), self.flow.functions[_text(each)]
            args, arg_nodes = [owner], [func_node.child_by_field_name("object")]
        if (
            called is not None
            and home is None
            and called is not self.fn
            and self.depth < 2
            and any(_credential(a) or _startup(a) for a in args)
        ):
            # a path where secrets live (or a start-up file) handed to a function: its body read with
            # that path and this scope's names (a closure's), so what it does is reported where it does it
            env = dict(self.env)
            for i, param in enumerate(called.params):
                env[param] = args[i] if i < len(args) else UNKNOWN
            inner = _Scope(self.flow, self.fn, env, self.depth + 1)
            self.walk_body(inner, called.node)
            self.merge(inner)
            for param, arg, arg_node in zip(called.params, args, arg_nodes):
                got = inner.env.get(param)
                if got is not None and got.taint - arg.taint:  # walk(path, out): what it put into out
                    self.bind(arg_node, _join([arg, Value(taint=got.taint)]))
            return Value(
                inner.returned.strings, None, inner.returned.taint | (result.taint if result else frozenset())
            )
        if called is not None and called is not self.fn:
            for i, (line, why) in list(called.sends.items()):
                if i < len(args) and args[i].tainted(SECRET):
                    self.flow.report(
                        "exfiltration",
                        node,
                        f"passes {_what(args[i])} to {local or method}(), which sends it out",
                    )
                    if self.flow.reporting:
                        (home or self.flow).found.append(("exfiltration", line, why))
                elif i < len(args):
                    self.remember(
                        args[i], _line(node), f"passes its data to {local or method}(), which sends it out"
                    )
            carried = frozenset().union(*(args[i].taint for i in called.passes if i < len(args)))
            return Value(
                called.returns_strings,
                None,
                called.returns | carried | (result.taint if result else frozenset()),
            )

        if name.startswith("#callback:"):
            self.handed |= taint  # resolve(data): what the callback's caller yields
        if _network(name) and loopback([_unquoted(s) for a in arg_nodes for s in _literals(a)]):
            # a request to this machine (a local gateway, a dev server): nothing it carries leaves it
            self.callbacks(arg_nodes, frozenset())
            return Value((), f"{name}(){LOCAL}", frozenset())
        network = _network(name) or _network_object(owner)
        made = f"{name}()" if network and name else None
        fetched = network and method not in ("write", "end", "send", "sendMail", "emit")
        if method in ("match", "matchAll") and owner.taint and arg_nodes and arg_nodes[0].type == "regex":
            # body.match(/^registry\s*=\s*(\S+)/m): the value of the key the pattern names
            keys = _captured_keys(_text(arg_nodes[0].child_by_field_name("pattern") or arg_nodes[0]))
            if keys:  # a setting only when every group it captures reads one
                return Value((), None, _looked_up(owner.taint, keys))
        if method in ("find", "filter") and owner.taint and arg_nodes:
            # lines.find((l) => l.startsWith("registry=")): the line of the setting the test names
            test = _text(arg_nodes[0])
            keys = tuple(k for found in _KEYED_LINE.findall(test) for k in found if k)
            # !/^registry=/.test(l): every other line; startsWith("registry=") || includes("_authToken"),
            # /^registry=|_authToken/: the token lines too
            if keys and len(keys) == 1 and not _NEGATED_TEST.search(test) and not _WIDER_TEST.search(test):
                self.callbacks(arg_nodes, owner.taint, element=Value(owner.strings, None, owner.taint))
                return Value((), None, _looked_up(owner.taint, keys))
        if method in _ELEMENTWISE and not network:
            # files.map((f) => read(f)): the callback is handed each element (its strings too: a path),
            # and map's result is what the callback returns
            returned = self.callbacks(
                arg_nodes,
                owner.taint,
                element=Value(owner.strings, None, owner.taint),
                reduces=method == "reduce",
            )
            taint |= returned if method in ("map", "flatMap", "reduce") else frozenset()
        else:
            taint |= self.callbacks(arg_nodes, frozenset({FETCHED}) if fetched else owner.taint)
        url = next((s for a in args[:1] for s in a.strings if s.startswith(("http://", "https://"))), None)
        elsewhere = token_sent_elsewhere(taint, url) if network and url else None
        if elsewhere is not None:  # a CI or registry token handed to a host that is not its service's
            self.flow.report("exfiltration", node, f"{elsewhere} (through {name or method}())")
        elif network and method not in ("on", "once", "setTimeout", "destroy", "close", "setHeader"):
            for a in args:
                if self.send(node, a, f"sends {_what(a)} out through {name or method}()"):
                    break
        if any(name.startswith(d) for d in DNS) and args:
            self.send(
                node,
                args[0],
                f"looks up a host name built from {_what(args[0])} (a DNS query carries it out)",
            )
        if name in SHELL or (
            method in ("exec", "execSync", "spawn", "spawnSync") and "child_process" in (owner.qualname or "")
        ):
            self.shell(node, args)
        local_module = (
            name == "import"
            and bool(arg_nodes)
            and _text(arg_nodes[0]).lstrip("`'\"").startswith(("./", "../", "/"))
        )  # import(`./plugins/${name}.js`): one of the skill's own files, whichever a response names
        if (
            (name in EXEC or name == "Function")
            and not local_module
            and args
            and any(a.tainted(FETCHED, DECODED) for a in args)
        ):
            rule = "remote-exec" if any(a.tainted(FETCHED) for a in args) else "obfuscated-exec"
            what = "data fetched from the network" if rule == "remote-exec" else "data decoded at run time"
            self.flow.report(rule, node, f"runs {what}")
        if (
            name in WRITES
            or (method in ("writeFileSync", "appendFileSync", "writeFile", "appendFile") and _is_fs(owner))
        ) and len(args) >= 2:
            self.wrote(node, args[0], args[1])
        if func_node is not None and func_node.type == "member_expression" and not owner.qualname:
            target = func_node.child_by_field_name("object")
            if taint:
                self.bind(target, _join([owner, Value(taint=taint)]))  # an object holds what is put into it
            if method in ("push", "unshift", "add") and any(a.strings for a in args):
                # a list of paths built up: it holds them (walked later by a loop over it)
                self.bind(target, _join([owner, *(Value(a.strings) for a in args)]))
        keep = taint | owner.taint
        if network:  # a response holds what the server sent, not the token the request carried
            keep = frozenset(t for t in keep if not t.startswith(TOKEN_TAINT))
        if fetched and name:
            keep |= {FETCHED}
        if result is not None:
            return Value((), made, keep | result.taint)
        if method in (
            "toString",
            "trim",
            "replace",
            "toLowerCase",
            "toUpperCase",
            "slice",
            "substring",
            "concat",
            "filter",  # [a, b].filter(Boolean): the list's elements
            "sort",
            "reverse",
            "flat",
        ):
            return Value(owner.strings, None, keep)
        return Value(
            (),
            made or (f"{owner.qualname}.{method}()" if owner.qualname and method and network else None),
            keep,
        )

    def mapped(self, func_node: Any, method: str | None, arg_nodes: list[Any]) -> Value | None:
        """``[104, 116, ...].map((c) => String.fromCharCode(c))``: a literal list mapped by a function
        literal, element by element and in order (a name spelled in char codes, then ``join``ed)."""
        if method != "map" or not arg_nodes or func_node is None:
            return None
        items = func_node.child_by_field_name("object")
        callback = arg_nodes[0]
        if (
            items is None
            or items.type != "array"
            or callback.type not in ("arrow_function", "function_expression")
        ):
            return None
        elements = [c for c in items.named_children if c.type != "comment"]
        params = _params(callback)
        if not params or not elements or len(elements) > 256:
            return None
        if any(e.type not in ("number", "string") for e in elements):
            return None
        out: list[str] = []
        for element in elements:
            inner = _Scope(self.flow, self.fn, {**self.env, params[0]: self.value(element)}, self.depth)
            self.walk_body(inner, callback)
            if not inner.returned.strings:
                return None
            out.append(inner.returned.strings[0])
        return Value(tuple(out))

    def fold(self, name: str, method: str | None, owner: Value, args: list[Value]) -> Value | None:
        if name == "String.fromCharCode":
            codes = [_int(a.strings[0]) if a.strings else None for a in args]
            if codes and all(c is not None and 0 <= c < 0x110000 for c in codes):
                return Value(("".join(chr(c) for c in codes if c is not None),))
            return UNKNOWN
        if name in ("path.join", "path.resolve", "path.posix.join", "path.win32.join") and args:
            return _concat([p for a in args for p in (a, Value(("/",)))][:-1])
        if name in HOME:
            return Value(("~",))
        if name in ("Buffer.from", "atob") and args and args[0].strings:
            encoding = (
                args[1].strings[0]
                if len(args) > 1 and args[1].strings
                else ("base64" if name == "atob" else "")
            )
            kind = {
                "base64": "base64.b64decode",
                "hex": "bytes.fromhex",
                "base64url": "base64.b64decode",
            }.get(encoding)
            if kind is None:
                return Value(args[0].strings, None, args[0].taint)
            texts = [t for t in (_decode_blob(kind, s) for s in args[0].strings) if t is not None]
            return Value(tuple(texts), None, frozenset({DECODED}) | args[0].taint)
        if name in DECODES:
            return Value((), None, frozenset({DECODED}) | (args[0].taint if args else frozenset()))
        if method == "join" and owner.strings and not owner.qualname:
            sep = args[0].strings[0] if args and args[0].strings else ","
            return Value((sep.join(owner.strings),), None, owner.taint)
        if method == "reverse" and owner.strings:
            return Value(tuple(reversed(owner.strings)), None, owner.taint)
        if method == "split" and owner.strings and args and args[0].strings == ("",):
            return Value(tuple(owner.strings[0]), None, owner.taint)
        if method == "toString" and owner.tainted(DECODED):
            return Value(owner.strings, None, owner.taint)
        return None

    def callbacks(
        self,
        arg_nodes: list[Any],
        taint: frozenset[str],
        *,
        element: Value | None = None,
        reduces: bool = False,
    ) -> frozenset[str]:
        """The function literals a call is given, walked here (they see this scope's names), their
        parameters holding what the call hands them. Returns what they hand back through a
        parameter that is itself called (a promise's ``resolve(data)``); with ``element`` (an
        array's ``map``/``forEach``...: each element, given to the first parameter), what they return."""
        handed: frozenset[str] = frozenset()
        for arg in arg_nodes:
            if arg.type not in ("arrow_function", "function_expression", "function"):
                continue
            env = dict(self.env)
            for i, name in enumerate(_params(arg)):
                env[name] = Value(qualname=f"#callback:{name}", taint=taint)
            if element is not None and _params(arg):
                env[_params(arg)[1 if reduces and len(_params(arg)) > 1 else 0]] = element
            inner = _Scope(self.flow, self.fn, env, self.depth)
            self.walk_body(inner, arg)
            self.merge(inner)
            handed |= inner.handed | (inner.returned.taint if element is not None else frozenset())
        self.handed |= handed if element is None else frozenset()
        return handed

    @staticmethod
    def walk_body(inner: _Scope, function: Any) -> None:
        body = function.child_by_field_name("body")
        if body is None:
            return
        if body.type == "statement_block":
            inner.block(body)
        else:
            inner.returned = inner.value(body)

    def merge(self, inner: _Scope) -> None:
        """What a walked body put into this scope's names (a closure's writes)."""
        for key, got in inner.env.items():
            if key in self.env and got.taint - self.env[key].taint:
                self.env[key] = _join([self.env[key], got])

    def shell(self, node: Any, args: list[Value]) -> None:
        commands = [s for a in args for s in a.strings]
        words = args
        if len(args) >= 2 and args[0].strings:
            commands.append(" ".join([args[0].strings[0], *(s for s in args[1].strings)]))
            words = [args[0], args[1]]
        if any(NETWORK_COMMAND.search(c) for c in commands):
            for a in words:
                if self.send(node, a, f"runs a network command with {_what(a)} in it"):
                    break
        if any(SCHEDULER_COMMAND.search(c) for c in commands) and any(
            a.tainted(FETCHED, DECODED) or any(FETCHES_OR_DECODES.search(t) for t in a.strings) for a in args
        ):
            self.flow.report("persistence", node, "schedules a command that fetches or decodes")
        program = args[0] if args else UNKNOWN
        inline = len(args) >= 2 and any(INTERPRETER.search(s) for s in program.strings)
        if program.tainted(FETCHED, DECODED) or (inline and args[1].tainted(FETCHED, DECODED)):
            ran = program if program.tainted(FETCHED, DECODED) else args[1]
            rule = "remote-exec" if ran.tainted(FETCHED) else "obfuscated-exec"
            self.flow.report(rule, node, "runs data fetched or decoded at run time in a shell")

    def fetched(self, path: Value) -> bool:
        """Whether ``path`` names a file the skill's scripts wrote fetched data into."""
        return any(p in self.flow.fetched_paths for p in path.strings)

    def wrote(self, node: Any, path: Value, content: Value) -> None:
        if content.tainted(FETCHED):
            self.flow.fetched_paths.update(p for p in path.strings if p and p != "*")
        for where in path.strings:
            fetches = content.tainted(FETCHED, DECODED) or any(
                FETCHES_OR_DECODES.search(t) for t in content.strings
            )
            if STARTUP_FILE.search(where) and fetches:
                self.flow.report(
                    "persistence", node, f"writes a command that fetches or decodes into {where}"
                )
                return
            why = untrusted_index_written(where, content.strings)
            if why is not None:
                self.flow.report("untrusted-index", node, why)
                return

    def send(self, node: Any, value: Value, why: str) -> bool:
        self.remember(value, _line(node), why)
        if value.tainted(SECRET):
            self.flow.report("exfiltration", node, why)
            return True
        return False

    def remember(self, value: Value, line: int, why: str) -> None:
        if self.fn is not None and not self.flow.reporting:
            for t in value.taint:
                if t.startswith("param:"):
                    self.fn.sends.setdefault(int(t.split(":")[1]), (line, why))


_GLOBALS = frozenset(
    {
        "fetch",
        "require",
        "eval",
        "Function",
        "atob",
        "Buffer",
        "String",
        "JSON",
        "Object",
        "WebSocket",
        "XMLHttpRequest",
        "navigator",
        "process",
    }
)


_GLOBAL_OBJECTS = frozenset({"globalThis", "window", "self", "global"})
# Node's modules by their usual names, for a script that uses them without binding them (a snippet,
# a bundle whose requires were hoisted): ``fs.readFileSync`` is the file system's whatever binds it
_NODE_MODULES = frozenset({"fs", "path", "os", "child_process", "https", "http", "net", "dns", "zlib", "vm"})


def _literals(node: Any) -> list[str]:
    """The string literals in an expression (a URL, an options object's ``host``), not those of a
    function literal in it (a callback's)."""
    out, stack = [], [node]
    while stack:
        current = stack.pop()
        if current.type == "string":
            out.append(_text(current))
        elif current.type not in ("arrow_function", "function_expression", "function"):
            stack.extend(current.named_children)
    return out


def _unquoted(text: str) -> str:
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"`" else text


def _unwrapped(node: Any) -> str:
    """An expression's text without the parentheses and TypeScript assertions around it."""
    while node.type in (
        "parenthesized_expression",
        "as_expression",
        "non_null_expression",
        "satisfies_expression",
    ):
        inner = node.named_children[0] if node.named_children else None
        if inner is None:
            break
        node = inner
    return _text(node)


def _int(text: str) -> int | None:
    try:
        return int(text, 0)
    except ValueError:
        return None


def _module(name: str) -> str:
    return name.removeprefix("node:")


def _pattern_qualname(value: Value, part: Any) -> str | None:
    """``const { exec } = require("child_process")``: the name a destructured part stands for."""
    if value.qualname and part.type in ("shorthand_property_identifier_pattern", "pair_pattern"):
        key = part.child_by_field_name("key") if part.type == "pair_pattern" else part
        return f"{value.qualname}.{_text(key)}"
    return None


def _is_fs(owner: Value) -> bool:
    return (owner.qualname or "") in ("fs", "fs/promises", "fs.promises", "fs-extra")


def _network(name: str) -> bool:
    return (
        bool(name)
        and LOCAL not in name
        and (name in NETWORK or name.startswith(tuple(n if n.endswith(".") else f"{n}." for n in NETWORK)))
    )


def _network_object(owner: Value) -> bool:
    q = owner.qualname or ""
    return q.endswith(")") and _network(q.removesuffix("()").split("()")[0])
