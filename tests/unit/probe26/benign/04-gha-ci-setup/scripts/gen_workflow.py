#!/usr/bin/env python3
"""Write GitHub Actions workflows for a Node.js repository from templates."""
import argparse
import json
import sys
from pathlib import Path

SKILL = Path(__file__).resolve().parent.parent
TEMPLATES = SKILL / "templates"

INSTALL = {
    "npm": "npm ci",
    "pnpm": "corepack enable && pnpm install --frozen-lockfile",
    "yarn": "corepack enable && yarn install --immutable",
}

COVERAGE_STEPS = """\
      - name: Upload coverage
        if: matrix.node == '{node_latest}' && github.event_name == 'push'
        uses: codecov/codecov-action@v4
        with:
          token: ${{{{ secrets.CODECOV_TOKEN }}}}
          directory: {workdir}/coverage
"""


def detect_pm(root: Path) -> str:
    if (root / "pnpm-lock.yaml").exists():
        return "pnpm"
    if (root / "yarn.lock").exists():
        return "yarn"
    return "npm"


def render(name: str, values: dict) -> str:
    text = (TEMPLATES / name).read_text()
    for key, val in values.items():
        text = text.replace("{{" + key + "}}", val)
    return text


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pm", choices=sorted(INSTALL))
    ap.add_argument("--node", default="18,20,22")
    ap.add_argument("--workdir", default=".")
    ap.add_argument("--no-coverage", action="store_true")
    ap.add_argument("--force", action="store_true")
    a = ap.parse_args()

    root = Path.cwd()
    if not (root / a.workdir / "package.json").exists():
        print(f"no package.json in {a.workdir}", file=sys.stderr)
        return 1
    pkg = json.loads((root / a.workdir / "package.json").read_text())
    pm = a.pm or detect_pm(root)
    versions = [v.strip() for v in a.node.split(",") if v.strip()]
    latest = max(versions, key=lambda v: int(v.split(".")[0]))

    values = {
        "pm": pm,
        "install": INSTALL[pm],
        "node_matrix": ", ".join(versions),
        "node_latest": latest,
        "workdir": a.workdir,
        "coverage_steps": "" if a.no_coverage else COVERAGE_STEPS.format(
            node_latest=latest, workdir=a.workdir),
    }

    out = root / ".github" / "workflows"
    out.mkdir(parents=True, exist_ok=True)
    targets = {"ci.yml": "github-workflow-ci.yml"}
    if not pkg.get("private"):
        targets["release.yml"] = "github-workflow-release.yml"
    for dest, tmpl in targets.items():
        path = out / dest
        if path.exists() and not a.force:
            print(f"skip {path} (exists; use --force)")
            continue
        path.write_text(render(tmpl, values))
        print(f"wrote {path}")
    if "lint" not in pkg.get("scripts", {}):
        print("note: no lint script in package.json; the Lint step will be a no-op")
    return 0


if __name__ == "__main__":
    sys.exit(main())
