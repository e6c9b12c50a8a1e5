"""Atomic file writes and file modes: the one helper the store, the exporter and bounded memory share.

A write goes to a temporary file in the same folder, is flushed to disk, and is renamed
over the target, so a reader (or a crash) sees the old file or the new one, never half.

Modes follow the umask, as ``open()`` and ``mkdir()`` do: ``mkstemp`` and ``mkdtemp`` make
their files 0600 and folders 0700 whatever the umask, which breaks a store shared by a
group, so every file and folder the store makes that way is given ``0666 & ~umask`` or
``0777 & ~umask`` (0644 / 0755 under the usual umask of 022; 0600 / 0700 under 077).
"""

from __future__ import annotations

import os
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

_UMASK_LOCK = threading.Lock()
_DEFERRED = threading.local()


@contextmanager
def deferred_fsync() -> Iterator[None]:
    """Inside (this thread): :func:`atomic_write` and :func:`fsync_dir` leave their fsyncs out, and
    the caller makes what was written durable with one :func:`sync_filesystem` (a bulk write: one
    flush of the disk's journal for hundreds of files instead of three a file)."""
    before = getattr(_DEFERRED, "on", False)
    _DEFERRED.on = True
    try:
        yield
    finally:
        _DEFERRED.on = before


def _deferred() -> bool:
    return bool(getattr(_DEFERRED, "on", False))


_syncfs: Callable[[int], int] | None = None


def sync_filesystem(path: Path) -> None:
    """Make everything written to the file system that holds ``path`` durable: Linux's ``syncfs``
    on it, ``os.sync`` (every file system) where that is missing."""
    global _syncfs
    if _syncfs is None:
        try:
            import ctypes

            _syncfs = ctypes.CDLL(None, use_errno=True).syncfs
        except (OSError, AttributeError):
            _syncfs = lambda fd: -1
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        os.sync()
        return
    try:
        if _syncfs(fd) != 0:
            os.sync()
    finally:
        os.close(fd)


def current_umask() -> int:
    """The process's umask, read without changing it where the platform says (Linux's
    ``/proc/self/status``); elsewhere set and restored at once, under a lock."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    with _UMASK_LOCK:
        mask = os.umask(0o022)
        os.umask(mask)
    return mask


def file_mode() -> int:
    """The mode ``open()`` would give a new file: 0666 less the umask."""
    return 0o666 & ~current_umask()


def dir_mode() -> int:
    """The mode ``mkdir()`` would give a new folder: 0777 less the umask."""
    return 0o777 & ~current_umask()


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable, where the platform can fsync a folder (left to the
    caller's :func:`sync_filesystem` inside :func:`deferred_fsync`)."""
    if _deferred():
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def staging_dir(parent: Path, prefix: str) -> Path:
    """A new folder in ``parent`` with a unique name (``mkdtemp``), given the umask's mode so
    that renaming it into place gives the folder a store's other users can read."""
    staged = Path(tempfile.mkdtemp(dir=parent, prefix=prefix))
    os.chmod(staged, dir_mode())
    return staged


def atomic_write(path: Path, data: str | bytes) -> None:
    """Write ``data`` (text is UTF-8 with the newlines given) to ``path`` atomically.

    A file that exists keeps its permission bits; a new one gets the umask's (:func:`file_mode`).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
            handle.flush()
            if not _deferred():
                os.fsync(handle.fileno())
        try:
            mode = path.stat().st_mode & 0o777
        except FileNotFoundError:
            mode = file_mode()
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)
