"""What the tree-sitter analyzers (:mod:`.jsflow`, :mod:`.shflow`, :mod:`.psflow`) share: a
grammar's parser, loaded on first use (a scan that meets no script loads none), a node's text,
and the loop over a skill's scripts of one kind."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any

from skillrouter.security.findings import Finding
from skillrouter.security.pyflow import flow_findings
from skillrouter.security.view import kind_of

__all__ = ["node_text", "parser", "script_flows"]

Found = Iterable[tuple[str, int, str]]


@lru_cache(maxsize=12)
def parser(grammar: str) -> Any:
    """The parser of ``grammar``: ``bash``, ``powershell``, ``javascript``, ``typescript``, ``tsx``,
    and ``go``, ``ruby``, ``php``, ``rust``, ``java``, ``kotlin``, ``c_sharp``, ``lua``
    (:mod:`.langflow`)."""
    from tree_sitter import Language, Parser

    if grammar in ("go", "ruby", "php", "rust", "java", "kotlin", "c_sharp", "lua"):
        from importlib import import_module

        module: Any = import_module(f"tree_sitter_{grammar}")
        return Parser(Language(module.language_php() if grammar == "php" else module.language()))
    if grammar == "bash":
        import tree_sitter_bash as bash

        return Parser(Language(bash.language()))
    if grammar == "powershell":
        import tree_sitter_powershell as powershell

        return Parser(Language(powershell.language()))
    if grammar in ("typescript", "tsx"):
        import tree_sitter_typescript as ts

        return Parser(Language(ts.language_tsx() if grammar == "tsx" else ts.language_typescript()))
    import tree_sitter_javascript as js

    return Parser(Language(js.language()))


def node_text(node: Any) -> str:
    return bytes(node.text or b"").decode("utf-8", "replace")


def script_flows(
    texts: Mapping[str, str],
    kind: str,
    by_name: Callable[[str], bool],
    grammar: Callable[[str], str],
    read: Callable[[Any], Found | None],
) -> list[Finding]:
    """The findings of ``read`` over every script of ``kind`` in ``texts`` (by its name,
    ``by_name``, or by its ``#!`` line), each parsed with ``grammar(relpath)``'s parser; ``read``
    gets the tree's root and returns (rule, line, why), or None for a file it leaves to the regex
    rules. A script too deep to walk is left to them too."""
    out: list[Finding] = []
    for relpath, text in sorted(texts.items()):
        if not by_name(relpath) and kind_of(relpath, text) != kind:
            continue
        tree = parser(grammar(relpath)).parse(text.encode("utf-8", "replace"))
        try:
            found = read(tree.root_node)
        except RecursionError:
            continue
        if found is not None:
            out += flow_findings(relpath, text, found)
    return out
