"""Bulk import of skill libraries, in one pass: read and validate everything
(:mod:`~skillrouter.transfer.sources`), then write what changed through the store's security
gate; the library then embeds in large batches (:meth:`skillrouter.SkillLibrary.import_skills`).

Idempotent: every skill's input (SKILL.md bytes and Level 2 files) is hashed; an unchanged
skill is neither scanned, written nor embedded again. A killed import leaves complete skills
only (each is written atomically) and a re-run finishes the job. A name taken by another
source is skipped, renamed or replaced (``on_conflict``); ``prune`` removes a source's skills
that are gone from it.

Security: the store screens every skill it writes (the rendered SKILL.md, every field of a
JSON skill included, and its Level 2 files) at the import's trust level
(:func:`source_trust_level`: ``builtin`` for skillrouter's own examples, else ``community``,
or ``trust_level``), through the one way in (:func:`skillrouter.security.admission.admit`); an
optional ``review_model`` is set as the store's reviewer for the import
(:class:`~skillrouter.security.admission.Reviewer`: asked about the skills the rules leave in
doubt or that run code, its findings judged with the scan's). ``dry_run`` admits the same text
(without writing it) and reports what would be quarantined.
"""

from __future__ import annotations

import errno
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from skillrouter.errors import (
    SkillExistsError,
    SkillRejectedError,
    SkillRouterError,
)
from skillrouter.security import DEFAULT_TRUST_LEVEL, TrustLevel, check_trust_level
from skillrouter.security.admission import Analysis, Reviewer, admit, adopt, analysis
from skillrouter.skill import Skill, free_name, now_iso, slugify
from skillrouter.skillmd import render_skill_md
from skillrouter.store.provenance import Provenance
from skillrouter.store.skillfiles import level2_files
from skillrouter.store.store import Store
from skillrouter.transfer.report import ImportReport
from skillrouter.transfer.sources import SourceSkill, read_sources

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

    from skillrouter.security.view import SkillView

OnConflict = Literal["skip", "replace", "rename"]


# ---------------------------------------------------------------- trust and review

BUILTIN_SKILLS = Path(__file__).resolve().parents[1] / "examples"


def source_trust_level(path: str | Path) -> TrustLevel:
    """The trust level of an import source when none is given: ``builtin`` for the skills
    shipped inside skillrouter (``skillrouter/examples``), ``community`` for everything else."""
    return (
        "builtin" if Path(path).expanduser().resolve().is_relative_to(BUILTIN_SKILLS) else DEFAULT_TRUST_LEVEL
    )


def _level2(folder: Path | None) -> dict[str, bytes]:
    """The Level 2 files a candidate brings, as the store will copy them."""
    if folder is None:
        return {}
    return {rel: (folder / rel).read_bytes() for rel in level2_files(folder)}


def candidate_view(cand: SourceSkill) -> SkillView:
    """A candidate as the store will serve it: its rendered SKILL.md and Level 2 files."""
    return _view(cand.skill, cand.folder)


def _view(skill: Skill, folder: Path | None) -> SkillView:
    from skillrouter.security.view import SkillView

    return SkillView.of_texts(render_skill_md(skill), _level2(folder))


# ---------------------------------------------------------------- the import


def import_paths(
    store: Store,
    paths: Sequence[str | Path],
    *,
    on_conflict: OnConflict = "skip",
    prune: bool = False,
    dry_run: bool = False,
    scan: bool = True,
    progress: Callable[[str, int], None] | None = None,
    trust_level: TrustLevel | str | None = None,
    review_model: BaseChatModel | None = None,
    jobs: int | None = 1,
) -> ImportReport:
    """Import skills from ``paths`` into ``store`` (see module docstring): the files and the
    ledger. The index, and the near-duplicates report over it, are the caller's
    (:meth:`skillrouter.SkillLibrary.import_skills` does both). ``jobs``: processes that run the
    gate's scans ahead of the writes (:class:`ScanAhead`; None: :func:`default_jobs`, 1: none,
    the scans run in this process as each skill is written)."""
    if on_conflict not in ("skip", "replace", "rename"):
        raise ValueError(f"on_conflict must be skip, replace or rename, got {on_conflict!r}")
    if jobs is not None and jobs < 1:
        raise ValueError(
            f"jobs must be 1 or more (None: every usable core, up to {MAX_DEFAULT_JOBS}), got {jobs}"
        )
    given_level = check_trust_level(trust_level) if trust_level is not None else None
    started = time.perf_counter()
    report = ImportReport(dry_run=dry_run)
    kept_reviewer = store.reviewer
    if review_model is not None and scan:  # this import's reviewer, in place of the store's
        store.reviewer = Reviewer(review_model)
    reviewer = store.reviewer
    before = reviewer.cost() if reviewer is not None else {}
    try:
        return _import(
            store,
            paths,
            report,
            on_conflict,
            prune,
            dry_run,
            scan,
            progress,
            given_level,
            jobs or default_jobs(),
        )
    finally:
        if reviewer is not None:  # what this import's questions cost
            after = reviewer.cost()
            report.review = {k: v if k == "model" else round(v - before[k], 2) for k, v in after.items()}
        report.seconds = time.perf_counter() - started
        store.reviewer = kept_reviewer


def _import(
    store: Store,
    paths: Sequence[str | Path],
    report: ImportReport,
    on_conflict: OnConflict,
    prune: bool,
    dry_run: bool,
    scan: bool,
    progress: Callable[[str, int], None] | None,
    given_level: TrustLevel | None,
    jobs: int,
) -> ImportReport:
    store.refresh()  # adopts folders a killed import left unrecorded (their sidecars say where from)
    origins = store.ledger.origins()
    existing = set(store.names())
    claimed: dict[str, str] = {}  # name -> input path, within this import
    with ExitStack() as stack:
        if not dry_run:  # written a batch at a time: one disk flush and one commit per batch
            stack.enter_context(store.bulk())
        sources = read_sources(paths, report, stack, (lambda n: progress("parsed", n)) if progress else None)

        def unchanged(name: str, origin: str, cand: SourceSkill) -> bool:
            return name in existing and origins.get(name) == (origin, cand.input_hash)

        ahead = None
        if scan and jobs > 1:  # the gate's scans of what will be written, run ahead in processes
            todo = [c for origin, cands in sources for c in cands if not unchanged(c.skill.name, origin, c)]
            ahead = ScanAhead.start(todo, jobs, dry_run, stack)
        for origin, cands in sources:
            level = given_level or source_trust_level(origin)
            seen: set[str] = set()
            for cand in cands:
                name = cand.skill.name
                other = origins.get(name)
                if other is None and name in existing and name not in claimed and _same_skill(store, cand):
                    # written by an import (of an older skillrouter) killed before it recorded where
                    # the skill came from: this source claims it and writes it again, scan included
                    origins[name] = other = (origin, "")
                if name in claimed or (name in existing and (other is None or other[0] != origin)):
                    if on_conflict == "skip" or (name in claimed and on_conflict == "replace"):
                        first = claimed.get(name) or (other[0] if other else "the store")
                        report.skipped.append(
                            {"name": name, "path": cand.path, "reason": f"name taken by {first}"}
                        )
                        continue
                    if on_conflict == "rename":
                        name = _free_name(name, origin, existing | set(claimed))
                        cand.skill = replace(cand.skill, name=name)
                        report.warnings.append(f"{cand.path}: renamed to {name!r} (name clash)")
                claimed[name] = cand.path
                seen.add(name)
                if unchanged(name, origin, cand):
                    report.unchanged.append(name)  # same input as last time: no scan, no write, no embedding
                    continue
                if ahead is not None:
                    ahead.ready(cand)
                write = partial(
                    _write, store, cand, origin, scan=scan, dry_run=dry_run, report=report, trust_level=level
                )
                if not write(name in existing):
                    # another process (a second import of the same library, say) wrote this name
                    # after this import looked: settled as if it had been there from the start
                    now = store.ledger.origins().get(name)
                    if now == (origin, cand.input_hash):
                        report.unchanged.append(name)
                    elif (now is not None and now[0] == origin) or on_conflict == "replace":
                        write(True)
                    else:
                        first = now[0] if now is not None else "the store"
                        report.skipped.append(
                            {
                                "name": name,
                                "path": cand.path,
                                "reason": f"name taken by {first} (written by another process during "
                                "this import)",
                            }
                        )
                if progress:
                    progress("written", 1)
            if prune and origin in report.partly_read:
                report.errors.append(
                    {
                        "path": origin,
                        "reason": "not pruned: some of its files could not be read (above); "
                        "fix or remove them and import again",
                    }
                )
            elif prune:
                for name, (where, _) in sorted(origins.items()):
                    if where == origin and name not in seen and name in existing:
                        report.pruned.append(name)
                        if not dry_run:
                            store.delete(name)
    return report


# ---------------------------------------------------------------- the gate's scans, ahead


MAX_DEFAULT_JOBS = 8


def default_jobs() -> int:
    """``jobs=None``: the cores this process may run on (its CPU affinity where the system says),
    at most :data:`MAX_DEFAULT_JOBS` (a worker holds about 70 MB, and past a few of them the
    writing process, not the scans, sets the pace)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(cores, MAX_DEFAULT_JOBS))


class ScanAhead:
    """The gate's scans of an import's candidates (its costliest CPU work), run ahead of the
    writes in ``jobs`` worker processes, their results handed to this process's scan cache just
    before each chunk's skills are written. The store then admits every skill exactly as it
    would serially: it stages it and calls :func:`~skillrouter.security.admission.admit` on the
    staged folder, whose scan finds the analysis in its cache or, where there is none, runs it.

    Why the result is the serial one: the cache key is a hash of everything the analyzers read
    (:func:`~skillrouter.security.scan.analysis_key`: each file's path, kind and text, what
    reading found, the topic), with the indicators' version and the analyzers loaded; so an
    analysis found under the key of the folder the store stages is what the analyzers would find
    in it. A worker reads each candidate as the store will serve it (the SKILL.md rendered and
    stamped as a write stamps it, the Level 2 files the store copies) and analyses it
    (:func:`~skillrouter.security.admission.analysis`). The one thing that differs from the
    write, the instant in the SKILL.md's ``created_at`` / ``updated_at``, the analyzers read at
    a fixed instant in every process (:func:`~skillrouter.security.scan.unstamped`); on the
    2,436 candidates of ``shared/data`` every key is the staged folder's. Whatever a worker
    did not produce or produced under another key (a file it could not read, a skill renamed for
    a clash after the scans started, a chunk whose worker failed or was killed, a SKILL.md the
    store reads as binary or too large, a third-party analyzer registered in code, which a
    worker does not load) is not found, and this process scans it when it writes it, as
    ``jobs=1`` does: same findings, same errors, an ``unscannable`` finding where the staged
    folder cannot be read.

    Chunks are submitted in the order the skills are written; one that no worker has taken by
    the time its skills' turn comes is withdrawn and scanned here as they are written (the
    cores are busy elsewhere: this process does not wait for them). Workers are started with
    ``spawn`` (no copy of this process's threads or locks), ignore Ctrl-C (this process stops
    them: pending chunks are cancelled, the pool waits for the running ones, at most one chunk
    each) and end when this process dies. Below :data:`MIN_SKILLS` skills to scan, starting
    processes costs more than it saves: none start."""

    CHUNK = 16  # candidates per task: small enough to balance the load and to stop quickly
    MIN_SKILLS = 32

    def __init__(self, futures: dict[int, Future[list[Analysis | None]]]) -> None:
        self._futures = futures  # id(candidate) -> its chunk's task
        self._taken: set[Future[list[Analysis | None]]] = set()

    @classmethod
    def start(
        cls, cands: Sequence[SourceSkill], jobs: int, dry_run: bool, stack: ExitStack
    ) -> ScanAhead | None:
        """Submit every chunk of ``cands`` (None when too few to be worth a process); the pool is
        shut down when ``stack`` closes."""
        if len(cands) < cls.MIN_SKILLS:
            return None
        size = max(1, min(cls.CHUNK, len(cands) // (4 * jobs)))
        chunks = [cands[i : i + size] for i in range(0, len(cands), size)]
        pool = ProcessPoolExecutor(
            min(jobs, len(chunks)), mp_context=multiprocessing.get_context("spawn"), initializer=_worker_start
        )
        stack.callback(pool.shutdown, wait=True, cancel_futures=True)
        futures: dict[int, Future[list[Analysis | None]]] = {}
        for chunk in chunks:  # what each candidate is now: a rename later misses, and is scanned here
            future = pool.submit(_scan_chunk, [(c.skill, c.folder) for c in chunk], dry_run)
            futures.update((id(c), future) for c in chunk)
        return cls(futures)

    def ready(self, cand: SourceSkill) -> None:
        """Before ``cand`` is written: its chunk's analyses in this process's cache, waiting for
        them if a worker is at it. A chunk no worker has taken yet (the workers are behind: the
        cores are busy) is withdrawn and left to this process, as is a failed one."""
        future = self._futures.pop(id(cand), None)
        if future is None or future in self._taken:
            return
        self._taken.add(future)
        if future.cancel():
            return
        if future.exception() is None:  # a failure leaves the serial scan to meet it as it would
            adopt(a for a in future.result() if a is not None)


def _worker_start() -> None:
    """A scan worker: Ctrl-C is the importing process's to handle, and the worker ends with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:

        def watch() -> None:
            parent.join()
            os._exit(1)

        threading.Thread(target=watch, daemon=True).start()


def _scan_chunk(chunk: list[tuple[Skill, Path | None]], dry_run: bool) -> list[Analysis | None]:
    """In a worker: each candidate's analysis, read as the store will serve it (its SKILL.md
    rendered and stamped as a write stamps it, its Level 2 files) or, in a dry run, as a dry run
    admits it. None for one whose files could not be read: the writing process meets that too."""
    out: list[Analysis | None] = []
    for skill, folder in chunk:
        if not dry_run:
            stamp = now_iso()  # any instant: the analyzers read a fixed one
            skill = replace(skill, created_at=skill.created_at or stamp, updated_at=stamp)
        try:
            view = _view(skill, folder)
        except OSError:
            out.append(None)
            continue
        out.append(analysis(view))
    return out


def _write(
    store: Store,
    cand: SourceSkill,
    origin: str,
    exists: bool,
    *,
    scan: bool,
    dry_run: bool,
    report: ImportReport,
    trust_level: TrustLevel,
) -> bool:
    """Write one candidate through the store's security gate (a failure is that candidate's
    error, not the import's). The store admits what it writes; a dry run admits the same text.
    False, with nothing reported, when the name was free at planning and another process has
    written it since (the caller decides what that means)."""
    name = cand.skill.name
    try:
        if dry_run:
            judged = admit(trust_level, candidate_view(cand) if scan else None, reviewer=store.reviewer)
            cand.findings = list(judged.findings)
            if judged.status is None:
                raise SkillRejectedError(name, judged.verdict.reason, judged.new)
            status = judged.status
            findings = [f.to_dict() for f in cand.findings]
        else:
            stored = store.add(
                cand.skill,
                replace_existing=exists,
                files_from=cand.folder,
                files={} if cand.folder is None else None,
                reason="import",
                scan=scan,
                provenance=Provenance(origin, cand.input_hash, (), *cand.stats, trust_level=trust_level),
            )
            status, findings = stored.status, store.written_findings(name)
    except (SkillRouterError, OSError) as err:
        if isinstance(err, SkillExistsError) and not exists:
            return False
        reason = str(err) if isinstance(err, SkillRouterError) else _copy_error(err, store)
        report.errors.append({"path": cand.path, "reason": reason})
        return True
    report.warnings.extend(cand.warnings)
    if status == "quarantined":
        report.quarantined.append({"name": name, "findings": findings})
    elif findings:
        report.warnings.append(
            f"{cand.path}: {len(findings)} finding(s) let through at trust level {trust_level} "
            f"(first: {findings[0].get('rule')})"
        )
    (report.updated if exists else report.added).append(name)
    return True


_FULL = (errno.ENOSPC, errno.EDQUOT)
_DENIED = (errno.EROFS, errno.EACCES, errno.EPERM)


def _copy_error(err: OSError, store: Store) -> str:
    """One line for an OS error while a skill was copied into the store: where, and what to do.
    The store stages a skill beside its place and removes the staging folder on any error, so
    nothing of that skill was written and the next import writes it."""
    skills = Path(os.path.abspath(store.files.skills_dir))
    # shutil.copyfile names the source first even when writing the copy failed (filename2)
    named = [
        Path(os.path.abspath(f)) for f in (err.filename, err.filename2) if isinstance(f, (str, os.PathLike))
    ]
    into_store = (
        err.errno in _FULL or err.errno == errno.EROFS or any(f.is_relative_to(skills) for f in named)
    )
    what = err.strerror or str(err)
    if not into_store:
        return f"cannot read {named[0] if named else 'a file of the skill'}: {what}"
    if err.errno in _FULL:
        todo = "free space on that disk (or use a store elsewhere: --store / SKILLROUTER_HOME)"
    elif err.errno in _DENIED:
        todo = "make the store writable for this user (or use another: --store / SKILLROUTER_HOME)"
    else:
        todo = "check the disk"
    return (
        f"cannot write into the store {skills}: {what}; {todo}, then run the import again "
        "(nothing of this skill was written)"
    )


def _same_skill(store: Store, cand: SourceSkill) -> bool:
    try:
        have = store.get(cand.skill.name)
    except SkillRouterError:
        return False
    new = cand.skill
    files = level2_files(cand.folder) if cand.folder is not None else []
    return (have.description, have.body, have.tags, dict(have.extra), dict(have.metadata), have.source) == (
        new.description,
        new.body,
        new.tags,
        dict(new.extra),
        dict(new.metadata),
        new.source,
    ) and store.list_files(new.name) == files


def _free_name(name: str, origin: str, taken: set[str]) -> str:
    """The clashing name with its source's folder name appended, made free by :func:`free_name`."""
    return free_name(slugify(f"{name}-{Path(origin).name}") or name, taken)


__all__ = [
    "ImportReport",
    "OnConflict",
    "ScanAhead",
    "SourceSkill",
    "default_jobs",
    "import_paths",
    "read_sources",
    "source_trust_level",
]
