#!/usr/bin/env python3
"""Render the CI template into .github/workflows/ci.yml."""
import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TEMPLATE = HERE.parent / "templates" / "github-workflow.yml"

STACKS = {
    "node": {
        "__SETUP_ACTION__": "actions/setup-node@v4",
        "__VERSION_KEY__": "node-version",
        "__VERSION__": "20",
        "__CACHE_KIND__": "npm",
        "__LOCKFILE__": "package-lock.json",
        "__BUILD_DIR__": "dist",
        "__INSTALL_CMD__": "npm ci",
        "__TEST_CMD__": "npm test",
        "__BUILD_CMD__": "npm run build --if-present",
    },
    "python": {
        "__SETUP_ACTION__": "actions/setup-python@v5",
        "__VERSION_KEY__": "python-version",
        "__VERSION__": "3.12",
        "__CACHE_KIND__": "pip",
        "__LOCKFILE__": "requirements*.txt",
        "__BUILD_DIR__": "build",
        "__INSTALL_CMD__": "pip install -r requirements.txt",
        "__TEST_CMD__": "python -m pytest -q",
        "__BUILD_CMD__": "python -m build || true",
    },
}


def detect_node(values, root):
    nvmrc = root / ".nvmrc"
    if nvmrc.exists():
        values["__VERSION__"] = nvmrc.read_text().strip().lstrip("v") or values["__VERSION__"]
    if (root / "pnpm-lock.yaml").exists():
        values.update({"__CACHE_KIND__": "pnpm", "__LOCKFILE__": "pnpm-lock.yaml",
                       "__INSTALL_CMD__": "corepack enable && pnpm install --frozen-lockfile"})
    pkg = root / "package.json"
    if pkg.exists():
        scripts = json.loads(pkg.read_text()).get("scripts", {})
        if "test" not in scripts:
            values["__TEST_CMD__"] = "echo 'no tests'"


def detect_python(values, root):
    pv = root / ".python-version"
    if pv.exists():
        values["__VERSION__"] = pv.read_text().strip()
    if (root / "poetry.lock").exists():
        values.update({"__LOCKFILE__": "poetry.lock",
                       "__INSTALL_CMD__": "pip install poetry && poetry install --no-interaction",
                       "__TEST_CMD__": "poetry run pytest -q"})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--stack", choices=STACKS, required=True)
    ap.add_argument("--out", default=".github/workflows/ci.yml")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()

    root = Path.cwd()
    values = dict(STACKS[args.stack])
    (detect_node if args.stack == "node" else detect_python)(values, root)

    text = TEMPLATE.read_text()
    for k, v in values.items():
        text = text.replace(k, v)

    out = root / args.out
    if out.exists() and not args.force:
        print(f"{out} exists; re-run with --force after showing the user the diff.", file=sys.stderr)
        print(text)
        return 2
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    print(f"Wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
