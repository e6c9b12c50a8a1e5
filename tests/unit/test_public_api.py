"""Guards on the public surface: ``skillrouter.__all__`` and the exception tree."""

from __future__ import annotations

import ast
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

import skillrouter
from skillrouter import errors

ROOT = Path(__file__).resolve().parents[2]


def test_all_is_sorted_and_unique() -> None:
    assert skillrouter.__all__ == sorted(skillrouter.__all__)
    assert len(set(skillrouter.__all__)) == len(skillrouter.__all__)


def test_every_public_name_imports() -> None:
    namespace: dict[str, object] = {}
    exec("from skillrouter import *", namespace)  # noqa: S102
    for name in skillrouter.__all__:
        assert getattr(skillrouter, name) is namespace[name]
    missing = [n for n in skillrouter.__all__ if n not in namespace]
    assert missing == []


def test_the_core_objects_are_public() -> None:
    for name in (
        "SkillLibrary",
        "Skill",
        "Store",
        "Router",
        "Route",
        "Candidate",
        "SkillIndex",
        "parse_skill_md",
        "render_skill_md",
        "skill_from_json",
        "skill_to_json",
        "slugify",
    ):
        assert name in skillrouter.__all__


def test_every_error_is_public_and_derives_from_the_root() -> None:
    classes = [c for _, c in inspect.getmembers(errors, inspect.isclass) if c.__module__ == errors.__name__]
    assert len(classes) >= 10
    for cls in classes:
        assert issubclass(cls, skillrouter.SkillRouterError)
        assert cls.__name__ in skillrouter.__all__, cls.__name__
        assert cls.__name__ in (errors.__doc__ or ""), f"{cls.__name__} missing from the tree in errors.py"


def _imports(folder: Path) -> dict[str, set[str]]:
    """file -> the modules it imports (absolute imports only; we use no relative ones)."""
    found: dict[str, set[str]] = {}
    for path in sorted(folder.rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
        found[str(path.relative_to(ROOT))] = names
    return found


def test_layering_embeddings_skillrouter_eval() -> None:
    """``embeddings`` <- ``skillrouter`` <- ``eval``: no import runs upward, and nothing imports the
    folders by their bare names (they install as ``skillrouter.embeddings`` / ``skillrouter.eval``)."""
    upward = []
    for file, names in _imports(ROOT / "embeddings").items():
        upward += [
            (file, n)
            for n in names
            if n.split(".")[0] == "skillrouter" and not n.startswith("skillrouter.embeddings")
        ]
    for file, names in _imports(ROOT / "skillrouter").items():
        upward += [(file, n) for n in names if n.startswith("skillrouter.eval")]
    bare = [
        (file, n)
        for folder in ("embeddings", "eval", "skillrouter", "tests", "benchmarks")
        for file, names in _imports(ROOT / folder).items()
        for n in names
        if n.split(".")[0] in ("embeddings", "eval")
    ]
    assert upward == []
    assert bare == []


def test_lazy_imports() -> None:
    """Importing skillrouter (and its CLI) loads neither Chroma, LangGraph, the model stack, the
    evaluation harness nor the security scanner's rules (the store needs only the policy): they
    load when first used, so the CLI starts quickly."""
    code = (
        "import sys, skillrouter, skillrouter.cli\n"
        "print(sorted(m for m in ('chromadb', 'sentence_transformers', 'torch', 'skillrouter.eval', "
        "'langgraph',"
        " 'skillrouter.security.scan') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["[]"]


def test_import_skillrouter_loads_nothing_heavy_and_still_reaches_every_module() -> None:
    """``import skillrouter`` imports no numpy (the CLI first keeps its BLAS on one thread), and
    its names and submodules are reached as before: ``skillrouter.SkillLibrary``,
    ``skillrouter.library.SkillLibrary``."""
    code = (
        "import sys, skillrouter\n"
        "print('numpy' in sys.modules)\n"
        "print(skillrouter.library.SkillLibrary is skillrouter.SkillLibrary)\n"
        "print(skillrouter.DoctorReport.__module__)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["False", "True", "skillrouter.doctor"]
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        skillrouter.nothing_here  # noqa: B018
