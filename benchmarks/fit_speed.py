"""How long the library fit takes, by library size: the fit an import runs, a refit, and a
whole fit of both engines.

For each size it builds a store from real text (the three real libraries' 725 skills, clawhub-sample's
791 English skills, then Seal-Tools' tools, in that order, to the size), imported once with the
security scan off (the scan is not the fit's cost), and prints:

- ``import without the fit``: the skills added and synced into a fresh store with no fit (what
  an import cost before the fit, the embedding cache empty);
- ``import``: the same into another fresh store, with the fit an import runs (``automatic``: the
  multilingual engine deferred while the library has no multilingual index), wall seconds; the
  difference is the fit's cost to an import (the fit embeds the Level 0 text the index then
  reads from the cache);
- ``fit at import``: that fit's own seconds (:attr:`LibraryFit.seconds`);
- ``refit``: the same fit again on the unchanged library (the cache warm: what a refit after a
  small change costs);
- ``whole fit``: ``SkillLibrary.fit()`` of both engines then (``skillrouter fit``, or the first
  bulk change once the library has a multilingual index): e5 embeds every skill in both forms;
- the rankings chosen and the pseudo-tasks.

    .venv/bin/python benchmarks/fit_speed.py [--sizes 1000 5000] [--data ../shared/data]
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

from skillrouter.eval.datasets import load_seal_tools
from skillrouter.eval.loading import add_tools, read_skills
from skillrouter.eval.suite import THREE_LIBRARIES, default_data_dir

from skillrouter import SkillLibrary


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, default=default_data_dir())
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000])
    args = parser.parse_args()
    libraries = args.data / "skill-libraries"
    folders = [libraries / name for name in THREE_LIBRARIES] + [libraries / "clawhub-sample" / "en"]
    skills = read_skills(folders)
    tools = load_seal_tools(args.data / "seal-tools").tools
    print(
        "| skills | import without the fit s | import s | fit at import s | refit s | whole fit s "
        "| default engine | pseudo-tasks | multilingual engine (whole fit) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for size in args.sizes:
        work = Path(tempfile.mkdtemp(prefix="skillrouter-fit-speed-"))
        try:
            taken = skills[:size]
            known = {s.name for s in taken}
            extra = [t for t in tools if t.name not in known][: max(0, size - len(taken))]
            with SkillLibrary.open(work / "plain") as lib:
                lib.embedder.embed_documents(["a model loaded before either clock starts"])
                started = time.perf_counter()
                for skill in taken:
                    lib.add(skill, scan=False, sync=False)
                add_tools(lib, extra)
                lib.sync()
                plain = time.perf_counter() - started
            with SkillLibrary.open(work / "store") as lib:
                started = time.perf_counter()
                for skill in taken:
                    lib.add(skill, scan=False, sync=False)
                add_tools(lib, extra)
                fitted = lib.fit(automatic=True)
                lib.sync()
                imported = time.perf_counter() - started
                started = time.perf_counter()
                lib.fit(automatic=True)
                refit = time.perf_counter() - started
                whole = lib.fit()
                default, multilingual = fitted.engines["default"], whole.engines["multilingual"]
                print(
                    f"| {fitted.skills} | {plain:.1f} | {imported:.1f} | {fitted.seconds:.1f} | "
                    f"{refit:.1f} | {whole.seconds:.1f} | "
                    f"{default.ranking.label} ({default.source}) | {default.tasks} | "
                    f"{multilingual.ranking.label} ({multilingual.source}, {multilingual.tasks} tasks) |",
                    flush=True,
                )
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
