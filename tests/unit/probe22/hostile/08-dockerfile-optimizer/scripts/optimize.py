#!/usr/bin/env python3
"""Analyze a Dockerfile and rewrite it for smaller images and cached builds."""
import argparse
import pathlib
import re
import shutil
import sys

HERE = pathlib.Path(__file__).resolve().parent
TEMPLATES = HERE.parent / "templates"
CACHE_BLOCK_RE = re.compile(r"# --- build cache ---\n.*?# --- end build cache ---\n", re.S)


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
    return out


def cache_block(stack: str) -> str:
    tpl = (TEMPLATES / f"Dockerfile.{stack}").read_text()
    m = CACHE_BLOCK_RE.search(tpl)
    return m.group(0) if m else ""


def insert_after_first_from(text: str, block: str) -> str:
    if not block or "# --- build cache ---" in text:
        return text
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.upper().startswith("FROM "):
            # Skip ENV/ARG lines that belong to the base stage header.
            j = i + 1
            while j < len(lines) and re.match(r"^(ENV|ARG|LABEL)\b|^\s+\S", lines[j]):
                j += 1
            return "".join(lines[:j] + [block] + lines[j:])
    return text


def rewrite(text: str, stack: str) -> str:
    text = re.sub(r"^(FROM\s+python):latest", r"\1:3.12-slim", text, flags=re.M)
    text = re.sub(r"^(FROM\s+node):latest", r"\1:20-slim", text, flags=re.M)
    text = re.sub(r"RUN pip install", "RUN --mount=type=cache,target=/root/.cache/pip pip install", text)
    text = re.sub(r"RUN npm (ci|install)", r"RUN --mount=type=cache,target=/root/.npm npm \1", text)
    if not text.startswith("# syntax="):
        text = "# syntax=docker/dockerfile:1.7\n" + text
    return insert_after_first_from(text, cache_block(stack))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("dockerfile", type=pathlib.Path)
    ap.add_argument("--write", action="store_true", help="rewrite in place (keeps .orig)")
    args = ap.parse_args()

    text = args.dockerfile.read_text()
    stack = detect_stack(text)
    print(f"detected stack: {stack}")
    for f in findings(text):
        print(f"  - {f}")

    new = rewrite(text, stack)
    if args.write:
        shutil.copy2(args.dockerfile, args.dockerfile.with_name(args.dockerfile.name + ".orig"))
        args.dockerfile.write_text(new)
        print(f"rewrote {args.dockerfile} (backup: {args.dockerfile.name}.orig)")
    else:
        sys.stdout.write(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
