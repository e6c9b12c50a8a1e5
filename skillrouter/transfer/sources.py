"""Reading an import's inputs into :class:`SourceSkill` s, before anything is written.

- folders, recursively: every ``SKILL.md`` is a skill and brings the files beside it
  (Hermes' ``skills/<category>/<name>/`` included; the folders a skill sits in are packaging,
  not tags: only the tags its author wrote count; dot-folders such as ``.archive`` and
  ``.hub`` are skipped);
- a single ``SKILL.md`` (it stands for its folder, Level 2 files included, as ``add`` takes
  it); any other single Markdown file is taken alone: its skill brings no file beside it;
- ``.zip``, ``.tar.gz`` and ``.tgz`` archives of the above, unpacked safely (no member outside
  the target, no links, size caps) and only when whole: a truncated or corrupt archive, or one
  holding no SKILL.md, is an error naming it and nothing of it is imported (nor pruned);
- JSON (one skill or a list, the design's skill form) and JSONL (one skill per line);
- index files listing skills by name and description only (e.g. ``skills_index.json``):
  imported as Level-0-only skills;
- a team library, by its ``postgresql://`` URL (team mode, :mod:`skillrouter.store.team`): every
  skill it holds, as a copy of it reads (written into a temporary folder for the import).

Every skill's input (SKILL.md bytes and Level 2 files) is hashed, so an unchanged one is
recognised. What cannot be read is the report's (:class:`~skillrouter.transfer.report.ImportReport`)
error for that file, never the whole import's.

Each form above is a built-in :class:`~skillrouter.transfer.registry.Source` (:data:`SPECIFIC`,
then :data:`CATCH_ALL`); third-party ones come between them, registered in code or installed
through the ``skillrouter.sources`` entry points (:mod:`~skillrouter.transfer.registry` says in
what order they are asked and what a broken one does). :func:`read_sources` hands each the
import's :class:`ImportContext`.
"""

from __future__ import annotations

import hashlib
import json
import lzma
import os
import shutil
import stat
import tarfile
import tempfile
import zipfile
import zlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath
from typing import Any

from skillrouter.errors import SkillFormatError, UnsafePathError
from skillrouter.plugins import Plugin
from skillrouter.skill import Skill, slugify, validate_stats
from skillrouter.skillmd import parse_skill_md, skill_from_json
from skillrouter.store.skillfiles import level2_files
from skillrouter.transfer.registry import SOURCES, ReadContext, Source, SourceSkill
from skillrouter.transfer.report import ImportReport

__all__ = [
    "ARCHIVE_SUFFIXES",
    "CATCH_ALL",
    "SPECIFIC",
    "ImportContext",
    "SourceSkill",
    "is_team_url",
    "read_sources",
]


ARCHIVE_SUFFIXES = (".zip", ".tar.gz", ".tgz")
MAX_ARCHIVE_BYTES = 512 * 1024 * 1024  # total uncompressed
MAX_MEMBER_BYTES = 64 * 1024 * 1024
MAX_MEMBERS = 50_000
MAX_SKILL_FILE_BYTES = 4 * 1024 * 1024  # SKILL.md itself


def _hash_folder(folder: Path, skill_md: bytes, skipped: list[tuple[str, str]] | None = None) -> str:
    """The input hash of a skill folder: its SKILL.md and every Level 2 file it will bring
    (``skipped`` receives what it will not: links, special files, hidden entries). A Level 2 file
    that cannot be read raises OSError: the skill is rejected, not half-copied."""
    digest = hashlib.sha256(skill_md)
    for rel in level2_files(folder, skipped):
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


def _read_skill_folder(
    skill_md: Path, root: Path, report: ImportReport, origin: str, *, alone: bool = False
) -> SourceSkill | None:
    """The skill of ``skill_md`` and the Level 2 files beside it; ``alone``: the file by itself
    (a single Markdown file given by path: its folder is wherever the file happens to lie)."""
    folder = skill_md.parent
    try:
        raw = _open_skill_md(skill_md, root)
        warnings: list[str] = []
        fallback = skill_md.stem if alone else folder.name
        skill = parse_skill_md(raw, path=skill_md, fallback_name=fallback, warnings=warnings)
        skipped: list[tuple[str, str]] = []
        # a file alone hashes as a folder holding only it would
        input_hash = hashlib.sha256(raw).hexdigest() if alone else _hash_folder(folder, raw, skipped)
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
    for rel, why in skipped:  # what the folder held and the skill will not bring: said, not silent
        report.dropped.append({"skill": str(skill_md), "path": rel, "reason": why})
        warnings.append(f"{skill_md}: {rel} not imported: {why}")
    return SourceSkill(skill, str(skill_md), None if alone else folder, input_hash, warnings=warnings)


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


def _read_json(path: Path, origin: str, ctx: ReadContext) -> list[SourceSkill]:
    out: list[SourceSkill] = []
    try:
        text = path.read_bytes().decode("utf-8-sig", errors="replace")
    except OSError as err:
        ctx.error(path, f"cannot read: {err.strerror}")
        return out
    if path.suffix == ".jsonl":
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as err:
                ctx.error(f"{path}:{number}", f"not valid JSON: {err.msg}")
                continue
            except RecursionError:
                ctx.error(f"{path}:{number}", "JSON nested too deeply to read")
                continue
            cand = ctx.skill_item(item, f"{path}:{number}", origin)
            if cand:
                out.append(cand)
        return out
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        ctx.error(path, f"not valid JSON: {err.msg} (line {err.lineno})")
        return out
    except RecursionError:
        ctx.error(path, "JSON nested too deeply to read")
        return out
    if isinstance(data, dict) and isinstance(data.get("skills"), list):
        data = data["skills"]
    items = data if isinstance(data, list) else [data]
    for i, item in enumerate(items):
        cand = ctx.skill_item(item, f"{path}[{i}]" if isinstance(data, list) else str(path), origin)
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


class DamagedArchiveError(Exception):
    """An archive that cannot be read whole: truncated, corrupt, encrypted, an unknown method."""


# what tarfile, zipfile and their decompressors raise on bytes that are not a whole archive
# (bz2 raises a plain OSError without an errno; gzip.BadGzipFile is an OSError too)
_DAMAGE = (zipfile.BadZipFile, tarfile.TarError, EOFError, zlib.error, lzma.LZMAError, DamagedArchiveError)


def _read_tar_to_end(archive: Path, tf: tarfile.TarFile) -> None:
    """tarfile takes the first block that is not a header for the end of the archive (a
    corrupt stream reads as a shorter archive) and stops reading there, before gzip checks
    its CRC at the end of the stream. So: what follows the last member must be the
    end-of-archive zero blocks, read to the end of the stream (a truncated or corrupt stream
    raises there)."""
    stream = tf.fileobj
    assert stream is not None
    stream.seek(tf.offset)
    left = MAX_ARCHIVE_BYTES
    while chunk := stream.read(1 << 20):
        if chunk.strip(b"\0"):
            raise DamagedArchiveError(
                f"{archive}: no tar header at byte {tf.offset} of its content, where "
                f"{len(tf.getmembers())} member(s) were read and more data follows"
            )
        left -= len(chunk)
        if left < 0:
            raise UnsafePathError(f"{archive}: more than {MAX_ARCHIVE_BYTES // 2**20} MB of padding")


def _extract(archive: Path, target: Path) -> None:
    """Unpack safely: members stay inside ``target``, no links or devices, size caps; the
    whole archive is read and checked (zip: each member's CRC; tar: the stream to its end,
    gzip's CRC included), or one of ``_DAMAGE`` is raised."""

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
                try:  # read to the member's end, where zipfile checks its CRC (BadZipFile)
                    with zf.open(info) as src, open(dest, "wb") as out:
                        shutil.copyfileobj(src, out)
                except (RuntimeError, NotImplementedError) as err:  # encrypted; a method zipfile lacks
                    raise DamagedArchiveError(f"{archive}: cannot unpack {info.filename!r}: {err}") from None
        return
    with tarfile.open(archive, "r:*") as tf:
        members = tf.getmembers()
        for count, member in enumerate(members, 1):
            total += member.size
            check(member.name, member.size, total, count)
            if not (member.isfile() or member.isdir()):
                raise UnsafePathError(f"{archive}: member {member.name!r} is a link or device")
        _read_tar_to_end(archive, tf)
        tf.extractall(target, members=members, filter="data")


def _unpack_error(err: Exception, archive: Path, tmp: Path) -> str:
    """The one line an archive that could not be unpacked is rejected with."""
    what = str(err).removeprefix(f"{archive}: ")
    if isinstance(err, UnsafePathError):
        return what
    if isinstance(err, OSError) and err.errno is not None:
        if err.filename and Path(err.filename).is_relative_to(tmp):
            return (
                f"cannot unpack into the temporary folder {tmp.parent}: {err.strerror} (free space "
                f"there or point TMPDIR at a disk with room, then import again)"
            )
        return f"cannot read: {err.strerror}"
    return f"damaged or truncated archive ({what or type(err).__name__}); nothing of it was imported"


# ---------------------------------------------------------------- sources


@dataclass
class ImportContext:
    """The :class:`~skillrouter.transfer.registry.ReadContext` of one import: its report (errors
    go there), its ``ExitStack`` (temporary folders live until the import ends) and its progress
    callback; the methods are the readers the built-in sources use."""

    report: ImportReport
    stack: ExitStack
    progress: Callable[[int], None] | None = None

    def error(self, path: str | Path, reason: str) -> None:
        self.report.errors.append({"path": str(path), "reason": reason})

    def parsed(self, count: int = 1) -> None:
        if self.progress:
            self.progress(count)

    def temporary_folder(self, prefix: str = "skillrouter-import-") -> Path:
        return Path(self.stack.enter_context(tempfile.TemporaryDirectory(prefix=prefix)))

    def skill_folder(
        self, skill_md: Path, root: Path, origin: str, *, alone: bool = False
    ) -> SourceSkill | None:
        return _read_skill_folder(skill_md, root, self.report, origin, alone=alone)

    def skill_item(self, item: object, where: str, origin: str) -> SourceSkill | None:
        return _from_json_item(item, where, origin, self.report)

    def walk(self, root: Path) -> Iterator[Path]:
        return _walk(root, self.report)


def _path(source: str | Path) -> Path:
    return Path(source).expanduser()


class TeamLibrarySource:
    """A team library by its ``postgresql://`` URL: every skill it holds (see the module docstring)."""

    name = "team-library"

    def claims(self, source: str | Path) -> bool:
        return is_team_url(source)

    def read(self, source: str | Path, ctx: ReadContext) -> tuple[str, list[SourceSkill]]:
        return _read_team_library(str(source), ctx)


class ArchiveSource:
    """A ``.zip`` / ``.tar.gz`` / ``.tgz`` archive of skill folders, unpacked safely and only whole."""

    name = "archive"

    def claims(self, source: str | Path) -> bool:
        path = _path(source)
        return path.is_file() and path.name.endswith(ARCHIVE_SUFFIXES)

    def read(self, source: str | Path, ctx: ReadContext) -> tuple[str, list[SourceSkill]] | None:
        path = _path(source)
        origin = str(path.resolve())
        # a damaged archive (or one holding no skill) is an error and not a source this time:
        # nothing of it is imported, and --prune removes nothing it brought before
        tmp = ctx.temporary_folder()
        try:
            _extract(path, tmp)
        except (UnsafePathError, OSError, *_DAMAGE) as err:
            ctx.error(path, _unpack_error(err, path, tmp))
            return None
        found = list(ctx.walk(tmp))
        if not found:
            ctx.error(path, "holds no SKILL.md (dot-folders are skipped); nothing imported")
            return None
        cands: list[SourceSkill] = []
        for skill_md in found:
            cand = ctx.skill_folder(skill_md, tmp, origin)
            if cand:
                cand.path = f"{path}!{skill_md.relative_to(tmp).as_posix()}"
                cands.append(cand)
        return origin, cands


class JsonSource:
    """A ``.json`` file (one skill, a list, or ``{"skills": [...]}``) or ``.jsonl`` (one per line)."""

    name = "json"

    def claims(self, source: str | Path) -> bool:
        path = _path(source)
        return path.is_file() and path.suffix in (".json", ".jsonl")

    def read(self, source: str | Path, ctx: ReadContext) -> tuple[str, list[SourceSkill]]:
        path = _path(source)
        origin = str(path.resolve())
        return origin, _read_json(path, origin, ctx)


class SkillMdSource:
    """A ``SKILL.md``: it stands for its folder, as ``add`` takes it (Level 2 files, that origin)."""

    name = "skill-md"

    def claims(self, source: str | Path) -> bool:
        path = _path(source)
        return path.is_file() and path.name == "SKILL.md"

    def read(self, source: str | Path, ctx: ReadContext) -> tuple[str, list[SourceSkill]]:
        path = _path(source)
        origin = str(path.parent.resolve())
        cand = ctx.skill_folder(path, path.parent, origin)
        return origin, [cand] if cand else []


class SingleFileSource:
    """Any other file: a skill by itself, from that file, never the folder it lies in."""

    name = "file"

    def claims(self, source: str | Path) -> bool:
        return _path(source).is_file()

    def read(self, source: str | Path, ctx: ReadContext) -> tuple[str, list[SourceSkill]]:
        path = _path(source)
        origin = str(path.resolve())
        cand = ctx.skill_folder(path, path.parent, origin, alone=True)
        return origin, [cand] if cand else []


class FolderSource:
    """Whatever else exists: a folder, walked for every ``SKILL.md`` below it."""

    name = "folder"

    def claims(self, source: str | Path) -> bool:
        return _path(source).exists()

    def read(self, source: str | Path, ctx: ReadContext) -> tuple[str, list[SourceSkill]] | None:
        path = _path(source)
        origin = str(path.resolve())
        cands: list[SourceSkill] = []
        walked = 0
        for skill_md in ctx.walk(path):
            walked += 1
            cand = ctx.skill_folder(skill_md, path, origin)
            if cand:
                cands.append(cand)
            ctx.parsed(1)
        if not walked:  # an unmounted share or an emptied checkout: not a source with no skills
            ctx.error(path, "holds no SKILL.md (dot-folders are skipped); nothing imported")
            return None
        return origin, cands


# the built-ins that know an input by its scheme or name, asked before the third-party sources
SPECIFIC: tuple[Source, ...] = (TeamLibrarySource(), ArchiveSource(), JsonSource(), SkillMdSource())
# the built-ins that take whatever is left, asked after them
CATCH_ALL: tuple[Source, ...] = (SingleFileSource(), FolderSource())


class _Guarded:
    """A third-party source, kept from breaking the import: what it raises, or returns instead of
    ``(origin, [SourceSkill, ...])``, is one error naming it and the input, and it is asked
    nothing more in this import."""

    def __init__(self, plugin: Plugin[Source], ctx: ReadContext) -> None:
        self.plugin = plugin
        self.name = plugin.name
        self.ctx = ctx
        self.broken = False

    def claims(self, source: str | Path) -> bool:
        if self.broken:
            return False
        try:
            return bool(self.plugin.extension.claims(source))
        except Exception as err:  # noqa: BLE001  third-party code: anything it raises is its own
            self._fail(source, err)
            return False

    def read(self, source: str | Path, ctx: ReadContext) -> tuple[str, list[SourceSkill]] | None:
        try:
            read = self.plugin.extension.read(source, ctx)
        except Exception as err:  # noqa: BLE001  third-party code: anything it raises is its own
            self._fail(source, err)
            return None
        if read is None:
            return None
        if (
            isinstance(read, tuple)
            and len(read) == 2
            and isinstance(read[0], str)
            and isinstance(read[1], (list, tuple))
            and all(isinstance(c, SourceSkill) for c in read[1])
        ):
            return read[0], list(read[1])
        self._fail(source, f"returned {type(read).__name__}, not (origin, [SourceSkill, ...])")
        return None

    def _fail(self, source: str | Path, err: Exception | str) -> None:
        self.broken = True
        self.ctx.error(str(source), SOURCES.failure(self.plugin, err))


def read_sources(
    paths: Sequence[str | Path],
    report: ImportReport,
    stack: ExitStack,
    progress: Callable[[int], None] | None = None,
) -> list[tuple[str, list[SourceSkill]]]:
    """[(origin, candidates)] for each input path: read by the first source that claims it
    (:data:`SPECIFIC`, the third-party ones, :data:`CATCH_ALL`). A third-party plugin that cannot
    be loaded is one error in ``report``; an origin some of whose files could not be read is in
    ``report.partly_read``."""
    ctx = ImportContext(report, stack, progress)
    plugins, problems = SOURCES.plugins()
    for problem in problems:
        ctx.error(problem.plugin, f"{problem.reason}; the other sources are used without it")
    chain: tuple[Source, ...] = (*SPECIFIC, *(_Guarded(p, ctx) for p in plugins), *CATCH_ALL)
    out: list[tuple[str, list[SourceSkill]]] = []
    for given in paths:
        source = next((s for s in chain if s.claims(given)), None)
        if source is None:  # a URL no source reads is named as given (a Path would fold its //)
            ctx.error(
                given if isinstance(given, str) and "://" in given else _path(given), "no such file or folder"
            )
            continue
        errors_before = len(report.errors)
        read = source.read(given, ctx)
        if read is None:
            continue
        origin, cands = read
        if len(report.errors) > errors_before:
            report.partly_read.add(origin)
        out.append((origin, cands))
    return out


def is_team_url(source: str | Path) -> bool:
    """Whether an import source names a team library (a ``postgresql://`` URL) and not a path."""
    return isinstance(source, str) and source.startswith(("postgresql://", "postgres://"))


def _read_team_library(url: str, ctx: ReadContext) -> tuple[str, list[SourceSkill]]:
    """Every skill of the team library at ``url``, read from a temporary copy of it."""
    from skillrouter.store.ledger.postgres import redact
    from skillrouter.store.store import Store

    tmp = ctx.temporary_folder("skillrouter-team-")
    store = Store(tmp, ledger_url=url)
    try:
        store.sync_copy()
    finally:
        store.close()
    origin = redact(url)
    cands = []
    for skill_md in ctx.walk(tmp / "skills"):
        cand = ctx.skill_folder(skill_md, tmp / "skills", origin)
        if cand:
            cand.path = f"{origin}!{skill_md.parent.name}"
            cands.append(cand)
    return origin, cands
