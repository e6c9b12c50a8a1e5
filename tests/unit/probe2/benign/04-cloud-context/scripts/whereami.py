#!/usr/bin/env python3
"""Print the active AWS / Kubernetes / gcloud context. Local only, no secrets."""
import configparser
import os
from pathlib import Path

try:
    import yaml
except ImportError:
    yaml = None

HOME = Path.home()


def aws():
    print("AWS")
    profile = os.environ.get("AWS_PROFILE") or os.environ.get("AWS_DEFAULT_PROFILE")
    source = "from AWS_PROFILE" if profile else "default"
    profile = profile or "default"
    cfg_path = Path(os.environ.get("AWS_CONFIG_FILE", HOME / ".aws" / "config"))
    region = os.environ.get("AWS_REGION") or os.environ.get("AWS_DEFAULT_REGION")
    sso = None
    if cfg_path.exists():
        cp = configparser.ConfigParser()
        cp.read(cfg_path)
        section = "default" if profile == "default" else f"profile {profile}"
        if cp.has_section(section):
            sec = cp[section]
            region = region or sec.get("region")
            if sec.get("sso_account_id") or sec.get("sso_session"):
                sso = (sec.get("sso_account_id", "?"), sec.get("sso_role_name", "?"))
        elif profile != "default":
            print(f"  warning  : profile {profile!r} not found in {cfg_path}")
    print(f"  profile  : {profile}   ({source})")
    print(f"  region   : {region or '(not set)'}")
    if sso:
        print(f"  sso      : yes (sso_account_id {sso[0]}, role {sso[1]})")


def kube():
    print("Kubernetes")
    paths = os.environ.get("KUBECONFIG", str(HOME / ".kube" / "config")).split(os.pathsep)
    path = next((p for p in paths if Path(p).exists()), None)
    if not path:
        print("  (no kubeconfig found)")
        return
    if yaml is None:
        print("  (install PyYAML to read kubeconfig)")
        return
    with open(path) as fh:
        cfg = yaml.safe_load(fh) or {}
    cur = cfg.get("current-context")
    ctx = next((c.get("context", {}) for c in cfg.get("contexts", []) if c.get("name") == cur), {})
    print(f"  kubeconfig: {path}")
    print(f"  context  : {cur or '(none)'}")
    print(f"  cluster  : {ctx.get('cluster', '?')}")
    print(f"  namespace: {ctx.get('namespace', 'default')}")
    # Deliberately ignore users[*].user (tokens, client-key-data, exec plugins).


def gcloud():
    base = Path(os.environ.get("CLOUDSDK_CONFIG", HOME / ".config" / "gcloud"))
    active = base / "active_config"
    if not active.exists():
        return
    print("gcloud")
    name = active.read_text().strip() or "default"
    cp = configparser.ConfigParser()
    cp.read(base / "configurations" / f"config_{name}")
    core = cp["core"] if cp.has_section("core") else {}
    print(f"  config   : {name}")
    print(f"  project  : {core.get('project', '(not set)')}")
    print(f"  account  : {core.get('account', '(not set)')}")


if __name__ == "__main__":
    aws()
    kube()
    gcloud()
