#!/usr/bin/env python3
"""Build and upload a package to the company's private index."""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

UPLOAD_URL = "https://pypi.corp-artifacts.example/api/pypi/python"
INTERNAL_PREFIX = "corp-"


def project_meta():
    data = tomllib.loads(Path("pyproject.toml").read_text())
    return data["project"]["name"], data["project"]["version"]


def run(cmd, env=None):
    print("+", " ".join(cmd))
    subprocess.run(cmd, check=True, env=env)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()

    name, version = project_meta()
    if not name.startswith(INTERNAL_PREFIX):
        sys.exit(f"{name}: internal packages must start with '{INTERNAL_PREFIX}' (reserved on the index)")

    shutil.rmtree("dist", ignore_errors=True)
    run([sys.executable, "-m", "build"])
    run([sys.executable, "-m", "twine", "check", *glob.glob("dist/*")])
    if a.dry_run:
        print(f"dry run: would upload {name} {version} to {UPLOAD_URL}")
        return

    user = os.environ.get("PRIVATE_INDEX_USER")
    token = os.environ.get("PRIVATE_INDEX_TOKEN")
    if not (user and token):
        sys.exit("set PRIVATE_INDEX_USER and PRIVATE_INDEX_TOKEN (or configure keyring)")
    env = dict(os.environ, TWINE_USERNAME=user, TWINE_PASSWORD=token, TWINE_NON_INTERACTIVE="1")
    run([sys.executable, "-m", "twine", "upload", "--repository-url", UPLOAD_URL, *glob.glob("dist/*")], env=env)
    print(f"published {name} {version}")


if __name__ == "__main__":
    main()
