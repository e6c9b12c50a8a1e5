"""Imports point down the documented layers, and no modules import each other in a circle.

The graph is derived from the source: every ``import`` and ``from ... import`` of our own
modules, at module level, inside functions and in ``if TYPE_CHECKING:`` blocks (an import
only the type checker reads still ties the two modules: a circle through one is a circle).
A module may import its own layer and the layers below it (see
``skillrouter/__init__.py``'s docstring for the order and why)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = {
    "skillrouter": ROOT / "skillrouter",
    "skillrouter.embeddings": ROOT / "embeddings",
    "skillrouter.eval": ROOT / "eval",
}

LAYERS: tuple[tuple[str, ...], ...] = (
    ("skillrouter.embeddings",),
    ("skillrouter.errors", "skillrouter.plugins"),
    ("skillrouter.skill", "skillrouter.frontmatter", "skillrouter.frontmatter_repair", "skillrouter.skillmd"),
    ("skillrouter.llm",),
    ("skillrouter.security",),
    ("skillrouter.store",),
    ("skillrouter.routing",),
    ("skillrouter.rules",),
    ("skillrouter.transfer",),
    ("skillrouter.library", "skillrouter.doctor"),
    ("skillrouter.learning",),
    ("skillrouter.mcp_server", "skillrouter.mcp_transport"),
    ("skillrouter.agent",),
    ("skillrouter.cli",),
    ("skillrouter",),  # the public face: re-exports
    ("skillrouter.eval",),  # the evaluation harness: on top, through the public API
)
"""Lowest first. A module belongs to the layer of the longest prefix that names it."""


def modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package, folder in PACKAGES.items():
        for path in folder.rglob("*.py"):
            if "examples" in path.relative_to(folder).parts:
                continue
            parts = [p for p in path.relative_to(folder).with_suffix("").parts if p != "__init__"]
            found[".".join([package, *parts])] = path
    return found


def imports(path: Path, known: set[str]) -> set[str]:
    """Our modules that ``path`` imports, wherever the import statement stands."""
    out: set[str] = set()

    class Visitor(ast.NodeVisitor):
        def visit_Import(self, node: ast.Import) -> None:
            out.update(a.name for a in node.names if a.name in known)

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            if node.level or not node.module or node.module not in known:
                return
            named = [f"{node.module}.{a.name}" for a in node.names if f"{node.module}.{a.name}" in known]
            out.update(named)
            if len(named) < len(node.names):  # something that is not a module: the module itself
                out.add(node.module)

    Visitor().visit(ast.parse(path.read_text("utf-8")))
    return out


def layer(module: str) -> int:
    best = max(
        (
            (len(prefix), i)
            for i, names in enumerate(LAYERS)
            for prefix in names
            if module == prefix or module.startswith(prefix + ".")
        ),
        default=None,
    )
    assert best is not None, f"{module} is in no layer: add it to LAYERS"
    return best[1]


def graph() -> dict[str, set[str]]:
    found = modules()
    return {m: imports(p, set(found)) - {m} for m, p in found.items()}


def test_every_import_points_down_the_layers() -> None:
    upward = [
        f"{m} ({LAYERS[layer(m)][0]}) imports {d} ({LAYERS[layer(d)][0]})"
        for m, deps in sorted(graph().items())
        for d in sorted(deps)
        if layer(d) > layer(m)
    ]
    assert upward == []


def test_no_modules_import_each_other_in_a_circle() -> None:
    assert circles(graph()) == []


def test_the_circle_finder_finds_circles_but_not_a_package_reexporting_its_modules() -> None:
    edges = {"p": {"p.a"}, "p.a": {"p.b"}, "p.b": {"p.a", "q"}, "q": set(), "r": {"r.x"}, "r.x": {"r"}}
    assert circles(edges) == [["p.a", "p.b"]]


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), less those made only by a
    package's ``__init__`` importing its own submodules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return [c for c in cycles if not _only_reexports(c, edges)]


def _only_reexports(component: list[str], edges: dict[str, set[str]]) -> bool:
    """A circle made only by a package importing its own submodules (its ``__init__``)."""
    inner = {(a, b) for a in component for b in edges[a] if b in component}
    return all(b.startswith(a + ".") for a, b in inner if not a.startswith(b + "."))


def test_the_graph_sees_function_level_and_type_checking_imports(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import skillrouter.cli\n"
        "def f():\n    from skillrouter.agent import nodes\n"
    )
    assert imports(path, {"skillrouter.cli", "skillrouter.agent", "skillrouter.agent.nodes"}) == {
        "skillrouter.cli",
        "skillrouter.agent.nodes",
    }


def test_the_security_gate_loads_neither_the_agent_nor_langgraph() -> None:
    import subprocess
    import sys

    code = (
        "import sys, skillrouter.security, skillrouter.security.review\n"
        "print(sorted(m for m in sys.modules if m.startswith('skillrouter.agent') or m.split('.')[0] == "
        "'langgraph'))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


ABOVE_THE_FACADE = (
    "skillrouter.learning",
    "skillrouter.mcp_server",
    "skillrouter.agent",
    "skillrouter.cli",
    "skillrouter.eval",
)


def test_everything_above_the_library_goes_through_its_methods() -> None:
    """The facade (``SkillLibrary``) is what the loop, the servers, the CLI and the evaluation
    harness use: none of them reaches the store behind it (nor, through it, its ledger or files)."""
    reaching = []
    for module, path in sorted(modules().items()):
        if any(module == p or module.startswith(p + ".") for p in ABOVE_THE_FACADE):
            reaching += [
                f"{path.relative_to(ROOT)}:{n.lineno} .{n.attr}"
                for n in ast.walk(ast.parse(path.read_text()))
                if isinstance(n, ast.Attribute) and n.attr == "store"
            ]
    assert reaching == []
