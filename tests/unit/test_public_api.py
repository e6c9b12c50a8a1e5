"""Guards on the public surface: ``skillrouter.__all__`` and the exception tree."""

from __future__ import annotations

import inspect
import subprocess
import sys

import skillrouter
from skillrouter import errors


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
    for name in ("SkillLibrary", "Skill", "Store", "Router", "Route", "Candidate", "SkillIndex",
                 "parse_skill_md", "render_skill_md", "skill_from_json", "skill_to_json", "slugify"):
        assert name in skillrouter.__all__


def test_every_error_is_public_and_derives_from_the_root() -> None:
    classes = [c for _, c in inspect.getmembers(errors, inspect.isclass) if c.__module__ == errors.__name__]
    assert len(classes) >= 10
    for cls in classes:
        assert issubclass(cls, skillrouter.SkillRouterError)
        assert cls.__name__ in skillrouter.__all__, cls.__name__
        assert cls.__name__ in (errors.__doc__ or ""), f"{cls.__name__} missing from the tree in errors.py"


def test_layering_and_lazy_imports() -> None:
    """``embeddings`` imports nothing of ours; importing skillrouter loads neither Chroma, LangGraph, the
    model stack nor ``eval`` (they load when first used, so the CLI starts quickly)."""
    code = (
        "import sys, embeddings; print(sorted(m for m in sys.modules if m.split('.')[0] == 'skillrouter'))\n"
        "import skillrouter, skillrouter.cli\n"
        "print(sorted(m for m in ('chromadb', 'sentence_transformers', 'torch', 'eval', 'langgraph') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["[]", "[]"]
