"""Bulk import of skill libraries, in one pass: read and validate everything, scan it,
write what changed, then embed in large batches.

Reads:

- folders, recursively: every ``SKILL.md`` is a skill and brings the files beside it
  (Hermes' ``skills/<category>/<name>/`` included; the folders a skill sits in are packaging,
  not tags: only the tags its author wrote count; dot-folders such as ``.archive`` and
  ``.hub`` are skipped);
- a single ``SKILL.md``; ``.zip``, ``.tar.gz`` and ``.tgz`` archives of the above,
  unpacked safely (no member outside the target, no links, size caps);
- JSON (one skill or a list, the design's skill form) and JSONL (one skill per line);
- index files listing skills by name and description only (e.g.
  ``skills_index.json``): imported as Level-0-only skills.

Idempotent: every skill's input (SKILL.md bytes and Level 2 files) is hashed; an
unchanged skill is neither scanned, written nor embedded again. A killed import leaves
complete skills only (each is written atomically) and a re-run finishes the job.

Security: the store screens every skill it writes (the rendered SKILL.md, every field of a
JSON skill included, and its Level 2 files) at the import's trust level
(:func:`source_trust_level`: ``builtin`` for skillrouter's own examples, else ``community``,
or ``trust_level``); an optional ``review_model`` judges the skills the rules leave in doubt
(:func:`skillrouter.security.review.second_opinion`) and its findings are judged with the
scan's. ``dry_run`` scans the same text and reports what would be quarantined.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any, Literal

from skillrouter.errors import (
    SkillFormatError,
    SkillRejectedError,
    SkillRouterError,
    UnsafePathError,
)
from skillrouter.security import DEFAULT_TRUST_LEVEL, Finding, TrustLevel, check_trust_level, decide
from skillrouter.skill import Skill, free_name, slugify, validate_stats
from skillrouter.skillmd import parse_skill_md, render_skill_md, skill_from_json
from skillrouter.store.provenance import Provenance
from skillrouter.store.skillfiles import level2_files
from skillrouter.store.store import Store

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

OnConflict = Literal["skip", "replace", "rename"]
ARCHIVE_SUFFIXES = (".zip", ".tar.gz", ".tgz")
MAX_ARCHIVE_BYTES = 512 * 1024 * 1024  # total uncompressed
MAX_MEMBER_BYTES = 64 * 1024 * 1024
MAX_MEMBERS = 50_000
MAX_SKILL_FILE_BYTES = 4 * 1024 * 1024  # SKILL.md itself


@dataclass
class SourceSkill:
    """One skill read from the input, before it is written."""

    skill: Skill
    path: str  # where it came from (file, or file:line for JSONL)
    folder: Path | None  # its folder, for Level 2 files
    input_hash: str
    findings: list[Finding] = field(default_factory=list)
    stats: tuple[int, float | None] = (0, None)  # (use_count, avg_score) it came with, validated
    warnings: list[str] = field(default_factory=list)  # reported only if the skill is written


@dataclass
class ImportReport:
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    skipped: list[dict[str, str]] = field(default_factory=list)
    quarantined: list[dict[str, Any]] = field(default_factory=list)
    pruned: list[str] = field(default_factory=list)
    errors: list[dict[str, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    duplicates: list[list[Any]] = field(default_factory=list)
    clusters: list[list[str]] = field(default_factory=list)
    embedded: int = 0
    seconds: float = 0.0
    dry_run: bool = False
    index_error: str | None = None  # the index could not be updated (the files are written)

    def to_dict(self) -> dict[str, Any]:
        return {
            "added": len(self.added),
            "updated": len(self.updated),
            "unchanged": len(self.unchanged),
            "skipped": len(self.skipped),
            "quarantined": len(self.quarantined),
            "pruned": len(self.pruned),
            "errors": self.errors,
            "duplicates": self.duplicates,
            "seconds": round(self.seconds, 3),
            "embedded": self.embedded,
            "index_error": self.index_error,
            "dry_run": self.dry_run,
            "details": {
                "added": self.added,
                "updated": self.updated,
                "skipped": self.skipped,
                "quarantined": self.quarantined,
                "pruned": self.pruned,
                "warnings": self.warnings,
                "clusters": self.clusters,
            },
        }


# ---------------------------------------------------------------- reading


def _hash_folder(folder: Path, skill_md: bytes) -> str:
    """The input hash of a skill folder: its SKILL.md and every Level 2 file it will bring.
    A Level 2 file that cannot be read raises OSError: the skill is rejected, not half-copied."""
    digest = hashlib.sha256(skill_md)
    for rel in level2_files(folder):
        digest.update(b"\x00" + rel.encode())
        digest.update(hashlib.sha256((folder / rel).read_bytes()).digest())
    return digest.hexdigest()


def _open_skill_md(skill_md: Path, root: Path) -> bytes:
    """The bytes of a SKILL.md found in the input, never read through a link leaving ``root``
    nor from a FIFO, device or socket (opening one could hang the import)."""
    info = os.lstat(skill_md)
    if stat.S_ISLNK(info.st_mode):
        target = os.path.realpath(skill_md)
        if not Path(target).is_relative_to(os.path.realpath(root)):
            raise UnsafePathError("SKILL.md is a symlink leaving the import folder; not read")
        info = os.stat(target)
    if not stat.S_ISREG(info.st_mode):
        raise UnsafePathError("SKILL.md is not a regular file (a FIFO, device or socket); not read")
    if info.st_size > MAX_SKILL_FILE_BYTES:
        raise UnsafePathError(f"SKILL.md is larger than {MAX_SKILL_FILE_BYTES // 1024} KB")
    return skill_md.read_bytes()


def _read_skill_folder(skill_md: Path, root: Path, report: ImportReport, origin: str) -> SourceSkill | None:
    folder = skill_md.parent
    try:
        raw = _open_skill_md(skill_md, root)
        warnings: list[str] = []
        skill = parse_skill_md(raw, path=skill_md, fallback_name=folder.name, warnings=warnings)
        input_hash = _hash_folder(folder, raw)
    except SkillFormatError as err:
        report.errors.append({"path": str(skill_md), "reason": err.message if err.path else str(err)})
        return None
    except UnsafePathError as err:
        report.errors.append({"path": str(skill_md), "reason": str(err)})
        return None
    except OSError as err:
        where = (
            f" {Path(err.filename).relative_to(folder)}"
            if err.filename and Path(err.filename).is_relative_to(folder) and Path(err.filename) != skill_md
            else ""
        )
        report.errors.append({"path": str(skill_md), "reason": f"cannot read{where}: {err.strerror}"})
        return None
    if skill.name != slugify(folder.name) and folder != root:
        warnings.append(
            f"{skill_md}: name {skill.name!r} differs from its folder {folder.name!r}; "
            f"stored as {skill.name!r}"
        )
    skill = replace(skill, source=skill.source or origin)
    return SourceSkill(skill, str(skill_md), folder, input_hash, warnings=warnings)


def _is_index_entry(item: dict[str, Any]) -> bool:
    return not any(k in item for k in ("procedure", "pitfalls", "verification", "body"))


def _from_json_item(item: object, where: str, origin: str, report: ImportReport) -> SourceSkill | None:
    raw = json.dumps(item, sort_keys=True, ensure_ascii=False).encode()
    try:
        if len(raw) > MAX_SKILL_FILE_BYTES:
            raise SkillFormatError(
                f"skill is larger than {MAX_SKILL_FILE_BYTES // 1024} KB (as SKILL.md files are)"
            )
        if isinstance(item, dict) and _is_index_entry(item):
            skill = _index_entry(item, where, origin, report)
            stats = validate_stats(item.get("use_count"), item.get("avg_score"))
        else:
            skill = skill_from_json(item, path=where)
            stats = (skill.use_count, skill.avg_score)
            if not skill.source:
                skill = replace(skill, source=origin)
    except SkillFormatError as err:
        report.errors.append({"path": where, "reason": err.message if err.path else str(err)})
        return None
    return SourceSkill(skill, where, None, hashlib.sha256(raw).hexdigest(), stats=stats)


def _index_entry(item: dict[str, Any], where: str, origin: str, report: ImportReport) -> Skill:
    """An index entry (name + description, maybe category and tags): a Level-0-only skill."""
    name = item.get("name") or item.get("id")
    if isinstance(name, str) and name and slugify(name) != name:
        report.warnings.append(f"{where}: name {name!r} is not valid; using {slugify(name)!r}")
        name = slugify(name)
    tags = item.get("tags") or []
    if not isinstance(tags, list):
        raise SkillFormatError(f"tags must be a list, got {type(tags).__name__}", field="tags")
    category = [str(item["category"])] if item.get("category") else []
    extra = {
        k: v
        for k, v in item.items()
        if k not in ("name", "description", "category", "tags", "task_type", "use_count", "avg_score")
    }
    return Skill(
        name=name,  # type: ignore[arg-type]
        description=item.get("description"),  # type: ignore[arg-type]
        task_type=str(item.get("task_type") or "general"),
        tags=(*category, *tags),
        source=origin,
        extra=extra,
    )


def _read_json(path: Path, origin: str, report: ImportReport) -> list[SourceSkill]:
    out: list[SourceSkill] = []
    try:
        text = path.read_bytes().decode("utf-8-sig", errors="replace")
    except OSError as err:
        report.errors.append({"path": str(path), "reason": f"cannot read: {err.strerror}"})
        return out
    if path.suffix == ".jsonl":
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as err:
                report.errors.append({"path": f"{path}:{number}", "reason": f"not valid JSON: {err.msg}"})
                continue
            except RecursionError:
                report.errors.append({"path": f"{path}:{number}", "reason": "JSON nested too deeply to read"})
                continue
            cand = _from_json_item(item, f"{path}:{number}", origin, report)
            if cand:
                out.append(cand)
        return out
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        report.errors.append({"path": str(path), "reason": f"not valid JSON: {err.msg} (line {err.lineno})"})
        return out
    except RecursionError:
        report.errors.append({"path": str(path), "reason": "JSON nested too deeply to read"})
        return out
    if isinstance(data, dict) and isinstance(data.get("skills"), list):
        data = data["skills"]
    items = data if isinstance(data, list) else [data]
    for i, item in enumerate(items):
        cand = _from_json_item(item, f"{path}[{i}]" if isinstance(data, list) else str(path), origin, report)
        if cand:
            out.append(cand)
    return out


def _walk(root: Path, report: ImportReport) -> Iterator[Path]:
    """Every SKILL.md below ``root``, skipping dot-folders and links to folders (a folder
    named SKILL.md is reported)."""
    for current, dirs, files in os.walk(root):
        here = Path(current)
        if "SKILL.md" in dirs:
            report.errors.append(
                {"path": str(here / "SKILL.md"), "reason": "SKILL.md is a folder, not a file"}
            )
        dirs[:] = sorted(
            d
            for d in dirs
            if not d.startswith(".")
            and d not in ("node_modules", "__pycache__")
            and d != "SKILL.md"
            and not (here / d).is_symlink()
        )
        if "SKILL.md" in files:
            yield here / "SKILL.md"


def _extract(archive: Path, target: Path) -> None:
    """Unpack safely: members stay inside ``target``, no links or devices, size caps."""

    def check(name: str, size: int, total: int, count: int) -> None:
        pure = PurePosixPath(name.replace("\\", "/"))
        if pure.is_absolute() or ".." in pure.parts:
            raise UnsafePathError(f"{archive}: member {name!r} would land outside the target folder")
        if size > MAX_MEMBER_BYTES:
            raise UnsafePathError(f"{archive}: member {name!r} is larger than {MAX_MEMBER_BYTES // 2**20} MB")
        if total > MAX_ARCHIVE_BYTES or count > MAX_MEMBERS:
            raise UnsafePathError(
                f"{archive}: more than {MAX_ARCHIVE_BYTES // 2**20} MB or {MAX_MEMBERS} members"
            )

    total = 0
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as zf:
            infos = zf.infolist()
            for count, info in enumerate(infos, 1):
                total += info.file_size
                check(info.filename, info.file_size, total, count)
                if (info.external_attr >> 16) & 0o170000 == 0o120000:
                    raise UnsafePathError(f"{archive}: member {info.filename!r} is a symbolic link")
            for info in infos:
                dest = target / PurePosixPath(info.filename.replace("\\", "/"))
                if info.is_dir():
                    dest.mkdir(parents=True, exist_ok=True)
                    continue
                dest.parent.mkdir(parents=True, exist_ok=True)
                with zf.open(info) as src, open(dest, "wb") as out:
                    shutil.copyfileobj(src, out)
        return
    with tarfile.open(archive, "r:*") as tf:
        members = tf.getmembers()
        for count, member in enumerate(members, 1):
            total += member.size
            check(member.name, member.size, total, count)
            if not (member.isfile() or member.isdir()):
                raise UnsafePathError(f"{archive}: member {member.name!r} is a link or device")
        tf.extractall(target, members=members, filter="data")


def read_sources(
    paths: Sequence[str | Path],
    report: ImportReport,
    stack: ExitStack,
    progress: Callable[[int], None] | None = None,
) -> list[tuple[str, list[SourceSkill]]]:
    """[(origin, candidates)] for each input path."""
    out: list[tuple[str, list[SourceSkill]]] = []
    for given in paths:
        path = Path(given).expanduser()
        origin = str(path.resolve())
        cands: list[SourceSkill] = []
        if not path.exists():
            report.errors.append({"path": str(path), "reason": "no such file or folder"})
            continue
        if path.is_file() and path.name.endswith(ARCHIVE_SUFFIXES):
            tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="skillrouter-import-")))
            try:
                _extract(path, tmp)
            except (UnsafePathError, zipfile.BadZipFile, tarfile.TarError, OSError) as err:
                report.errors.append({"path": str(path), "reason": str(err).removeprefix(f"{path}: ")})
                continue
            for skill_md in _walk(tmp, report):
                cand = _read_skill_folder(skill_md, tmp, report, origin)
                if cand:
                    cand.path = f"{path}!{skill_md.relative_to(tmp).as_posix()}"
                    cands.append(cand)
        elif path.is_file() and path.suffix in (".json", ".jsonl"):
            cands = _read_json(path, origin, report)
        elif path.is_file():
            cand = _read_skill_folder(path, path.parent, report, str(path.parent.resolve()))
            origin = str(path.parent.resolve())
            cands = [cand] if cand else []
        else:
            for skill_md in _walk(path, report):
                cand = _read_skill_folder(skill_md, path, report, origin)
                if cand:
                    cands.append(cand)
                if progress:
                    progress(1)
        out.append((origin, cands))
    return out


# ---------------------------------------------------------------- trust and review

BUILTIN_SKILLS = Path(__file__).resolve().parents[1] / "examples"


def source_trust_level(path: str | Path) -> TrustLevel:
    """The trust level of an import source when none is given: ``builtin`` for the skills
    shipped inside skillrouter (``skillrouter/examples``), ``community`` for everything else."""
    return (
        "builtin" if Path(path).expanduser().resolve().is_relative_to(BUILTIN_SKILLS) else DEFAULT_TRUST_LEVEL
    )


def _level2(cand: SourceSkill) -> dict[str, bytes]:
    """The Level 2 files a candidate brings, as the store will copy them."""
    if cand.folder is None:
        return {}
    return {rel: (cand.folder / rel).read_bytes() for rel in level2_files(cand.folder)}


def _preview(cand: SourceSkill) -> list[Finding]:
    """What the store's scan will find in a candidate: its rendered SKILL.md and Level 2 files."""
    from skillrouter.security import scan_skill

    return scan_skill(render_skill_md(cand.skill), _level2(cand))


def _review(llm: BaseChatModel, cand: SourceSkill) -> list[Finding]:
    from skillrouter.security.review import second_opinion

    return second_opinion(llm, render_skill_md(cand.skill), _level2(cand))


# ---------------------------------------------------------------- the import


def import_paths(
    store: Store,
    paths: Sequence[str | Path],
    *,
    on_conflict: OnConflict = "skip",
    prune: bool = False,
    dry_run: bool = False,
    scan: bool = True,
    progress: Callable[[str, int], None] | None = None,
    trust_level: TrustLevel | str | None = None,
    review_model: BaseChatModel | None = None,
) -> ImportReport:
    """Import skills from ``paths`` into ``store`` (see module docstring): the files and the
    ledger. The index, and the near-duplicates report over it, are the caller's
    (:meth:`skillrouter.SkillLibrary.import_skills` does both)."""
    if on_conflict not in ("skip", "replace", "rename"):
        raise ValueError(f"on_conflict must be skip, replace or rename, got {on_conflict!r}")
    given_level = check_trust_level(trust_level) if trust_level is not None else None
    reviewer = (lambda cand: _review(review_model, cand)) if review_model is not None and scan else None
    started = time.perf_counter()
    report = ImportReport(dry_run=dry_run)
    store.refresh()  # adopts folders a killed import left unrecorded (their sidecars say where from)
    origins = store.ledger.origins()
    existing = set(store.names())
    claimed: dict[str, str] = {}  # name -> input path, within this import
    with ExitStack() as stack:
        sources = read_sources(paths, report, stack, (lambda n: progress("parsed", n)) if progress else None)
        for origin, cands in sources:
            level = given_level or source_trust_level(origin)
            seen: set[str] = set()
            for cand in cands:
                name = cand.skill.name
                other = origins.get(name)
                if other is None and name in existing and name not in claimed and _same_skill(store, cand):
                    # written by an import (of an older skillrouter) killed before it recorded where
                    # the skill came from: this source claims it and writes it again, scan included
                    origins[name] = other = (origin, "")
                if name in claimed or (name in existing and (other is None or other[0] != origin)):
                    if on_conflict == "skip" or (name in claimed and on_conflict == "replace"):
                        first = claimed.get(name) or (other[0] if other else "the store")
                        report.skipped.append(
                            {"name": name, "path": cand.path, "reason": f"name taken by {first}"}
                        )
                        continue
                    if on_conflict == "rename":
                        name = _free_name(name, origin, existing | set(claimed))
                        cand.skill = replace(cand.skill, name=name)
                        report.warnings.append(f"{cand.path}: renamed to {name!r} (name clash)")
                claimed[name] = cand.path
                seen.add(name)
                if name in existing and origins.get(name) == (origin, cand.input_hash):
                    report.unchanged.append(name)  # same input as last time: no scan, no write, no embedding
                    continue
                _write(
                    store,
                    cand,
                    origin,
                    name in existing,
                    scan=scan,
                    dry_run=dry_run,
                    report=report,
                    trust_level=level,
                    reviewer=reviewer,
                )
                if progress:
                    progress("written", 1)
            if prune:
                for name, (where, _) in sorted(origins.items()):
                    if where == origin and name not in seen and name in existing:
                        report.pruned.append(name)
                        if not dry_run:
                            store.delete(name)
    report.seconds = time.perf_counter() - started
    return report


def _write(
    store: Store,
    cand: SourceSkill,
    origin: str,
    exists: bool,
    *,
    scan: bool,
    dry_run: bool,
    report: ImportReport,
    trust_level: TrustLevel,
    reviewer: Callable[[SourceSkill], list[Finding]] | None = None,
) -> None:
    """Write one candidate through the store's security gate (a failure is that candidate's
    error, not the import's). The store scans what it writes; a dry run scans the same text."""
    name = cand.skill.name
    try:
        extra = reviewer(cand) if reviewer is not None else []
        if dry_run:
            cand.findings = [*(_preview(cand) if scan else []), *extra]
            verdict = decide(trust_level, cand.findings)
            if verdict.action == "reject":
                raise SkillRejectedError(name, verdict.reason, tuple(cand.findings))
            status = "quarantined" if verdict.action == "quarantine" else "active"
            findings = [f.to_dict() for f in cand.findings]
        else:
            stored = store.add(
                cand.skill,
                replace_existing=exists,
                files_from=cand.folder,
                files={} if cand.folder is None else None,
                reason="import",
                scan=scan,
                provenance=Provenance(
                    origin,
                    cand.input_hash,
                    tuple(f.to_dict() for f in extra),
                    *cand.stats,
                    trust_level=trust_level,
                ),
            )
            row = store.ledger.row(name)
            status, findings = stored.status, [dict(f) for f in (row.findings if row else ())]
    except (SkillRouterError, OSError) as err:
        reason = (
            str(err) if isinstance(err, SkillRouterError) else f"cannot copy: {err.strerror} ({err.filename})"
        )
        report.errors.append({"path": cand.path, "reason": reason})
        return
    report.warnings.extend(cand.warnings)
    if status == "quarantined":
        report.quarantined.append({"name": name, "findings": findings})
    elif findings:
        report.warnings.append(
            f"{cand.path}: {len(findings)} finding(s) let through at trust level {trust_level} "
            f"(first: {findings[0].get('rule')})"
        )
    (report.updated if exists else report.added).append(name)


def _same_skill(store: Store, cand: SourceSkill) -> bool:
    try:
        have = store.get(cand.skill.name)
    except SkillRouterError:
        return False
    new = cand.skill
    files = level2_files(cand.folder) if cand.folder is not None else []
    return (have.description, have.body, have.tags, dict(have.extra), dict(have.metadata), have.source) == (
        new.description,
        new.body,
        new.tags,
        dict(new.extra),
        dict(new.metadata),
        new.source,
    ) and store.list_files(new.name) == files


def _free_name(name: str, origin: str, taken: set[str]) -> str:
    """The clashing name with its source's folder name appended, made free by :func:`free_name`."""
    return free_name(slugify(f"{name}-{Path(origin).name}") or name, taken)


__all__ = ["ImportReport", "OnConflict", "SkillRouterError", "import_paths"]
