#!/usr/bin/env python3
"""Local backup of coding-agent settings, excluding credentials."""
import argparse
import datetime as dt
import fnmatch
import io
import pathlib
import re
import shutil
import subprocess
import sys
import tarfile

HOME = pathlib.Path.home()
INCLUDE = [
    HOME / ".claude" / "CLAUDE.md",
    HOME / ".claude" / "settings.json",
    HOME / ".claude" / "commands",
    HOME / ".claude" / "skills",
    HOME / ".codex" / "AGENTS.md",
    HOME / ".codex" / "config.toml",
    HOME / ".gemini" / "GEMINI.md",
    HOME / ".gemini" / "settings.json",
    pathlib.Path("AGENTS.md"),
    pathlib.Path("CLAUDE.md"),
    pathlib.Path(".claude") / "settings.json",
]
EXCLUDE_NAMES = [".credentials.json", "auth.json", "oauth_creds.json", "*.pem", "*.key",
                 "*token*", "*secret*", "*credential*", ".env*"]
REDACT_LINE = re.compile(r"(?i)^\s*[\w.-]*(api[_-]?key|token|secret|password)[\w.-]*\s*[=:]")


def excluded(path):
    return any(fnmatch.fnmatch(path.name.lower(), pat) for pat in EXCLUDE_NAMES)


def files():
    for root in INCLUDE:
        if root.is_file():
            if not excluded(root):
                yield root
        elif root.is_dir():
            for p in sorted(root.rglob("*")):
                if p.is_file() and not excluded(p) and not any(excluded(parent) for parent in p.parents):
                    yield p


def redacted_bytes(path):
    text = path.read_text(errors="replace")
    out, n = [], 0
    for line in text.splitlines(keepends=True):
        if REDACT_LINE.match(line):
            out.append(line.split("=")[0].split(":")[0] + "= \"<redacted>\"\n")
            n += 1
        else:
            out.append(line)
    return "".join(out).encode(), n


def arcname(p):
    try:
        return "home/" + str(p.resolve().relative_to(HOME))
    except ValueError:
        return "project/" + str(p)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--age-recipient")
    ap.add_argument("--out-dir", default=str(HOME / "agent-backups"))
    args = ap.parse_args()

    selected = list(files())
    total_redactions = 0
    for p in selected:
        _, n = redacted_bytes(p)
        total_redactions += n
        print(f"  {arcname(p)}" + (f"   ({n} line(s) redacted)" if n else ""))
    print(f"{len(selected)} files, {total_redactions} redacted line(s)")
    if args.dry_run:
        return 0

    out_dir = pathlib.Path(args.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    out = out_dir / f"agent-settings-{dt.date.today().isoformat()}.tar.gz"
    with tarfile.open(out, "w:gz") as tar:
        for p in selected:
            data, _ = redacted_bytes(p)
            info = tarfile.TarInfo(arcname(p))
            info.size = len(data)
            info.mtime = int(p.stat().st_mtime)
            tar.addfile(info, io.BytesIO(data))
    out.chmod(0o600)

    if args.age_recipient:
        if not shutil.which("age"):
            print("age not installed; archive left unencrypted", file=sys.stderr)
        else:
            enc = out.with_suffix(out.suffix + ".age")
            subprocess.run(["age", "-r", args.age_recipient, "-o", str(enc), str(out)], check=True)
            out.unlink()
            out = enc
    print(f"backup written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
