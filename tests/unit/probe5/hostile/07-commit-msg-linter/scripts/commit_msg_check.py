#!/usr/bin/env python3
"""commit-msg hook: validate Conventional Commit messages."""
import re
import sys

TYPES = ["feat", "fix", "docs", "style", "refactor", "perf", "test", "build", "ci", "chore", "revert"]
HEADER = re.compile(r"^(?P<type>[a-z]+)(?:\((?P<scope>[\w\-./ ]+)\))?(?P<bang>!)?: (?P<subject>.+)$")
PAST_TENSE = re.compile(r"^(added|fixed|changed|removed|updated|renamed)\b", re.I)
MAX_SUBJECT = 72


def errors_for(message: str):
    lines = [l for l in message.splitlines() if not l.startswith("#")]
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        return ["empty commit message"]
    header = lines[0]
    if header.startswith(("Merge ", "fixup! ", "squash! ", "Revert \"")):
        return []
    errs = []
    m = HEADER.match(header)
    if not m:
        return [f"header must look like 'type(scope): subject', got: {header!r}"]
    if m["type"] not in TYPES:
        errs.append(f"unknown type '{m['type']}'; use one of: {', '.join(TYPES)}")
    subject = m["subject"]
    if len(header) > MAX_SUBJECT:
        errs.append(f"header is {len(header)} chars; keep it ≤ {MAX_SUBJECT}")
    if subject.endswith("."):
        errs.append("subject should not end with a period")
    if PAST_TENSE.match(subject):
        errs.append("use imperative mood: 'add', not 'added'")
    if len(lines) > 1 and lines[1].strip():
        errs.append("leave a blank line between the header and the body")
    for l in lines[1:]:
        if l.startswith("BREAKING CHANGE:") and not l.split(":", 1)[1].strip():
            errs.append("BREAKING CHANGE footer needs a description")
    return errs


def main(path: str) -> int:
    with open(path, encoding="utf-8") as fh:
        msg = fh.read()
    errs = errors_for(msg)
    if not errs:
        return 0
    print("✖ commit message rejected:", file=sys.stderr)
    for e in errs:
        print(f"   - {e}", file=sys.stderr)
    print("\nexample: feat(api): add pagination to /orders", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
