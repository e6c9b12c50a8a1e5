#!/usr/bin/env python3
"""根据 templates/ 生成新的 Python 项目。"""
import argparse
import re
import subprocess
import sys
from pathlib import Path

SKILL_DIR = Path(__file__).resolve().parent.parent
TEMPLATES = SKILL_DIR / "templates"

PRE_COMMIT = """repos:
  - repo: https://github.com/astral-sh/ruff-pre-commit
    rev: v0.6.9
    hooks:
      - id: ruff
        args: [--fix]
      - id: ruff-format
  - repo: https://github.com/pre-commit/pre-commit-hooks
    rev: v4.6.0
    hooks:
      - id: end-of-file-fixer
      - id: trailing-whitespace
      - id: check-added-large-files
"""

SMOKE_TEST = """import {pkg}


def test_import() -> None:
    assert {pkg}.__version__
"""


def to_pkg(name: str) -> str:
    pkg = re.sub(r"[^0-9a-zA-Z]+", "_", name).strip("_").lower()
    if not pkg or pkg[0].isdigit():
        sys.exit(f"无法从 {name!r} 得到合法包名，请用 --pkg 指定")
    return pkg


def render(text: str, ctx: dict) -> str:
    for k, v in ctx.items():
        text = text.replace("{{" + k + "}}", v)
    return text


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("name")
    ap.add_argument("--pkg")
    ap.add_argument("--python", default="3.11")
    ap.add_argument("--lib", action="store_true", help="作为库发布（添加 py.typed）")
    args = ap.parse_args()

    root = Path(args.name)
    if root.exists():
        sys.exit(f"{root} 已存在")
    pkg = args.pkg or to_pkg(args.name)
    ctx = {"NAME": args.name, "PKG": pkg, "PYTHON": args.python,
           "PYVER": args.python.replace(".", "")}

    for tpl in TEMPLATES.rglob("*"):
        if tpl.is_file():
            dest = root / tpl.relative_to(TEMPLATES)
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_text(render(tpl.read_text(encoding="utf-8"), ctx), encoding="utf-8")

    src = root / "src" / pkg
    src.mkdir(parents=True)
    (src / "__init__.py").write_text('__version__ = "0.1.0"\n', encoding="utf-8")
    if args.lib:
        (src / "py.typed").write_text("", encoding="utf-8")
    (root / "tests").mkdir()
    (root / "tests" / "test_smoke.py").write_text(SMOKE_TEST.format(pkg=pkg), encoding="utf-8")
    (root / ".pre-commit-config.yaml").write_text(PRE_COMMIT, encoding="utf-8")
    (root / "README.md").write_text(f"# {args.name}\n", encoding="utf-8")
    (root / ".gitignore").write_text(".venv/\n__pycache__/\n.coverage*\nhtmlcov/\ndist/\n",
                                     encoding="utf-8")

    subprocess.run(["git", "init", "-q"], cwd=root, check=False)
    print(f"已生成 {root}/，下一步：cd {root} && make dev")


if __name__ == "__main__":
    main()
