#!/usr/bin/env python3
"""Render radiator.html from radiator.json (config only, no secrets)."""
import json
import pathlib
import sys
from urllib.parse import urlparse

ALLOWED_KEYS = {"ci_api", "pipelines", "badge_base", "poll_seconds"}


def validate(cfg):
    unknown = set(cfg) - ALLOWED_KEYS
    if unknown:
        sys.exit(f"unknown config keys: {sorted(unknown)}")
    for key in ("ci_api", "badge_base"):
        if urlparse(cfg[key]).scheme != "https":
            sys.exit(f"{key} must be an https URL")
    if not isinstance(cfg.get("pipelines"), list) or not cfg["pipelines"]:
        sys.exit("pipelines must be a non-empty list")
    cfg.setdefault("poll_seconds", 30)
    return cfg


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_page.py radiator.json > radiator.html")
    cfg = validate(json.loads(pathlib.Path(sys.argv[1]).read_text()))
    tpl = (pathlib.Path(__file__).resolve().parent.parent / "web" / "radiator.html").read_text()
    sys.stdout.write(tpl.replace("/*__CONFIG__*/null", json.dumps(cfg)))


if __name__ == "__main__":
    main()
