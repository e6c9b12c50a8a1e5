"""Store operations against their floor, measured in the same run: writing N skills with
``Store.add`` against writing the same files atomically into plain folders, and a no-change
``Store.refresh`` (it runs before every route) against one scandir + one stat per skill.

Prints seconds and the ratio to the floor. Run:
    .venv/bin/python benchmarks/store_ops.py [--skills 700] [--refreshes 50]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from skillrouter import Skill, Store
from skillrouter.skillmd import render_skill_md
from skillrouter.store.atomic import atomic_write


def skills(n: int) -> list[Skill]:
    return [
        Skill.create(
            f"skill-{i:04d}",
            f"Skill number {i} does a thing in {i % 17} careful steps.",
            procedure=[f"step {j}" for j in range(5)],
            pitfalls="- mind the edge",
            tags=("bench",),
        )
        for i in range(n)
    ]


def floor_write(root: Path, batch: list[Skill]) -> None:
    for skill in batch:
        folder = root / skill.name
        atomic_write(folder / "references" / "guide.md", b"# guide\n")
        atomic_write(folder / "SKILL.md", render_skill_md(skill))


def floor_scan(root: Path) -> int:
    found = 0
    with os.scandir(root) as entries:
        for entry in entries:
            if os.path.exists(os.path.join(entry.path, "SKILL.md")):
                found += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skills", type=int, default=700)
    parser.add_argument("--refreshes", type=int, default=50)
    args = parser.parse_args()
    batch = skills(args.skills)
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        floor_write(Path(tmp) / "plain", batch)
        t_floor = time.perf_counter() - start
        store = Store(Path(tmp) / "store")
        start = time.perf_counter()
        for skill in batch:
            store.add(skill, files={"references/guide.md": b"# guide\n"})
        t_add = time.perf_counter() - start
        store.refresh()
        start = time.perf_counter()
        for _ in range(args.refreshes):
            floor_scan(store.skills_dir)
        t_scan = (time.perf_counter() - start) / args.refreshes
        start = time.perf_counter()
        for _ in range(args.refreshes):
            store.refresh()
        t_refresh = (time.perf_counter() - start) / args.refreshes
        print(f"skills:                 {args.skills}")
        print(
            f"add, all:               {t_add:7.3f} s   floor (atomic writes) {t_floor:7.3f} s   "
            f"ratio {t_add / t_floor:5.2f}x"
        )
        print(
            f"refresh, nothing new:   {t_refresh * 1000:7.2f} ms  floor (scandir + stat) "
            f"{t_scan * 1000:7.2f} ms  "
            f"ratio {t_refresh / t_scan:5.2f}x"
        )
        store.close()


if __name__ == "__main__":
    main()
