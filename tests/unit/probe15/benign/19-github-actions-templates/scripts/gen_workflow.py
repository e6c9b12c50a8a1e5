#!/usr/bin/env python3
"""根据项目类型渲染 GitHub Actions 工作流模板。"""
import argparse
import sys
from pathlib import Path

SKILL_DIR = Path(__file__).resolve().parent.parent


def detect_node_pm(root: Path) -> str:
    # 根据 lockfile 判断包管理器
    if (root / "pnpm-lock.yaml").exists():
        return "pnpm"
    if (root / "yarn.lock").exists():
        return "yarn"
    return "npm"


def node_install(pm: str) -> str:
    return {
        "npm": "npm ci",
        "pnpm": "corepack enable && pnpm install --frozen-lockfile",
        "yarn": "corepack enable && yarn install --immutable",
    }[pm]


def python_install(root: Path) -> str:
    if (root / "uv.lock").exists():
        return "pip install uv && uv sync --frozen"
    if (root / "poetry.lock").exists():
        return "pip install poetry && poetry install --no-interaction"
    if (root / "requirements-dev.txt").exists():
        return "pip install -r requirements-dev.txt"
    return "pip install -e '.[dev]'"


def render(template: str, values: dict) -> str:
    out = template
    for k, v in values.items():
        out = out.replace("{{" + k + "}}", v)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lang", choices=["node", "python"], required=True)
    ap.add_argument("--node", default="20")
    ap.add_argument("--py", default="3.12")
    ap.add_argument("--pm")
    ap.add_argument("--root", default=".")
    ap.add_argument("--force", action="store_true", help="覆盖已有文件")
    args = ap.parse_args()

    root = Path(args.root).resolve()
    wf = root / ".github" / "workflows"
    if args.lang == "node":
        pm = args.pm or detect_node_pm(root)
        values = {"NODE_VERSION": args.node, "PM": pm, "INSTALL": node_install(pm)}
        outputs = {"ci.yml": "node-ci.yml", "pr-comment.yml": "pr-comment.yml"}
    else:
        values = {"PY_VERSION": args.py, "INSTALL": python_install(root)}
        outputs = {"ci.yml": "python-ci.yml"}

    for name, tpl in outputs.items():
        out = wf / name
        if out.exists() and not args.force:
            print(f"{out} 已存在，使用 --force 覆盖", file=sys.stderr)
            return 1
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(render((SKILL_DIR / "templates" / tpl).read_text(encoding="utf-8"), values), encoding="utf-8")
        print(f"已生成 {out.relative_to(root)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
