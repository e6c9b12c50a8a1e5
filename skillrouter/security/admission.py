"""One way in: every skill the store takes is judged by :func:`admit`, and nothing else in
skillrouter calls the scanner (``tests/unit/test_security_admission.py`` checks the imports).

Import, ``add``, the agent's writes, ``restore``, a refresh that finds a hand edit or a folder
dropped in by hand, an import's ``--dry-run`` and the agent's check before it writes all come
here:

    admission = admit("community", staged_folder)                        # a folder on disk
    admission = admit("agent-created", SkillView.of_texts(skill_md, files))
    admission.verdict.action, admission.status, admission.findings

What :func:`admit` does, in order:

1. reads the content once (:class:`~skillrouter.security.view.SkillView`), unless given a view;
   a folder that cannot be read is an ``unscannable`` finding (fail closed);
2. runs every analyzer over it (:func:`~skillrouter.security.scan.analyze`, cached by content
   hash, the timestamps a write stamps on a SKILL.md aside: an unchanged skill is not parsed
   again in this process, and the store never scans content whose hash it has on record; an
   import's ``--jobs`` runs this step ahead in worker processes, :func:`analysis`, and hands the
   results to this process's cache, :func:`adopt`);
3. asks the review model, when one is configured (:class:`Reviewer`), where the rules are in
   doubt or the skill runs code; the model is shown what the analyzers found, with why, and
   the facts the code analysis read (what the code reads, where it sends, what it runs); its
   verdict is cached by content hash and model;
4. judges the findings, with any the caller adds (``also``: an import's provenance), by the
   policy table (:func:`~skillrouter.security.policy.judge`), counting only what the content
   introduces over ``accepted`` (the findings on record for an active skill).

The scanning modules load on first use, so the store, which imports this module, starts quickly.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from threading import Lock
from typing import TYPE_CHECKING, Any

from skillrouter.security.findings import Finding
from skillrouter.security.policy import Admission, TrustLevel, judge

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

    from skillrouter.security.view import SkillView


def admit(
    trust_level: TrustLevel | str,
    content: SkillView | Path | None,
    *,
    accepted: Iterable[Finding | Mapping[str, object]] = (),
    status: str | None = None,
    also: Iterable[Finding | Mapping[str, object]] = (),
    reviewer: Reviewer | None = None,
) -> Admission:
    """What a write of ``content`` at ``trust_level`` does (see the module docstring).

    ``content``: a skill folder (every file but dot-entries, as the store serves it), a
    :class:`~skillrouter.security.view.SkillView`, or None to judge only ``also`` (a write the
    caller asked not to scan). ``accepted`` and ``status``: as
    :func:`~skillrouter.security.policy.judge` takes them."""
    found = screen(content, reviewer=reviewer) if content is not None else []
    findings = _unique([*found, *(_as_finding(f) for f in also)])
    return judge(trust_level, findings, accepted=accepted, status=status)


def screen(content: SkillView | Path, *, reviewer: Reviewer | None = None) -> list[Finding]:
    """Steps 1-3 of :func:`admit`: every finding of ``content``, the review model's included."""
    from skillrouter.security.scan import analyze
    from skillrouter.security.view import SkillView

    if isinstance(content, SkillView):
        view = content
    else:
        try:
            view = SkillView.of_folder(Path(content), hidden=False)
        except OSError as err:
            return [unscannable(str(err.filename or content), err)]
    found = analyze(view)
    if reviewer is not None:
        found = [*found, *reviewer.findings(view, found)]
    return found


@dataclass(frozen=True)
class Analysis:
    """What the analyzers found in one content (steps 1-2 of :func:`admit`), with the key an admit
    of that content looks it up by (:func:`~skillrouter.security.scan.analysis_key`): made in one
    process (an import's worker, ``--jobs``), used in another (:func:`adopt`)."""

    key: tuple[str, ...]
    findings: tuple[Finding, ...]


def analysis(content: SkillView | Path) -> Analysis | None:
    """The analyzers over ``content`` (a folder is read as :func:`screen` reads it), with its key;
    None for a folder that cannot be read: the process that writes it reads it again and records
    the ``unscannable`` finding (fail closed) with that folder's path."""
    from skillrouter.security.scan import analysis_key, analyze
    from skillrouter.security.view import SkillView

    try:
        view = content if isinstance(content, SkillView) else SkillView.of_folder(Path(content), hidden=False)
    except OSError:
        return None
    return Analysis(analysis_key(view), tuple(analyze(view)))


def adopt(analyses: Iterable[Analysis]) -> None:
    """Analyses made in another process running this code, kept in this one's cache: an
    :func:`admit` of the same content (the same key: content, indicators, analyzers) uses them
    in place of scanning it again, exactly as if it had scanned it here before."""
    from skillrouter.security.scan import remember

    for a in analyses:
        remember(a.key, a.findings)


def unscannable(path: str, err: OSError) -> Finding:
    """The finding for content that could not be read: dangerous (a scan that could not look
    everywhere must not pass as clean)."""
    return Finding("unscannable", path, None, f"could not be scanned: {err.strerror or err}", "dangerous")


class Reviewer:
    """A review model (a LangChain chat model), asked on every way in where the rules are in doubt
    or the skill runs code (:func:`~skillrouter.security.review.asked`), its verdicts cached by
    the content's hash and the model; what it costs is counted (:meth:`cost`).

    ``code=False`` asks only where the rules hesitate, not about every skill that runs code.
    :meth:`lazy` makes one whose model loads on its first question (a CLI that may never ask)."""

    CACHE_SIZE = 4096

    def __init__(self, llm: BaseChatModel | None, *, code: bool = True, name: str | None = None) -> None:
        self._llm, self.code = llm, code
        self._load: Callable[[], BaseChatModel] | None = None
        self.name = name or _model_name(llm)
        self._cache: OrderedDict[str, tuple[Finding, ...]] = OrderedDict()
        self._lock = Lock()
        self.calls = self.cached = self.skipped = 0
        self.prompt_chars = 0
        self.seconds = 0.0

    @classmethod
    def lazy(cls, name: str, load: Callable[[], BaseChatModel], *, code: bool = True) -> Reviewer:
        """A reviewer of the model ``name`` that ``load`` gives, loaded when first asked."""
        reviewer = cls(None, code=code, name=name)
        reviewer._load = load
        return reviewer

    @property
    def llm(self) -> BaseChatModel:
        if self._llm is None:
            assert self._load is not None, "a Reviewer needs a model or a loader"
            self._llm = self._load()
        return self._llm

    def findings(self, view: SkillView, found: Sequence[Finding]) -> list[Finding]:
        """The ``model-review`` findings for ``view`` (the scan found ``found``): none when the
        model is not asked or answers ``safe`` (:func:`~skillrouter.security.review.second_opinion`)."""
        from skillrouter.security.review import asked, opinion, review_messages

        key = f"{view.digest}\0{self.name}\0{self.code}"
        with self._lock:
            hit = self._cache.get(key)
            if hit is not None:
                self._cache.move_to_end(key)
                self.cached += 1
                return list(hit)
        if not asked(view, found, code=self.code):
            with self._lock:
                self.skipped += 1
            return []
        messages = review_messages(view, found)
        started = time.perf_counter()
        out = opinion(self.llm, messages)
        with self._lock:
            self.calls += 1
            self.seconds += time.perf_counter() - started
            self.prompt_chars += sum(len(str(m.content)) for m in messages)
            self._cache[key] = tuple(out)
            while len(self._cache) > self.CACHE_SIZE:
                self._cache.popitem(last=False)
        return out

    def cost(self) -> dict[str, Any]:
        """What the review cost so far: calls made, answers served from the cache, skills not asked
        about, prompt characters (about 4 to a token in English and code) and seconds waited."""
        return {
            "model": self.name,
            "calls": self.calls,
            "cached": self.cached,
            "not_asked": self.skipped,
            "prompt_chars": self.prompt_chars,
            "seconds": round(self.seconds, 2),
        }


def _model_name(llm: object) -> str:
    for attr in ("model_name", "model", "model_id"):
        value = getattr(llm, attr, None)
        if isinstance(value, str) and value:
            return value
    return type(llm).__name__


def _as_finding(f: Finding | Mapping[str, object]) -> Finding:
    return f if isinstance(f, Finding) else Finding.from_dict(f)


def _unique(findings: Iterable[Finding]) -> list[Finding]:
    """Findings without repeats (the scan's and an import's may name the same one)."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for f in findings:
        key = (f.rule, f.path, f.line, f.excerpt)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out
