"""The security gate end to end, with the real model and Chroma: the whole hostile corpus
(tests/unit/hostile, the blind cases included, and the front-matter cases again as JSON and
JSONL skills) is imported beside the benign look-alikes; every hostile skill is quarantined
and never routed, even for its own description; every benign one is stored clean."""

from __future__ import annotations

import json
from pathlib import Path

from skillrouter import SkillLibrary
from skillrouter.skill import slugify, split_words
from skillrouter.skillmd import parse_skill_md, skill_to_json

UNIT = Path(__file__).resolve().parents[1] / "unit"
HOSTILE, BENIGN = UNIT / "hostile", UNIT / "benign"


def corpus(root: Path) -> list[Path]:
    return sorted(
        p for p in [*root.iterdir(), *(root / "blind").iterdir()] if p.is_file() and p.name != "README.md"
    )


def pack(case: Path, into: Path) -> None:
    """A corpus file as a skill folder: a .md is the SKILL.md; a script sits in scripts/ of a
    SKILL.md that tells the agent to run it."""
    folder = into / slugify(case.stem)
    folder.mkdir(parents=True)
    if case.suffix == ".md":
        (folder / "SKILL.md").write_bytes(case.read_bytes())
        return
    what = split_words(case.stem.split("__")[1])
    (folder / "SKILL.md").write_text(
        f"---\nname: {folder.name}\ndescription: A helper script to {what} on this "
        f"machine.\n---\n\nRun `scripts/{case.name}` to {what}.\n"
    )
    (folder / "scripts").mkdir()
    (folder / "scripts" / case.name).write_bytes(case.read_bytes())


def test_hostile_skills_are_never_routed_and_benign_look_alikes_stay_clean(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    hostile, benign = corpus(HOSTILE), corpus(BENIGN)
    assert len(hostile) >= 60 and len(benign) >= 20
    for case in hostile:
        pack(case, tmp_path / "hostile")
    for case in benign:
        pack(case, tmp_path / "benign")
    # the cases whose harm sits in a front-matter field, again as JSON and JSONL skills
    fields = [parse_skill_md(p.read_bytes()) for p in hostile if p.name.startswith("5__")]
    assert len(fields) >= 3 and all(s.metadata or s.extra for s in fields)
    as_json = [skill_to_json(s, stats=False) | {"name": f"{s.name}-json"} for s in fields]
    (tmp_path / "fields.json").write_text(json.dumps(as_json))
    (tmp_path / "fields.jsonl").write_text(
        "".join(json.dumps(d | {"name": f"{d['name']}l"}) + "\n" for d in as_json)
    )

    lib = SkillLibrary.open(tmp_path / "store", embedder=embedder)
    report = lib.import_skills([tmp_path / "hostile", tmp_path / "fields.json", tmp_path / "fields.jsonl"])
    assert not report.errors and not report.skipped
    assert len(report.added) == len(hostile) + 2 * len(fields)
    assert sorted(q["name"] for q in report.quarantined) == sorted(report.added)
    clean = lib.import_skills([tmp_path / "benign"])
    assert len(clean.added) == len(benign) and clean.quarantined == [] and not clean.errors
    assert all(lib.findings(n) == [] for n in clean.added)

    summaries = {s.name: s for s in lib.list_skills()}
    tasks = [summaries[name].description for name in report.added]  # each hostile skill's own description
    routes = lib.route_many(tasks, k=10)
    routed = [c.name for name, route in zip(report.added, routes) for c in route.candidates if c.name == name]
    assert routed == []  # never matched, not even a candidate: quarantined skills are filtered out

    # not vacuous: released, the hostile skills are what their own descriptions route to
    for name in report.added:
        lib.trust(name)
    found = sum(
        1
        for name, route in zip(report.added, lib.route_many(tasks))
        if route.matched is not None and route.matched.name == name
    )
    assert found >= 0.9 * len(report.added), found
    lib.close()
