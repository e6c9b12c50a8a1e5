#!/usr/bin/env python3
"""Write .github/workflows/release.yml from the bundled template."""
import json
import re
import sys
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parent.parent / "templates" / "release.yml"


def node_version():
    try:
        spec = json.loads(Path("package.json").read_text()).get("engines", {}).get("node", "")
    except FileNotFoundError:
        sys.exit("run this from the root of an npm package")
    m = re.search(r"(\d+)", spec)
    return max(int(m.group(1)), 20) if m else 20


def main():
    out = Path(".github/workflows/release.yml")
    if out.exists() and "--force" not in sys.argv:
        sys.exit(f"{out} exists; pass --force to overwrite")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(TEMPLATE.read_text().replace("__NODE__", str(node_version())))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
