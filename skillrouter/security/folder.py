"""Checks that need files, not text: a skill folder on disk, and Level 2 files given as bytes.

``symlink`` / ``path-escape``
    Every symlink in the folder is reported (never followed); one that resolves outside the skill
    folder is also a ``path-escape``.
``binary-script``
    A non-text file (NUL bytes or executable/archive magic) under ``scripts/``, or an executable
    (ELF, PE/MZ, Mach-O) anywhere in the folder.
``oversize-file``
    A file larger than ``max_file_bytes``; it is not read.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from skillrouter.security.binary import binary_kind, decode
from skillrouter.security.findings import Finding, excerpt, finding, sort_key
from skillrouter.security.scan import (
    DEFAULT_MAX_FILE_BYTES,
    code_flow_findings,
    is_flow_code,
    scan_bytes,
    skill_topic,
)


def _read_no_follow(path: Path) -> bytes:
    """Read a regular file, refusing (ELOOP) if it was swapped for a symlink after the lstat."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb") as handle:
        return handle.read()


def _topic(skill_md: Path) -> str | None:
    """What the folder's SKILL.md says the skill is about (read for its Level 2 files' scans)."""
    try:
        if not stat.S_ISREG(os.lstat(skill_md).st_mode):
            return None
        return skill_topic(decode(_read_no_follow(skill_md)))
    except OSError:
        return None  # the walk reads it again and reports what is wrong


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def _raise(error: OSError) -> None:
    raise error


def scan_skill_folder(
    folder: Path, *, max_file_bytes: int = DEFAULT_MAX_FILE_BYTES, mentions: bool = True, hidden: bool = True
) -> list[Finding]:
    """Scan every file below ``folder`` without following symlinks (``hidden=False`` skips
    dot-entries, which a store never serves: its sidecar lives among them).

    Raises ``NotADirectoryError`` for a missing folder and lets ``OSError`` from unreadable
    entries propagate: a scan that could not look everywhere must not pass as clean.
    """
    root = Path(folder)
    if not root.is_dir():
        raise NotADirectoryError(f"not a skill folder: {root}")
    real_root = os.path.realpath(root)
    findings: list[Finding] = []
    code_texts: dict[str, str] = {}
    topic = _topic(root / "SKILL.md")

    def rel(path: Path) -> str:
        return path.relative_to(root).as_posix()

    def check_link(path: Path) -> None:
        target = os.readlink(path)
        findings.append(finding("symlink", rel(path), None, excerpt(f"symlink -> {target}")))
        resolved = os.path.realpath(path)
        if not _inside(resolved, real_root):
            text = excerpt(f"symlink -> {target} resolves outside the skill folder")
            findings.append(finding("path-escape", rel(path), None, text))

    for dirpath, dirnames, filenames in os.walk(root, onerror=_raise, followlinks=False):
        here = Path(dirpath)
        if not hidden:
            dirnames[:] = [n for n in dirnames if not n.startswith(".")]
            filenames = [n for n in filenames if not n.startswith(".")]
        for name in sorted(dirnames):
            if (here / name).is_symlink():
                check_link(here / name)
        dirnames[:] = sorted(n for n in dirnames if not (here / n).is_symlink())
        for name in sorted(filenames):
            path = here / name
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode):
                check_link(path)
                continue
            if not stat.S_ISREG(info.st_mode):
                continue
            relpath = rel(path)
            if info.st_size > max_file_bytes:
                findings.append(
                    finding("oversize-file", relpath, None, f"{info.st_size} bytes > limit {max_file_bytes}")
                )
                continue
            data = _read_no_follow(path)
            findings.extend(
                scan_bytes(
                    relpath,
                    data,
                    max_file_bytes=max_file_bytes,
                    mentions=mentions,
                    topic=None if relpath == "SKILL.md" else topic,
                )
            )
            if is_flow_code(relpath) and binary_kind(data) is None:
                code_texts[relpath] = decode(data)
    findings += code_flow_findings(code_texts, findings)  # the code read as code, across its files
    return sorted(findings, key=lambda f: (f.path != "SKILL.md", f.path, *sort_key(f)))
