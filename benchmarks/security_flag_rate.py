"""Flag rate of ``skillrouter.security`` on real skill libraries (a false-positive check).

A skill folder is any folder holding a ``SKILL.md``. Each is scanned as the store scans it on
import: the SKILL.md as the store renders it (every front-matter field, as ``load_skill`` serves
it) beside the Level 2 files the store copies, in a staging folder, through the same call
(``security.admission.admit``, the one way in); ``--raw-folders`` scans the source folders as they
lie instead (every file, ``__pycache__`` and dot-folders included). For each library the script
prints how many skills were scanned, flagged (any finding) and quarantined (what the ``community``
trust level does with the findings: a dangerous one, or cautions of two rules; one caution alone
is let through on record), the flag rate, findings per rule, and every flagged skill with its
first finding. ``--all`` prints every finding instead of the first. Real malware and benign hard
negatives are measured by ``benchmarks/security_real.py``.

Time: the scan of every skill is timed (CPU seconds of this process) beside a baseline measured
in the same run: reading the same files without scanning them, and, with ``--baseline-module
FILE``, another scanner's ``scan_skill_folder`` (say the one before a change:
``git show REV:skillrouter/security.py > /tmp/old_security.py``). ``--no-mentions`` turns the
mention exemption off (negation, warnings, deny lists, quoted examples), to see what it saves.

    python benchmarks/security_flag_rate.py [--root DIR] [--all] [--no-mentions] [--raw-folders]
                                            [--baseline-module FILE]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from skillrouter.errors import SkillFormatError
from skillrouter.security import RULES, Finding, decide, scan_skill_folder
from skillrouter.security.admission import admit
from skillrouter.skillmd import parse_skill_md, render_skill_md
from skillrouter.store.skillfiles import copy_level2

DEFAULT_ROOT = Path("/work/shared/data/skill-libraries")
LIBRARIES = ("hermes-agent-0.19.0", "anthropics-skills", "antigravity-awesome-skills")


def skill_folders(library: Path) -> list[Path]:
    return sorted(p.parent for p in library.rglob("SKILL.md") if p.is_file() and not p.is_symlink())


def read_only(folder: Path) -> int:
    """The baseline: walk and read every file of a skill folder, as the scan does, without scanning."""
    size = 0
    for dirpath, _dirnames, filenames in os.walk(folder):
        for name in filenames:
            path = Path(dirpath) / name
            if path.is_file() and not path.is_symlink():
                size += len(path.read_bytes())
    return size


def load_scanner(path: Path) -> Callable[[Path], object]:
    """``scan_skill_folder`` of the scanner module at ``path`` (loaded under a private name)."""
    spec = importlib.util.spec_from_file_location("baseline_security", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load a module from {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module.scan_skill_folder  # type: ignore[no-any-return]


def stage_as_stored(folder: Path, into: Path) -> Path:
    """The folder the store would scan when importing ``folder``: its SKILL.md parsed as the
    importer does (repairs included) and rendered, and the Level 2 files it copies."""
    staged = into / folder.name
    staged.mkdir()
    skill = parse_skill_md(
        (folder / "SKILL.md").read_bytes(), path=folder / "SKILL.md", fallback_name=folder.name, warnings=[]
    )
    (staged / "SKILL.md").write_text(render_skill_md(skill), "utf-8")
    copy_level2(folder, staged)
    return staged


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=DEFAULT_ROOT)
    parser.add_argument("--all", action="store_true", help="print every finding of flagged skills")
    parser.add_argument("--no-mentions", action="store_true", help="turn the mention exemption off")
    parser.add_argument(
        "--raw-folders",
        action="store_true",
        help="scan the source folders as they lie, not as the store would hold them",
    )
    parser.add_argument(
        "--baseline-module", type=Path, help="time this scanner module's scan_skill_folder too"
    )
    args = parser.parse_args(argv)
    baseline = load_scanner(args.baseline_module) if args.baseline_module else None

    total_scanned = total_flagged = unreadable = 0
    total_rules: Counter[str] = Counter()
    work = Path(tempfile.mkdtemp(prefix="flag-rate-"))
    scan_seconds = read_seconds = baseline_seconds = 0.0
    for name in LIBRARIES:
        library = args.root / name
        if not library.is_dir():
            print(f"{name}: not found under {args.root}")
            continue
        flagged: list[tuple[Path, list[Finding]]] = []
        held = 0
        rules: Counter[str] = Counter()
        folders = skill_folders(library)
        for folder in folders:
            started = time.process_time()
            read_only(folder)
            read_seconds += time.process_time() - started
            if baseline is not None:
                started = time.process_time()
                baseline(folder)
                baseline_seconds += time.process_time() - started
            if args.raw_folders or args.no_mentions:
                target = folder
            else:
                try:
                    target = stage_as_stored(folder, Path(tempfile.mkdtemp(dir=work)))
                except SkillFormatError as err:  # the importer rejects it: nothing is stored
                    unreadable += 1
                    print(f"   (rejected by the importer, not scanned: {err})")
                    continue
            started = time.process_time()
            if target is folder:
                findings = scan_skill_folder(folder, mentions=not args.no_mentions)
            else:
                findings = list(admit("community", target).findings)
            scan_seconds += time.process_time() - started
            if findings:
                flagged.append((folder, findings))
                rules.update({f.rule for f in findings})
                held += decide("community", findings).action != "allow"
        total_scanned += len(folders)
        total_flagged += len(flagged)
        total_rules.update(rules)
        rate = len(flagged) / len(folders) if folders else 0.0
        print(
            f"== {name}: {len(folders)} skills scanned, {len(flagged)} flagged ({rate:.1%}), "
            f"{held} quarantined ({held / len(folders) if folders else 0.0:.1%})"
        )
        print("   skills per rule: " + ", ".join(f"{r}={rules[r]}" for r in RULES if rules[r]))
        for folder, findings in flagged:
            print(f"   - {folder.relative_to(library)}")
            for finding in findings if args.all else findings[:1]:
                print(f"       {finding}")
    rate = total_flagged / total_scanned if total_scanned else 0.0
    mode = "source folders as they lie" if args.raw_folders or args.no_mentions else "as the store holds them"
    print(
        f"== overall: {total_scanned} skills scanned ({mode}), {total_flagged} flagged ({rate:.1%})"
        + (" [mention exemption off]" if args.no_mentions else "")
        + (f"; {unreadable} rejected by the importer" if unreadable else "")
    )
    print("   skills per rule: " + ", ".join(f"{r}={total_rules[r]}" for r in RULES if total_rules[r]))
    ratio = scan_seconds / read_seconds if read_seconds else float("nan")
    print(
        f"== time (CPU): scan {scan_seconds:.2f} s, {1000 * scan_seconds / max(total_scanned, 1):.1f} ms "
        "per skill; "
        f"reading the same files {read_seconds:.2f} s (ratio {ratio:.1f}x)"
    )
    if baseline is not None:
        print(
            f"   baseline scanner {args.baseline_module}: {baseline_seconds:.2f} s "
            f"(this scanner / baseline: {scan_seconds / baseline_seconds:.2f}x)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
