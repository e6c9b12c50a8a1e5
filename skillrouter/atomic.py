"""Atomic file writes: the one helper the store, the exporter and bounded memory share.

A write goes to a temporary file in the same folder, is flushed to disk, and is renamed
over the target, so a reader (or a crash) sees the old file or the new one, never half.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable, where the platform can fsync a folder."""
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


def atomic_write(path: Path, data: str | bytes) -> None:
    """Write ``data`` (text is UTF-8 with the newlines given) to ``path`` atomically.

    A file that exists keeps its permission bits; a new one gets 0644.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            mode = path.stat().st_mode & 0o777
        except FileNotFoundError:
            mode = 0o644
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)
