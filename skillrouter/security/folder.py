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

import codecs
import os
import stat
from pathlib import Path

from skillrouter.security.findings import Finding, excerpt, finding, sort_key
from skillrouter.security.scan import DEFAULT_MAX_FILE_BYTES, scan_text

_EXECUTABLE_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x7fELF", "ELF executable"),
    (b"MZ", "PE/MZ executable"),
    (b"\xcf\xfa\xed\xfe", "Mach-O executable"),
    (b"\xce\xfa\xed\xfe", "Mach-O executable"),
    (b"\xfe\xed\xfa\xcf", "Mach-O executable"),
    (b"\xfe\xed\xfa\xce", "Mach-O executable"),
    (b"\xca\xfe\xba\xbe", "Mach-O universal binary or Java class"),
)
_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


def _binary_kind(data: bytes) -> tuple[str, bool] | None:
    """(description, is_executable) for non-text content, None for text."""
    for magic, kind in _EXECUTABLE_MAGIC:
        if data.startswith(magic) and (magic != b"MZ" or b"\0" in data[:1024]):
            return kind, True
    if b"\0" in data[:8192] and not data.startswith(_UTF16_BOMS):
        if data.startswith(b"\x1f\x8b"):
            return "gzip data", False
        if data.startswith(b"PK\x03\x04"):
            return "zip archive", False
        if len(data) >= 16 and data[2:4] == b"\r\n":
            return "Python bytecode", False
        return "binary data", False
    return None


def _decode(data: bytes) -> str:
    if data.startswith(_UTF16_BOMS):  # NUL-laden but text an agent could read: scan it too
        return data.decode("utf-16", errors="replace")
    return data.decode("utf-8", errors="replace")


def scan_bytes(relpath: str, data: bytes, *, max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
               mentions: bool = True) -> list[Finding]:
    """One Level 2 file's content: size and binary checks, then :func:`scan_text` on text."""
    if len(data) > max_file_bytes:
        return [finding("oversize-file", relpath, None, f"{len(data)} bytes > limit {max_file_bytes}")]
    kind = _binary_kind(data)
    if kind is not None:
        description, executable = kind
        if executable or "scripts" in relpath.split("/")[:-1]:
            return [finding("binary-script", relpath, None, f"{description} ({len(data)} bytes)",
                            "dangerous" if executable else "caution")]
        return []
    return scan_text(relpath, _decode(data), mentions=mentions)


def _read_no_follow(path: Path) -> bytes:
    """Read a regular file, refusing (ELOOP) if it was swapped for a symlink after the lstat."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb") as handle:
        return handle.read()


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def _raise(error: OSError) -> None:
    raise error


def scan_skill_folder(folder: Path, *, max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
                      mentions: bool = True, hidden: bool = True) -> list[Finding]:
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
                findings.append(finding("oversize-file", relpath, None,
                                        f"{info.st_size} bytes > limit {max_file_bytes}"))
                continue
            findings.extend(scan_bytes(relpath, _read_no_follow(path), max_file_bytes=max_file_bytes,
                                       mentions=mentions))
    return sorted(findings, key=lambda f: (f.path != "SKILL.md", f.path, *sort_key(f)))
