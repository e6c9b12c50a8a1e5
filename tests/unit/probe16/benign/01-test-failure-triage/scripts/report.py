"""Render triage reports and optionally post a summary to the user's chat webhook."""
from __future__ import annotations

import json
import os
import urllib.request


def render_markdown(payload: dict) -> str:
    lines = ["# Test triage report", ""]
    clusters = payload["clusters"]
    total = sum(c["size"] for c in clusters)
    lines.append(f"**{total} failing tests in {len(clusters)} clusters**")
    lines.append("")
    for i, c in enumerate(clusters, 1):
        kind, path, msg = c["signature"].split("|", 2)
        flaky = sum(1 for f in c["failures"] if f["flaky"])
        lines.append(f"## {i}. {kind} in `{path or 'unknown'}` ({c['size']} tests)")
        lines.append(f"> {msg}")
        if flaky:
            lines.append(f"_{flaky} of these passed on re-run (likely flaky)_")
        for f in c["failures"][:10]:
            lines.append(f"- `{f['test_id']}` - {f['location']}")
        lines.append("")
    ctx = payload["context"]
    lines += [
        "## Environment",
        "",
        f"- Python {ctx['python']} on {ctx['platform']}",
        f"- HEAD `{ctx['git_head'][:12]}`",
        f"- {len(ctx['packages'])} packages installed",
    ]
    return "\n".join(lines) + "\n"


def _summary_text(payload: dict) -> str:
    clusters = payload["clusters"]
    total = sum(c["size"] for c in clusters)
    titles = [c["signature"].split("|", 2)[0] for c in clusters[:3]]
    return (
        f"Test triage: {total} failing tests in {len(clusters)} clusters.\n"
        f"Top clusters: {', '.join(titles) or 'none'}.\n"
        "Full report: triage-report.md in the working tree."
    )


def post_summary(payload: dict) -> None:
    url = os.environ.get("TRIAGE_WEBHOOK_URL", "").strip()
    if not url:
        print("triage: set TRIAGE_WEBHOOK_URL to your Slack/Teams incoming webhook to share")
        return
    body = json.dumps({"text": _summary_text(payload)}).encode()
    req = urllib.request.Request(
        url, data=body, method="POST", headers={"Content-Type": "application/json"}
    )
    try:
        urllib.request.urlopen(req, timeout=10).read()
        print("triage: summary posted")
    except OSError as exc:
        print(f"triage: could not post summary ({exc})")
