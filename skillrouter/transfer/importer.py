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
import os
import time
from collections.abc import Callable, Sequence
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
from skillrouter.security.admission import Reviewer, admit
from skillrouter.skill import free_name, slugify
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


def _level2(cand: SourceSkill) -> dict[str, bytes]:
    """The Level 2 files a candidate brings, as the store will copy them."""
    if cand.folder is None:
        return {}
    return {rel: (cand.folder / rel).read_bytes() for rel in level2_files(cand.folder)}


def candidate_view(cand: SourceSkill) -> SkillView:
    """A candidate as the store will serve it: its rendered SKILL.md and Level 2 files."""
    from skillrouter.security.view import SkillView

    return SkillView.of_texts(render_skill_md(cand.skill), _level2(cand))


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
) -> ImportReport:
    """Import skills from ``paths`` into ``store`` (see module docstring): the files and the
    ledger. The index, and the near-duplicates report over it, are the caller's
    (:meth:`skillrouter.SkillLibrary.import_skills` does both)."""
    if on_conflict not in ("skip", "replace", "rename"):
        raise ValueError(f"on_conflict must be skip, replace or rename, got {on_conflict!r}")
    given_level = check_trust_level(trust_level) if trust_level is not None else None
    started = time.perf_counter()
    report = ImportReport(dry_run=dry_run)
    kept_reviewer = store.reviewer
    if review_model is not None and scan:  # this import's reviewer, in place of the store's
        store.reviewer = Reviewer(review_model)
    reviewer = store.reviewer
    before = reviewer.cost() if reviewer is not None else {}
    try:
        return _import(store, paths, report, on_conflict, prune, dry_run, scan, progress, given_level)
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
) -> ImportReport:
    store.refresh()  # adopts folders a killed import left unrecorded (their sidecars say where from)
    origins = store.ledger.origins()
    existing = set(store.names())
    claimed: dict[str, str] = {}  # name -> input path, within this import
    with ExitStack() as stack:
        if not dry_run:  # written a batch at a time: one disk flush and one commit per batch
            stack.enter_context(store.bulk())
        sources = read_sources(paths, report, stack, (lambda n: progress("parsed", n)) if progress else None)
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
                if name in existing and origins.get(name) == (origin, cand.input_hash):
                    report.unchanged.append(name)  # same input as last time: no scan, no write, no embedding
                    continue
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


__all__ = ["ImportReport", "OnConflict", "SourceSkill", "import_paths", "read_sources", "source_trust_level"]
