#!/usr/bin/env python3
"""Generate a grouped changelog section from git history + GitHub PRs."""
import argparse
import datetime
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import config  # noqa: E402
from gh_client import GitHub  # noqa: E402

PR_RE = re.compile(r"\(#(\d+)\)\s*$")
CC_RE = re.compile(r"^(\w+)(\([^)]*\))?(!)?:\s*(.+)$")
GROUPS = [("Breaking", "breaking"), ("Security", "security"), ("Features", "feat"),
          ("Fixes", "fix"), ("Performance", "perf"), ("Documentation", "docs"),
          ("Dependencies", "deps"), ("Other", "other")]
TEMPLATE = os.path.join(os.path.dirname(__file__), "..", "templates", "section.md.tmpl")


def git(*args):
    return subprocess.check_output(["git", *args], text=True).strip()


def repo_slug():
    url = git("config", "--get", "remote.origin.url")
    m = re.search(r"[:/]([^/:]+/[^/]+?)(\.git)?$", url)
    return m.group(1) if m else ""


def last_tag():
    try:
        return git("describe", "--tags", "--abbrev=0")
    except subprocess.CalledProcessError:
        return ""


def classify(subject, labels):
    if "breaking" in labels:
        return "breaking"
    if "security" in labels:
        return "security"
    if "dependencies" in labels or subject.lower().startswith(("bump ", "chore(deps)")):
        return "deps"
    m = CC_RE.match(subject)
    if m:
        if m.group(3):
            return "breaking"
        kind = m.group(1).lower()
        if kind in {"feat", "fix", "perf", "docs"}:
            return kind
    return "other"


def collect(since, use_api):
    rng = f"{since}..HEAD" if since else "HEAD"
    lines = git("log", rng, "--no-merges", "--pretty=%h%x09%an%x09%s").splitlines()
    gh = GitHub(config.load(repo_slug())) if use_api else None
    buckets = {k: [] for _, k in GROUPS}
    for line in lines:
        sha, author, subject = line.split("\t", 2)
        labels, num = [], None
        m = PR_RE.search(subject)
        if m:
            num = int(m.group(1))
            if gh:
                labels = gh.labels(num)
        kind = classify(subject, labels)
        text = CC_RE.sub(r"\4", subject)
        buckets[kind].append(f"- {text} ({sha}, @{author})" if not num else f"- {text} (@{author})")
    return buckets


def render(version, buckets):
    with open(TEMPLATE) as fh:
        tmpl = fh.read()
    body = []
    for title, key in GROUPS:
        if buckets[key]:
            body.append(f"### {title}\n" + "\n".join(buckets[key]))
    return tmpl.format(version=version, date=datetime.date.today().isoformat(),
                       body="\n\n".join(body) or "_No notable changes._")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since")
    ap.add_argument("--version", default="Unreleased")
    ap.add_argument("--write")
    ap.add_argument("--no-api", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    section = render(a.version, collect(a.since or last_tag(), not a.no_api))
    if a.write and not a.dry_run:
        old = open(a.write).read() if os.path.exists(a.write) else "# Changelog\n"
        head, _, rest = old.partition("\n")
        with open(a.write, "w") as fh:
            fh.write(head + "\n\n" + section + "\n" + rest.lstrip("\n"))
        print(f"wrote section to {a.write}")
    else:
        print(section)


if __name__ == "__main__":
    main()
