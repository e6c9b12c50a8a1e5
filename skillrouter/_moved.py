"""Old module paths of modules that moved into sub-packages, kept working for one release.

``import skillrouter.router`` (and ``from skillrouter.scoring import ...``) still work: a finder
on ``sys.meta_path`` answers each old name with the module at its new path (the same module
object, so patching either patches both) and a :class:`DeprecationWarning` naming the new path.
It is consulted only for the names in :data:`MOVED`; every other import is untouched.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

MOVED = {
    "skillrouter.atomic": "skillrouter.store.atomic",
    "skillrouter.provenance": "skillrouter.store.provenance",
    "skillrouter.skillfiles": "skillrouter.store.skillfiles",
    "skillrouter.reconcile": "skillrouter.store.reconcile",
    "skillrouter.ledger": "skillrouter.store.ledger",
    "skillrouter.router": "skillrouter.routing.router",
    "skillrouter.scoring": "skillrouter.routing.scoring",
    "skillrouter.index": "skillrouter.routing.index",
    "skillrouter.lexical": "skillrouter.routing.lexical",
    "skillrouter.exact": "skillrouter.routing.exact",
    "skillrouter.duplicates": "skillrouter.routing.duplicates",
    "skillrouter.importer": "skillrouter.transfer.importer",
    "skillrouter.exporter": "skillrouter.transfer.exporter",
    "skillrouter.memory": "skillrouter.agent.memory",
    "skillrouter.episodes": "skillrouter.agent.episodes",
    "skillrouter.importer_cli": "skillrouter.cli.transfer",
    "skillrouter.mcp_cli": "skillrouter.cli.mcp",
    "skillrouter.agent.cli": "skillrouter.cli.agent",
}
"""Old module path -> where the module lives now (removed in the release after 0.2)."""


class _Alias(importlib.abc.Loader):
    def __init__(self, new: str) -> None:
        self.new = new

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        warnings.warn(
            f"{spec.name} moved to {self.new}; the old path works until the next release",
            DeprecationWarning,
            stacklevel=2,
        )
        return importlib.import_module(self.new)

    def exec_module(self, module: ModuleType) -> None:
        """The module at the new path is already loaded."""


class MovedFinder(importlib.abc.MetaPathFinder):
    """Finds the old paths in :data:`MOVED`, and nothing else."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        new = MOVED.get(fullname)
        return None if new is None else importlib.util.spec_from_loader(fullname, _Alias(new))


def install() -> None:
    """Put the finder on ``sys.meta_path`` once."""
    if not any(isinstance(f, MovedFinder) for f in sys.meta_path):
        sys.meta_path.append(MovedFinder())
