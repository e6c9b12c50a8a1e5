"""The store: skill folders on disk and the ledger beside them, kept in step.

Layers, lowest first (each imports only those before it):

- :mod:`~skillrouter.store.atomic`: crash-safe writes (temp file or folder, fsync, rename);
- :mod:`~skillrouter.store.provenance`: a skill's sidecar (status, trust level, findings, origin);
- :mod:`~skillrouter.store.skillfiles`: the skill folders (staging, swap, recovery, Level 2);
- :mod:`~skillrouter.store.ledger`: the ledger (statistics, versions, examples, misfits): SQLite, or
  PostgreSQL for a team library;
- :mod:`~skillrouter.store.copies`: where the skill folders come from (:class:`SkillCopies`): the
  store's own folder, or (:mod:`~skillrouter.store.team`) this machine's copy of a team library;
- :mod:`~skillrouter.store.reconcile`: reading changes made on disk without skillrouter (through
  :class:`~skillrouter.store.reconcile.StoreSide`, the few parts of the store it uses);
- :mod:`~skillrouter.store.store`: :class:`Store`, which coordinates the files and the ledger and
  chooses, once, its copies;
- :mod:`~skillrouter.store.check`: the store's part of ``skillrouter doctor``.
"""

from skillrouter.store.copies import LocalCopies, SkillCopies
from skillrouter.store.ledger import Ledger, Outcome, Version
from skillrouter.store.provenance import Provenance
from skillrouter.store.skillfiles import SkillFiles
from skillrouter.store.store import Store, resolve_home

__all__ = [
    "Ledger",
    "LocalCopies",
    "Outcome",
    "Provenance",
    "SkillCopies",
    "SkillFiles",
    "Store",
    "Version",
    "resolve_home",
]
