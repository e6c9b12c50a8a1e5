"""The doctor: what is wrong between a store's files, its ledger, the sidecars and the index,
and what it repairs (``skillrouter doctor``, :meth:`skillrouter.SkillLibrary.doctor`).

The store's part (the ledger, the files, the sidecars, a team library's copy) is
:mod:`skillrouter.store.check`'s; this module adds the index's part:

- the derived files (the embedding cache, the keyword index's counts, the embedded Chroma
  folder): one that cannot be read is set aside beside itself and made anew (nothing stored
  depends on it: the vectors come back from the model or the cache, the counts and the index
  from the store);
- the index: documents missing, stale or orphaned (ids and text hashes read from Chroma now,
  without the vectors) are embedded or deleted (a full sync);
- the library fit (:mod:`skillrouter.routing.fit`): what each engine ranks with, and whether the
  library changed since it was fitted; a stale fit is fitted again (derived data: it is never
  counted as drift, and a user's pins are kept).

It reads the library through :class:`Doctored`, the few parts of it the checks use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from skillrouter.routing.documents import sha
from skillrouter.routing.fit import LibraryFit
from skillrouter.routing.index import SkillIndex, plan
from skillrouter.routing.lexical import LexicalIndex
from skillrouter.store.check import VERIFIED, StoreCheck, check_store, unreadable_lines
from skillrouter.store.store import Store

__all__ = ["VERIFIED", "DoctorReport", "Doctored", "diagnose"]


class Doctored(Protocol):
    """What the doctor reads of a library (:class:`~skillrouter.SkillLibrary` is one): its store,
    its derived files and index, its fit; it sets :attr:`unreadable` as it finds them."""

    unreadable: list[tuple[str, str]]

    @property
    def store(self) -> Store: ...
    @property
    def read_only(self) -> bool: ...
    @property
    def embedder(self) -> object: ...
    @property
    def lexical(self) -> LexicalIndex: ...
    @property
    def index(self) -> SkillIndex: ...
    @property
    def library_fit(self) -> LibraryFit | None: ...

    def repairs(self) -> list[str]: ...

    def documents(self) -> dict[str, tuple[str, str, str]]: ...

    def sync(self, *, force: bool = False) -> object: ...

    def fit_due(self, *, bulk: bool = True) -> bool: ...

    def fit(self) -> LibraryFit: ...

    def pins(self) -> dict[str, dict[str, Any]]: ...


@dataclass
class DoctorReport(StoreCheck):
    """What doctor found between the files, the ledger and the index, and what it repaired (the
    store's part: :class:`~skillrouter.store.check.StoreCheck`).

    ``ok``: nothing was found. ``unrepaired``: what is still wrong (or was lost) after this
    run, each with what to do; the CLI exits 1 when it is not empty.
    """

    index_missing: int = 0
    index_stale: int = 0
    index_orphans: int = 0
    derived: list[str] = field(default_factory=list)  # derived files found damaged (and what was done)
    fit: dict[str, Any] = field(default_factory=dict)  # the library fit in force, stale or not, refitted

    @property
    def drift(self) -> bool:
        """Differences a sync or a rewrite of sidecars repairs."""
        return bool(
            self.sidecars
            or self.index_missing
            or self.index_stale
            or self.index_orphans
            or self.derived
            or self.team.get("behind")
            or self.team.get("lacking_files")
        )

    @property
    def ok(self) -> bool:
        return not (self.drift or self.unreadable or self.ledger["rebuilt"])

    def to_dict(self) -> dict[str, Any]:
        return {
            "skills": self.skills,
            "unreadable": [{"name": n, "reason": r} for n, r in self.unreadable],
            "ledger": self.ledger,
            "sidecars_out_of_step": self.sidecars,
            "index_missing": self.index_missing,
            "index_stale": self.index_stale,
            "index_orphans": self.index_orphans,
            "derived": self.derived,
            "fit": self.fit,
            "repaired": self.repaired,
            "unrepaired": self.unrepaired,
            "ok": self.ok,
        } | ({"team": self.team} if self.team else {})  # team mode: this copy against the database


def diagnose(lib: Doctored, *, repair: bool = True) -> DoctorReport:
    """Check the ledger, the files, the sidecars and the index of ``lib``; with ``repair``, fix
    what can be fixed and say what cannot (see :class:`DoctorReport`)."""
    report = DoctorReport()
    check_store(lib.store, report, repair=repair)  # the ledger, the copies, the files, the sidecars
    lib.unreadable = report.unreadable
    index_readable = _check_derived(lib, report, repair)
    if index_readable and not lib.read_only:  # a read-only store's routes never read the index
        _check_index(lib, report, repair)
    _check_fit(lib, report, repair)
    unreadable_lines(lib.store, report)
    return report


def _check_fit(lib: Doctored, report: DoctorReport, repair: bool) -> None:
    """The library fit: each engine's ranking and how it was chosen; one the library has moved
    past is fitted again with ``repair`` (a read-only store's is only reported)."""
    stale = not lib.read_only and lib.fit_due(bulk=True)
    refitted = repair and stale
    if refitted:
        lib.fit()
    fit = lib.library_fit
    report.fit = {
        "fitted_on": fit.skills if fit is not None else 0,
        "fitted_at": fit.fitted_at if fit is not None else None,
        "stale": stale and not refitted,
        "refitted": refitted,
        "engines": {
            name: {"ranking": engine.ranking.label, "source": engine.source, "why": engine.why}
            for name, engine in (fit.engines.items() if fit is not None else ())
        },
        "pins": lib.pins(),
    }


def _check_derived(lib: Doctored, report: DoctorReport, repair: bool) -> bool:
    """The embedding cache, the keyword index's file and the embedded Chroma folder: damage found
    is repaired (set aside, made anew; the index sync below refills it) or, without ``repair``,
    reported. Repairs this process made already (a command met the damage first) are said too.
    Returns whether the index can be compared with the store (not when it is damaged and left
    so: opening it would repair it)."""
    files = [f for f in (getattr(lib.embedder, "cache", None), lib.lexical) if f is not None]
    found = [p for p in (getattr(f, "file", None) for f in files) if p is not None]
    for derived in found:
        problem = derived.check()
        if problem is None:
            continue
        if repair:
            derived.repair()
        else:
            report.derived.append(problem)
            report.unrepaired.append(
                f"{problem}: derived data; 'skillrouter doctor' sets it aside and rebuilds it"
            )
    problem = None if lib.read_only else lib.index.check()  # a read-only store's routes never read it
    if problem is not None and not repair:
        report.derived.append(problem)
        report.unrepaired.append(
            f"{problem}: derived data; 'skillrouter doctor' sets it aside and rebuilds it"
        )
        return False
    if repair:
        lib.index.count()  # a connection sets an unreadable folder aside (and says so in its repairs)
        for line in lib.repairs():
            if line not in report.derived:
                report.derived.append(line)
        report.repaired = report.repaired or bool(report.derived)
    return True


def _check_index(lib: Doctored, report: DoctorReport, repair: bool) -> None:
    """Every document's id and text hash in Chroma now (one read, no vectors) against what the
    store says the index must hold: missing, stale and orphaned documents are re-synced."""
    wanted = {doc_id: sha(text) for doc_id, (_, _, text) in lib.documents().items()}
    have = lib.index.hashes()
    changed, gone = plan(wanted, have)
    report.index_missing = sum(1 for i in changed if i not in have)
    report.index_stale = len(changed) - report.index_missing
    report.index_orphans = len(gone)
    if changed or gone:
        if repair:
            lib.sync(force=True)
            report.repaired = True
        else:
            report.unrepaired.append("the index differs from the store")
