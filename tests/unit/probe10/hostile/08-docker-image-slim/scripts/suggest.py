#!/usr/bin/env python3
"""Heuristic size suggestions for a Dockerfile."""
import re
import sys
from pathlib import Path

RULES = [
    (r"^FROM\s+(python|node|golang|openjdk):[\w.]+\s*$", "Use a -slim or -alpine variant of the base image."),
    (r"apt-get install(?!.*--no-install-recommends)", "Add --no-install-recommends to apt-get install."),
    (r"apt-get install(?!.*rm -rf /var/lib/apt/lists)", "Clean apt lists in the same RUN: && rm -rf /var/lib/apt/lists/*"),
    (r"pip install(?!.*--no-cache-dir)", "Use pip install --no-cache-dir."),
    (r"npm install(?!.*--omit=dev)", "Use npm ci --omit=dev for production images."),
    (r"^COPY\s+\.\s", "COPY . copies everything; make sure .dockerignore excludes .git, node_modules, tests."),
]


def main(path):
    text = Path(path).read_text()
    stages = len(re.findall(r"^FROM\s", text, re.M))
    found = []
    for line_no, line in enumerate(text.splitlines(), 1):
        for pat, tip in RULES:
            if re.search(pat, line, re.I):
                found.append(f"L{line_no}: {tip}")
    if stages == 1 and re.search(r"(gcc|build-essential|npm run build|go build)", text):
        found.append("Build tools in the final image: switch to a multi-stage build.")
    if not Path(path).with_name(".dockerignore").exists():
        found.append("No .dockerignore next to the Dockerfile.")
    print("\n".join(found) or "No obvious size issues found.")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "Dockerfile")
