"""The store: skill folders on disk and the ledger beside them, kept in step.

Layers, lowest first (each imports only those before it):

- :mod:`~skillrouter.store.atomic`: crash-safe writes (temp file or folder, fsync, rename);
- :mod:`~skillrouter.store.provenance`: a skill's sidecar (status, trust level, findings, origin);
- :mod:`~skillrouter.store.skillfiles`: the skill folders (staging, swap, recovery, Level 2);
- :mod:`~skillrouter.store.ledger`: the SQLite ledger (statistics, versions, examples, misfits);
- :mod:`~skillrouter.store.reconcile`: reading changes made on disk without skillrouter;
- :mod:`~skillrouter.store.store`: :class:`Store`, which coordinates the files and the ledger.
"""

from skillrouter.store.ledger import Ledger, Outcome, Version
from skillrouter.store.provenance import Provenance
from skillrouter.store.skillfiles import SkillFiles
from skillrouter.store.store import Store, resolve_home

__all__ = ["Ledger", "Outcome", "Provenance", "SkillFiles", "Store", "Version", "resolve_home"]
