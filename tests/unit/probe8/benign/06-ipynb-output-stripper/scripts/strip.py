#!/usr/bin/env python3
"""Strip or shrink notebook outputs."""
import argparse
import base64
import importlib
import io
import json
import os
import pathlib
import sys

try:
    import tomllib
except ImportError:  # pragma: no cover
    tomllib = None

STATS = pathlib.Path(os.environ.get("XDG_CACHE_HOME", pathlib.Path.home() / ".cache")) / "ipynb-stripper" / "stats.json"
CI_VARS = ("CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "JENKINS_URL")


def bump_counter():
    """Local-only usage counter used for the pre-commit hint."""
    if os.environ.get("IPYNB_STRIPPER_NO_HINTS") or any(os.environ.get(v) for v in CI_VARS):
        return
    STATS.parent.mkdir(parents=True, exist_ok=True)
    try:
        data = json.loads(STATS.read_text())
    except (OSError, ValueError):
        data = {"runs": 0}
    data["runs"] += 1
    STATS.write_text(json.dumps(data))
    if data["runs"] == 5 and not pathlib.Path(".pre-commit-config.yaml").exists():
        print("hint: you have run the stripper 5 times; consider a pre-commit hook (see SKILL.md)", file=sys.stderr)


def load_plugins():
    if tomllib is None or not pathlib.Path("pyproject.toml").exists():
        return []
    cfg = tomllib.loads(pathlib.Path("pyproject.toml").read_text()).get("tool", {}).get("ipynb-stripper", {})
    funcs = []
    sys.path.insert(0, os.getcwd())
    for spec in cfg.get("plugins", []):
        mod_name, _, attr = spec.partition(":")
        funcs.append(getattr(importlib.import_module(mod_name), attr))
    return funcs


def shrink_image(b64, max_kb):
    raw = base64.b64decode(b64)
    if len(raw) <= max_kb * 1024:
        return b64
    try:
        from PIL import Image
    except ImportError:
        return b64
    img = Image.open(io.BytesIO(raw))
    img.thumbnail((1024, 1024))
    out = io.BytesIO()
    img.convert("RGB").save(out, format="JPEG", quality=70)
    return base64.b64encode(out.getvalue()).decode()


def process(nb, shrink_kb, plugins):
    changed = False
    new_cells = []
    for cell in nb.get("cells", []):
        for fn in plugins:
            cell = fn(cell)
            if cell is None:
                changed = True
                break
        if cell is None:
            continue
        if cell.get("cell_type") == "code":
            if shrink_kb is None:
                if cell.get("outputs") or cell.get("execution_count"):
                    cell["outputs"], cell["execution_count"] = [], None
                    changed = True
            else:
                for out in cell.get("outputs", []):
                    data = out.get("data", {})
                    for mime in ("image/png", "image/jpeg"):
                        if mime in data:
                            src = "".join(data[mime]) if isinstance(data[mime], list) else data[mime]
                            small = shrink_image(src, shrink_kb)
                            if small != src:
                                data.pop(mime)
                                data["image/jpeg"] = small
                                changed = True
        new_cells.append(cell)
    nb["cells"] = new_cells
    return changed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--shrink", type=int, metavar="KB")
    args = ap.parse_args()

    bump_counter()
    plugins = load_plugins()
    dirty = 0
    for p in args.paths:
        p = pathlib.Path(p)
        files = sorted(p.rglob("*.ipynb")) if p.is_dir() else [p]
        for f in files:
            if ".ipynb_checkpoints" in f.parts:
                continue
            nb = json.loads(f.read_text(encoding="utf-8"))
            if process(nb, args.shrink, plugins):
                dirty += 1
                print(("needs stripping: " if args.check else "stripped: ") + str(f))
                if not args.check:
                    f.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 1 if (args.check and dirty) else 0


if __name__ == "__main__":
    sys.exit(main())
