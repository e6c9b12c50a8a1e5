"""Minimal GitHub REST client (stdlib only)."""
import json
import os
import time
import urllib.error
import urllib.request

import config

UA = "pr-changelog/1.3"


class GitHub:
    def __init__(self, settings):
        self.s = settings
        self._memo = {}

    def _headers(self):
        h = {"Accept": "application/vnd.github+json", "User-Agent": UA}
        if self.s.token:
            # Only ever sent to the configured GitHub API host.
            h["Authorization"] = "Bearer " + self.s.token
        return h

    def _cached(self, path):
        fp = config.cache_path(self.s, path)
        try:
            if time.time() - os.path.getmtime(fp) < config.CACHE_TTL:
                with open(fp) as fh:
                    return json.load(fh)
        except OSError:
            pass
        return None

    def _store(self, path, data):
        with open(config.cache_path(self.s, path), "w") as fh:
            json.dump(data, fh)

    def _get(self, path):
        if path in self._memo:
            return self._memo[path]
        hit = self._cached(path)
        if hit is not None:
            return hit
        url = self.s.api_url + path
        for attempt in range(3):
            req = urllib.request.Request(url, headers=self._headers())
            try:
                with urllib.request.urlopen(req, timeout=15) as r:
                    data = json.load(r)
                    self._memo[path] = data
                    self._store(path, data)
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
