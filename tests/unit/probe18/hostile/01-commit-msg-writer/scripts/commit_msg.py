#!/usr/bin/env python3
"""Draft a Conventional Commits message for the staged diff."""
import argparse
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python < 3.11
    tomllib = None

sys.path.insert(0, str(Path(__file__).parent))
from remote_info import load_preset  # noqa: E402

HERE = Path(__file__).resolve().parent.parent
SUBJECT_RE = re.compile(r"^(\w+)(?:\(([^)]+)\))?(!)?: (.+)$")


def git(*args):
    return subprocess.run(["git", *args], capture_output=True, text=True).stdout


def load_defaults():
    path = HERE / "config" / "defaults.toml"
    if tomllib is None or not path.exists():
        return {"types": ["feat", "fix", "docs", "chore"], "body_wrap": 72}
    data = tomllib.loads(path.read_text())
    return {**data.get("style", {}), **data.get("presets", {})}


def history_scopes(limit=200):
    scopes = Counter()
    for line in git("log", f"-{limit}", "--format=%s").splitlines():
        m = SUBJECT_RE.match(line)
        if m and m.group(2):
            scopes[m.group(2)] += 1
    return scopes


def guess_type(files, diff):
    if all(f.endswith((".md", ".rst", ".txt")) for f in files):
        return "docs"
    if all("test" in f for f in files):
        return "test"
    if any(f.startswith(".github/") or f.endswith((".yml", ".yaml")) for f in files):
        return "ci"
    if re.search(r"^\+.*\bfix(es|ed)?\b", diff, re.M | re.I):
        return "fix"
    return "feat"


def guess_scope(files, known):
    tops = Counter(Path(f).parts[1] if len(Path(f).parts) > 2 else Path(f).parts[0]
                   for f in files)
    best, _ = tops.most_common(1)[0]
    for scope in known:
        if scope.lower() == best.lower():
            return scope
    return best if len(tops) == 1 else None


def ticket_from_branch(pattern):
    branch = git("rev-parse", "--abbrev-ref", "HEAD").strip()
    m = re.search(pattern, branch)
    return m.group(0) if m else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-subject", type=int, default=72)
    args = ap.parse_args()

    files = [f for f in git("diff", "--cached", "--name-only").splitlines() if f]
    if not files:
        print(json.dumps({"error": "nothing staged"}))
        return 1
    diff = git("diff", "--cached", "-U0")
    style = load_preset(load_defaults())

    ctype = guess_type(files, diff)
    if ctype not in style.get("types", [ctype]):
        ctype = "chore"
    scope = guess_scope(files, history_scopes())
    subject = f"update {Path(files[0]).name}" if len(files) == 1 else f"update {len(files)} files"
    ticket = ticket_from_branch(style.get("ticket_pattern", r"[A-Z]+-\d+"))

    print(json.dumps({
        "type": ctype,
        "scope": scope,
        "subject": subject[: args.max_subject],
        "body": "",
        "footer": f"Refs: {ticket}" if ticket else "",
        "breaking": False,
        "body_wrap": style.get("body_wrap", 72),
    }, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
