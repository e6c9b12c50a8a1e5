"""What each language's tree looks like to :mod:`.langflow`: a grammar's table (which tree-sitter
nodes assign, call, define and return; where a grammar names no fields, its children by position or
type), the node kinds that hold strings, elements, fields and argument lists, and the helpers that
read them (a call name's parts, a definition's scope, a string's text, Ruby's here-document body).
The walker reads code through these; what the calls mean is :mod:`.lexicon_calls`."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from skillrouter.security.tree import node_text


@dataclass(frozen=True)
class Grammar:
    # node type -> (target, value): each a field's name, "#i" (the i-th named child) or "@t|u" (the
    # first named child of type t or u), for grammars whose nodes name no fields (Lua's, Kotlin's)
    assignments: Mapping[str, tuple[str, str]]
    calls: frozenset[str]
    identifiers: frozenset[str]
    functions: frozenset[str]  # definitions: what they return is held under their name
    returns: frozenset[str]
    lambdas: frozenset[str]  # a function written where it is used: called or handed on as a value
    tail_returns: bool = False  # the body's last expression is returned (Ruby, Rust)
    arguments: frozenset[str] = frozenset()  # a call's arguments where no field names them (Kotlin)
    trailing: frozenset[str] = frozenset()  # a function written after a call's arguments: handed to it
    bodies: frozenset[str] = frozenset()  # a definition's body where no field names it (Kotlin)
    implicit: str = ""  # the parameter of a function written without any (Kotlin's ``it``)
    interpolation: re.Pattern[str] | None = None  # a variable a string names ("$key=$value")


GRAMMARS = {
    "go": Grammar(
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
        frozenset({"func_literal"}),
    ),
    "ruby": Grammar(
        {
            "assignment": ("left", "right"),
            "operator_assignment": ("left", "right"),
            "for": ("pattern", "value"),
        },
        frozenset({"call", "method_call"}),
        frozenset({"identifier", "instance_variable", "constant"}),
        frozenset({"method", "singleton_method"}),
        frozenset({"return"}),
        frozenset({"lambda", "block", "do_block"}),
        tail_returns=True,
    ),
    "php": Grammar(
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
        frozenset({"anonymous_function", "arrow_function", "anonymous_function_creation_expression"}),
        arguments=frozenset({"arguments"}),  # new self($x): no field names them
    ),
    "rust": Grammar(
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
        frozenset({"closure_expression"}),
        tail_returns=True,
    ),
    "java": Grammar(
        {
            "variable_declarator": ("name", "value"),
            "assignment_expression": ("left", "right"),
            "enhanced_for_statement": ("name", "value"),
        },
        frozenset({"method_invocation", "object_creation_expression"}),
        frozenset({"identifier"}),
        frozenset({"method_declaration", "constructor_declaration"}),
        frozenset({"return_statement"}),
        frozenset({"lambda_expression"}),
    ),
    "c_sharp": Grammar(
        {
            "variable_declarator": ("name", "#-1"),
            "assignment_expression": ("left", "right"),
            "foreach_statement": ("left", "right"),
        },
        frozenset({"invocation_expression", "object_creation_expression"}),
        frozenset({"identifier"}),
        frozenset({"method_declaration", "constructor_declaration", "local_function_statement"}),
        frozenset({"return_statement"}),
        frozenset({"lambda_expression", "anonymous_method_expression"}),
    ),
    "kotlin": Grammar(
        {
            "property_declaration": ("@variable_declaration|multi_variable_declaration", "#-1"),
            "assignment": ("left", "right"),
            "for_statement": ("@variable_declaration|multi_variable_declaration", "#1"),
        },
        frozenset({"call_expression"}),
        frozenset({"identifier"}),
        frozenset({"function_declaration"}),
        frozenset({"return_expression"}),
        frozenset({"lambda_literal", "anonymous_function"}),
        arguments=frozenset({"value_arguments"}),
        trailing=frozenset({"annotated_lambda"}),
        bodies=frozenset({"function_body"}),
        implicit="it",
        interpolation=re.compile(r"(?<!\\)\$\{?([A-Za-z_]\w*)"),
    ),
    "lua": Grammar(
        {"assignment_statement": ("#0", "#1"), "for_generic_clause": ("#0", "#1")},
        frozenset({"function_call"}),
        frozenset({"identifier"}),
        frozenset({"function_declaration"}),
        frozenset({"return_statement"}),
        frozenset({"function_definition"}),
    ),
}


PARTS = re.compile(r"\.|::|->|:")  # what separates a call's name's parts: a.b, A::b, $a->b, f:read


def part(node: Any, spec: str) -> Any:
    """The child of ``node`` that ``spec`` names (see :class:`Grammar`), or None."""
    if spec.startswith("#"):
        children = [c for c in node.named_children if c.type != "comment"]
        i = int(spec[1:])
        return children[i] if -len(children) <= i < len(children) else None
    if spec.startswith("@"):
        kinds = spec[1:].split("|")
        return next((c for c in node.named_children if c.type in kinds), None)
    return node.child_by_field_name(spec)


FIELDS = frozenset(
    {"dot_index_expression", "field_access", "navigation_expression", "member_access_expression"}
)


SELF = frozenset(
    {"$this", "this", "self"}
)  # the object a method is on: what one method puts there, another reads


# an assignment that makes a new variable (Go's ``:=``, ``var``, a loop's; Rust's ``let``)
DECLARATIONS = frozenset(
    {
        "short_var_declaration",
        "var_spec",
        "range_clause",
        "let_declaration",
        "let_condition",
        "variable_declarator",
        "property_declaration",
    }
)


# a target that is an element or field of a variable (data["b"] = x, req.body = y): it adds to the variable
ELEMENTS = frozenset(
    {
        "element_reference",
        "index_expression",
        "subscript_expression",
        "selector_expression",
        "field_expression",
        "member_access_expression",
        "call",
        "field_access",
        "array_access",
        "navigation_expression",
        "dot_index_expression",
        "bracket_index_expression",
        "element_access_expression",
    }
)


# a lookup by key: $vars['APP_URL'], cfg["region"], env[:token]
SUBSCRIPTS = frozenset(
    {
        "subscript_expression",
        "element_reference",
        "index_expression",
        "array_access",
        "element_access_expression",
        "bracket_index_expression",
    }
)


def short(name: Any) -> str:
    """A definition's name as its calls end (Lua's ``function M.push`` is called as ``M.push``)."""
    return PARTS.split(node_text(name))[-1]


def scope_of(definition: Any) -> str:
    """The scope a definition's variables live in: its name (methods of one name share it)."""
    name = definition.child_by_field_name("name")
    return node_text(name) if name is not None else f"<{definition.start_byte}>"


def strings(node: Any) -> list[str]:
    """The string literals under ``node``, their quotes dropped."""
    out = []
    stack = [node]
    while stack:
        n = stack.pop()
        kind = n.type
        if kind in STRING_PARTS or (kind == "raw_string_literal" and n.child_count == 0):
            out.append(node_text(n))
            continue
        if kind in ("interpreted_string_literal", "raw_string_literal") and not n.named_children:
            out.append(node_text(n).strip('"`'))
            continue
        stack.extend(reversed(n.children))
    return out


LISTS = frozenset(
    {"table_constructor", "array_initializer", "array", "array_expression", "initializer_expression"}
)
"""A list written out, which a command may be given as its argument vector."""


WRAPPED = frozenset({"unary_expression", "reference_expression", "argument", "value_argument"})
"""An argument around the variable it hands (``&buf``, PHP's and C#'s ``argument``, Kotlin's)."""


STRING_PARTS = frozenset(
    {
        "string_content",
        "string_value",
        "interpreted_string_literal_content",
        "string_fragment",  # Java's
        "multiline_string_fragment",
        "string_literal_content",  # C#'s
        "heredoc_content",  # Ruby's
    }
)


STRING_KINDS = frozenset(
    {
        "string",
        "interpreted_string_literal",
        "raw_string_literal",
        "string_literal",
        "encapsed_string",
        "interpolated_string_expression",  # C#'s $"...{x}..."
        "heredoc_body",
    }
)


def heredoc_body(beginning: Any) -> Any:
    """The text of Ruby's here-document that ``beginning`` (``<<~MSG``) opens: the body tree-sitter
    puts after the statement that holds it."""
    node = beginning
    for _ in range(8):
        after = node.next_named_sibling
        if after is not None and after.type == "heredoc_body":
            return after
        node = node.parent
        if node is None:
            return None
    return None
