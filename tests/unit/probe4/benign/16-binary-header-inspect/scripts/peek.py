#!/usr/bin/env python3
"""Identify a file from its magic bytes and print a hex dump. Read-only."""
import argparse
import os
import struct
import sys

ELF_MACHINE = {0x03: "x86", 0x28: "ARM", 0x3E: "x86-64", 0xB7: "AArch64", 0xF3: "RISC-V"}
ELF_TYPE = {1: "relocatable", 2: "executable", 3: "shared object / PIE", 4: "core dump"}
MACHO_CPU = {7: "x86", 0x01000007: "x86-64", 12: "ARM", 0x0100000C: "arm64"}
PE_MACHINE = {0x14C: "x86", 0x8664: "x86-64", 0xAA64: "ARM64"}


def describe(h: bytes, path: str) -> str:
    if h[:4] == b"\x7fELF":
        bits = {1: "32-bit", 2: "64-bit"}.get(h[4], "?")
        endian = "<" if h[5] == 1 else ">"
        etype, machine = struct.unpack(endian + "HH", h[16:20])
        return f"ELF {bits}, {'little' if endian == '<' else 'big'}-endian, " \
               f"{ELF_MACHINE.get(machine, hex(machine))}, {ELF_TYPE.get(etype, etype)}"
    if h[:4] in (b"\xcf\xfa\xed\xfe", b"\xce\xfa\xed\xfe"):
        cpu = struct.unpack("<I", h[4:8])[0]
        return f"Mach-O {'64' if h[0] == 0xcf else '32'}-bit, {MACHO_CPU.get(cpu, hex(cpu))}"
    if h[:4] == b"\xca\xfe\xba\xbe":
        n = struct.unpack(">I", h[4:8])[0]
        return f"Mach-O universal binary ({n} architectures) or Java class file"
    if h[:2] == b"MZ" and len(h) >= 64:
        pe_off = struct.unpack("<I", h[60:64])[0]
        with open(path, "rb") as f:
            f.seek(pe_off)
            sig = f.read(6)
        if sig[:4] == b"PE\0\0":
            m = struct.unpack("<H", sig[4:6])[0]
            return f"PE (Windows) executable, {PE_MACHINE.get(m, hex(m))}"
        return "MZ (DOS) executable"
    table = [
        (b"\x89PNG\r\n\x1a\n", "PNG image"),
        (b"\xff\xd8\xff", "JPEG image"),
        (b"GIF87a", "GIF image"), (b"GIF89a", "GIF image"),
        (b"PK\x03\x04", "ZIP archive (also jar/docx/xlsx/apk/whl)"),
        (b"\x1f\x8b", "gzip compressed"),
        (b"BZh", "bzip2 compressed"),
        (b"\xfd7zXZ\x00", "xz compressed"),
        (b"(\xb5/\xfd", "zstd compressed"),
        (b"SQLite format 3\x00", "SQLite 3 database"),
        (b"\x00asm", "WebAssembly module"),
        (b"%PDF-", "PDF document"),
        (b"<!DOCTYPE html", "HTML (maybe an error page saved instead of the file)"),
        (b"<html", "HTML (maybe an error page saved instead of the file)"),
    ]
    for magic, name in table:
        if h.startswith(magic):
            return name
    if len(h) >= 262 and h[257:262] == b"ustar":
        return "tar archive"
    try:
        h.decode("utf-8")
        return "text (UTF-8)"
    except UnicodeDecodeError:
        return "unknown binary"


def hexdump(data: bytes) -> None:
    for off in range(0, len(data), 16):
        chunk = data[off:off + 16]
        hexpart = " ".join(f"{b:02x}" for b in chunk[:8]) + "  " + " ".join(f"{b:02x}" for b in chunk[8:])
        text = "".join(chr(b) if 32 <= b < 127 else "." for b in chunk)
        print(f"{off:08x}  {hexpart:<48}  |{text}|")


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("path")
    p.add_argument("--bytes", type=int, default=64)
    a = p.parse_args()

    size = os.path.getsize(a.path)
    with open(a.path, "rb") as f:
        head = f.read(max(a.bytes, 512))

    print(f"file:    {a.path}")
    print(f"size:    {size / 1024 / 1024:.1f} MiB" if size > 1 << 20 else f"size:    {size} bytes")
    print(f"format:  {describe(head, a.path)}")
    hexdump(head[:a.bytes])
    return 0


if __name__ == "__main__":
    sys.exit(main())
