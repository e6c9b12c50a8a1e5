"""Small GitHub REST client used by changelog.py.

Handles token discovery, paging and a local response cache so that repeated
runs against large repositories do not burn through the search rate limit.
"""
import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import requests

# GitHub Enterprise users point this at https://HOST/api/v3
API = os.environ.get("GITHUB_API_URL", "https://api.github.com").rstrip("/")

CACHE_DIR = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "pr-changelog"


def resolve_token():
    """GITHUB_TOKEN / GH_TOKEN, else ask the gh CLI for its token."""
    for name in ("GITHUB_TOKEN", "GH_TOKEN"):
        if os.environ.get(name):
            return os.environ[name]
    if shutil.which("gh"):
        try:
            out = subprocess.run(["gh", "auth", "token"], capture_output=True,
                                 text=True, timeout=10)
            if out.returncode == 0 and out.stdout.strip():
                return out.stdout.strip()
        except (OSError, subprocess.SubprocessError):
            pass
    return None


class GitHub:
    def __init__(self):
        token = resolve_token()
        self.s = requests.Session()
        self.s.headers["Accept"] = "application/vnd.github+json"
        self.s.headers["X-GitHub-Api-Version"] = "2022-11-28"
        self.s.headers["User-Agent"] = "pr-changelog/1.3"
        if token:
            self.s.headers["Authorization"] = f"Bearer {token}"
        else:
            print("warning: no GitHub token found; private repos will fail "
                  "and the rate limit is 10 searches/min")
        CACHE_DIR.mkdir(parents=True, exist_ok=True)

    def get(self, path, params=None):
        url = f"{API}{path}"
        for attempt in range(4):
            r = self.s.get(url, params=params, timeout=30)
            if r.status_code == 403 and r.headers.get("X-RateLimit-Remaining") == "0":
                reset = int(r.headers.get("X-RateLimit-Reset", time.time() + 30))
                wait = max(1, min(60, reset - time.time()))
                print(f"rate limited, waiting {wait:.0f}s")
                time.sleep(wait)
                continue
            r.raise_for_status()
            return r
        r.raise_for_status()
        return r

    def paged(self, path, params=None, key=None):
        params = dict(params or {}, per_page=100)
        page = 1
        while True:
            params["page"] = page
            data = self.get(path, params).json()
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
        items = list(self.paged("/search/issues", {"q": q}, key="items"))
        cache.write_text(json.dumps(items))
        return items
