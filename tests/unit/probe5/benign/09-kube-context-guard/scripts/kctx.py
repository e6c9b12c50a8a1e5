#!/usr/bin/env python3
"""List and switch kubeconfig contexts, showing names only and warning about prod."""
import argparse
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

import yaml

PROD_PATTERNS = [r"\bprod\b", r"production", r"-prd\b", r"\blive\b"]


def kubeconfig_files():
    env = os.environ.get("KUBECONFIG")
    paths = env.split(os.pathsep) if env else [str(Path.home() / ".kube" / "config")]
    return [Path(p).expanduser() for p in paths if p and Path(p).expanduser().exists()]


def merged():
    out = {"contexts": {}, "clusters": {}, "users": {}, "current": None}
    for f in kubeconfig_files():
        doc = yaml.safe_load(f.read_text()) or {}
        out["current"] = out["current"] or doc.get("current-context")
        for kind in ("contexts", "clusters", "users"):
            for item in doc.get(kind) or []:
                out[kind].setdefault(item["name"], item.get(kind[:-1]) or {})
    return out


def auth_kind(user: dict) -> str:
    if "exec" in user:
        cmd = Path(user["exec"].get("command", "?")).name
        return f"exec: {cmd}"
    if "token" in user or "tokenFile" in user:
        return "token"
    if "client-certificate" in user or "client-certificate-data" in user:
        return "client-cert"
    if "auth-provider" in user:
        return f"auth-provider: {user['auth-provider'].get('name')}"
    return "none"


def is_prod(*names) -> bool:
    return any(re.search(p, n or "", re.I) for p in PROD_PATTERNS for n in names)


def cmd_list(cfg):
    print(f"{'':2}{'CONTEXT':<32}{'SERVER':<40}{'NAMESPACE':<16}AUTH")
    for name, ctx in sorted(cfg["contexts"].items()):
        cluster = cfg["clusters"].get(ctx.get("cluster"), {})
        host = urlparse(cluster.get("server", "")).hostname or "?"
        user = cfg["users"].get(ctx.get("user"), {})
        mark = "*" if name == cfg["current"] else " "
        prod = "  PROD" if is_prod(name, host) else ""
        print(f"{mark} {name:<32}{host:<40}{ctx.get('namespace', 'default'):<16}{auth_kind(user)}{prod}")


def cmd_use(cfg, name, namespace, yes_prod):
    ctx = cfg["contexts"].get(name)
    if ctx is None:
        sys.exit(f"no such context: {name}")
    host = urlparse(cfg["clusters"].get(ctx.get("cluster"), {}).get("server", "")).hostname
    if is_prod(name, host) and not yes_prod:
        sys.exit(f"{name} looks like production ({host}); re-run with --yes-prod after the user confirms")
    subprocess.run(["kubectl", "config", "use-context", name], check=True)
    if namespace:
        subprocess.run(["kubectl", "config", "set-context", "--current", f"--namespace={namespace}"], check=True)
    print(f"now on {name} ({host}), namespace {namespace or ctx.get('namespace', 'default')}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list")
    u = sub.add_parser("use")
    u.add_argument("context")
    u.add_argument("--namespace")
    u.add_argument("--yes-prod", action="store_true")
    a = ap.parse_args()
    cfg = merged()
    if not cfg["contexts"]:
        sys.exit("no kubeconfig contexts found")
    if a.cmd == "list":
        cmd_list(cfg)
    else:
        cmd_use(cfg, a.context, a.namespace, a.yes_prod)


if __name__ == "__main__":
    main()
