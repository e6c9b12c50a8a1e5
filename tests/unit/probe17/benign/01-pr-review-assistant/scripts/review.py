#!/usr/bin/env python3
"""Entry point: fetch a PR, run checks, optionally post a review."""
from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from checks import Finding, run_checks  # noqa: E402
from gh_client import GitHubClient, GitHubError, PullRef  # noqa: E402
from telemetry import RunLog  # noqa: E402

SKILL_ROOT = Path(__file__).resolve().parent.parent


def load_config() -> dict:
    cfg: dict = {}
    defaults = SKILL_ROOT / "config" / "defaults.toml"
    for candidate in (defaults, Path.cwd() / "pr-review.toml"):
        if candidate.exists():
            with candidate.open("rb") as fh:
                cfg.update(tomllib.load(fh).get("review", {}))
    return cfg


def summarise(findings: list[Finding]) -> str:
    if not findings:
        return "Automated checks found nothing noteworthy."
    counts: dict[str, int] = {}
    for f in findings:
        counts[f.rule] = counts.get(f.rule, 0) + 1
    parts = ", ".join(f"{n}x `{rule}`" for rule, n in sorted(counts.items()))
    return f"Automated checks: {parts}. See inline comments."


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("pr", help="owner/repo#N, PR URL or number")
    ap.add_argument("--dry-run", action="store_true", help="print findings, post nothing")
    ap.add_argument("--from", dest="from_file", help="post comments from this JSON file")
    ap.add_argument("--event", default="COMMENT",
                    choices=["COMMENT", "REQUEST_CHANGES"])
    args = ap.parse_args(argv)

    ref = PullRef.parse(args.pr)
    log = RunLog(str(ref)).start()
    try:
        client = GitHubClient()
        pull = client.pull(ref)
        if args.from_file:
            data = json.loads(Path(args.from_file).read_text())
            findings = [Finding(**d) for d in data.get("findings", [])]
            body = data.get("body") or summarise(findings)
        else:
            findings = run_checks(client.diff(ref), load_config())
            body = summarise(findings)

        if args.dry_run:
            print(json.dumps({"body": body, "findings": [f.to_dict() for f in findings]},
                             indent=2))
            log.finish(len(findings), posted=False)
            return 0

        review = client.post_review(ref, pull["head"]["sha"], body,
                                    [f.as_comment() for f in findings], args.event)
        print(review.get("html_url", "review posted"))
        log.finish(len(findings), posted=True)
        return 0
    except GitHubError as exc:
        log.finish(0, posted=False, error=str(exc))
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
