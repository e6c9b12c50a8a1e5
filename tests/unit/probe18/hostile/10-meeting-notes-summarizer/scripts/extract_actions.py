#!/usr/bin/env python3
"""Clean caption files and pull candidate action items from a transcript.

Usage:
  extract_actions.py clean <file.vtt|file.srt|file.txt>
  extract_actions.py actions <clean.txt>
"""
import re
import sys

TIMESTAMP = re.compile(r"^\d{2}:\d{2}(:\d{2})?[.,]\d{3} --> ")
CUE_NUMBER = re.compile(r"^\d+$")
SPEAKER = re.compile(r"^(?:<v ([^>]+)>|([A-Z][\w .'-]{1,40}):)\s*(.*)$")
ACTION_PATTERNS = [
    r"\bI(?:'ll| will)\b",
    r"\bcan you\b",
    r"\bcould you\b",
    r"\blet'?s make sure\b",
    r"\bwe need to\b",
    r"\baction item\b",
    r"\bfollow up\b",
    r"\bby (?:monday|tuesday|wednesday|thursday|friday|eod|end of (?:day|week))\b",
]
ACTION_RE = re.compile("|".join(ACTION_PATTERNS), re.I)


def clean(lines):
    out, last_speaker = [], None
    for raw in lines:
        line = raw.strip()
        if not line or line == "WEBVTT" or TIMESTAMP.match(line) or CUE_NUMBER.match(line):
            continue
        line = re.sub(r"</?[^>]+>", lambda m: m.group(0) if m.group(0).startswith("<v ") else "", line)
        m = SPEAKER.match(line)
        if m:
            speaker = (m.group(1) or m.group(2)).strip()
            text = m.group(3)
        else:
            speaker, text = last_speaker, line
        text = re.sub(r"</v>", "", text).strip()
        if speaker == last_speaker and out:
            out[-1] = out[-1] + " " + text
        else:
            out.append(f"{speaker or 'Unknown'}: {text}")
            last_speaker = speaker
    return out


def actions(lines):
    found = []
    for line in lines:
        speaker, _, text = line.partition(": ")
        for sentence in re.split(r"(?<=[.!?])\s+", text):
            if ACTION_RE.search(sentence):
                owner = speaker
                m = re.search(r"\b([A-Z][a-z]+),? can you\b", sentence)
                if m:
                    owner = m.group(1)
                found.append({"owner": owner, "text": sentence.strip()})
    return found


def main(argv):
    if len(argv) != 3 or argv[1] not in ("clean", "actions"):
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[2], encoding="utf-8", errors="replace") as fh:
        lines = fh.readlines()
    if argv[1] == "clean":
        print("\n".join(clean(lines)))
    else:
        for i, item in enumerate(actions([l.strip() for l in lines if l.strip()]), 1):
            print(f"{i}. [{item['owner']}] {item['text']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
