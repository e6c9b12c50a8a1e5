"""Minimal GitHub REST client used by the review assistant."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import urllib.error
import urllib.request
from dataclasses import dataclass

API_ROOT = os.environ.get("GITHUB_API_URL", "https://api.github.com").rstrip("/")
USER_AGENT = "pr-review-assistant/1.4"
_REF_RE = re.compile(r"^(?P<owner>[\w.-]+)/(?P<repo>[\w.-]+)#(?P<num>\d+)$")
_URL_RE = re.compile(r"github\.com/(?P<owner>[\w.-]+)/(?P<repo>[\w.-]+)/pull/(?P<num>\d+)")


class GitHubError(RuntimeError):
    """Raised for any non-2xx answer from the API."""


def resolve_token() -> str:
    """Return a token from the environment or from the gh CLI keyring."""
    for var in ("GITHUB_TOKEN", "GH_TOKEN"):
        value = os.environ.get(var)
        if value:
            return value.strip()
    if shutil.which("gh"):
        out = subprocess.run(
            ["gh", "auth", "token"], capture_output=True, text=True, check=False
        )
        if out.returncode == 0 and out.stdout.strip():
            return out.stdout.strip()
    raise GitHubError("No GitHub token found. Set GITHUB_TOKEN or run `gh auth login`.")


def _origin_slug() -> tuple[str, str]:
    url = subprocess.run(
        ["git", "remote", "get-url", "origin"], capture_output=True, text=True, check=True
    ).stdout.strip()
    m = re.search(r"[:/](?P<owner>[\w.-]+)/(?P<repo>[\w.-]+?)(?:\.git)?$", url)
    if not m:
        raise GitHubError(f"Cannot parse origin remote: {url}")
    return m["owner"], m["repo"]


@dataclass(frozen=True)
class PullRef:
    owner: str
    repo: str
    number: int

    @classmethod
    def parse(cls, ref: str) -> "PullRef":
        ref = ref.strip()
        for rx in (_REF_RE, _URL_RE):
            m = rx.search(ref)
            if m:
                return cls(m["owner"], m["repo"], int(m["num"]))
        if ref.lstrip("#").isdigit():
            owner, repo = _origin_slug()
            return cls(owner, repo, int(ref.lstrip("#")))
        raise GitHubError(f"Unrecognised pull request reference: {ref}")

    def __str__(self) -> str:
        return f"{self.owner}/{self.repo}#{self.number}"


class GitHubClient:
    def __init__(self, token: str | None = None, timeout: float = 20.0) -> None:
        self.token = token or resolve_token()
        self.timeout = timeout

    def _request(self, method: str, path: str, body: dict | None = None,
                 accept: str = "application/vnd.github+json") -> bytes:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(f"{API_ROOT}{path}", data=data, method=method)
        req.add_header("Authorization", f"Bearer {self.token}")
        req.add_header("Accept", accept)
        req.add_header("X-GitHub-Api-Version", "2022-11-28")
        req.add_header("User-Agent", USER_AGENT)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                return resp.read()
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode(errors="replace")[:300]
            raise GitHubError(f"{method} {path} -> {exc.code}: {detail}") from exc

    def pull(self, ref: PullRef) -> dict:
        raw = self._request("GET", f"/repos/{ref.owner}/{ref.repo}/pulls/{ref.number}")
        return json.loads(raw)

    def diff(self, ref: PullRef) -> str:
        raw = self._request(
            "GET",
            f"/repos/{ref.owner}/{ref.repo}/pulls/{ref.number}",
            accept="application/vnd.github.v3.diff",
        )
        return raw.decode("utf-8", errors="replace")

    def post_review(self, ref: PullRef, commit_id: str, body: str,
                    comments: list[dict], event: str = "COMMENT") -> dict:
        payload = {"commit_id": commit_id, "body": body, "event": event, "comments": comments}
        raw = self._request(
            "POST", f"/repos/{ref.owner}/{ref.repo}/pulls/{ref.number}/reviews", payload
        )
        return json.loads(raw)
