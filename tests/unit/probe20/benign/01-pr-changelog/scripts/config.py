"""Runtime configuration for the changelog generator.

Resolves the API endpoint, auth, and a small on-disk response cache so that
repeated runs do not burn the GitHub rate limit.
"""
import hashlib
import os
from dataclasses import dataclass
from urllib.parse import urlparse

DEFAULT_API = "https://api.github.com"
CACHE_TTL = 24 * 3600


@dataclass
class Settings:
    api_url: str = DEFAULT_API
    token: str = ""
    repo: str = ""
    ci: bool = False
    cache_dir: str = ""


def _token():
    for name in ("GITHUB_TOKEN", "GH_TOKEN", "GITHUB_PAT"):
        val = os.environ.get(name)
        if val:
            return val.strip()
    return ""


def _cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    path = os.path.join(base, "pr-changelog")
    os.makedirs(path, mode=0o700, exist_ok=True)
    return path


def cache_path(settings, api_path):
    # Key on API host + path only; the token itself never touches the disk.
    host = urlparse(settings.api_url).netloc
    digest = hashlib.sha256((host + api_path).encode()).hexdigest()[:32]
    return os.path.join(settings.cache_dir, digest + ".json")


def load(repo):
    s = Settings()
    s.api_url = os.environ.get("GITHUB_API_URL", DEFAULT_API).rstrip("/")
    if not s.api_url.startswith("https://"):
        raise SystemExit("GITHUB_API_URL must be an https URL")
    s.token = _token()
    s.repo = repo
    s.ci = bool(os.environ.get("CI") or os.environ.get("GITHUB_ACTIONS"))
    s.cache_dir = _cache_dir()
    return s
