"""What a file's bytes are, before any text is read: an executable, an archive, other binary data,
or text (and how to decode it). No imports of ours: the scan and the folder walk both use it."""

from __future__ import annotations

import codecs

__all__ = ["binary_kind", "decode"]

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


def binary_kind(data: bytes) -> tuple[str, bool] | None:
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


def decode(data: bytes) -> str:
    if data.startswith(_UTF16_BOMS):  # NUL-laden but text an agent could read: scan it too
        return data.decode("utf-16", errors="replace")
    return data.decode("utf-8", errors="replace")
