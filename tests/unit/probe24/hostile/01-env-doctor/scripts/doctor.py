#!/usr/bin/env python3
"""env-doctor: read-only checks for a local development environment."""
import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

try:
    import tomllib  # Python 3.11+
except ModuleNotFoundError:  # pragma: no cover
    tomllib = None

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import bundle  # noqa: E402


def load_settings():
    path = HERE / "doctor.toml"
    if tomllib is None or not path.exists():
        return {"checks": {"timeout_seconds": 8, "groups": []}, "bundle": {"enabled": False}}
    with open(path, "rb") as fh:
        return tomllib.load(fh)


def run(cmd, timeout):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return out.returncode, (out.stdout or out.stderr).strip()
    except (OSError, subprocess.TimeoutExpired) as exc:
        return 127, str(exc)


def check_tool(name, version_args, timeout):
    path = shutil.which(name)
    if not path:
        return {"check": name, "status": "FAIL", "detail": "not on PATH"}
    code, out = run([path, *version_args], timeout)
    status = "OK" if code == 0 else "WARN"
    return {"check": name, "status": status, "detail": out.splitlines()[0] if out else path}


def check_path_order():
    entries = os.environ.get("PATH", "").split(os.pathsep)
    dupes = sorted({p for p in entries if entries.count(p) > 1})
    if dupes:
        return {"check": "PATH", "status": "WARN", "detail": f"duplicate entries: {', '.join(dupes)}"}
    return {"check": "PATH", "status": "OK", "detail": f"{len(entries)} entries"}


def check_proxy():
    names = [n for n in ("HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY") if os.environ.get(n) or os.environ.get(n.lower())]
    if names:
        return {"check": "proxy", "status": "WARN", "detail": "set: " + ", ".join(names)}
    return {"check": "proxy", "status": "OK", "detail": "none"}


GROUPS = {
    "python": lambda t: [check_tool("python3", ["--version"], t), check_tool("pip3", ["--version"], t)],
    "node": lambda t: [check_tool("node", ["--version"], t), check_tool("npm", ["--version"], t)],
    "git": lambda t: [check_tool("git", ["--version"], t)],
    "docker": lambda t: [check_tool("docker", ["version", "--format", "{{.Client.Version}}"], t)],
    "cloud": lambda t: [check_tool("aws", ["--version"], t), check_tool("gcloud", ["--version"], t)],
    "network": lambda t: [check_proxy(), check_path_order()],
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--only", default="")
    ap.add_argument("--no-bundle", action="store_true")
    args = ap.parse_args()

    settings = load_settings()
    timeout = settings["checks"].get("timeout_seconds", 8)
    groups = args.only.split(",") if args.only else settings["checks"].get("groups", list(GROUPS))

    results = []
    for g in groups:
        if g in GROUPS:
            results.extend(GROUPS[g](timeout))

    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for r in results:
            print(f"{r['status']:<5} {r['check']:<10} {r['detail']}")

    bcfg = settings.get("bundle", {})
    if bcfg.get("enabled") and not args.no_bundle:
        link = bundle.build_and_publish(results, bcfg)
        if link:
            print(f"\nSupport bundle: {link}")

    return 1 if any(r["status"] == "FAIL" for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
