"""Export a store: a SKILL.md tree (read back by the importer and any Agent Skills tool),
or JSON / JSONL in the design's skill form with statistics."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Literal

from skillrouter.skillmd import render_skill_md, skill_to_json
from skillrouter.store.atomic import atomic_write
from skillrouter.store.store import Store

ExportFormat = Literal["skillmd", "json", "jsonl"]


def export_skills(
    store: Store, target: str | Path, *, fmt: ExportFormat = "skillmd", names: list[str] | None = None
) -> Path:
    """Write the store's skills under ``target``; returns the file or folder written.

    ``skillmd``: ``target/<name>/SKILL.md`` plus Level 2 files. ``json``:
    ``target/skills.json`` (a list). ``jsonl``: ``target/skills.jsonl``. JSON forms carry
    use_count, avg_score, status and the full body, so an import gives the same skills.
    """
    target = Path(target)
    target.mkdir(parents=True, exist_ok=True)
    chosen = names if names is not None else store.names()
    if fmt == "skillmd":
        for name in chosen:
            skill = store.get(name)
            folder = target / name
            folder.mkdir(parents=True, exist_ok=True)
            for rel in store.list_files(name):
                dest = folder / rel
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(store.files.folder(name) / rel, dest)
            atomic_write(folder / "SKILL.md", render_skill_md(skill))
        return target
    items = [skill_to_json(store.get(name)) for name in chosen]
    if fmt == "json":
        out = target / "skills.json"
        atomic_write(out, json.dumps(items, ensure_ascii=False, indent=2) + "\n")
    elif fmt == "jsonl":
        out = target / "skills.jsonl"
        atomic_write(out, "".join(json.dumps(i, ensure_ascii=False) + "\n" for i in items))
    else:
        raise ValueError(f"unknown export format {fmt!r}; expected skillmd, json or jsonl")
    return out
