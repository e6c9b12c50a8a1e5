"""A skill read once, for every analyzer: :class:`SkillView`.

The gate reads a skill in three steps, top to bottom: this **view** (every file read once, its
kind known, what is not text set aside with a finding), the **analyzers** (each reads the view
its own way: :func:`skillrouter.security.scan.analyze`), and the **policy**
(:func:`skillrouter.security.policy.decide`, the one verdict). A view is built from a folder on
disk (:meth:`SkillView.of_folder`: symlinks reported and never followed, files too large not
read) or from text in memory (:meth:`SkillView.of_texts`: a skill the agent drafted, an import's
dry run). Both give the same view of the same content, and the same findings.

What a file is, once (:attr:`ViewFile.kind`): ``markdown`` (``SKILL.md``, ``.md``, ``.txt``:
prose the agent reads), ``python``, ``javascript`` (``.js``/``.ts`` ...), ``shell``,
``powershell``, ``config`` (JSON, YAML, TOML), ``manifest`` (``package.json``,
``requirements*.txt``, ``pyproject.toml``, ``.npmrc``, ``pip.conf``), ``text`` (anything else
readable), ``binary``.

**Content-hash cache.** :func:`skillrouter.security.scan.analyze` keeps the findings of the last
2,048 views by a hash of what the analyzers read (every file's path, kind and text, what reading
them found, the SKILL.md's write timestamps at a fixed instant: :func:`~.scan.analysis_key`),
the indicators' version and the analyzers registered: a skill whose content did not change is
not parsed again in this process (a re-import, a refresh, the store's scan after an import's
preview). Across processes the store keeps each skill's scan hash beside its verdict and does
not scan an unchanged skill again.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from skillrouter.security.binary import binary_kind, decode
from skillrouter.security.findings import Finding, excerpt, finding
from skillrouter.security.makefiles import is_makefile
from skillrouter.security.markdown import read_document
from skillrouter.security.unicode import normalise

__all__ = ["DEFAULT_MAX_FILE_BYTES", "TEMPLATE_SUFFIXES", "SkillView", "ViewFile", "kind_of"]

DEFAULT_MAX_FILE_BYTES = 1_000_000

PROGRAM_LANGUAGES = {
    ".go": "go",
    ".rb": "ruby",
    ".rake": "ruby",
    ".php": "php",
    ".rs": "rust",
    ".java": "java",
    ".kt": "kotlin",
    ".kts": "kotlin",  # a Gradle build script
    ".cs": "c_sharp",
    ".lua": "lua",
}
"""The files of kind ``program``, by suffix, and their language (``Rakefile``, ``Gemfile``: Ruby)."""
TEMPLATE_SUFFIXES = (".tpl", ".tmpl", ".template", ".j2", ".jinja", ".jinja2", ".mustache", ".hbs", ".dist")
"""A template's suffix: ``plugin.php.tpl`` is the PHP a generator writes out, read as PHP."""
_KINDS = {
    ".md": "markdown",
    ".markdown": "markdown",
    ".mdx": "markdown",
    ".txt": "markdown",
    ".rst": "markdown",
    "": "markdown",
    ".py": "python",
    ".pyw": "python",
    ".js": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".jsx": "javascript",
    ".ts": "javascript",
    ".tsx": "javascript",
    ".mts": "javascript",
    ".cts": "javascript",
    ".sh": "shell",
    ".bash": "shell",
    ".zsh": "shell",
    ".ksh": "shell",
    ".ps1": "powershell",
    ".psm1": "powershell",
    ".psd1": "powershell",
    ".html": "page",
    ".htm": "page",
    ".xhtml": "page",
    ".svg": "page",
    **{
        suffix: "program" for suffix in PROGRAM_LANGUAGES
    },  # Go, Ruby, PHP, Rust, Java, Kotlin, C#, Lua (:mod:`.langflow`)
    ".json": "config",
    ".jsonc": "config",
    ".yaml": "config",
    ".yml": "config",
    ".toml": "config",
}
_MANIFESTS = ("package.json", "pyproject.toml", ".npmrc", ".yarnrc", ".yarnrc.yml", "pip.conf", "pip.ini")


def kind_of(relpath: str, text: str | None = None) -> str:
    """What a text file is, by its name, and for a file without a suffix by its ``#!`` line (a git
    hook, a ``bin/`` script) (see the module docstring)."""
    name = PurePosixPath(relpath).name.lower()
    if name in _MANIFESTS or (name.startswith("requirements") and name.endswith((".txt", ".in"))):
        return "manifest"
    if is_makefile(relpath):
        return "makefile"
    if PurePosixPath(relpath).name in ("Rakefile", "Gemfile"):
        return "program"
    path = PurePosixPath(relpath)
    if path.suffix.lower() in TEMPLATE_SUFFIXES:  # a generator's template reads as what it makes
        path = path.with_suffix("")
    suffix = path.suffix.lower()
    if not suffix and text is not None:
        interpreter = shebang_interpreter(text)
        if interpreter is not None:
            return _INTERPRETERS.get(interpreter, "text")
    return _KINDS.get(suffix, "text")


def shebang_interpreter(text: str) -> str | None:
    """The program a ``#!`` line names (``#!/usr/bin/env python3``: ``python``), or None."""
    found = _SHEBANG.match(text) if text.startswith("#!") else None
    return found.group(1).rstrip("0123456789.") if found is not None else None


_SHEBANG = re.compile(r"#!\s*(?:/usr)?(?:/local)?/bin/(?:env\s+(?:-S\s+)?)?([\w.]+)")
_INTERPRETERS = {
    "sh": "shell",
    "bash": "shell",
    "zsh": "shell",
    "dash": "shell",
    "ksh": "shell",
    "python": "python",
    "node": "javascript",
    "deno": "javascript",
    "bun": "javascript",
    "pwsh": "powershell",
    "ruby": "program",
    "php": "program",
}


@dataclass(frozen=True)
class ViewFile:
    """One file of a skill as read: its path in the skill, its bytes' hash, its kind, and its text
    (None for binary content)."""

    relpath: str
    kind: str
    text: str | None
    digest: str


@dataclass(frozen=True)
class SkillView:
    """A skill read once (see the module docstring): its files (``SKILL.md`` first), what reading
    them found already (symlinks, oversize and binary files), and what its ``SKILL.md`` says
    the skill is about (read for its Level 2 files, whose own words rarely say)."""

    files: tuple[ViewFile, ...]
    checks: tuple[Finding, ...] = ()
    topic: str | None = None
    digest: str = field(default="")

    @property
    def texts(self) -> dict[str, str]:
        """Every text file, by path."""
        return {f.relpath: f.text for f in self.files if f.text is not None}

    def of_kind(self, *kinds: str) -> dict[str, str]:
        """The text files of these kinds, by path."""
        return {f.relpath: f.text for f in self.files if f.text is not None and f.kind in kinds}

    @classmethod
    def of_texts(
        cls,
        skill_md: str,
        files: Mapping[str, bytes | str] | None = None,
        *,
        max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
    ) -> SkillView:
        """A skill given as its rendered ``SKILL.md`` and its Level 2 files (path -> bytes or text)."""
        builder = _Builder(max_file_bytes)
        builder.add_text("SKILL.md", skill_md, limited=False)  # what the agent is served, whole
        for relpath in sorted(files or {}):
            content = (files or {})[relpath]
            if isinstance(content, str):
                builder.add_text(relpath, content)
            else:
                builder.add_bytes(relpath, content)
        return builder.view()

    @classmethod
    def of_folder(
        cls, folder: Path, *, max_file_bytes: int = DEFAULT_MAX_FILE_BYTES, hidden: bool = True
    ) -> SkillView:
        """Every file below ``folder``, without following symlinks (``hidden=False`` skips
        dot-entries, which a store never serves: its sidecar lives among them).

        Raises ``NotADirectoryError`` for a missing folder and lets ``OSError`` from unreadable
        entries propagate: a scan that could not look everywhere must not pass as clean."""
        root = Path(folder)
        if not root.is_dir():
            raise NotADirectoryError(f"not a skill folder: {root}")
        real_root = os.path.realpath(root)
        builder = _Builder(max_file_bytes)

        def rel(path: Path) -> str:
            return path.relative_to(root).as_posix()

        def link(path: Path) -> None:
            target = os.readlink(path)
            builder.checks.append(finding("symlink", rel(path), None, excerpt(f"symlink -> {target}")))
            if not _inside(os.path.realpath(path), real_root):
                text = excerpt(f"symlink -> {target} resolves outside the skill folder")
                builder.checks.append(finding("path-escape", rel(path), None, text))

        for dirpath, dirnames, filenames in os.walk(root, onerror=_raise, followlinks=False):
            here = Path(dirpath)
            if not hidden:
                dirnames[:] = [n for n in dirnames if not n.startswith(".")]
                filenames = [n for n in filenames if not n.startswith(".")]
            for name in sorted(dirnames):
                if (here / name).is_symlink():
                    link(here / name)
            dirnames[:] = sorted(n for n in dirnames if not (here / n).is_symlink())
            for name in sorted(filenames):
                path = here / name
                info = os.lstat(path)
                if stat.S_ISLNK(info.st_mode):
                    link(path)
                elif stat.S_ISREG(info.st_mode):
                    if info.st_size > max_file_bytes:
                        builder.oversize(rel(path), info.st_size)
                    else:
                        builder.add_bytes(rel(path), _read_no_follow(path))
        return builder.view()


class _Builder:
    def __init__(self, max_file_bytes: int) -> None:
        self.max_file_bytes = max_file_bytes
        self.files: list[ViewFile] = []
        self.checks: list[Finding] = []
        self.hash = hashlib.sha256()

    def oversize(self, relpath: str, size: int) -> None:
        self.checks.append(
            finding("oversize-file", relpath, None, f"{size} bytes > limit {self.max_file_bytes}")
        )
        self.hash.update(f"{relpath}\0oversize {size}\0".encode())

    def add_text(self, relpath: str, text: str, *, limited: bool = True) -> None:
        data = text.encode("utf-8", "surrogatepass")
        if limited and len(data) > self.max_file_bytes:
            self.oversize(relpath, len(data))
            return
        self._add(relpath, data, text)

    def add_bytes(self, relpath: str, data: bytes) -> None:
        if len(data) > self.max_file_bytes:
            self.oversize(relpath, len(data))
            return
        binary = binary_kind(data)
        if binary is not None:
            description, executable = binary
            if executable or "scripts" in relpath.split("/")[:-1]:
                self.checks.append(
                    finding(
                        "binary-script",
                        relpath,
                        None,
                        f"{description} ({len(data)} bytes)",
                        "dangerous" if executable else "caution",
                    )
                )
            self._add(relpath, data, None)
            return
        self._add(relpath, data, decode(data))

    def _add(self, relpath: str, data: bytes, text: str | None) -> None:
        digest = hashlib.sha256(data).hexdigest()
        self.hash.update(f"{relpath}\0{digest}\0".encode())
        kind = "binary" if text is None else kind_of(relpath, text)
        self.files.append(ViewFile(relpath, kind, text, digest))

    def view(self) -> SkillView:
        files = sorted(self.files, key=lambda f: (f.relpath != "SKILL.md", f.relpath))
        skill_md = next((f.text for f in files if f.relpath == "SKILL.md" and f.text is not None), None)
        for check in self.checks:  # links and what was not read are content too
            self.hash.update(f"{check.rule}\0{check.path}\0{check.excerpt}\0".encode())
        topic = None
        if skill_md is not None and len(files) > 1:
            topic = read_document(normalise(skill_md)).topic
        return SkillView(tuple(files), tuple(self.checks), topic, self.hash.hexdigest())


def _read_no_follow(path: Path) -> bytes:
    """Read a regular file, refusing (ELOOP) if it was swapped for a symlink after the lstat."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb") as handle:
        return handle.read()


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def _raise(error: OSError) -> None:
    raise error
