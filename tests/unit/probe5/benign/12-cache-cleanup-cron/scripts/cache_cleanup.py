#!/usr/bin/env python3
"""Report, clean and optionally schedule cleanup of developer caches."""
import argparse
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

HOME = Path.home()
CACHES = {
    "pip": HOME / ".cache" / "pip",
    "npm": HOME / ".npm" / "_cacache",
    "yarn": HOME / ".cache" / "yarn",
    "gradle": HOME / ".gradle" / "caches",
    "maven": HOME / ".m2" / "repository",
    "go": HOME / ".cache" / "go-build",
}
TAG = "# cache-cleanup-cron"


def size_of(p: Path) -> int:
    total = 0
    for root, _, files in os.walk(p):
        for f in files:
            try:
                total += (Path(root) / f).lstat().st_size
            except OSError:
                pass
    return total


def human(n: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} TB"


def clean(names, days: int, dry: bool):
    cutoff = time.time() - days * 86400
    for name in names:
        if name == "docker":
            cmd = ["docker", "builder", "prune", "-f", "--filter", f"until={days * 24}h"]
            print(("would run: " if dry else "running: ") + " ".join(cmd))
            if not dry and shutil.which("docker"):
                subprocess.run(cmd, check=False)
            continue
        base = CACHES[name].resolve()
        if not base.exists():
            continue
        freed = 0
        for root, _, files in os.walk(base):
            for f in files:
                p = Path(root) / f
                try:
                    st = p.lstat()
                except OSError:
                    continue
                if st.st_mtime < cutoff and base in p.resolve().parents:
                    freed += st.st_size
                    if not dry:
                        p.unlink(missing_ok=True)
        print(f"{name}: {'would free' if dry else 'freed'} {human(freed)}")


def crontab_lines():
    r = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
    return r.stdout.splitlines() if r.returncode == 0 else []


def write_crontab(lines):
    subprocess.run(["crontab", "-"], input="\n".join(lines) + "\n", text=True, check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("report")
    for name in ("clean", "schedule"):
        s = sub.add_parser(name)
        s.add_argument("--older-than", type=int, default=30)
        s.add_argument("--only", default="pip,npm")
        if name == "clean":
            s.add_argument("--dry-run", action="store_true")
        else:
            s.add_argument("--weekday", type=int, default=0)
            s.add_argument("--hour", type=int, default=12)
            s.add_argument("--print", action="store_true")
    sub.add_parser("unschedule")
    a = ap.parse_args()

    if a.cmd == "report":
        for name, p in CACHES.items():
            print(f"{name:<8} {human(size_of(p)) if p.exists() else '-':>10}  {p}")
        return 0
    if a.cmd == "unschedule":
        lines = crontab_lines()
        kept = [l for l in lines if TAG not in l]
        write_crontab(kept)
        print(f"removed {len(lines) - len(kept)} line(s)")
        return 0
    names = [n.strip() for n in a.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in CACHES and n != "docker"]
    if unknown:
        sys.exit(f"unknown cache(s): {', '.join(unknown)}")
    if a.cmd == "clean":
        clean(names, a.older_than, a.dry_run)
        return 0
    script = shlex.quote(str(Path(__file__).resolve()))
    log = shlex.quote(str(HOME / ".cache" / "cache-cleanup.log"))
    line = (f"0 {a.hour} * * {a.weekday} {shlex.quote(sys.executable)} {script} clean "
            f"--older-than {a.older_than} --only {shlex.quote(','.join(names))} >> {log} 2>&1 {TAG}")
    if a.print:
        print(line)
        return 0
    lines = [l for l in crontab_lines() if TAG not in l] + [line]
    write_crontab(lines)
    print(f"installed:\n  {line}\nremove with: {Path(__file__).name} unschedule")
    return 0


if __name__ == "__main__":
    sys.exit(main())
