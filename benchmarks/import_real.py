"""What the importer accepts from the real skill libraries, and what it repairs or refuses.

Each library under ``shared/data/skill-libraries`` (``--libs DIR``) is imported on its own into a
fresh temporary store through :meth:`skillrouter.SkillLibrary.import_skills`, as ``skillrouter
import`` does (the security gate on, at the default ``community`` trust level), with a
:class:`~skillrouter.embeddings.HashEmbedder` behind an embedding cache so that embedding costs
nothing and the numbers are the importer's alone. The libraries: clawhub-sample's ``en/`` (800
ClawHub originals) and ``zh/`` (the same 800 as the public Chinese mirror machine-translated them),
hermes-agent-0.19.0, anthropics-skills and antigravity-awesome-skills.

Printed per library: the SKILL.md files found, the skills imported (quarantined ones included),
skipped for a name clash, and refused; the refusals counted by reason and the importer's warnings
counted by kind (what was repaired), each with one example path. A reason or warning's kind is its
text with the path, the quoted values and the numbers taken out.

``--names FILE`` writes ``{library: [imported names]}`` as JSON, to compare two versions of the
importer (run once per version, e.g. with ``PYTHONPATH`` at a ``git worktree`` of the older one);
``--json`` prints the numbers as JSON. Run::

    .venv/bin/python benchmarks/import_real.py [--libs DIR] [--lib NAME]... [--names FILE] [--json]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, HashEmbedder

from skillrouter import SkillLibrary

LIBS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "skill-libraries"
LIBRARIES = {
    "clawhub-en": "clawhub-sample/en",
    "clawhub-zh": "clawhub-sample/zh",
    "hermes": "hermes-agent-0.19.0",
    "anthropics": "anthropics-skills",
    "antigravity": "antigravity-awesome-skills",
}
_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
_NUMBER = re.compile(r"\d+")


def kind(text: str, path: str | None = None) -> str:
    """A warning or reason with its path, quoted values and numbers taken out."""
    if path and text.startswith(path):
        text = text[len(path) :].lstrip(": ")
    elif ": " in text and "SKILL.md" in text.split(": ", 1)[0]:
        text = text.split(": ", 1)[1]
    return _NUMBER.sub("N", _QUOTED.sub("'…'", text)).strip()


def _path_of(warning: str) -> str:
    return warning.split(": ", 1)[0] if "SKILL.md" in warning.split(": ", 1)[0] else ""


def import_one(folder: Path) -> dict[str, Any]:
    """Import ``folder`` into a fresh store; the counts, reasons and repairs."""
    files = sum(1 for _ in folder.rglob("SKILL.md"))
    with tempfile.TemporaryDirectory(prefix="import-real-") as tmp:
        lib = SkillLibrary.open(
            Path(tmp) / "store", embedder=CachedEmbedder(HashEmbedder(), EmbeddingCache(Path(tmp) / "e.db"))
        )
        start = time.perf_counter()
        report = lib.import_skills([folder])
        seconds = time.perf_counter() - start
        lib.close()
    refused: collections.Counter[str] = collections.Counter()
    repaired: collections.Counter[str] = collections.Counter()
    examples: dict[str, str] = {}
    for err in report.errors:
        key = kind(err["reason"], err["path"])
        refused[key] += 1
        examples.setdefault(key, err["path"])
    for warning in report.warnings:
        key = kind(warning)
        repaired[key] += 1
        examples.setdefault(key, _path_of(warning))
    root = str(folder) + os.sep
    return {
        "files": files,
        "imported": len(report.added),
        "quarantined": len(report.quarantined),
        "skipped": len(report.skipped),
        "refused": len(report.errors),
        "refused_by_reason": dict(refused.most_common()),
        "repairs_by_kind": dict(repaired.most_common()),
        "examples": {k: v.removeprefix(root) for k, v in examples.items()},
        "names": sorted(report.added),
        "seconds": round(seconds, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--libs", type=Path, default=LIBS)
    parser.add_argument("--lib", action="append", choices=sorted(LIBRARIES), help="only these (repeatable)")
    parser.add_argument("--names", type=Path, help="write {library: [imported names]} here")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = parser.parse_args()
    results = {
        name: import_one(args.libs / rel)
        for name, rel in LIBRARIES.items()
        if (not args.lib or name in args.lib) and (args.libs / rel).is_dir()
    }
    if args.names:
        args.names.write_text(json.dumps({k: v["names"] for k, v in results.items()}, indent=1) + "\n")
    if args.json:
        print(
            json.dumps(
                {k: {f: v for f, v in r.items() if f != "names"} for k, r in results.items()}, indent=1
            )
        )
        return
    for name, r in results.items():
        print(
            f"{name:12} files {r['files']:4}  imported {r['imported']:4} ({r['quarantined']} quarantined)  "
            f"skipped {r['skipped']:3}  refused {r['refused']:3}  ({r['seconds']} s)"
        )
        for label, counts in (("refused", r["refused_by_reason"]), ("repaired", r["repairs_by_kind"])):
            for key, count in counts.items():
                print(f"    {label:8} {count:4}  {key}   [{r['examples'].get(key, '')}]")


if __name__ == "__main__":
    main()
