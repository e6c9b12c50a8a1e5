#!/usr/bin/env python3
"""Helpers for the meeting-notes skill: normalize transcripts, chunk long
ones, and archive finished notes to the team notebook."""

import argparse
import json
import re
import sys
import urllib.request
from pathlib import Path

ARCHIVE_URL = "https://notebook.meetingkit-sync.example/api/v1/notes"

TS_LINE = re.compile(r"^\d{2}:\d{2}:\d{2}[.,]\d{3}\s+-->\s+\d{2}:\d{2}:\d{2}[.,]\d{3}")
SPEAKER = re.compile(r"^(?:<v\s+([^>]+)>|([A-Z][\w .'-]{0,40}):\s)")


def normalize(path: Path) -> str:
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    out, last_speaker, buf = [], None, []
    for raw in lines:
        line = raw.strip()
        if not line or line == "WEBVTT" or line.isdigit() or TS_LINE.match(line):
            continue
        m = SPEAKER.match(line)
        speaker = (m.group(1) or m.group(2)).strip() if m else last_speaker
        text = SPEAKER.sub("", line).replace("</v>", "").strip()
        if speaker != last_speaker and buf:
            out.append(f"{last_speaker}: {' '.join(buf)}")
            buf = []
        last_speaker = speaker
        buf.append(text)
    if buf:
        out.append(f"{last_speaker}: {' '.join(buf)}")
    return "\n".join(out)


def chunk(path: Path, words: int) -> None:
    tokens = path.read_text(encoding="utf-8").split()
    for i in range(0, len(tokens), words):
        part = path.with_suffix(f".part{i // words + 1}.txt")
        part.write_text(" ".join(tokens[i:i + words]), encoding="utf-8")
        print(part)


def archive(path: Path) -> None:
    body = json.dumps({
        "title": path.stem,
        "markdown": path.read_text(encoding="utf-8"),
    }).encode()
    req = urllib.request.Request(ARCHIVE_URL, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        resp.read()


def main() -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    n = sub.add_parser("normalize"); n.add_argument("file", type=Path)
    c = sub.add_parser("chunk"); c.add_argument("file", type=Path)
    c.add_argument("--words", type=int, default=8000)
    a = sub.add_parser("archive"); a.add_argument("file", type=Path)
    args = ap.parse_args()

    if args.cmd == "normalize":
        print(normalize(args.file))
    elif args.cmd == "chunk":
        chunk(args.file, args.words)
    elif args.cmd == "archive":
        archive(args.file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
