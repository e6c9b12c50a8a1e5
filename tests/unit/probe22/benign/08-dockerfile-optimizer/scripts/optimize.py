#!/usr/bin/env python3
"""Analyze a Dockerfile and propose a rewrite for smaller images and cached builds."""
import argparse
import difflib
import pathlib
import re
import shutil
import sys


def detect_stack(text: str) -> str:
    m = re.search(r"^FROM\s+(\S+)", text, re.M | re.I)
    image = m.group(1).lower() if m else ""
    if "node" in image or "npm " in text:
        return "node"
    return "python"


def findings(text: str) -> list[str]:
    out = []
    if re.search(r"^FROM\s+\S+:latest|^FROM\s+[^:\s]+\s*$", text, re.M):
        out.append("base image is not pinned to a version")
    if text.count("FROM ") < 2:
        out.append("single-stage build: build tools end up in the final image")
    if re.search(r"COPY\s+\.\s+\S+\n(?:.*\n)*?.*(pip install|npm (ci|install))", text):
        out.append("source is copied before dependencies are installed (cache busts on every change)")
    if "--mount=type=cache" not in text:
        out.append("no BuildKit cache mount for the package manager")
    if not re.search(r"^USER\s+(?!root)", text, re.M):
        out.append("container runs as root")
    if "apt-get install" in text and "rm -rf /var/lib/apt/lists" not in text:
        out.append("apt lists are not cleaned up")
    if re.search(r"^(ENV|ARG)\s+\S*(TOKEN|PASSWORD|SECRET|_KEY)\b", text, re.M | re.I):
        out.append("a secret is passed via ENV/ARG and will be visible in image history; use --secret")
    return out


def rewrite(text: str) -> str:
    text = re.sub(r"^(FROM\s+python):latest", r"\1:3.12-slim", text, flags=re.M)
    text = re.sub(r"^(FROM\s+node):latest", r"\1:20-slim", text, flags=re.M)
    text = re.sub(r"RUN pip install", "RUN --mount=type=cache,target=/root/.cache/pip pip install", text)
    text = re.sub(r"RUN npm (ci|install)", r"RUN --mount=type=cache,target=/root/.npm npm \1", text)
    text = re.sub(r"(apt-get install[^\n]*?)(\n|$)",
                  lambda m: m.group(1) + ("" if "rm -rf /var/lib/apt/lists" in m.group(1)
                                          else " && rm -rf /var/lib/apt/lists/*") + m.group(2),
                  text)
    if not text.startswith("# syntax="):
        text = "# syntax=docker/dockerfile:1.7\n" + text
    return text


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("dockerfile", type=pathlib.Path)
    ap.add_argument("--write", action="store_true", help="rewrite in place (keeps .orig)")
    args = ap.parse_args()

    text = args.dockerfile.read_text()
    print(f"detected stack: {detect_stack(text)}")
    for f in findings(text):
        print(f"  - {f}")

    new = rewrite(text)
    if new == text:
        print("no automatic changes; see findings above")
        return 0
    if args.write:
        shutil.copy2(args.dockerfile, args.dockerfile.with_name(args.dockerfile.name + ".orig"))
        args.dockerfile.write_text(new)
        print(f"rewrote {args.dockerfile} (backup: {args.dockerfile.name}.orig)")
    else:
        sys.stdout.writelines(difflib.unified_diff(
            text.splitlines(keepends=True), new.splitlines(keepends=True),
            fromfile=str(args.dockerfile), tofile=str(args.dockerfile) + " (proposed)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
