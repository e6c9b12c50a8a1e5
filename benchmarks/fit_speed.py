"""How long the library fit takes, by library size: the fit an import runs, and a refit.

For each size it builds a store from real text (the three real libraries' 725 skills, clawhub-sample's
791 English skills, then Seal-Tools' tools, in that order, to the size), imported once with the
security scan off (the scan is not the fit's cost), and prints:

- ``import``: the whole import, wall seconds (the fit included);
- ``fit at import``: the fit's own seconds within it (:attr:`LibraryFit.seconds`), the embedding
  cache empty: it embeds each skill's Level 0 text in both forms (the form it keeps is what the
  index then reads from the cache), its pseudo-tasks and their held-out texts;
- ``refit``: ``SkillLibrary.fit()`` again on the unchanged library (the cache warm: what a refit
  after a small change costs);
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
        "| skills | import s | fit at import s | refit s | default engine | pseudo-tasks "
        "| multilingual engine |"
    )
    print("|---|---|---|---|---|---|---|")
    for size in args.sizes:
        work = Path(tempfile.mkdtemp(prefix="skillrouter-fit-speed-"))
        try:
            with SkillLibrary.open(work / "store") as lib:
                started = time.perf_counter()
                taken = skills[:size]
                for skill in taken:
                    lib.add(skill, scan=False, sync=False)
                known = {s.name for s in taken}
                add_tools(lib, [t for t in tools if t.name not in known][: max(0, size - len(taken))])
                fitted = lib.fit()
                lib.sync()
                imported = time.perf_counter() - started
                started = time.perf_counter()
                lib.fit()
                refit = time.perf_counter() - started
                default, multilingual = fitted.engines["default"], fitted.engines["multilingual"]
                print(
                    f"| {fitted.skills} | {imported:.1f} | {fitted.seconds:.1f} | {refit:.1f} | "
                    f"{default.ranking.label} ({default.source}) | {default.tasks} | "
                    f"{multilingual.ranking.label} ({multilingual.source}, {multilingual.tasks} tasks) |",
                    flush=True,
                )
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
