"""Flag rate of ``skillrouter.security`` on real skill libraries (a false-positive check).

A skill folder is any folder holding a ``SKILL.md``. For each library the script prints how many
skills were scanned and flagged, the flag rate, findings per rule, and every flagged skill with its
first finding. ``--all`` prints every finding instead of the first.

    python benchmarks/security_flag_rate.py [--root /work/shared/data/skill-libraries] [--all]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from skillrouter.security import RULES, Finding, scan_skill_folder

DEFAULT_ROOT = Path("/work/shared/data/skill-libraries")
LIBRARIES = ("hermes-agent-0.19.0", "anthropics-skills", "antigravity-awesome-skills")


def skill_folders(library: Path) -> list[Path]:
    return sorted(p.parent for p in library.rglob("SKILL.md") if p.is_file() and not p.is_symlink())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=DEFAULT_ROOT)
    parser.add_argument("--all", action="store_true", help="print every finding of flagged skills")
    args = parser.parse_args(argv)

    total_scanned = total_flagged = 0
    total_rules: Counter[str] = Counter()
    for name in LIBRARIES:
        library = args.root / name
        if not library.is_dir():
            print(f"{name}: not found under {args.root}")
            continue
        flagged: list[tuple[Path, list[Finding]]] = []
        rules: Counter[str] = Counter()
        folders = skill_folders(library)
        for folder in folders:
            findings = scan_skill_folder(folder)
            if findings:
                flagged.append((folder, findings))
                rules.update({f.rule for f in findings})
        total_scanned += len(folders)
        total_flagged += len(flagged)
        total_rules.update(rules)
        rate = len(flagged) / len(folders) if folders else 0.0
        print(f"== {name}: {len(folders)} skills scanned, {len(flagged)} flagged ({rate:.1%})")
        print("   skills per rule: " + ", ".join(f"{r}={rules[r]}" for r in RULES if rules[r]))
        for folder, findings in flagged:
            print(f"   - {folder.relative_to(library)}")
            for finding in findings if args.all else findings[:1]:
                print(f"       {finding}")
    rate = total_flagged / total_scanned if total_scanned else 0.0
    print(f"== overall: {total_scanned} skills scanned, {total_flagged} flagged ({rate:.1%})")
    print("   skills per rule: " + ", ".join(f"{r}={total_rules[r]}" for r in RULES if total_rules[r]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
