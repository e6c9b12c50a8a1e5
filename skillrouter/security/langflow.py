"""Go, Ruby, PHP and Rust in a skill read as code: secrets followed to what sends them out.

Skills ship helpers in these languages too (a Go CLI, a Rakefile's Ruby, a WordPress plugin, a
Cargo ``build.rs`` that runs at compile time), and the regex rules see a credential path and a
network call in them only as words. Each file is parsed with its tree-sitter grammar (nothing
runs) and walked in order, twice (a function defined above its caller sees the caller's values
on the second pass), with one flow engine for the four languages:

- **Values**: a variable holds the strings and taint of what was assigned to it (``:=``, ``=``,
  ``let``, a ``for``/``range`` over a list: each element); names are the file's, not a
  function's (a helper's parameter named as the caller's variable is followed; two unrelated
  variables of one name are joined, which only ever adds flows). A call that is handed a secret
  taints the variable it writes into: its receiver and its first argument (``buf.Write(b)``,
  ``fmt.Fprintf(&buf, ..., b)``).
- **Sources** (secret): a read of a file (``os.ReadFile``, ``File.read``, ``file_get_contents``,
  ``fs::read_to_string`` ...) whose path, from its strings joined (``filepath.Join(home, ".aws",
  "credentials")``), names a credential store (:data:`~skillrouter.security.pyflow.CREDENTIAL_STORE`:
  the same list as Python's); the whole environment (``os.Environ()``, ``env::vars()``,
  ``ENV.to_h``, ``ENV.each``, ``getenv()``, ``$_ENV``). One named variable is not: it is how a
  program is given its key, and sending it to its API is the point.
- **Sinks** (``exfiltration``): a call that sends (HTTP clients' posts and requests, SMTP, a
  socket opened by the code and written to) given a secret, directly or in what was built from it.

A file whose walk passes :data:`STEPS` nodes (deeply nested definitions are walked again where
they are evaluated) reports what was found by then. The findings are the sink's line, with why;
:mod:`.pyflow` and :mod:`.jsflow` are the deeper readers of Python and JavaScript.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from skillrouter.security.findings import Finding
from skillrouter.security.pyflow import CREDENTIAL_STORE, flow_findings
from skillrouter.security.tree import node_text, parser
from skillrouter.security.view import PROGRAM_LANGUAGES

__all__ = ["code_flow_findings", "language_of"]


@dataclass(frozen=True)
class _Grammar:
    assignments: Mapping[str, tuple[str, str]]  # node type -> (target field, value field)
    calls: frozenset[str]
    identifiers: frozenset[str]
    functions: frozenset[str]  # definitions: what they return is held under their name
    returns: frozenset[str]
    tail_returns: bool = False  # the body's last expression is returned (Ruby, Rust)


_GRAMMARS = {
    "go": _Grammar(
        {
            "short_var_declaration": ("left", "right"),
            "assignment_statement": ("left", "right"),
            "var_spec": ("name", "value"),
            "range_clause": ("left", "right"),
        },
        frozenset({"call_expression"}),
        frozenset({"identifier"}),
        frozenset({"function_declaration", "method_declaration"}),
        frozenset({"return_statement"}),
    ),
    "ruby": _Grammar(
        {
            "assignment": ("left", "right"),
            "operator_assignment": ("left", "right"),
            "for": ("pattern", "value"),
        },
        frozenset({"call", "method_call"}),
        frozenset({"identifier", "instance_variable", "constant"}),
        frozenset({"method", "singleton_method"}),
        frozenset({"return"}),
        tail_returns=True,
    ),
    "php": _Grammar(
        {"assignment_expression": ("left", "right"), "augmented_assignment_expression": ("left", "right")},
        frozenset(
            {
                "function_call_expression",
                "member_call_expression",
                "scoped_call_expression",
                "object_creation_expression",
            }
        ),
        frozenset({"variable_name"}),
        frozenset({"function_definition", "method_declaration"}),
        frozenset({"return_statement"}),
    ),
    "rust": _Grammar(
        {
            "let_declaration": ("pattern", "value"),
            "let_condition": ("pattern", "value"),  # if let Ok(s) = fs::read_to_string(p)
            "assignment_expression": ("left", "right"),
            "for_expression": ("pattern", "value"),
        },
        frozenset({"call_expression", "macro_invocation"}),
        frozenset({"identifier"}),
        frozenset({"function_item"}),
        frozenset({"return_expression"}),
        tail_returns=True,
    ),
}

# the last part of a call's name that reads a file
_READ = re.compile(
    r"(?:^|[.:>\s])(?:ReadFile|ReadAll|Open|OpenFile|read|readlines|binread|read_to_string|read_to_end"
    r"|file_get_contents|fopen|file|readfile|load_file)$"
)
# the whole environment (one named variable is how a program is given its key, not a leak)
_ALL_ENV = re.compile(
    r"^(?:os\.Environ|(?:std::)?env::vars(?:_os)?|ENV(?:\.(?:to_h|to_hash|to_a|each|select|filter|filter_map"
    r"|each_pair|map))?|getenv)$"
)
_ALL_ENV_VARIABLE = "$_ENV"  # PHP's
# a call that sends what it is given
_SEND = re.compile(
    r"(?:^|[.:])(?:Post|PostForm|NewRequest|NewRequestWithContext|Do|SendMail|post|post_form|put|patch"
    r"|request|send_message|sendmail|mail|deliver|curl_setopt|curl_setopt_array|wp_remote_post|send"
    r"|body|json|form|multipart|upload|upload_file|put_object)$"
)
# a call that opens a connection: what is written to it leaves the machine
_CONNECT = re.compile(
    r"(?:^|[.:])(?:Dial|DialTimeout|DialTCP|DialUDP|connect|fsockopen|stream_socket_client|socket_connect"
    r"|open_socket)$|TCPSocket\.(?:new|open)$|UDPSocket\.new$|Net::SMTP\.start$|Net::HTTP\.start$"
)
_WRITE_TO = re.compile(
    r"(?:^|[.:>])(?:Write|WriteString|write|write_all|puts|print|fwrite|fputs|socket_write|send)$"
)
# a call that makes a writer over what it is handed: what is written to the writer goes there
_WRAPS = re.compile(
    r"(?:^|[.:])(?:New\w*Writer|NewEncoder|NewWriter\w*|new_writer|BufWriter::new|GzEncoder::new)$"
)
# a call that writes what it is given into its first argument (``fmt.Fprintf(buf, ...)``, ``append(xs, x)``)
_WRITES_FIRST = re.compile(
    r"(?:^|[.:>])(?:Fprint\w*|Copy|append|array_push|array_merge|extend|push|push_str|insert|concat|merge)$"
)
_NETWORK_NAME = re.compile(
    r"\b(?:http|https|smtp|net|reqwest|ureq|curl|Net::|RestClient|HTTParty|Faraday|Guzzle)|wp_remote_|curl_",
    re.IGNORECASE,
)

# a target that is an element or field of a variable (data["b"] = x, req.body = y): it adds to the variable
_ELEMENTS = frozenset(
    {
        "element_reference",
        "index_expression",
        "subscript_expression",
        "selector_expression",
        "field_expression",
        "member_access_expression",
        "call",
    }
)
SECRET = "secret"
CONNECTION = "connection"


@dataclass(frozen=True)
class _Value:
    strings: tuple[str, ...] = ()
    taint: frozenset[str] = frozenset()
    aliases: frozenset[str] = (
        frozenset()
    )  # variables a writer made over them writes into (gzip.NewWriter(&buf))

    def join(self, other: _Value) -> _Value:
        return _Value(self.strings + other.strings, self.taint | other.taint, self.aliases | other.aliases)


_NOTHING = _Value()


def language_of(relpath: str) -> str | None:
    path = PurePosixPath(relpath)
    if path.name in ("Rakefile", "Gemfile"):
        return "ruby"
    return PROGRAM_LANGUAGES.get(path.suffix.lower())


def code_flow_findings(texts: Mapping[str, str]) -> list[Finding]:
    """The flows of a skill's Go, Ruby, PHP and Rust files (relative path -> text; others are
    ignored)."""
    out: list[Finding] = []
    for relpath, text in sorted(texts.items()):
        language = language_of(relpath)
        if language is None:
            continue
        root = parser(language).parse(text.encode("utf-8", "replace")).root_node
        walker = _Walker(_GRAMMARS[language])
        try:
            for _ in range(2):
                walker.found.clear()
                walker.visit(root)
        except (RecursionError, _OutOfSteps):
            pass  # a file too deep or too large to follow: what was found by then is reported
        out += flow_findings(relpath, text, walker.found)
    return out


def _strings(node: Any) -> list[str]:
    """The string literals under ``node``, their quotes dropped."""
    out = []
    stack = [node]
    while stack:
        n = stack.pop()
        kind = n.type
        if kind in ("string_content", "string_value", "interpreted_string_literal_content") or (
            kind == "raw_string_literal" and n.child_count == 0
        ):
            out.append(node_text(n))
            continue
        if kind in ("interpreted_string_literal", "raw_string_literal") and not n.named_children:
            out.append(node_text(n).strip('"`'))
            continue
        stack.extend(reversed(n.children))
    return out


class _OutOfSteps(Exception):
    """The walk of one file took more than :data:`STEPS` steps (a definition nested in a block in a
    definition... is walked again where it is evaluated)."""


STEPS = 200_000
"""Nodes one file's two passes may visit (a 2,000-line program takes about 20,000)."""


class _Walker:
    def __init__(self, grammar: _Grammar) -> None:
        self.steps = 0
        self.grammar = grammar
        self.env: dict[str, _Value] = {}
        self.found: list[tuple[str, int, str]] = []
        self.packages: set[str] = set()  # Go's imported package names: never a variable written into

    def _step(self) -> None:
        self.steps += 1
        if self.steps > STEPS:
            raise _OutOfSteps

    def visit(self, node: Any) -> None:
        self._step()
        kind = node.type
        if kind == "import_spec":
            path = node.child_by_field_name("path")
            alias = node.child_by_field_name("name")
            self.packages.add(
                node_text(alias) if alias is not None else node_text(path).strip('"').split("/")[-1]
            )
            return
        if kind in self.grammar.functions:
            self.function(node)
            return
        if kind in self.grammar.assignments:
            target_field, value_field = self.grammar.assignments[kind]
            target = node.child_by_field_name(target_field)
            value = node.child_by_field_name(value_field)
            if value is not None:
                got = self.value(value)
                if target is not None:
                    # a loop's variable takes every element; data["b"] = x, meta[k] = v add to what it held
                    adds = (
                        kind.startswith(("for", "range", "augmented", "operator")) or target.type in _ELEMENTS
                    )
                    for name in self._names(target):
                        self.env[name] = self.env.get(name, _NOTHING).join(got) if adds else got
            for child in node.named_children:  # a loop's body, an if-let's block
                if child not in (target, value):
                    self.visit(child)
            return
        if kind in self.grammar.calls:
            self.value(node)
            return
        for child in node.named_children:
            self.visit(child)

    def function(self, node: Any) -> None:
        """Walk a definition's body, then hold what it returns under its name (a call of it, or
        Ruby's bare name, reads that)."""
        body = node.child_by_field_name("body")
        name = node.child_by_field_name("name")
        if body is None:
            return
        self.visit(body)
        returned = _NOTHING
        stack = [body]
        while stack:
            n = stack.pop()
            if n.type in self.grammar.returns:
                returned = returned.join(self.value(n))
            elif n.type not in self.grammar.functions:
                stack.extend(n.named_children)
        if self.grammar.tail_returns and body.named_children:
            last = body.named_children[-1]
            if last.type != "expression_statement" or body.type != "block":
                returned = returned.join(self.value(last))
        if name is not None:
            self.env[node_text(name)] = returned

    def _names(self, target: Any) -> list[str]:
        if target.type in self.grammar.identifiers:
            return [node_text(target)]
        out = []
        for child in target.named_children:
            out += self._names(child)
        return out

    def value(self, node: Any) -> _Value:
        self._step()
        kind = node.type
        if kind in self.grammar.identifiers:
            name = node_text(node)
            if name in self.env:
                return self.env[name]
            return _Value((), frozenset({SECRET})) if name == _ALL_ENV_VARIABLE else _NOTHING
        if kind in self.grammar.calls:
            return self.call(node)
        if kind in self.grammar.assignments:
            self.visit(node)
            return _NOTHING
        strings = (
            tuple(_strings(node))
            if kind
            in (
                "string",
                "interpreted_string_literal",
                "raw_string_literal",
                "string_literal",
                "encapsed_string",
            )
            else ()
        )
        out = _Value(strings)
        for child in node.named_children:
            out = out.join(self.value(child))
        return out

    def call(self, node: Any) -> _Value:
        arguments = node.child_by_field_name("arguments")
        if arguments is None and node.type == "macro_invocation":
            arguments = next((c for c in node.named_children if c.type == "token_tree"), None)
        start = arguments.start_byte if arguments is not None else node.end_byte
        name = bytes(node.text or b"")[: start - node.start_byte].decode("utf-8", "replace").strip()
        name = re.sub(r"\s+", "", name).rstrip("(!")
        args = self.value(arguments) if arguments is not None else _NOTHING
        receiver = _NOTHING
        for field in ("receiver", "object", "function"):
            part = node.child_by_field_name(field)
            # a method's object, or a function that is an expression itself (a.b, x::y), not a bare name
            if part is not None and (field != "function" or part.type not in self.grammar.identifiers):
                receiver = receiver.join(self.value(part))
        if node.type == "scoped_call_expression" or "::" in name or "." in name:
            head = re.split(r"\.|::|->", name)[0]
            receiver = receiver.join(self.env.get(head, _NOTHING))
        block = node.child_by_field_name("block")  # Ruby's do ... end / { ... } handed to the call
        if block is not None:
            self.visit(block)
        given = args.join(receiver)
        defined = self.env.get(re.split(r"\.|::|->", name)[-1]) if name else None
        line = int(node.start_point[0]) + 1
        if SECRET in given.taint and (
            _SEND.search(name)
            and (_NETWORK_NAME.search(name) or CONNECTION in receiver.taint or self._networked(name))
            or (_WRITE_TO.search(name) and CONNECTION in receiver.taint)
        ):
            self.found.append(
                (
                    "exfiltration",
                    line,
                    f"sends secrets (a credential store's contents or the environment) out through {name}()",
                )
            )
        taint: set[str] = set()
        if _READ.search(name) and any(CREDENTIAL_STORE.search(s) for s in self._paths(given.strings)):
            taint.add(SECRET)
        if _ALL_ENV.search(name) and not args.strings:
            taint.add(SECRET)
        if _CONNECT.search(name):
            taint.add(CONNECTION)
        if SECRET in args.taint:  # what is handed a secret holds it: its receiver, its first argument
            self._taint_written(node, arguments, name)
        over = frozenset(self._argument_names(arguments)) if _WRAPS.search(name) else frozenset()
        out = _Value(given.strings, frozenset(taint) | (given.taint - {CONNECTION}), over)
        return out.join(defined) if defined is not None else out

    def _argument_names(self, arguments: Any) -> list[str]:
        """The variables handed to a call, plainly or by reference (``&buf``)."""
        names = []
        for a in arguments.named_children if arguments is not None else ():
            if a.type in ("unary_expression", "reference_expression", "argument") and a.named_children:
                a = a.named_children[-1]
            if a.type in self.grammar.identifiers:
                names.append(node_text(a))
        return names

    def _networked(self, name: str) -> bool:
        """Whether the object a method is called on came from a network library (``client.Do``)."""
        head = re.split(r"\.|::|->", name)[0]
        return bool(head) and bool(_NETWORK_NAME.search(head))

    def _taint_written(self, node: Any, arguments: Any, called: str) -> None:
        for field in ("receiver", "object"):
            part = node.child_by_field_name(field)
            if part is not None and part.type in self.grammar.identifiers:
                self._add(node_text(part))
        function = node.child_by_field_name("function")
        if function is not None and function.type in ("selector_expression", "field_expression"):
            operand = function.child_by_field_name("operand") or function.child_by_field_name("value")
            if operand is not None and operand.type in self.grammar.identifiers:
                self._add(node_text(operand))
            elif operand is not None and operand.type in self.grammar.calls:  # json.NewEncoder(zw).Encode(x)
                for name in self._argument_names(operand.child_by_field_name("arguments")):
                    self._add(name)
        if arguments is not None and arguments.named_children and _WRITES_FIRST.search(called):
            first = arguments.named_children[0]
            if first.type in ("unary_expression", "reference_expression", "argument"):
                first = first.named_children[-1] if first.named_children else first
            if first.type in self.grammar.identifiers:
                self._add(node_text(first))

    def _add(self, name: str, depth: int = 0) -> None:
        if name in self.packages or name[:1].isupper() and name.isidentifier() and name == name.upper():
            return
        held = self.env.get(name, _NOTHING)
        self.env[name] = _Value(held.strings, held.taint | {SECRET}, held.aliases)
        for alias in held.aliases if depth < 4 else ():
            self._add(alias, depth + 1)

    @staticmethod
    def _paths(strings: tuple[str, ...]) -> list[str]:
        """The strings alone and joined as a path (``Join(home, ".aws", "credentials")``)."""
        return [*strings, "/".join(s.strip("/") for s in strings)]
