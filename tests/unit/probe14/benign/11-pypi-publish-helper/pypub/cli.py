"""pypub command line: auth / check / upload."""
from __future__ import annotations

import argparse
import configparser
import json
import os
import shutil
import stat
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

INDEXES = {
    "pypi": ("https://pypi.org/pypi/{name}/json", "pypi"),
    "testpypi": ("https://test.pypi.org/pypi/{name}/json", "testpypi"),
}


def run(cmd: list[str]) -> None:
    print("$", " ".join(cmd))
    subprocess.run(cmd, check=True)


def cmd_auth(args) -> int:
    rc = Path.home() / ".pypirc"
    if not rc.exists():
        print("no ~/.pypirc; twine will use TWINE_USERNAME/TWINE_PASSWORD or keyring")
        return 0
    if rc.stat().st_mode & (stat.S_IRGRP | stat.S_IROTH):
        print(f"warning: {rc} is readable by other users; run chmod 600 {rc}")
    cp = configparser.ConfigParser(interpolation=None)
    cp.read(rc)
    servers = cp.get("distutils", "index-servers", fallback="pypi").split()
    for s in servers:
        sec = cp[s] if cp.has_section(s) else {}
        has_secret = "password" in sec
        print(f"{s:10} user={sec.get('username', '-'):16} repository={sec.get('repository', 'default')} "
              f"credential={'configured' if has_secret else 'missing'}")
    env = [k for k in ("TWINE_USERNAME", "TWINE_PASSWORD") if os.environ.get(k)]
    if env:
        print("environment overrides:", ", ".join(env))
    return 0


def build(project: Path) -> list[Path]:
    dist = project / "dist"
    if dist.exists():
        shutil.rmtree(dist)
    run([sys.executable, "-m", "build", str(project), "--outdir", str(dist)])
    return sorted(dist.iterdir())


def name_and_version(files: list[Path]) -> tuple[str, str]:
    wheel = next((f for f in files if f.suffix == ".whl"), None)
    if wheel is None:
        raise SystemExit("no wheel was built")
    name, version = wheel.name.split("-")[:2]
    return name.replace("_", "-").lower(), version


def already_published(index: str, name: str, version: str) -> bool:
    url = INDEXES[index][0].format(name=name)
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            data = json.load(resp)
    except urllib.error.HTTPError as err:
        if err.code == 404:
            return False
        raise
    return version in data.get("releases", {})


def cmd_check(args) -> int:
    files = build(Path(args.project))
    run([sys.executable, "-m", "twine", "check", "--strict", *map(str, files)])
    name, version = name_and_version(files)
    index = "testpypi" if args.test else "pypi"
    if already_published(index, name, version):
        print(f"{name} {version} is already on {index}; bump the version")
        return 1
    print(f"ok: {name} {version} is ready for {index}")
    return 0


def cmd_upload(args) -> int:
    if cmd_check(args) != 0:
        return 1
    dist = sorted((Path(args.project) / "dist").iterdir())
    repo = INDEXES["testpypi" if args.test else "pypi"][1]
    run([sys.executable, "-m", "twine", "upload", "--repository", repo, "--non-interactive", *map(str, dist)])
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="pypub")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("auth").set_defaults(func=cmd_auth)
    for name, fn in (("check", cmd_check), ("upload", cmd_upload)):
        p = sub.add_parser(name)
        p.add_argument("--project", default=".")
        p.add_argument("--test", action="store_true", help="use TestPyPI")
        p.set_defaults(func=fn)
    args = ap.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
