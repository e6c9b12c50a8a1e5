"""Go, Ruby, PHP, Rust, Java, Kotlin, C# and Lua in a skill read as code: secrets followed to what
sends them out, and fetched or hidden code to what runs it.

Skills ship helpers in these languages too (a Go CLI, a Rakefile's Ruby, a WordPress plugin or a
generator's ``plugin.php.tpl``, a Cargo ``build.rs`` that runs at compile time, a Gradle
``buildSrc`` plugin, a Maven tool, a .NET console, a Neovim config), and the regex rules see a
credential path and a network call in them only as words. Each file is parsed with its tree-sitter
grammar (nothing runs; a template's ``{{placeholder}}`` is read as a name), and one language's files
are walked together, in order, twice (a function defined above its caller sees the caller's values
on the second pass), with one flow engine for the eight languages (a grammar's table says which
nodes assign, call, define and return; where a grammar names no fields, as Lua's and Kotlin's, the
table names children by position or type: :mod:`.langsyntax`; what each call means, by its name:
:mod:`.lexicon_calls`; this module holds the values, the walk and its sinks):

- **Values**: a variable holds the strings and taint of what was assigned to it (``:=``, ``=``,
  ``let``, a ``for``/``range`` over a list: each element; ``ids[p] = x``: the key and the value). A
  variable is its function's (two functions' ``b`` are two variables; a closure shares its
  function's); one assigned outside a function, or Ruby's ``@x``, is the file's. A call of a
  function the skill defines hands each argument to its parameter by position and, when that gives
  a parameter more than it held, walks the body again: a value is followed into a helper of another
  file and back out through what it returns. A call that is handed a secret taints the variable it
  writes into: its receiver and its first argument (``buf.Write(b)``, ``fmt.Fprintf(&buf, ..., b)``),
  and through a parameter, the caller's variable that was handed to it (``addFile(tw, data)``).
- **Sources** (secret): a read of a file (``os.ReadFile``, ``File.read``, ``file_get_contents``,
  ``fs::read_to_string`` ...) whose path, its strings joined (``filepath.Join(home, ".aws",
  "credentials")``), or a path built where they were, names a credential store
  (:data:`~skillrouter.security.pyflow.CREDENTIAL_STORE`: the same list as Python's; a public half,
  ``id_ed25519.pub``, and ``~/.ssh/config`` are not); the whole environment (``os.Environ()``,
  ``env::vars()``, ``ENV.to_h``, ``ENV.each``, ``getenv()``, ``$_ENV``); WordPress's keys, salts and
  database password (``AUTH_KEY``, ``DB_PASSWORD``). One named variable is not: it is how a program
  is given its key, and sending it to its API is the point.
- **Sinks**: a call that sends (HTTP clients' posts and requests, SMTP, a socket opened by the code
  and written to) or resolves a name (``LookupHost``, ``Resolv.getaddress``, ``dns_get_record``: the
  zone's server reads the labels) given a secret, directly or in what was built from it
  (``exfiltration``); a call that runs code or a command (``eval``, ``instance_eval``, ``system``,
  ``exec.Command``, ``Command::new(..).arg``, ``Runtime.exec``, ``vim.system``, Lua's ``load``)
  given what was read from the network (``remote-exec``), what a web request carries (PHP's
  ``$_COOKIE``, ``$_POST`` ...: a backdoor, ``remote-exec``) or what a decoding call returned
  (``base64_decode``, ``strrev``, also called through a variable whose strings spell its name:
  ``obfuscated-exec``; a JSON or YAML decoder returns data). A command line that runs ``curl``,
  ``wget`` or ``nc`` sends what it is handed (``exfiltration`` of a secret) and returns what it
  fetched; a function handed to a call that fetches is walked with the fetched data as its
  parameters (``vim.system({"curl", url}, {}, function(res) load(res.stdout) end)``).

A language's walk that passes :data:`STEPS` nodes per file (deeply nested definitions are walked
again where they are evaluated) reports what was found by then. The findings are the sink's line,
with why; :mod:`.pyflow` and :mod:`.jsflow` are the deeper readers of Python and JavaScript.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from skillrouter.security import langsyntax as syntax
from skillrouter.security import lexicon_calls as calls
from skillrouter.security.findings import Finding
from skillrouter.security.pyflow import CREDENTIAL_COMMAND, CREDENTIAL_STORE, flow_findings
from skillrouter.security.tree import node_text, parser
from skillrouter.security.view import PROGRAM_LANGUAGES, TEMPLATE_SUFFIXES, shebang_interpreter

__all__ = ["code_flow_findings", "language_of"]


SECRET = "secret"
CONNECTION = "connection"
FETCHED = "fetched"  # returned by a read from the network
REQUEST = "request"  # a web request's cookie, form, query or headers
DECODED = "decoded"  # returned by a decoding call
CREDENTIAL_PATH = "credential path"  # a path built to a credential store (not yet read)
KUBE_LOADER = (
    "kube loader"  # client-go's kubeconfig loading rules: what it .Load()s holds the clusters' credentials
)
COMMAND = "command"  # a command being built (Command::new(p)): its .arg()s join it, its .output() runs it
ENV_FILE = "env file"  # read from a project's .env: one named value of it is a setting, as getenv(NAME)
_PLACEHOLDER = re.compile(r"\{\{\s*([\w.]+)\s*\}\}")


@dataclass(frozen=True)
class _Value:
    strings: tuple[str, ...] = ()
    taint: frozenset[str] = frozenset()
    # the variables, as (function, name), that what is written to this value goes into: a writer made
    # over them (gzip.NewWriter(&buf)), the caller's variable a parameter was handed
    aliases: frozenset[tuple[str, str]] = frozenset()

    def join(self, other: _Value) -> _Value:
        if not other.strings and not other.taint and not other.aliases:
            return self
        if len(self.strings) >= STRINGS or not other.strings:
            strings = self.strings
        else:
            held = set(self.strings)
            strings = (self.strings + tuple(s for s in other.strings if s not in held))[:STRINGS]
        return _Value(strings, self.taint | other.taint, self.aliases | other.aliases)


_NOTHING = _Value()
STRINGS = 64
"""The strings one value keeps (in order, each once): a loop joining into a variable stays bounded."""


def language_of(relpath: str, text: str | None = None) -> str | None:
    """The language of a program file: by its suffix, or for one without (``bin/tool``) by its
    ``#!`` line (``#!/usr/bin/env ruby``)."""
    path = PurePosixPath(relpath)
    if path.name in ("Rakefile", "Gemfile"):
        return "ruby"
    if path.suffix.lower() in TEMPLATE_SUFFIXES:  # a generator's template: plugin.php.tpl is PHP
        path = path.with_suffix("")
    if not path.suffix and text is not None:
        return _SHEBANG_LANGUAGES.get(shebang_interpreter(text) or "")
    return PROGRAM_LANGUAGES.get(path.suffix.lower())


_SHEBANG_LANGUAGES = {"ruby": "ruby", "php": "php"}


def code_flow_findings(texts: Mapping[str, str]) -> list[Finding]:
    """The flows of a skill's Go, Ruby, PHP and Rust files (relative path -> text; others are
    ignored). A language's files are walked together, twice, by one walker: a function of one
    file called from another (a Go package's files, a Ruby ``require``) is followed."""
    by_language: dict[str, dict[str, str]] = {}
    for relpath, text in sorted(texts.items()):
        language = language_of(relpath, text)
        if language is not None:
            by_language.setdefault(language, {})[relpath] = text
    found: list[tuple[str, str, int, str]] = []
    for language, files in sorted(by_language.items()):
        roots = {
            relpath: parser(language).parse(_filled(relpath, text).encode("utf-8", "replace")).root_node
            for relpath, text in files.items()
        }
        walker = _Walker(syntax.GRAMMARS[language])
        for _ in range(2):  # what either pass finds is reported (the second only knows more)
            for relpath, root in roots.items():
                # each file its own budget (a padding file cannot use up another's), all of them
                # together at most TOTAL_STEPS
                walker.file, walker.bound = relpath, min(walker.steps + STEPS, TOTAL_STEPS)
                try:
                    walker.visit(root)
                except (RecursionError, _OutOfSteps):
                    continue  # a file too deep or too large to follow: what was found by then counts
        found += list(dict.fromkeys(walker.found))
    out: list[Finding] = []
    for relpath, text in sorted(texts.items()):
        mine = [(rule, line, why) for path, rule, line, why in found if path == relpath]
        out += flow_findings(relpath, text, mine)
    return out


def _class_of(definition: Any) -> str | None:
    """The name of the class (or Ruby module) a method is defined in, None for a function."""
    node = definition.parent
    while node is not None:
        if "class" in node.type or node.type == "module":
            named = node.child_by_field_name("name")
            return syntax.short(named) if named is not None else None
        node = node.parent
    return None


def _filled(relpath: str, text: str) -> str:
    """A template's text with each ``{{placeholder}}`` written as a name (``function
    {{prefix}}_init()`` parses as a function), lines kept."""
    if PurePosixPath(relpath).suffix.lower() not in TEMPLATE_SUFFIXES:
        return text
    return _PLACEHOLDER.sub(lambda m: re.sub(r"\W", "_", m.group(1)), text)


def _char_codes(name: str, arguments: Any) -> tuple[str, ...]:
    """The string Lua's ``string.char(104, 116, ...)`` makes of its numbers (nothing otherwise)."""
    if name != "string.char" or arguments is None:
        return ()
    codes = [node_text(a) for a in arguments.named_children]
    if not codes or not all(c.isascii() and c.isdigit() and int(c) < 0x110000 for c in codes):
        return ()
    return ("".join(chr(int(c)) for c in codes),)


class _OutOfSteps(Exception):
    """The walk of one file took more than :data:`STEPS` steps (a definition nested in a block in a
    definition... is walked again where it is evaluated)."""


STEPS = 100_000
"""Nodes one pass may visit per file (a 2,000-line program takes about 20,000)."""
TOTAL_STEPS = 2_000_000
"""Nodes the two passes over one language's files may visit in all (a few seconds)."""
REWALKS = 8
"""How many times one definition's body is walked again for what a call newly hands it."""
PATH_PARTS = 16
"""The most strings a value may hold to be read as one path joined from them."""


class _Walker:
    def __init__(self, grammar: syntax.Grammar, steps: int = STEPS) -> None:
        self.steps = 0
        self.bound = steps
        self.grammar = grammar
        self.file = ""
        self.env: dict[tuple[str, str], _Value] = {}  # (function, name) -> value; ("", name): the file's
        self.scope = ""  # the function being walked (a closure is walked in the function around it)
        self.found: list[tuple[str, str, int, str]] = []  # (file, rule, line, why)
        self.packages: set[str] = set()  # Go's imported package names: never a variable written into
        self.defined: dict[str, tuple[Any, str]] = {}  # a function's name -> its definition, its file
        self.walking: set[int] = set()  # the definitions being walked now (a recursive call is not again)
        self.lambdas: dict[str, Any] = {}  # a variable -> the function written into it (called later)
        self.rewalks: dict[int, int] = {}  # a definition -> the times a call walked it again
        self.made: dict[int, _Value] = {}  # a function handed to map/filter -> what its last walk returned
        self.fetched_paths: set[str] = set()  # files the code wrote what it fetched into
        self.classes: set[str] = set()  # the classes whose methods were walked, by name

    def _step(self) -> None:
        self.steps += 1
        if self.steps > self.bound:
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
        if kind == "foreach_statement":  # PHP's foreach ($xs as $k => $v): both take each element
            body = node.child_by_field_name("body")
            parts = [c for c in node.named_children if c != body and c.type != "comment"]
            if len(parts) >= 2:
                got = self.value(parts[0])
                for name in self._names(parts[1]):
                    self.put(name, self.get(name).join(got), declares=True)
            if body is not None:
                self.visit(body)
            return
        if kind in self.grammar.assignments:
            target_spec, value_spec = self.grammar.assignments[kind]
            target = syntax.part(node, target_spec)
            value = syntax.part(node, value_spec)
            if value is not None and value != target:
                got = self.value(value)
                if (
                    target is not None
                    and target.type in ("expression_list", "variable_list")
                    and target.named_child_count == 1
                ):
                    target = target.named_children[0]  # Go's ids[p] = x, Lua's t.k = v: a list of one target
                if target is not None:
                    # a loop's variable takes every element; data["b"] = x, meta[k] = v add to what it held
                    adds = (
                        kind.startswith(("for", "range", "augmented", "operator", "enhanced_for"))
                        or target.type in syntax.ELEMENTS
                        or any(c.type == "+=" for c in node.children)  # Java's, C#'s, Kotlin's data += x
                    )
                    if (
                        target.type in syntax.ELEMENTS
                    ):  # a map's key is part of what it holds: ids[path] = name
                        index = target.child_by_field_name("index") or (
                            target.named_children[-1] if len(target.named_children) > 1 else None
                        )
                        if index is not None:
                            got = got.join(self.value(index))
                    declares = kind in syntax.DECLARATIONS
                    written = self._lambda(value)
                    if written is not None and target.type in self.grammar.identifiers:
                        self.lambdas[node_text(target)] = written  # f := func(x) {...}; r = lambda do |x|
                    for name in self._names(target):
                        self.put(name, self.get(name).join(got) if adds else got, declares=declares)
            for child in node.named_children:  # a loop's body, an if-let's block
                if child not in (target, value):
                    self.visit(child)
            return
        if kind in self.grammar.calls or kind == "binary":  # a call; Ruby's xs << x
            self.value(node)
            return
        for child in node.named_children:
            self.visit(child)

    def _appended(self, node: Any) -> bool:
        """Ruby's ``xs << x`` (an array's or a string's append): ``xs`` takes what ``x`` holds."""
        operator, left, right = (node.child_by_field_name(f) for f in ("operator", "left", "right"))
        if operator is None or node_text(operator) != "<<" or left is None or right is None:
            return False
        if left.type not in self.grammar.identifiers:
            return False
        name = node_text(left)
        added = self.value(right)
        if CONNECTION in self.get(name).taint and SECRET in added.taint:  # sock << creds: written to a socket
            why = "sends secrets (a credential store's contents or the environment) out through a connection"
            self.found.append((self.file, "exfiltration", int(node.start_point[0]) + 1, why))
        self.put(name, self.get(name).join(added))
        return True

    def function(self, node: Any, file: str = "") -> None:
        """Walk a definition's body, then hold what it returns under its name (a call of it, or
        Ruby's bare name, reads that)."""
        body = self._body(node)
        name = node.child_by_field_name("name")
        if body is None:
            return
        if name is not None:
            self.defined[syntax.short(name)] = (node, self.file)
            owner = _class_of(node)
            if owner is not None:  # Foo.new(x) reaches Foo's initialize, not another class's
                self.classes.add(owner)
                self.defined[f"{owner}.{syntax.short(name)}"] = (node, self.file)
        self.walking.add(id(node))
        outer, self.scope = self.scope, syntax.scope_of(node)
        called_from, self.file = self.file, file or self.file
        try:
            self.visit(body)
            returned = self._returned(body)
        finally:
            self.walking.discard(id(node))
            self.scope = outer
            self.file = called_from
        if name is not None:
            self.env["", syntax.short(name)] = returned

    def _body(self, definition: Any) -> Any:
        """A definition's body (Kotlin's names no field)."""
        body = definition.child_by_field_name("body")
        if body is None and self.grammar.bodies:
            body = next((c for c in definition.named_children if c.type in self.grammar.bodies), None)
        return body

    def _returned(self, body: Any) -> _Value:
        """What a definition's body returns."""
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
        # an expression for a body: C#'s => x, Kotlin's fun f() = x
        if body.type == "arrow_expression_clause" or (
            body.type in self.grammar.bodies
            and body.named_children
            and body.named_children[0].type != "block"
        ):
            returned = returned.join(self.value(body))
        return returned

    def _self_scope(self) -> str:
        return f"<this {self.file}>"

    def get(self, name: str) -> _Value:
        """What a name holds where the walk is: the function's own variable, else the file's."""
        if name in syntax.SELF:
            return self.env.get((self._self_scope(), name), _NOTHING)
        held = self.env.get((self.scope, name))
        return held if held is not None else self.env.get(("", name), _NOTHING)

    def put(self, name: str, value: _Value, *, declares: bool = False) -> None:
        """Set a name where the walk is: a new variable is the function's; an assignment to a
        variable only the file has (a package's, an instance's ``@x``, a constant) sets that one."""
        shared = ("", name) in self.env and (self.scope, name) not in self.env and not declares
        if name in syntax.SELF:  # $this->x: the object's, shared by the methods of the file's class
            self.env[self._self_scope(), name] = value
        elif not self.scope or shared or name[:1] == "@":  # Ruby's @x: the object's
            self.env["", name] = value
        else:
            self.env[self.scope, name] = value

    def _lambda(self, value: Any) -> Any:
        """The function a value is when it is one written in place (``func(x) {...}``, ``|x| ...``,
        ``lambda do |x| ... end``, ``proc { |x| }``), else None."""
        if value.type in self.grammar.lambdas:
            return value
        block = value.child_by_field_name("block") if value.type in self.grammar.calls else None
        method = value.child_by_field_name("method")
        if block is not None and method is not None and node_text(method) in ("lambda", "proc", "new"):
            return block
        return None

    def _parameters(self, definition: Any) -> list[list[str]]:
        """A definition's parameters, by position, each as the names it binds (Go's ``a, b
        string`` is two)."""
        node = definition.child_by_field_name("parameters")
        if node is None:
            node = next((c for c in definition.named_children if c.type.endswith("parameters")), None)
        if node is not None and not node.named_children and node.is_named:  # x -> ..., s => ...
            return [[node_text(node)]]
        out: list[list[str]] = []
        for child in node.named_children if node is not None else ():
            if child.type == "comment":
                continue
            if child.type in self.grammar.identifiers:
                out.append([node_text(child)])
                continue
            if child.type == "multi_variable_declaration":  # Kotlin's { (k, v) -> }: one element, both
                out.append(self._names(child))
                continue
            named = [c for c in child.children_by_field_name("name") if c.type in self.grammar.identifiers]
            direct = named or [c for c in child.named_children if c.type in self.grammar.identifiers]
            if direct:  # a parameter's name (C#'s type may be a bare name too), or Go's a, b string
                out.extend([node_text(c)] for c in direct)
                continue
            first = self._first_name(child)
            out.append([first] if first else [])
        if not out and self.grammar.implicit and definition.type in self.grammar.lambdas:
            out.append([self.grammar.implicit])  # Kotlin's { it.write(x) }
        return out

    def _first_name(self, node: Any) -> str | None:
        for child in node.named_children:
            if "type" in child.type:
                continue
            if child.type in self.grammar.identifiers:
                return node_text(child)
            found = self._first_name(child)
            if found:
                return found
        return None

    def _bind(self, definition: Any, values: list[_Value], refs: list[str | None] | None = None) -> bool:
        """Hand a call's values to a definition's parameters (a closure's: where it is written);
        whether any parameter now holds more than it did (its body is then walked again). A
        parameter handed a variable (``refs``) writes into it (``addFile(tw, data)``: ``tw.Write``)."""
        grew = False
        scope = self.scope if definition.type in self.grammar.lambdas else syntax.scope_of(definition)
        refs = refs or []
        parameters = self._parameters(definition)
        if parameters and len(values) > len(parameters) and self._variadic(definition):
            rest = _NOTHING  # func kubectl(args ...string): the last parameter takes every argument left
            for each in values[len(parameters) - 1 :]:
                rest = rest.join(each)
            values = [*values[: len(parameters) - 1], rest]
        for i, (names, given) in enumerate(zip(parameters, values, strict=False)):
            ref = refs[i] if i < len(refs) else None
            if ref is not None:
                given = given.join(_Value(aliases=frozenset({self._key(ref)})))
            for name in names:
                held = self.env.get((scope, name), _NOTHING)
                if (
                    given.taint <= held.taint
                    and set(given.strings) <= set(held.strings)
                    and (given.aliases <= held.aliases)
                ):
                    continue
                self.env[scope, name] = held.join(given)
                grew = True
        return grew

    @staticmethod
    def _variadic(definition: Any) -> bool:
        """Whether a definition's last parameter takes the rest of a call's arguments (Go's
        ``args ...string``, Ruby's ``*args``, PHP's ``...$args``, Java's ``String... args``)."""
        node = definition.child_by_field_name("parameters")
        last = node.named_children[-1] if node is not None and node.named_children else None
        return last is not None and any(w in last.type for w in ("variadic", "splat", "spread"))

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
            held = self.get(name)
            if held is not _NOTHING:
                return held
            if name == calls.ALL_ENV_VARIABLE:
                return _Value((), frozenset({SECRET}))
            return _Value((), frozenset({REQUEST})) if name in calls.REQUEST_VARIABLES else _NOTHING
        if kind in syntax.SUBSCRIPTS and node.named_child_count >= 2:
            held = self.value(node.named_children[0])
            key = self.value(node.named_children[-1])
            if ENV_FILE in held.taint and key.strings and not key.taint:  # $env['APP_URL']: a setting
                return _Value(held.strings, held.taint - {SECRET, ENV_FILE}, held.aliases)
            if node_text(node.named_children[0]) == "$_SERVER" and any(
                k.startswith("HTTP_") for k in key.strings
            ):
                return _Value(key.strings, frozenset({REQUEST}))  # $_SERVER['HTTP_X_...']: a request's header
            return held.join(key)
        if kind == "composite_literal":  # &http.Client{Timeout: t}: a client, what it posts leaves
            kind_of = node.child_by_field_name("type")
            made = (
                self.value(node.child_by_field_name("body")) if node.child_by_field_name("body") else _NOTHING
            )
            if kind_of is not None and calls.NETWORK_NAME.search(node_text(kind_of)):
                return _Value(made.strings, made.taint | {CONNECTION}, made.aliases)
            return made
        if kind in syntax.FIELDS and node.named_child_count >= 2:
            held = self.value(node.named_children[0])
            field = node_text(node.named_children[-1])
            if ENV_FILE in held.taint and re.fullmatch(r"[A-Z][A-Z0-9_]+", field):  # env.API_URL: one setting
                return _Value(held.strings, held.taint - {SECRET, ENV_FILE}, held.aliases)
            return held.join(self.value(node.named_children[-1]))
        if kind == "heredoc_beginning":  # Ruby's body = <<~MSG: the text follows the statement
            return (
                self.value(syntax.heredoc_body(node)) if syntax.heredoc_body(node) is not None else _NOTHING
            )
        if kind == "binary" and self._appended(node):  # Ruby's ctx << x
            return self.value(node.child_by_field_name("left"))
        if kind == "name" and node_text(node) in calls.PHP_SECRETS:
            return _Value((), frozenset({SECRET}))
        if kind in self.grammar.calls:
            return self.call(node)
        if kind in self.grammar.assignments:
            self.visit(node)
            return _NOTHING
        strings = tuple(syntax.strings(node)) if kind in syntax.STRING_KINDS else ()
        out = _Value(strings)
        if strings and self.grammar.interpolation is not None:  # Kotlin's "$key=$value"
            for named in dict.fromkeys(self.grammar.interpolation.findall(node_text(node))):
                out = out.join(self.get(named))
        for child in node.named_children:
            out = out.join(self.value(child))
        return out

    def _arguments(self, arguments: Any) -> list[_Value]:
        """A call's arguments' values, by position."""
        out = []
        for a in arguments.named_children if arguments is not None else ():
            if a.type != "comment":
                out.append(self.value(a))
        return out

    def call(self, node: Any) -> _Value:
        arguments = node.child_by_field_name("arguments")
        if arguments is None and node.type == "macro_invocation":
            arguments = next((c for c in node.named_children if c.type == "token_tree"), None)
        if arguments is None and self.grammar.arguments:
            arguments = next((c for c in node.named_children if c.type in self.grammar.arguments), None)
        trailing = next((c for c in node.named_children if c.type in self.grammar.trailing), None)
        start = (
            min(n.start_byte for n in (arguments, trailing, node) if n is not None and n is not node)
            if (arguments is not None or trailing is not None)
            else node.end_byte
        )
        name = bytes(node.text or b"")[: start - node.start_byte].decode("utf-8", "replace").strip()
        if node.type == "object_creation_expression":  # new HttpClient(): the class's name
            name = re.sub(r"^new\b", "", name)
        name = re.sub(r"\s+", "", name).rstrip("(!")
        stream = _NOTHING
        if node.type == "macro_invocation":  # format!(...): a token tree, not arguments by position
            positional = []
            args = self.value(arguments) if arguments is not None else _NOTHING
            target = (
                next((c for c in arguments.named_children if c.type == "identifier"), None)
                if (arguments is not None and name in ("write", "writeln"))
                else None
            )
            if target is not None:  # write!(stream, ...): the stream written to, a connection
                stream = self.get(node_text(target))
            for inline in {m.group(1) for s in args.strings for m in calls.INLINE_ARGUMENT.finditer(s)}:
                args = args.join(self.get(inline))  # format!("{k}={v}"): the variables it names
        else:
            positional = self._arguments(arguments)
            args = _NOTHING
            for each in positional:
                args = args.join(each)
        receiver = _Value((), stream.taint & {CONNECTION})
        for field in ("receiver", "object", "function"):
            part = node.child_by_field_name(field)
            if part is not None and part.type in self.grammar.lambdas:  # go func(l string) {...}(label)
                self._bind(part, positional)
            # a method's object, or a function that is an expression itself (a.b, x::y), not a bare name
            if part is not None and (field != "function" or part.type not in self.grammar.identifiers):
                receiver = receiver.join(self.value(part))
        callee = self._callee(node, arguments, trailing)
        if callee is not None:  # Lua's f:read(), Kotlin's a.b(x).c(): what the call is made on
            receiver = receiver.join(self.value(callee))
        if node.type == "scoped_call_expression" or "::" in name or "." in name or ":" in name:
            head = syntax.PARTS.split(name)[0]
            receiver = receiver.join(self.get(head))
        whole_env = bool(calls.ALL_ENV.search(name) and not positional and not args.strings)
        block = node.child_by_field_name("block")  # Ruby's do ... end / { ... } handed to the call
        yielded = _NOTHING  # what the block makes: xs.map { |f| File.read(f) }, File.open(p) { |f| f.read }
        if block is not None:
            # xs.each do |x|: each element; ENV.each { |k, v| }: the environment; Net::SMTP.start do |smtp|:
            # the connection
            made = frozenset({SECRET} if whole_env else set()) | frozenset(
                {CONNECTION} if calls.CONNECT.search(name) else set()
            )
            self._bind(block, [receiver.join(_Value((), made))])
            yielded = self.value(block)
        written = _NOTHING
        if trailing is not None:  # Kotlin's env.forEach { (k, v) -> ... }, client.post(url) { setBody(x) }
            function = next((c for c in trailing.named_children if c.type in self.grammar.lambdas), trailing)
            self._bind(function, [receiver])
            written = self.value(function)
        given = receiver.join(args).join(written)  # a path's object first: home.join(".cargo")
        last = syntax.PARTS.split(name)[-1] if name else ""
        head = syntax.PARTS.split(name)[0] if name else ""
        if ENV_FILE in receiver.taint and last in calls.LOOKUPS and positional and positional[0].strings:
            # System.getenv().getOrDefault("API_URL", d), env.get("OPENAI_API_KEY"): one setting
            return _Value(args.strings, args.taint - {SECRET, ENV_FILE})
        if last in calls.AUTH_CALLS or (
            last in calls.HEADER_SETTERS
            and positional
            and positional[0].strings[:1]
            and positional[0].strings[0].lower() in calls.AUTH_HEADERS
        ):
            # .header("Authorization", "Bearer " + token): the token signs the request, it is not sent as data
            given = receiver.join(_Value(args.strings, args.taint - {SECRET, ENV_FILE}))
            args = _Value(args.strings, args.taint - {SECRET, ENV_FILE})
        if COMMAND in receiver.taint and last in calls.COMMAND_ARGS and re.fullmatch(r"[A-Za-z_]\w*", head):
            self.put(head, self.get(head).join(args))  # cmd.arg(x): the command built in cmd takes x
        if COMMAND in receiver.taint and last not in calls.COMMAND_ARGS | calls.COMMAND_RUNS:
            return receiver  # .env_clear().envs(...), .current_dir(d): the command's settings, not its words
        mapped = (
            self._each(arguments, receiver) if last in calls.EACH else _NOTHING
        )  # files.iter().map(|f| ...)
        lam = self.lambdas.get(head) if last in (head, "call") else None  # f(x), run.call(x)
        if (
            lam is not None
            and self._bind(lam, positional)
            and id(lam) not in self.walking
            and self.rewalks.get(id(lam), 0) < REWALKS
        ):
            self.rewalks[id(lam)] = self.rewalks.get(id(lam), 0) + 1
            self.walking.add(id(lam))
            try:  # a closure: walked where the walk is, with its parameters bound
                body = lam.child_by_field_name("body")
                if body is not None:
                    self.visit(body)
            finally:
                self.walking.discard(id(lam))
        definition, where = self.defined.get(last, (None, ""))
        if node.type == "object_creation_expression" or last == "new":  # new self($x), Foo.new(x)
            parts = syntax.PARTS.split(name)
            owner = (parts[-2] if len(parts) > 1 else head) if last == "new" else re.sub(r"\W", "", name)
            definition, where = (
                self.defined.get(f"{owner}.initialize")
                or self.defined.get(f"{owner}.__construct")
                or (None, "")
                if owner in self.classes or (last == "new" and owner[:1].isupper() and self.classes)
                else self.defined.get("__construct") or self.defined.get("initialize") or (definition, where)
            )
        if (
            definition is not None
            and self._bind(definition, positional, self._references(arguments))
            and id(definition) not in self.walking
            and self.rewalks.get(id(definition), 0) < REWALKS
        ):
            self.rewalks[id(definition)] = self.rewalks.get(id(definition), 0) + 1
            self.function(definition, where)  # what its parameters now hold is followed through its body
        defined = self.env.get(("", last)) if name else None
        if name.startswith("$") and self.get(name).strings:  # PHP's $fn(...): the function a variable names
            called = "".join(self.get(name).strings)
            name = called if re.fullmatch(r"\w+", called) else name
        line = int(node.start_point[0]) + 1
        runs = (
            COMMAND in receiver.taint and last in calls.COMMAND_RUNS
        )  # cmd.output(): the command built in cmd
        if runs:
            given = receiver
        argv = self._argv(arguments) if self._executes(name) else None
        if calls.FILE_WRITE.search(name) and len(positional) >= 2 and FETCHED in positional[1].taint:
            self.fetched_paths.update(p for p in positional[0].strings if p and p != "*")
        started: list[_Value] = []  # a program it downloaded and starts is an installer's way too
        if (
            calls.LOADS_FILE.search(name)
            and self.grammar is syntax.GRAMMARS["ruby"]
            and syntax.PARTS.split(name)[-1] not in self.defined
        ):
            started = positional[:1]
        if any(w in self.fetched_paths for v in started for s in v.strings[:2] for w in s.split()[:2]):
            why = f"loads as code a file it wrote from what it downloaded, with {name}()"
            self.found.append((self.file, "remote-exec", line, why))
        self._sinks(name, given, receiver, line, argv or positional, runs=runs)
        taint: set[str] = set()
        if calls.READ.search(name) and self._credential_read(given):
            taint.add(SECRET)
            if self._dotenv(given):
                taint.add(ENV_FILE)
        if any(
            CREDENTIAL_STORE.search(s) for s in self._paths(tuple(s for a in positional for s in a.strings))
        ):
            taint.add(CREDENTIAL_PATH)  # filepath.Join(home, ".ssh", name): a path to a key, wherever it goes
        elif last in calls.PATH_JOINS and any(CREDENTIAL_STORE.search(s) for s in self._paths(given.strings)):
            taint.add(CREDENTIAL_PATH)  # cargo_home().join(f): the object's path first
        if whole_env:
            taint |= {SECRET, ENV_FILE}  # one named value of it is a setting (as getenv(NAME))
        if (self._executes(name) or runs) and self._network_program(argv or [given]):
            taint.add(FETCHED)  # what curl printed came from the network
        if (self._executes(name) or runs) and CREDENTIAL_COMMAND.search(" ".join(given.strings[:PATH_PARTS])):
            taint.add(SECRET)  # what `gh auth token`, `kubectl get secret x -o yaml` print
        if calls.COMMAND_BUILDER.search(name):
            taint.add(COMMAND)
        if calls.KUBE_RULES.search(name):
            taint.add(KUBE_LOADER)
        elif (
            KUBE_LOADER in receiver.taint and last in ("Load", "RawConfig", "ClientConfig")
        ) or calls.KUBE_LOAD.search(name):
            taint.add(SECRET)  # a kubeconfig read by client-go: every context's token and client key
        if (
            calls.CONNECT.search(name) and block is None
        ):  # with a block, the block's parameter is the connection
            taint.add(CONNECTION)
        if CONNECTION in receiver.taint and last in calls.STREAMS:
            taint.add(CONNECTION)  # var stream = client.GetStream(): written to, it sends
        if name.endswith("stream_context_create") and {"http", "https"} & set(args.strings):
            taint.add(CONNECTION)  # PHP's context for an HTTP request: file_get_contents($url, false, $ctx)
        if calls.RECEIVE.search(name) and (
            calls.NETWORK_NAME.search(name)
            or CONNECTION in receiver.taint
            or self._networked(name)
            or any(calls.URL.match(s) for s in args.strings)
        ):
            taint.add(FETCHED)
        if calls.DECODE.search(name) and not calls.DATA_FORMAT.search(name):
            taint.add(DECODED)
        if calls.HEADERS.search(name):
            taint.add(REQUEST)
        if FETCHED in taint or FETCHED in receiver.taint:
            self._called_back(arguments, _Value((), frozenset({FETCHED})))
        if SECRET in args.taint:  # what is handed a secret holds it: its receiver, its first argument
            self._taint_written(node, arguments, name)
        over = (
            frozenset(map(self._key, self._argument_names(arguments)))
            if calls.WRAPS.search(name)
            else frozenset()
        )
        kept = given.taint - {CONNECTION} - ({REQUEST} if calls.SANITIZE.search(name) else set())
        kept -= {COMMAND} if runs else set()  # what a command printed is not the command
        out = _Value(given.strings + _char_codes(name, arguments), frozenset(taint) | kept, over)
        if last in calls.MAPS and (mapped.strings or mapped.taint):  # xs.map(f): what f made of each, not xs
            out = _Value(mapped.strings, out.taint | mapped.taint, out.aliases)
        out = out.join(yielded).join(mapped)
        return out.join(defined) if defined is not None else out

    def _each(self, arguments: Any, receiver: _Value) -> _Value:
        """The functions a call is handed, walked with each element of its receiver (``iter().map(|f|
        home.join(f))``, ``list.forEach(x -> ...)``): what they return."""
        out = _NOTHING
        for a in arguments.named_children if arguments is not None else ():
            function = a.named_children[-1] if a.type in syntax.WRAPPED and a.named_children else a
            if function.type not in self.grammar.lambdas or id(function) in self.walking:
                continue
            grew = self._bind(function, [receiver] * max(1, len(self._parameters(function))))
            if grew and self.rewalks.get(id(function), 0) < REWALKS:  # walked again only for what is new
                self.rewalks[id(function)] = self.rewalks.get(id(function), 0) + 1
                self.walking.add(id(function))
                try:
                    body = self._body(function)
                    self.made[id(function)] = self.value(body if body is not None else function)
                finally:
                    self.walking.discard(id(function))
            out = out.join(self.made.get(id(function), _NOTHING))
        return out

    def _argv(self, arguments: Any) -> list[_Value] | None:
        """A command's one argument when it is a list written out (Lua's ``{"git", "pull"}``,
        Java's ``new String[] {...}``): its elements, by position, else None."""
        named = [
            a for a in (arguments.named_children if arguments is not None else ()) if a.type != "comment"
        ]
        if not named:
            return None
        node = (
            named[0].named_children[-1]
            if named[0].type in syntax.WRAPPED and named[0].named_children
            else named[0]
        )
        node = node.child_by_field_name("value") or node if node.type == "array_creation_expression" else node
        if node.type in self.grammar.calls:  # new ProcessBuilder(List.of("git", "checkout", tag))
            inner = node.child_by_field_name("arguments")
            start = inner.start_byte if inner is not None else node.end_byte
            called = re.sub(
                r"\s+", "", bytes(node.text or b"")[: start - node.start_byte].decode("utf-8", "replace")
            )
            if inner is None or not calls.LIST_CALLS.search(called):
                return None
            return [self.value(a) for a in inner.named_children if a.type != "comment"]
        if node.type not in syntax.LISTS or (len(named) > 1 and self.grammar is not syntax.GRAMMARS["lua"]):
            return None
        items = [c for c in node.named_children if c.type != "comment"]
        # Lua's { "curl", x } holds fields; a field with a key ({ text = true }) is no argument
        if any(c.type == "field" and c.child_by_field_name("name") is not None for c in items):
            return None
        return [self.value(c.child_by_field_name("value") or c if c.type == "field" else c) for c in items]

    def _called_back(self, arguments: Any, result: _Value) -> None:
        """Walk again each function a call is handed, its parameters given the call's result (Lua's
        ``vim.system({"curl", url}, {}, function(res) ... end)``, Java's ``.thenAccept(body -> ...)``)."""
        for a in arguments.named_children if arguments is not None else ():
            function = a.named_children[-1] if a.type in syntax.WRAPPED and a.named_children else a
            if function.type not in self.grammar.lambdas or id(function) in self.walking:
                continue
            if self._bind(function, [result] * max(1, len(self._parameters(function)))):
                body = self._body(function) or function
                self.walking.add(id(function))
                try:
                    self.visit(body)
                finally:
                    self.walking.discard(id(function))

    def _callee(self, node: Any, arguments: Any, trailing: Any) -> Any:
        """What a call is made on where its grammar names no receiver (Lua's ``name``, Kotlin's
        first child), when that is an expression rather than a bare name; else None."""
        if any(node.child_by_field_name(f) is not None for f in ("receiver", "object", "function")):
            return None
        callee = node.child_by_field_name("name") if node.type == "function_call" else None
        if callee is None and node.type == "call_expression" and self.grammar.arguments:
            callee = next((c for c in node.named_children if c not in (arguments, trailing)), None)
        if callee is None or callee.type in self.grammar.identifiers:
            return None
        return callee

    @staticmethod
    def _handed(words: list[_Value]) -> tuple[bool, bool]:
        """Of a network program's argument vector: whether it is handed a secret as data, and
        whether it uploads a credential store's file (``-F k=@path``, ``--data-binary @path``,
        ``-T path``); a header that authenticates (``-H "Authorization: ..."``) and a file it writes
        (``-o ~/.kube/config``) are neither."""
        sent = uploaded = False
        for before, word in itertools.pairwise([_NOTHING, *words]):
            flag = before.strings[-1] if before.strings else ""
            if flag in ("-o", "--output", "-K", "--config", "--netrc-file", "--cacert", "--cert", "--key"):
                continue
            if flag in ("-H", "--header") and any(
                s.split(":", 1)[0].strip().lower() in calls.AUTH_HEADERS for s in word.strings[:1]
            ):
                continue
            sent = sent or SECRET in word.taint
            if CREDENTIAL_PATH in word.taint and (
                calls.SENDS_FILE.search(flag) is not None
                or any(re.search(r"@(?:\{\})?$|@\S", s) for s in word.strings)
            ):
                uploaded = True
        return sent, uploaded

    @staticmethod
    def _network_program(values: list[_Value] | _Value) -> str | None:
        """The network program (``curl``, ``wget``, ``nc``) a command line runs (its argument
        vector's values, or the whole of what it was handed)."""
        for value in values if isinstance(values, list) else [values]:
            for text in value.strings:
                found = calls.NETWORK_PROGRAM.match(text)
                if found is not None:
                    return found.group(0).strip()
        return None

    def _sinks(
        self,
        name: str,
        given: _Value,
        receiver: _Value,
        line: int,
        positional: list[_Value],
        *,
        runs: bool = False,
    ) -> None:
        """What a call named ``name``, handed ``given``, does that the gate stops (``runs``: it runs
        the command built in its receiver, ``cmd.output()``)."""
        executes = runs or self._executes(name)
        # PHP's file_get_contents($url, false, $context): a stream context's content is a request's body
        posted = (
            calls.STREAM_READ.search(name) is not None
            and len(positional) > 2
            and SECRET in positional[2].taint
        )
        if (
            posted
            or SECRET in given.taint
            and (
                calls.SEND.search(name)
                and not (calls.ACCESSOR.search(name) and not positional)  # res.body: what it received
                and (calls.NETWORK_NAME.search(name) or CONNECTION in receiver.taint or self._networked(name))
                or (calls.WRITE_TO.search(name) and CONNECTION in receiver.taint)
            )
        ):
            why = f"sends secrets (a credential store's contents or the environment) out through {name}()"
            self.found.append((self.file, "exfiltration", line, why))
        # file_get_contents($url, false, $ctx) of an HTTP context requests $url
        requested = (
            calls.STREAM_READ.search(name) is not None
            and len(positional) > 2
            and CONNECTION in positional[2].taint
        )
        if (
            requested
            and SECRET in positional[0].taint
            or SECRET in given.taint
            and calls.RECEIVE.search(name)
            and not calls.STREAM_READ.search(name)
            and (calls.NETWORK_NAME.search(name) or self._networked(name))
        ):
            why = f"puts secrets into the address it requests with {name}(): the server's log receives them"
            self.found.append((self.file, "exfiltration", line, why))
        if SECRET in given.taint and calls.RESOLVE.search(name):
            why = f"puts secrets into the names it resolves with {name}(): the zone's server receives them"
            self.found.append((self.file, "exfiltration", line, why))
        vector = len(positional) > 1 and not runs  # an argument vector: each word judged where it stands
        program = self._network_program(positional if vector else given) if executes else None
        sent, uploaded = (
            self._handed(positional)
            if vector
            else (
                SECRET in given.taint,
                CREDENTIAL_PATH in given.taint and any(calls.SENDS_FILE.search(s) for s in given.strings),
            )
        )
        if program is not None and sent:
            why = (
                "sends secrets (a credential store's contents or the environment) out through "
                f"{program}, run by {name}()"
            )
            self.found.append((self.file, "exfiltration", line, why))
        elif program is not None and uploaded:
            why = f"has {program} upload a credential store's file (run by {name}())"
            self.found.append((self.file, "exfiltration", line, why))
        ran = given if runs and "-c" in given.strings else self._ran(name, given, receiver, positional)
        if ran.taint & {FETCHED, REQUEST, DECODED}:
            given = ran
            if FETCHED in given.taint:
                rule, what = "remote-exec", "code fetched from the network"
            elif REQUEST in given.taint:
                rule, what = (
                    "remote-exec",
                    "code a web request carries (its cookie, form or query): a backdoor",
                )
            else:
                rule, what = "obfuscated-exec", "code decoded at run time"
            self.found.append((self.file, rule, line, f"runs {what} with {name}()"))

    def _references(self, arguments: Any) -> list[str | None]:
        """A call's arguments by position: the variable each is, plainly or by reference, or None."""
        out: list[str | None] = []
        for a in arguments.named_children if arguments is not None else ():
            if a.type == "comment":
                continue
            if a.type in syntax.WRAPPED and a.named_children:
                a = a.named_children[-1]
            out.append(node_text(a) if a.type in self.grammar.identifiers else None)
        return out

    def _argument_names(self, arguments: Any) -> list[str]:
        """The variables handed to a call, plainly or by reference (``&buf``)."""
        names = []
        for a in arguments.named_children if arguments is not None else ():
            if a.type in syntax.WRAPPED and a.named_children:
                a = a.named_children[-1]
            if a.type in self.grammar.identifiers:
                names.append(node_text(a))
        return names

    def _networked(self, name: str) -> bool:
        """Whether the object a method is called on came from a network library (``client.Do``)."""
        head = syntax.PARTS.split(name)[0]
        return bool(head) and bool(calls.NETWORK_NAME.search(head))

    def _taint_written(self, node: Any, arguments: Any, called: str) -> None:
        for field in ("receiver", "object"):
            part = node.child_by_field_name(field)
            if part is not None and part.type in self.grammar.identifiers:
                self._add(node_text(part))
        function = node.child_by_field_name("function")
        if function is not None and function.type in (
            "selector_expression",
            "field_expression",
            "member_access_expression",
        ):
            operand = (
                function.child_by_field_name("operand")
                or function.child_by_field_name("value")
                or function.child_by_field_name("expression")  # C#'s sb.Append(x)
            )
            if operand is not None and operand.type in self.grammar.identifiers:
                self._add(node_text(operand))
            elif operand is not None and operand.type in self.grammar.calls:  # json.NewEncoder(zw).Encode(x)
                for name in self._argument_names(operand.child_by_field_name("arguments")):
                    self._add(name)
        if not any(node.child_by_field_name(f) is not None for f in ("receiver", "object", "function")):
            head = syntax.PARTS.split(called)[
                0
            ]  # Kotlin's sb.append(x), Lua's buf:write(x): no field names it
            if head != called and ((self.scope, head) in self.env or ("", head) in self.env):
                self._add(head)
        if arguments is not None and arguments.named_children and calls.WRITES_FIRST.search(called):
            first = arguments.named_children[0]
            if first.type in syntax.WRAPPED:
                first = first.named_children[-1] if first.named_children else first
            if first.type in self.grammar.identifiers:
                self._add(node_text(first))

    def _add(self, name: str) -> None:
        if name in self.packages or name[:1].isupper() and name.isidentifier() and name == name.upper():
            return
        self._add_to(self._key(name))

    def _add_to(self, key: tuple[str, str], depth: int = 0) -> None:
        held = self.env.get(key, _NOTHING)
        self.env[key] = _Value(held.strings, held.taint | {SECRET}, held.aliases)
        for alias in held.aliases if depth < 4 else ():
            self._add_to(alias, depth + 1)

    def _key(self, name: str) -> tuple[str, str]:
        """Where a name lives where the walk is (:meth:`get`'s order; a new one: the function's)."""
        if (self.scope, name) in self.env or ("", name) not in self.env:
            return (self.scope, name)
        return ("", name)

    def _executes(self, name: str) -> bool:
        """Whether a call named ``name`` runs code or a command it is handed."""
        return calls.EXEC.search(name) is not None or (
            name in calls.LUA_LOADERS and self.grammar is syntax.GRAMMARS["lua"]
        )

    def _ran(self, name: str, given: _Value, receiver: _Value, positional: list[_Value]) -> _Value:
        """What a call runs as code or a command line: ``eval(x)``'s and ``system("sh -c ...")``'s
        whole argument; of an argument vector (``system("gem", "install", v)``,
        ``exec.Command("git", "checkout", tag)``) the program and what follows a ``-c``, not a
        value handed to the program; Rust's ``Command::new(..).arg(x)`` only after ``sh -c``."""
        if not self._executes(name):
            return _NOTHING
        if "Command::new" in name and ".arg" in name:
            return given if "-c" in receiver.strings else _NOTHING
        if len(positional) <= 1:
            return given
        out = positional[0]
        for before, after in itertools.pairwise(positional):
            if before.strings[-1:] in (("-c",), ("/c",), ("-Command",)):
                out = out.join(after)
        return out

    def _dotenv(self, given: _Value) -> bool:
        """Whether a credential read is of a project's ``.env`` (an environment kept on disk)."""
        paths = self._paths(given.strings)
        return bool(paths) and calls.DOTENV.search(paths[0]) is not None

    def _credential_read(self, given: _Value) -> bool:
        """Whether a read handed ``given`` reads a credential store: its path's strings name one,
        or it was built where they did, and it is not a public half (``id_ed25519.pub``)."""
        if given.strings and calls.PUBLIC.search(given.strings[-1]):
            return False
        return CREDENTIAL_PATH in given.taint or any(
            CREDENTIAL_STORE.search(s) for s in self._paths(given.strings)
        )

    @staticmethod
    def _paths(strings: tuple[str, ...]) -> list[str]:
        """The strings joined as a path (``Join(home, ".aws", "credentials")``): a directory's name
        alone is not the file (``Join(home, ".ssh", "config")`` is no key)."""
        if not strings or len(strings) > PATH_PARTS:  # a value gathered from many places is no one path
            return []
        return ["/".join(s.strip("/")[:256] for s in strings)]
