"""What a one-shot route loads instead of building its indexes again: the embedding-cache index's
ids and vectors and the keyword index's scoring arrays, as they were at one ledger generation.

A ``skillrouter route`` process starts with nothing in memory. Building the exact index means
reading every document's vector from the embedding cache, and the keyword index means reading
every document's token counts and checking them against the store: at 30,000 skills that is
most of the command's time, repeated by every command although the library did not change.
The first one-shot route after a change writes both, per ledger generation and model, under
``<store>/cache/oneshot/``; the next ones read the arrays (the vectors memory-mapped: only the
pages a product touches are read) if the generation is still the ledger's. Any change the
router must see moves the generation (skills, examples, misfits, statuses, a hand edit once a
refresh records it), so a snapshot is never read for another state of the library.

The files hold numbers and strings only (no pickles: a shared store's cache must not run code).
A missing, partial or damaged snapshot is ignored and written again; a read-only store reads
one if it is there and writes none. Older generations' files are removed by the writer.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import uuid
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["DOCUMENTS", "FOLDER", "Snapshot", "SnapshotData"]

FOLDER = "oneshot"
DOCUMENTS = 2
"""What :meth:`SkillLibrary.documents` holds, in versions: a snapshot written by a version that
made other documents from the same ledger (1: before a skill's own part of its description was a
document, :mod:`skillrouter.routing.own_parts`) is never read, and its files go with the next
write. (A process of an older version sharing the store removes this version's files in turn:
each then builds its indexes, as without a snapshot.)"""

Part = tuple[list[str], np.ndarray]
SnapshotData = tuple[Part, Part, dict[str, np.ndarray]]  # documents, misfits, lexical arrays


class Snapshot:
    """The one-shot snapshot of a store's indexes for one embedding model."""

    def __init__(self, cache_dir: Path, model_id: str, *, read_only: bool = False) -> None:
        self.folder = Path(cache_dir) / FOLDER
        self.tag = hashlib.sha256(model_id.encode("utf-8")).hexdigest()[:12]
        self.read_only = read_only

    def _paths(self, generation: int) -> tuple[Path, Path]:
        base = f"{self.tag}-v{DOCUMENTS}-{generation}"
        return self.folder / f"{base}.npy", self.folder / f"{base}.npz"

    def load(self, generation: int) -> SnapshotData | None:
        """The snapshot written at ``generation``, or None (none, partial or damaged)."""
        vectors, rest = self._paths(generation)
        try:
            with np.load(rest, allow_pickle=False) as data:
                arrays = {key: data[key] for key in data.files}
            matrix = np.load(vectors, mmap_mode="r", allow_pickle=False)
            ids, misfit_ids = arrays.pop("ids").tolist(), arrays.pop("misfit_ids").tolist()
            misfits = arrays.pop("misfits")
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
            return None
        if matrix.ndim != 2 or len(matrix) != len(ids) or len(misfits) != len(misfit_ids):
            return None
        return (ids, matrix), (misfit_ids, misfits), arrays

    def save(
        self, generation: int, documents: Part, misfits: Part, lexical: Mapping[str, np.ndarray]
    ) -> bool:
        """Write the snapshot of ``generation`` (the vectors first, so a reader that finds the
        rest finds them), and remove the other generations'. False if it could not be written
        (a full disk, a read-only store): routes then build their indexes as before."""
        if self.read_only:
            return False
        vectors, rest = self._paths(generation)
        token = uuid.uuid4().hex[:8]
        tmp_vectors, tmp_rest = (p.with_name(f".{p.name}.{token}") for p in (vectors, rest))
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            matrix = np.ascontiguousarray(documents[1], dtype=np.float32)
            if matrix.ndim != 2:
                matrix = matrix.reshape(len(documents[0]), -1)
            with open(tmp_vectors, "wb") as out:
                np.save(out, matrix, allow_pickle=False)
            os.replace(tmp_vectors, vectors)
            arrays: dict[str, Any] = {
                **lexical,
                "ids": np.array(documents[0], dtype=str),
                "misfit_ids": np.array(misfits[0], dtype=str),
                "misfits": np.asarray(misfits[1], dtype=np.float32),
            }
            with open(tmp_rest, "wb") as out:
                np.savez(out, **arrays)
            os.replace(tmp_rest, rest)
        except OSError:
            for path in (tmp_vectors, tmp_rest):
                with contextlib.suppress(OSError):
                    path.unlink()
            return False
        for old in self.folder.glob(f"{self.tag}-*"):
            if old not in (vectors, rest):
                with contextlib.suppress(OSError):
                    old.unlink()
        return True
