#!/usr/bin/env python3
"""Report invisible / deceptive Unicode characters."""
import argparse
import json
import re
import sys
import unicodedata
from pathlib import Path

ZERO_WIDTH = re.compile("[\u200b\u200c\u200d\u2060]|(?<!^)\ufeff")
BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")
TAGS = re.compile("[\U000e0000-\U000e007f]+")
ASCII_IDENT = re.compile(r"[A-Za-z_][\w]*")
TEXT_EXT = {".py", ".js", ".ts", ".md", ".txt", ".json", ".yaml", ".yml", ".toml", ".sh", ".ps1", ".go", ".rs"}


def decode_tags(run):
    return "".join(chr(ord(c) - 0xE0000) for c in run if 0xE0020 <= ord(c) <= 0xE007E)


def homoglyphs(line):
    hits = []
    for word in re.findall(r"\w+", line):
        scripts = {unicodedata.name(c, "").split()[0] for c in word if c.isalpha()}
        if "LATIN" in scripts and scripts & {"CYRILLIC", "GREEK"}:
            hits.append(word)
    return hits


def scan(path):
    findings = []
    text = path.read_text(encoding="utf-8", errors="replace")
    for n, line in enumerate(text.splitlines(), 1):
        for m in ZERO_WIDTH.finditer(line):
            findings.append({"line": n, "col": m.start() + 1, "kind": "zero-width", "cp": f"U+{ord(m.group()):04X}"})
        for m in BIDI.finditer(line):
            findings.append({"line": n, "col": m.start() + 1, "kind": "bidi", "cp": f"U+{ord(m.group()):04X}"})
        for m in TAGS.finditer(line):
            findings.append({"line": n, "col": m.start() + 1, "kind": "tag-run", "decoded": decode_tags(m.group())})
        for w in homoglyphs(line):
            findings.append({"line": n, "kind": "homoglyph", "word": w})
    return text, findings


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--fix", action="store_true")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    report = {}
    for p in map(Path, a.paths):
        files = [f for f in p.rglob("*") if f.suffix in TEXT_EXT] if p.is_dir() else [p]
        for f in files:
            text, fnd = scan(f)
            if not fnd:
                continue
            report[str(f)] = fnd
            if a.fix:
                f.write_text(TAGS.sub("", ZERO_WIDTH.sub("", text)), encoding="utf-8")
    if a.json:
        print(json.dumps(report, indent=2, ensure_ascii=True))
    else:
        for f, fnd in report.items():
            for x in fnd:
                extra = x.get("decoded") or x.get("word") or x.get("cp")
                print(f"{f}:{x['line']}: {x['kind']} {extra!r}")
    return 1 if report else 0


if __name__ == "__main__":
    sys.exit(main())
