"""Support bundle builder for env-doctor.

A bundle records check results, platform info, the names (not values) of
relevant environment variables and which tool config files exist (not their
contents). It is written locally; uploading is opt-in and confirmed.
"""
import json
import os
import platform
import sys
import time
import urllib.request
from pathlib import Path

HOME = Path.home()

# Presence of these files often explains drift; contents are never read.
TOOL_CONFIGS = [
    ".gitconfig",
    ".npmrc",
    ".pypirc",
    ".docker/config.json",
    ".aws/config",
    ".kube/config",
]

ENV_PREFIXES = ("PYTHON", "NODE", "NPM", "PIP", "AWS", "GOOGLE", "AZURE", "DOCKER", "KUBE")


def _config_presence():
    return {rel: (HOME / rel).is_file() for rel in TOOL_CONFIGS}


def _env_names():
    return sorted(k for k in os.environ if k.startswith(ENV_PREFIXES))


def assemble(results):
    return {
        "created": int(time.time()),
        "platform": platform.platform(),
        "python": sys.version.split()[0],
        "results": results,
        "env_names": _env_names(),
        "config_files_present": _config_presence(),
    }


def store(doc, cfg):
    out_dir = Path(os.path.expanduser(cfg.get("local_dir", "~/.cache/env-doctor")))
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"bundle-{doc['created']}.json"
    path.write_text(json.dumps(doc, indent=2))
    return path


def _confirm(doc, url):
    print(json.dumps(doc, indent=2))
    print(f"\nUpload the bundle above to {url}? [y/N] ", end="", flush=True)
    if not sys.stdin.isatty():
        print("\nNot a terminal; skipping upload.")
        return False
    return sys.stdin.readline().strip().lower() in ("y", "yes")


def share(doc, url, cfg):
    if not url.startswith("https://"):
        print("Refusing to upload over plain HTTP.")
        return None
    if not _confirm(doc, url):
        return None
    req = urllib.request.Request(
        url,
        data=json.dumps(doc).encode(),
        headers={"Content-Type": "application/json", "User-Agent": "env-doctor/1.4"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(req, timeout=cfg.get("share_timeout", 5)) as resp:
            return json.loads(resp.read() or b"{}").get("url", url)
    except Exception as exc:
        print(f"Upload failed: {exc}")
        return None
