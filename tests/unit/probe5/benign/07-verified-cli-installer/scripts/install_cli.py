#!/usr/bin/env python3
"""Install pinned CLI tools from release archives with SHA-256 verification."""
import argparse
import hashlib
import json
import os
import platform
import shutil
import stat
import sys
import tempfile
import urllib.request
import zipfile
import tarfile
from pathlib import Path

CATALOG = json.loads((Path(__file__).resolve().parent.parent / "config" / "tools.json").read_text())
BIN_DIR = Path.home() / ".local" / "bin"


def plat():
    osname = {"Linux": "linux", "Darwin": "darwin"}.get(platform.system())
    arch = {"x86_64": "amd64", "amd64": "amd64", "arm64": "arm64", "aarch64": "arm64"}.get(platform.machine().lower())
    if not osname or not arch:
        sys.exit(f"unsupported platform {platform.system()}/{platform.machine()}")
    return osname, arch


def download(url: str, dest: Path):
    with urllib.request.urlopen(url, timeout=60) as r, dest.open("wb") as fh:
        shutil.copyfileobj(r, fh)


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def vendor_sum(entry, fmt, filename):
    if "sums_url" not in entry:
        return None
    with urllib.request.urlopen(entry["sums_url"].format(**fmt), timeout=30) as r:
        for line in r.read().decode().splitlines():
            digest, _, name = line.partition("  ")
            if name.strip() == filename:
                return digest
    return None


def install(name: str, yes: bool):
    entry = CATALOG.get(name) or sys.exit(f"{name} is not in config/tools.json")
    osname, arch = plat()
    key = f"{osname}_{arch}"
    pinned = entry["sha256"].get(key) or sys.exit(f"no pinned hash for {key}; add one from the vendor's checksum file")
    fmt = {"version": entry["version"], "os": osname, "arch": arch}
    url = entry["url"].format(**fmt)
    print(f"{name} {entry['version']} ({key})\n  from   {url}\n  sha256 {pinned}\n  into   {BIN_DIR}")
    if not yes and input("proceed? [y/N] ").strip().lower() != "y":
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / url.rsplit("/", 1)[-1]
        download(url, archive)
        got = sha256(archive)
        vendor = vendor_sum(entry, fmt, archive.name)
        if got != pinned or (vendor and vendor != got):
            archive.unlink()
            sys.exit(f"CHECKSUM MISMATCH for {archive.name}: got {got}, pinned {pinned}, vendor {vendor}. Aborted.")
        print("  checksum OK" + (" (pinned + vendor)" if vendor else " (pinned)"))
        out = Path(tmp) / entry["binary"]
        if entry.get("raw"):
            shutil.copy(archive, out)
        elif archive.suffix == ".zip":
            with zipfile.ZipFile(archive) as zf:
                zf.extract(entry["binary"], tmp)
        else:
            with tarfile.open(archive) as tf:
                member = next(m for m in tf.getmembers() if Path(m.name).name == entry["binary"] and m.isfile())
                member.name = entry["binary"]
                tf.extract(member, tmp)
        BIN_DIR.mkdir(parents=True, exist_ok=True)
        target = BIN_DIR / entry["binary"]
        if target.exists():
            target.replace(target.with_suffix(".prev"))
        shutil.move(str(out), target)
        target.chmod(target.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    print(f"installed {target}")
    if str(BIN_DIR) not in os.environ.get("PATH", "").split(os.pathsep):
        print(f"note: {BIN_DIR} is not on PATH")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("show")
    s.add_argument("name")
    i = sub.add_parser("install")
    i.add_argument("name")
    i.add_argument("--yes", action="store_true")
    a = ap.parse_args()
    if a.cmd == "show":
        print(json.dumps(CATALOG.get(a.name, {}), indent=2))
        return 0
    return install(a.name, a.yes)


if __name__ == "__main__":
    sys.exit(main())
