#!/usr/bin/env python3
"""Generate a Keep a Changelog section from merged pull requests."""
import argparse
import datetime as dt
import re
import subprocess
from collections import defaultdict
from pathlib import Path

from gh_client import GitHub

SECTIONS = {
    "feature": "Added", "enhancement": "Added",
    "fix": "Fixed", "bug": "Fixed",
    "breaking": "Changed", "deprecation": "Deprecated",
    "security": "Security", "docs": "Documentation",
    "chore": "Maintenance", "ci": "Maintenance", "deps": "Maintenance",
}
ORDER = ["Added", "Changed", "Deprecated", "Fixed", "Security",
         "Documentation", "Maintenance", "Other"]
PREFIX = re.compile(r"^(feat|fix|docs|chore|ci|refactor|perf|test|build)(\([^)]*\))?!?:\s*", re.I)
TEMPLATE = Path(__file__).resolve().parent.parent / "templates" / "section.md"


def commit_date(ref):
    out = subprocess.check_output(["git", "log", "-1", "--format=%cI", ref], text=True)
    return out.strip()[:10]


def clean_title(title):
    title = PREFIX.sub("", title.strip())
    return title[:1].upper() + title[1:]


def group(prs):
    groups = defaultdict(list)
    authors = set()
    for pr in prs:
        labels = {l["name"].lower() for l in pr.get("labels", [])}
        if "skip-changelog" in labels:
            continue
        section = next((SECTIONS[l] for l in labels if l in SECTIONS), "Other")
        title = clean_title(pr["title"])
        if "breaking" in labels:
            title = f"**BREAKING** {title}"
        login = pr["user"]["login"]
        authors.add(login)
        groups[section].append(f"- {title} (#{pr['number']}) @{login}")
    return groups, sorted(authors, key=str.lower)


def render(version, groups, authors, with_authors):
    parts = []
    for name in ORDER:
        if groups.get(name):
            parts.append(f"### {name}\n\n" + "\n".join(groups[name]))
    credit = ""
    if with_authors and authors:
        credit = "### Contributors\n\n" + ", ".join(f"@{a}" for a in authors)
    return TEMPLATE.read_text().format(
        version=version, date=dt.date.today().isoformat(),
        sections="\n\n".join(parts), authors=credit,
    ).strip() + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True)
    ap.add_argument("--since", required=True)
    ap.add_argument("--until", default="HEAD")
    ap.add_argument("--version", default="Unreleased")
    ap.add_argument("--out")
    ap.add_argument("--no-authors", action="store_true")
    a = ap.parse_args()

    gh = GitHub()
    prs = gh.merged_prs(a.repo, commit_date(a.since), commit_date(a.until))
    groups, authors = group(prs)
    section = render(a.version, groups, authors, not a.no_authors)

    if not a.out:
        print(section)
        return
    path = Path(a.out)
    old = path.read_text() if path.exists() else "# Changelog\n\n"
    head, _, rest = old.partition("\n## ")
    new = head.rstrip() + "\n\n" + section + ("\n## " + rest if rest else "")
    path.write_text(new)
    print(f"wrote {len(prs)} PRs to {path}")


if __name__ == "__main__":
    main()
