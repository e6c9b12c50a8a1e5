"""Skill folders on disk: ``skills/<name>/SKILL.md``, the Level 2 files beside it
(``references/``, ``scripts/``, ``templates/``, ``assets/``, ...) and its sidecar.

Writes are atomic per folder: a new or replaced skill is written into a staging folder
(``.new-*``) beside its final place and renamed in (:meth:`SkillFiles.swap_in`), so a crash
leaves the old skill or the new one, never half of either. :meth:`SkillFiles.recover`
finishes or undoes a swap a crash interrupted. Dot-entries are never skill content: the
sidecar ``.skillrouter.json`` (see ``provenance``) lives among them.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import stat
import time
import uuid
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

from skillrouter.errors import SkillFormatError, SkillNotFoundError, StoreError, UnsafePathError
from skillrouter.skill import Skill, validate_name
from skillrouter.skillmd import parse_skill_md
from skillrouter.store.atomic import atomic_write, fsync_dir, staging_dir
from skillrouter.store.provenance import SIDECAR, Sidecar

# A folder changed less than this long ago vouches for nothing yet: timestamps are coarse (a
# tick on Linux, seconds on some file systems), so a second change that soon could leave them
# as they were.
SETTLE_NS = 2_000_000_000


def changed_lately(st: os.stat_result, settle_ns: int) -> bool:
    """Whether a file or folder changed less than ``settle_ns`` ago (or within as much of the
    future: a clock a little ahead), so its times vouch for nothing yet: another change that soon
    could leave them as they are. A time further in the future (a copy from a machine with a
    wrong clock) vouches: the next change writes the present time, which differs from it."""
    now = time.time_ns()
    return any(now - settle_ns < t <= now + settle_ns for t in (st.st_mtime_ns, st.st_ctime_ns))


# ``<SKILL.md's mtime:size:ctime>:d<folder mtime>:<folder ctime>`` (see :meth:`SkillFiles._sig`);
# the other long form ends in a hex digest of the Level 2 files, which may begin with "d" too
_SETTLED = re.compile(r"(-?\d+:\d+:-?\d+):d-?\d+:-?\d+")


def only_settled(old: str, new: str) -> bool:
    """Whether signature ``new`` differs from ``old`` only in that a folder holding SKILL.md
    alone, with SKILL.md's times and size as they were, now has its folder's times in it (see
    :meth:`SkillFiles._sig`): the content is the one recorded. A signature with Level 2 files in
    it on either side is a change of content, never this."""
    now = _SETTLED.fullmatch(new)
    if now is None:
        return False
    before = _SETTLED.fullmatch(old)
    return old == now[1] or (before is not None and before[1] == now[1])


LEVEL2_DIRS = ("references", "scripts", "templates", "assets")
ENV_HOME = "SKILLROUTER_HOME"
DEFAULT_HOME = ".skillrouter"


def safe_relpath(relpath: str) -> PurePosixPath:
    """A relative path that stays inside its folder, or :class:`UnsafePathError`."""
    if not relpath or "\x00" in relpath:
        raise UnsafePathError(f"invalid path {relpath!r}")
    pure = PurePosixPath(relpath.replace("\\", "/"))
    if pure.is_absolute() or any(part == ".." for part in pure.parts) or pure.parts[:1] == ("",):
        raise UnsafePathError(f"path {relpath!r} leaves the skill folder")
    return pure


def level2_files(folder: Path, skipped: list[tuple[str, str]] | None = None) -> list[str]:
    """Relative paths of the regular files below ``folder`` (SKILL.md itself excluded), sorted.

    Never follows or lists links, never lists FIFOs, sockets or devices (opening one could
    hang or read outside the folder), skips dot-entries and ``__pycache__``, and does not
    enter a subfolder holding a SKILL.md of its own (that is another skill). ``skipped``, when
    given, receives (relative path, why) for each link and special file left out, and each
    dot-entry and ``__pycache__`` folder, so an import can say what it did not bring.
    """
    out: list[str] = []
    real_root = os.path.realpath(folder)
    for root, dirs, files in os.walk(folder):
        here = Path(root)
        kept: list[str] = []
        for d in sorted(dirs):
            path = here / d
            if path.is_symlink():
                _skip(skipped, folder, path, _link_reason(path, real_root))
            elif d.startswith(".") or d == "__pycache__":
                _skip(skipped, folder, path, "a hidden or cache folder, not skill content")
            elif not os.path.lexists(path / "SKILL.md"):
                kept.append(d)
        dirs[:] = kept
        for fname in sorted(files):
            if here == folder and fname == "SKILL.md":
                continue
            path = here / fname
            mode = os.lstat(path).st_mode
            if stat.S_ISLNK(mode):
                _skip(skipped, folder, path, _link_reason(path, real_root))
            elif fname.startswith("."):
                _skip(skipped, folder, path, "a hidden file, not skill content")
            elif stat.S_ISREG(mode):
                out.append(path.relative_to(folder).as_posix())
            else:
                _skip(skipped, folder, path, "not a regular file (a FIFO, socket or device); never opened")
    return out


def level2_stats(root: str) -> list[tuple[str, os.stat_result]]:
    """:func:`level2_files` of ``root`` with each file's ``lstat``, in the same order, read with
    ``os.scandir`` and plain strings (a route's refresh signs every skill folder with it: a fifth of
    the listing's time); a file gone while listed is left out (the next signature differs anyway)."""
    out: list[tuple[str, os.stat_result]] = []

    def visit(folder: str, prefix: str) -> None:
        dirs: list[os.DirEntry[str]] = []
        files: list[os.DirEntry[str]] = []
        with os.scandir(folder) as entries:
            for entry in entries:
                try:
                    is_dir = entry.is_dir()  # a link to a folder counts as one, as os.walk has it
                except OSError:
                    is_dir = False
                (dirs if is_dir else files).append(entry)
        for entry in sorted(files, key=lambda e: e.name):
            if entry.name.startswith(".") or (not prefix and entry.name == "SKILL.md"):
                continue
            try:
                st = entry.stat(follow_symlinks=False)
            except FileNotFoundError:
                continue
            if stat.S_ISREG(st.st_mode):
                out.append((prefix + entry.name, st))
        for entry in sorted(dirs, key=lambda e: e.name):
            if entry.is_symlink() or entry.name.startswith(".") or entry.name == "__pycache__":
                continue
            if not os.path.lexists(os.path.join(entry.path, "SKILL.md")):
                visit(entry.path, f"{prefix}{entry.name}/")

    visit(root, "")
    return out


def _link_reason(path: Path, real_root: str) -> str:
    try:
        target = os.readlink(path)
    except OSError:
        target = "?"
    resolved = os.path.realpath(path)
    if resolved != real_root and not resolved.startswith(real_root.rstrip(os.sep) + os.sep):
        return f"a link leaving the skill folder (-> {target}); not followed or copied"
    return f"a link (-> {target}); links are never followed or copied"


def _skip(skipped: list[tuple[str, str]] | None, folder: Path, path: Path, why: str) -> None:
    if skipped is not None:
        skipped.append((path.relative_to(folder).as_posix(), why))


def copy_level2(src: Path, dst: Path, relpaths: list[str] | None = None) -> None:
    """Copy ``src``'s Level 2 files (see :func:`level2_files`) into ``dst``."""
    for rel in level2_files(src) if relpaths is None else relpaths:
        target = dst / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src / rel, target, follow_symlinks=False)


class SkillFiles:
    """The ``skills/`` folder of a store (made unless ``create=False``)."""

    def __init__(self, skills_dir: Path, *, create: bool = True) -> None:
        self.skills_dir = skills_dir
        if not skills_dir.is_dir():
            store = skills_dir.parent
            if not create:
                raise StoreError(
                    f"no skill store at {store} (create one with 'skillrouter add' or "
                    f"'skillrouter import', or point --store / {ENV_HOME} at one)"
                )
            try:
                skills_dir.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise StoreError(f"cannot create a store at {store}: {err.strerror}") from None

    def folder(self, name: str) -> Path:
        validate_name(name)
        return self.skills_dir / name

    def names(self) -> list[str]:
        """Names of the skills on disk, sorted."""
        with os.scandir(self.skills_dir) as entries:
            return sorted(
                e.name
                for e in entries
                if not e.name.startswith(".") and os.path.isfile(os.path.join(e.path, "SKILL.md"))
            )

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and (self.skills_dir / name / "SKILL.md").is_file()

    def sigs(self, known: Mapping[str, str] | None = None) -> dict[str, str]:
        """name -> stat signature of its folder's content (see :meth:`sig`): this runs before
        every refresh. ``known``: the signatures recorded last time; a folder that held SKILL.md
        alone and is unchanged since costs two stats, no listing."""
        known = known or {}
        sigs: dict[str, str] = {}
        with os.scandir(self.skills_dir) as entries:
            for entry in entries:
                if entry.name.startswith("."):
                    continue
                try:
                    sigs[entry.name] = self._sig(entry.path, known.get(entry.name))
                except (FileNotFoundError, NotADirectoryError):
                    continue
        return sigs

    def folder_sig(self, *, settled_ns: int = 0) -> str | None:
        """Stat signature of the ``skills/`` folder itself: it changes when a skill folder is
        added, removed or renamed in (every write of the store renames one), not when a file
        inside a skill folder is edited. None if the folder changed less than ``settled_ns``
        ago (see :func:`changed_lately`): its timestamps vouch for nothing yet."""
        st = os.stat(self.skills_dir)
        if changed_lately(st, settled_ns):
            return None
        return f"{st.st_dev}:{st.st_ino}:{st.st_mtime_ns}:{st.st_ctime_ns}"

    def sig(self, name: str, known: str | None = None) -> str:
        """Stat signature of what the agent can read of a skill: its SKILL.md's modification
        time, size and change time (which no ``touch -r`` or ``rsync -a`` puts back), and the same
        of every Level 2 file, by path (``known``: the last one, see :meth:`_sig`). Raises
        FileNotFoundError when there is no SKILL.md."""
        return self._sig(self.skills_dir / name, known)

    @staticmethod
    def _sig(where: str | Path, known: str | None = None) -> str:
        """The signature (see :meth:`sig`). For a folder holding SKILL.md alone it is
        ``<SKILL.md's>:d<folder mtime>:<folder ctime>`` once the folder's times are settled (see
        :meth:`folder_sig`; just SKILL.md's before): adding, removing or renaming a file in the
        folder changes them, so when ``known`` (the last signature) is that and the folder's
        times are unchanged, nothing in it can have changed but SKILL.md, and listing it is
        skipped. The folder is stat'ed before it is listed: a file added in between changes its
        times after the ones recorded."""
        st = os.stat(os.path.join(where, "SKILL.md"))
        if not stat.S_ISREG(st.st_mode):
            raise FileNotFoundError(os.path.join(where, "SKILL.md"))
        own = f"{st.st_mtime_ns}:{st.st_size}:{st.st_ctime_ns}"
        dst = os.stat(where)
        settled = f"{own}:d{dst.st_mtime_ns}:{dst.st_ctime_ns}"
        if known == settled:
            return known
        folder = Path(where)
        with os.scandir(folder) as entries:  # most folders hold SKILL.md alone: no walk
            if all(e.name == "SKILL.md" or e.name.startswith(".") for e in entries):
                return own if changed_lately(dst, SETTLE_NS) else settled
        digest = hashlib.sha256()
        for rel, fst in level2_stats(str(folder)):
            digest.update(f"{rel}\0{fst.st_mtime_ns}:{fst.st_size}:{fst.st_ctime_ns}\n".encode())
        return f"{own}:{digest.hexdigest()[:16]}"

    def read(self, name: str, known: str | None = None) -> tuple[Skill, str, str, str]:
        """(skill parsed strictly from its SKILL.md, sha256 of the file, stat signature, text);
        ``known``: the signature recorded last (see :meth:`_sig`)."""
        path = self.folder(name) / "SKILL.md"
        try:
            sig = self.sig(name, known)
            raw = path.read_bytes()
        except FileNotFoundError:
            raise SkillNotFoundError(name) from None
        skill = parse_skill_md(raw, path=path)
        if skill.name != name:
            raise SkillFormatError(
                f"name {skill.name!r} differs from its folder {name!r}", path=path, field="name"
            )
        return skill, hashlib.sha256(raw).hexdigest(), sig, raw.decode("utf-8", errors="replace")

    def content_hash(self, folder: str | Path) -> str:
        """sha256 of what the agent can read of a skill: its SKILL.md and every Level 2 file
        (by path and content). Equal hashes need no second scan; unreadable content hashes
        as such (and fails its scan)."""
        path = self.folder(folder) if isinstance(folder, str) else folder
        digest = hashlib.sha256()
        for rel in ["SKILL.md", *level2_files(path)]:
            digest.update(rel.encode() + b"\x00")
            try:
                digest.update(hashlib.sha256((path / rel).read_bytes()).digest())
            except OSError as err:
                digest.update(f"unreadable: {err.strerror}".encode())
        return digest.hexdigest()

    # ------------------------------------------------------------ the sidecar

    def sidecar_sig(self, name: str) -> str | None:
        """Stat signature of a skill's sidecar: its device, inode, size, modification and change
        time (every write moves the change time, which no ``touch -r`` puts back; a rename in
        brings another inode). None when there is none, or when it changed less than
        :data:`SETTLE_NS` ago (see :func:`changed_lately`)."""
        try:
            st = os.stat(os.path.join(self.skills_dir, name, SIDECAR))
        except OSError:
            return None
        if changed_lately(st, SETTLE_NS):
            return None
        return f"{st.st_dev}:{st.st_ino}:{st.st_size}:{st.st_mtime_ns}:{st.st_ctime_ns}"

    def read_sidecar(self, name: str) -> Sidecar | None:
        try:
            return Sidecar.loads((self.folder(name) / SIDECAR).read_text("utf-8"))
        except (OSError, UnicodeDecodeError):
            return None

    def write_sidecar(self, name: str, sidecar: Sidecar) -> None:
        atomic_write(self.folder(name) / SIDECAR, sidecar.dumps())

    # ------------------------------------------------------------ atomic replace

    def stage(
        self,
        name: str,
        content: str | bytes,
        sidecar: Sidecar | None,
        *,
        files: Mapping[str, bytes] | None = None,
        files_from: Path | None = None,
        keep_files: bool = False,
    ) -> Path:
        """A staging folder holding the new SKILL.md, its sidecar (or none yet: see
        :meth:`stage_sidecar`) and Level 2 files: those of ``files_from``, or the current
        folder's with ``keep_files``, then ``files``."""
        staged = staging_dir(self.skills_dir, f".new-{name}-")
        try:
            if files_from is not None:
                copy_level2(files_from, staged)
            elif keep_files:
                copy_level2(self.skills_dir / name, staged)
            for rel, data in (files or {}).items():
                target = staged / safe_relpath(rel)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
            if sidecar is not None:
                self.stage_sidecar(staged, sidecar)
            atomic_write(staged / "SKILL.md", content)
        except BaseException:
            self.discard(staged)
            raise
        return staged

    def stage_sidecar(self, staged: Path, sidecar: Sidecar) -> None:
        # no fsync of its own: the folder is private until renamed in, and a sidecar torn by a
        # power cut reads as none, so the skill is scanned again (fail closed), never trusted
        (staged / SIDECAR).write_text(sidecar.dumps(), "utf-8")

    def swap_in(self, name: str, staged: Path) -> None:
        final = self.skills_dir / name
        if final.exists():
            old = self.skills_dir / f".old-{uuid.uuid4().hex[:8]}-{name}.d"
            os.replace(final, old)
            try:
                os.replace(staged, final)
            except BaseException:
                os.replace(old, final)  # put the old skill back: it must not vanish until a reopen
                raise
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(staged, final)
        fsync_dir(self.skills_dir)

    def discard(self, staged: Path) -> None:
        if staged.exists():
            shutil.rmtree(staged, ignore_errors=True)

    def take_out(self, name: str) -> Path:
        """Move a skill's folder out of the way (to be purged once the ledger forgot it)."""
        folder = self.folder(name)
        if not folder.exists():
            raise SkillNotFoundError(name)
        trash = self.skills_dir / f".del-{uuid.uuid4().hex[:8]}"
        os.replace(folder, trash)
        return trash

    def leftovers(self) -> list[str]:
        """The folders a replace leaves in ``skills/`` while it runs, or after a crash (see
        :meth:`recover`): one listing (0.1 s at 30,000 skills)."""
        with os.scandir(self.skills_dir) as entries:
            return sorted(e.name for e in entries if e.name.startswith((".old-", ".new-", ".del-")))

    def recover(self) -> None:
        """Finish or undo a replace that a crash interrupted (see :meth:`swap_in`), under the
        store's write lock (another process's replace in progress holds it). A store opened for
        writing runs this when :meth:`leftovers` lists any."""
        left = self.leftovers()
        for trash in (self.skills_dir / n for n in left if n.startswith(".old-")):
            name = trash.name.split("-", 2)[2] if trash.name.count("-") >= 2 else ""
            final = self.skills_dir / name.rsplit(".", 1)[0] if name else None
            if final is not None and not final.exists() and (trash / "SKILL.md").exists():
                os.replace(trash, final)
            else:
                shutil.rmtree(trash, ignore_errors=True)
        for tmp in (self.skills_dir / n for n in left if not n.startswith(".old-")):
            shutil.rmtree(tmp, ignore_errors=True)

    # ------------------------------------------------------------ Level 2

    def list_files(self, name: str) -> list[str]:
        """Level 2: relative paths of the files beside SKILL.md (no links, no dot-entries)."""
        folder = self.folder(name)
        if not (folder / "SKILL.md").is_file():
            raise SkillNotFoundError(name)
        return level2_files(folder)

    def read_file(self, name: str, relpath: str) -> bytes:
        """Level 2: one file by relative path. Paths (or links) leaving the folder are refused."""
        folder = self.folder(name)
        if not (folder / "SKILL.md").is_file():
            raise SkillNotFoundError(name)
        pure = safe_relpath(relpath)
        target = (folder / pure).resolve()
        if not target.is_relative_to(folder.resolve()):
            raise UnsafePathError(f"path {relpath!r} leaves the folder of skill {name!r}")
        if not target.is_file() or any(part.startswith(".") for part in pure.parts):
            raise SkillFormatError(f"skill {name!r} has no file {relpath!r}", field="path")
        return target.read_bytes()
