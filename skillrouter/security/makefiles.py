"""A Makefile's recipes as the shell script ``make`` runs (nothing runs here).

``make setup`` is how many skills install themselves, and each recipe line is a shell command:
a download, a ``chmod +x``, a line appended to ``~/.zshrc``. Read as prose, a recipe hides
behind its variables (``curl https://$(HOST)/env -o $(HOME)/.x/env``, ``>> $(SHELLRC)``).
:func:`recipes_as_shell` gives the text the shell analyzer (:mod:`.shflow`) reads: line for line
the Makefile's, each recipe line as the command ``make`` hands the shell (its ``@``/``-``/``+``
prefixes dropped, the Makefile's own variables expanded, ``$$`` as ``$``), every other line
blank, so a finding's line is the Makefile's.

What is expanded: variables the file assigns (``=``, ``:=``, ``::=``, ``?=``, ``+=``, with
``export`` or ``override``), ``$(VAR)`` and ``${VAR}`` nested, and the functions that pick words
(``firstword``, ``lastword``, ``wildcard``: its patterns as written, ``word``, ``addprefix``,
``addsuffix``, ``strip``, ``subst``); ``$(shell CMD)`` becomes ``$(CMD)``. A variable the file does
not assign is the environment's (``$(HOME)`` is ``$HOME``); automatic variables (``$@``, ``$<``)
and anything else stay as written. Conditionals (``ifeq``) are not evaluated: both branches are
read, as the shell analyzer reads both arms of an ``if``.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

__all__ = ["is_makefile", "recipes_as_shell"]

_NAMES = frozenset({"makefile", "gnumakefile"})
_ASSIGN = re.compile(
    r"^(?:(?:export|override)\s+)*(?P<name>[A-Za-z_][\w.-]*)\s*(?P<op>::=|:=|\?=|\+=|!=|=)\s*(?P<value>.*)$"
)
_RULE = re.compile(r"^(?![\s#])[^=]*?(?<!:):(?!=)")  # "target ...: prerequisites" (not an assignment)
_DEPTH = 8
_MAX = 8192  # characters an expansion may grow to: A = $(A) $(A) ... doubles at every level


def is_makefile(relpath: str) -> bool:
    path = PurePosixPath(relpath)
    return path.name.lower() in _NAMES or path.suffix.lower() == ".mk"


def recipes_as_shell(text: str) -> str:
    """The shell text of ``text``'s recipes, line for line (see the module docstring)."""
    lines = text.split("\n")
    variables: dict[str, str] = {}
    recipe: list[int] = []  # the lines make hands the shell
    in_rule = continued = False
    header = ""  # a rule's or an assignment's line continued with a backslash, so far
    for number, line in enumerate(lines):
        if continued:  # a recipe line's continuation: the shell reads backslash-newline itself
            recipe.append(number)
            continued = line.endswith("\\")
            continue
        if header:  # "x: a \\" then "   b": one logical line, read when it ends
            header += " " + line.strip()
            if line.endswith("\\"):
                header = header[:-1]
                continue
            line, header = header, ""
        elif line.endswith("\\") and not line.startswith("\t"):
            header = line[:-1]
            continue
        if line.startswith("\t") and in_rule:
            recipe.append(number)
            continued = line.endswith("\\")
            continue
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if m := _ASSIGN.match(stripped):
            name, op, value = m.group("name"), m.group("op"), m.group("value").strip()
            if op == "+=":
                variables[name] = f"{variables.get(name, '')} {value}".strip()
            elif op != "?=" or name not in variables:
                variables[name] = f"$(shell {value})" if op == "!=" else value
            in_rule = False
            continue
        if _RULE.match(line):
            in_rule = True
            _, _, after = line.partition(";")  # "target: deps ; command"
            if ";" in line and after.strip():
                recipe.append(number)
            continue
        in_rule = line.startswith(("ifeq", "ifneq", "ifdef", "ifndef", "else", "endif")) and in_rule
    out = [""] * len(lines)
    for number in recipe:
        line = lines[number]
        if number and lines[number - 1].endswith("\\") and number - 1 in recipe:
            command = line.lstrip("\t ")
        elif line.startswith("\t"):
            command = line[1:].lstrip("@-+ \t")
        else:
            command = line.partition(";")[2].lstrip("@-+ \t")
        out[number] = _expand(command, variables, 0).replace("\x00", "$")
    return "\n".join(out)


def _expand(text: str, variables: dict[str, str], depth: int) -> str:
    """``text`` with make's references expanded (``$$`` left as a NUL, read back as ``$``)."""
    out: list[str] = []
    size = 0
    i = 0
    while i < len(text) and size <= _MAX:
        c = text[i]
        if c != "$" or i + 1 >= len(text):
            out.append(c)
            i += 1
            continue
        nxt = text[i + 1]
        if nxt == "$":
            out.append("\x00")
            i += 2
        elif nxt in "({":
            end = _closing(text, i + 1)
            if end < 0:
                out.append(text[i:])
                break
            got = _reference(text[i + 2 : end], variables, depth)
            out.append(got)
            size += len(got)
            i = end + 1
        else:  # $@, $<, $^, $X: automatic or one-letter variables
            out.append(variables.get(nxt, "$" + nxt) if nxt.isalpha() else "$" + nxt)
            i += 2
    return "".join(out)[: _MAX + 1]


def _closing(text: str, start: int) -> int:
    """Where the bracket opened at ``start`` closes (-1: never)."""
    opening = text[start]
    closing = ")" if opening == "(" else "}"
    level = 0
    for j in range(start, len(text)):
        if text[j] == opening:
            level += 1
        elif text[j] == closing:
            level -= 1
            if level == 0:
                return j
    return -1


def _reference(inner: str, variables: dict[str, str], depth: int) -> str:
    """What ``$(inner)`` expands to."""
    if depth >= _DEPTH:
        return f"$({inner})"
    function, _, rest = inner.partition(" ")
    if rest and function in _FUNCTIONS:
        args = [_expand(a.strip(), variables, depth + 1) for a in _split_args(rest)]
        return _FUNCTIONS[function](args)
    name = _expand(inner, variables, depth + 1).strip()
    if name in variables:
        return _expand(variables[name], variables, depth + 1)
    return "${" + name + "}" if re.fullmatch(r"[A-Za-z_]\w*", name) else f"$({inner})"


def _split_args(text: str) -> list[str]:
    """A function's arguments: split at top-level commas."""
    args, level, start = [], 0, 0
    for j, c in enumerate(text):
        if c in "({":
            level += 1
        elif c in ")}":
            level -= 1
        elif c == "," and level == 0:
            args.append(text[start:j])
            start = j + 1
    return [*args, text[start:]]


def _words(args: list[str]) -> list[str]:
    return " ".join(args).split()


def _word(args: list[str]) -> str:
    if len(args) < 2 or not re.fullmatch(r"[0-9]{1,9}", args[0].strip()):
        return ""
    words = args[1].split()
    n = int(args[0])
    return words[n - 1] if 0 < n <= len(words) else ""


_FUNCTIONS = {
    "firstword": lambda args: next(iter(_words(args)), ""),
    "lastword": lambda args: (_words(args) or [""])[-1],
    "wildcard": lambda args: " ".join(_words(args)),
    "strip": lambda args: " ".join(_words(args)),
    "word": _word,
    "addprefix": lambda args: " ".join(args[0] + w for w in args[1].split()) if len(args) > 1 else "",
    "addsuffix": lambda args: " ".join(w + args[0] for w in args[1].split()) if len(args) > 1 else "",
    "subst": lambda args: args[2].replace(args[0], args[1]) if len(args) > 2 else "",
    "shell": lambda args: "$(" + ",".join(args) + ")",
}
