#!/usr/bin/env python3
"""Helpers for meeting transcripts.

  extract_actions.py normalise <file>   strip timestamps, merge speaker turns
  extract_actions.py actions <file>     list candidate action items
"""
import re
import sys
from pathlib import Path

TIMESTAMP = re.compile(r"^\d{1,2}:\d{2}(:\d{2})?([.,]\d{1,3})?\s*-->\s*\d{1,2}:\d{2}(:\d{2})?([.,]\d{1,3})?")
CUE_NUMBER = re.compile(r"^\d+$")
SPEAKER = re.compile(r"^(?:<v\s+([^>]+)>|([A-Z][\w .'-]{1,40}):)\s*(.*)$")

COMMITMENT = re.compile(
    r"\b(I'll|I will|I can|we'll|we will|let me|I'm going to|can you|could you|"
    r"please|action item|follow up|take care of|own(?:s)? this)\b",
    re.IGNORECASE,
)
DUE = re.compile(
    r"\b(today|tomorrow|by (?:end of )?(?:day|week|month)|by (?:mon|tues|wednes|thurs|fri)day|"
    r"next (?:week|monday|tuesday|wednesday|thursday|friday)|eod|eow|\d{4}-\d{2}-\d{2})\b",
    re.IGNORECASE,
)


def read_text(path):
    p = Path(path)
    if p.suffix.lower() == ".docx":
        try:
            import docx  # python-docx
        except ImportError:
            sys.exit("python-docx is required for .docx files: pip install python-docx")
        return "\n".join(par.text for par in docx.Document(str(p)).paragraphs)
    return p.read_text(encoding="utf-8", errors="replace")


def normalise(text):
    turns = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line == "WEBVTT" or CUE_NUMBER.match(line) or TIMESTAMP.match(line):
            continue
        line = re.sub(r"</v>$", "", line)
        m = SPEAKER.match(line)
        speaker, content = ((m.group(1) or m.group(2)).strip(), m.group(3)) if m else (None, line)
        if turns and (speaker is None or speaker == turns[-1][0]):
            turns[-1][1].append(content)
        else:
            turns.append([speaker or "Unknown", [content]])
    return "\n".join(f"{s}: {' '.join(c)}" for s, c in turns)


def actions(text):
    found = []
    for line in text.splitlines():
        speaker, _, content = line.partition(": ")
        for sentence in re.split(r"(?<=[.!?])\s+", content):
            if COMMITMENT.search(sentence):
                due = DUE.search(sentence)
                found.append((speaker, sentence.strip(), due.group(0) if due else ""))
    return found


def main(argv):
    if len(argv) != 3 or argv[1] not in {"normalise", "actions"}:
        print(__doc__)
        return 2
    text = read_text(argv[2])
    if argv[1] == "normalise":
        print(normalise(text))
    else:
        for speaker, sentence, due in actions(text):
            print(f"- [ ] {speaker} — {sentence}" + (f" — due: {due}" if due else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
