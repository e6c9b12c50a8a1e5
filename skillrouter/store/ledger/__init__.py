"""The ledger: the store's SQLite file (``skillrouter.db``, WAL) and every query on it.

It holds what the skill files do not: outcome statistics, task examples, version history,
each skill's status and security findings, import origins, counters. Statistics live here so
that :meth:`Ledger.record_outcome` is one transaction: several processes recording at once
lose no update, and the average is the exact mean of the recorded scores (a running sum).

Schema changes are numbered migrations (:mod:`.schema`, :data:`MIGRATIONS`). One class,
:class:`Ledger`, on one connection per thread, is the way in; it is made of topic parts:

- :mod:`.base`: the connection, transactions, the schema brought up to date, the meta table;
- :mod:`.skills`: skills, versions and import origins;
- :mod:`.outcomes`: statistics, examples, misfits and earlier records;
- :mod:`.pairs`: pairs judged one skill or two, and folds;
- :mod:`.recovery`: a lost or damaged ledger.

A damaged file (not SQLite, or malformed pages) raises :class:`LedgerDamagedError` from any
call; :meth:`Ledger.salvage` reads what it still can, for ``Store.rebuild_ledger``.
"""

from __future__ import annotations

from skillrouter.store.ledger.outcomes import Outcomes
from skillrouter.store.ledger.pairs import JudgedPairs
from skillrouter.store.ledger.recovery import Recovery
from skillrouter.store.ledger.rows import Outcome, Record, Row, Version
from skillrouter.store.ledger.schema import HOLDS, MIGRATIONS, TABLES
from skillrouter.store.ledger.skills import SkillRows

__all__ = ["HOLDS", "MIGRATIONS", "TABLES", "Ledger", "Outcome", "Record", "Row", "Version"]


class Ledger(Recovery, JudgedPairs, Outcomes, SkillRows):
    """The SQLite ledger of one store (see the package docstring): one connection per thread,
    every write one transaction."""
