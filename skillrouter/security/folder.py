"""A skill folder on disk scanned (:func:`scan_skill_folder`), and one Level 2 file given as bytes
(:func:`scan_bytes`). The checks that need files, not text (``symlink``, ``path-escape``,
``binary-script``, ``oversize-file``), are made where the folder is read:
:class:`~skillrouter.security.view.SkillView`.
"""

from __future__ import annotations

from pathlib import Path

from skillrouter.security.findings import Finding
from skillrouter.security.scan import DEFAULT_MAX_FILE_BYTES, analyze, scan_bytes
from skillrouter.security.view import SkillView

__all__ = ["scan_bytes", "scan_skill_folder"]


def scan_skill_folder(
    folder: Path, *, max_file_bytes: int = DEFAULT_MAX_FILE_BYTES, mentions: bool = True, hidden: bool = True
) -> list[Finding]:
    """Scan every file below ``folder`` without following symlinks (``hidden=False`` skips
    dot-entries, which a store never serves: its sidecar lives among them): the folder read once
    (:meth:`SkillView.of_folder`), then every analyzer over it (:func:`analyze`).

    Raises ``NotADirectoryError`` for a missing folder and lets ``OSError`` from unreadable
    entries propagate: a scan that could not look everywhere must not pass as clean.
    """
    view = SkillView.of_folder(Path(folder), max_file_bytes=max_file_bytes, hidden=hidden)
    return analyze(view, mentions=mentions)
