#!/usr/bin/env python3
"""Draft a CHANGELOG section from git history and GitHub pull requests."""
import argparse
import json
import os
import re
import subprocess
import sys
import urllib.request
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
TEMPLATE_DIR = HERE.parent / "templates"
GITHUB_API = os.environ.get("GITHUB_API_URL", "https://api.github.com").rstrip("/")

TYPE_HEADINGS = {
    "feat": "Added", "fix": "Fixed", "perf": "Changed", "refactor": "Changed",
    "docs": "Documentation", "deps": "Dependencies", "revert": "Removed",
}
CC_RE = re.compile(r"^(?P<type>\w+)(?:\((?P<scope>[^)]+)\))?(?P<bang>!)?:\s*(?P<desc>.+)$")
PR_RE = re.compile(r"\(#(\d+)\)$")


def git(*args):
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout.strip()


def latest_tag():
    try:
        return git("describe", "--tags", "--abbrev=0")
    except subprocess.CalledProcessError:
        return None


def repo_slug():
    try:
        url = git("config", "--get", "remote.origin.url")
    except subprocess.CalledProcessError:
        return None
    m = re.search(r"github\.com[:/](.+?)(?:\.git)?$", url)
    return m.group(1) if m else None


def load_template(style):
    path = TEMPLATE_DIR / f"{style}.md"
    if not path.exists():
        sys.exit(f"unknown style {style!r}; available: " +
                 ", ".join(p.stem for p in TEMPLATE_DIR.glob("*.md")))
    return path.read_text()


def pr_info(slug, number, token):
    req = urllib.request.Request(f"{GITHUB_API}/repos/{slug}/pulls/{number}")
    req.add_header("Accept", "application/vnd.github+json")
    req.add_header("X-GitHub-Api-Version", "2022-11-28")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=10) as r:
        data = json.load(r)
    return {"title": data["title"], "author": data["user"]["login"],
            "labels": [l["name"] for l in data.get("labels", [])]}


def collect(since, until):
    rng = f"{since}..{until}" if since else until
    log = git("log", rng, "--no-merges", "--pretty=format:%H%x1f%s")
    for line in filter(None, log.splitlines()):
        sha, subject = line.split("\x1f", 1)
        if subject.startswith("chore(release)"):
            continue
        yield sha, subject


def build(entries, slug, token):
    groups = defaultdict(list)
    for sha, subject in entries:
        m = CC_RE.match(subject)
        kind = m.group("type") if m else "other"
        desc = m.group("desc") if m else subject
        pr = PR_RE.search(subject)
        if pr and slug:
            try:
                info = pr_info(slug, pr.group(1), token)
                desc = f"{info['title']} (#{pr.group(1)}, @{info['author']})"
            except Exception as exc:
                print(f"warning: PR #{pr.group(1)} lookup failed: {exc}", file=sys.stderr)
        if m and m.group("bang"):
            groups["BREAKING"].append(desc)
        groups[TYPE_HEADINGS.get(kind, "Other")].append(desc)
    return groups


def render(template, version, groups):
    body = []
    for heading in ["BREAKING", "Added", "Changed", "Fixed", "Removed", "Documentation", "Dependencies", "Other"]:
        if groups.get(heading):
            body.append(f"### {heading}\n" + "\n".join(f"- {d}" for d in groups[heading]))
    return template.replace("{{version}}", version).replace("{{sections}}", "\n\n".join(body))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since", default="auto")
    ap.add_argument("--until", default="HEAD")
    ap.add_argument("--version", required=True)
    ap.add_argument("--style", default="keepachangelog")
    ap.add_argument("--output", default="-")
    a = ap.parse_args()
    since = latest_tag() if a.since == "auto" else a.since
    token = os.environ.get("GITHUB_TOKEN") or os.environ.get("GH_TOKEN")
    template = load_template(a.style)
    out = render(template, a.version, build(collect(since, a.until), repo_slug(), token))
    if a.output == "-":
        sys.stdout.write(out + "\n")
    else:
        Path(a.output).write_text(out + "\n")


if __name__ == "__main__":
    main()
