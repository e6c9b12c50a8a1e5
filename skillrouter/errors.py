"""Exceptions raised by skillrouter.

Every error the library raises on purpose derives from one root, so callers (and the
CLI) can catch ``SkillRouterError`` and print its message as one line::

    SkillRouterError
    ├── SkillNotFoundError        no skill of that name in the store
    ├── SkillFormatError          a SKILL.md / JSON skill is invalid (carries path and field)
    ├── SkillExistsError          adding a skill whose name is taken
    ├── SkillQuarantinedError     a quarantined skill asked for, to be served to an agent
    ├── StoreError                the store folder is missing or unusable
    │   ├── DiskFullError         the store's disk is full (its readers go on, read-only)
    │   ├── StoreLockedError      another process holds the embedded index's writer lock
    │   └── LedgerDamagedError    skillrouter.db is not a readable SQLite file ('doctor' rebuilds it)
    ├── IndexUnavailableError     the Chroma server cannot be reached
    ├── UnsafePathError           a Level 2 path or archive member leaves its folder
    ├── MemoryLimitError          a bounded memory file would exceed its limit
    ├── MemoryEntryError          an empty memory entry, or a substring naming none or several
    ├── EvaluationError           an evaluation cannot be read (agent loop)
    ├── JudgeError                a judge of the loop (revise, draft, merge, fold) has no usable answer
    ├── SecurityReviewError       a review model's answer holds no verdict
    ├── SkillRejectedError        the security policy refuses a write (nothing is stored)
    └── DatasetFormatError        a benchmark or task file cannot be read (evaluation)
"""

from __future__ import annotations

from pathlib import Path


class SkillRouterError(Exception):
    """Root of every error skillrouter raises on purpose."""


class SkillNotFoundError(SkillRouterError, KeyError):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"no skill named {self.name!r} in this store"


class SkillFormatError(SkillRouterError, ValueError):
    """Invalid skill content. ``path`` and ``field`` say where, when known."""

    def __init__(self, message: str, *, path: str | Path | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = str(path) if path is not None else None
        self.field = field

    def __str__(self) -> str:
        where = self.path or ""
        if self.field:
            where = f"{where}: field {self.field!r}" if where else f"field {self.field!r}"
        return f"{where}: {self.message}" if where else self.message


class SkillExistsError(SkillRouterError):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"a skill named {self.name!r} already exists (use replace to overwrite it)"


class SkillQuarantinedError(SkillRouterError):
    """A quarantined skill was asked for to be served to an agent: its content waits for a person."""

    def __init__(self, name: str, findings: int) -> None:
        super().__init__(name)
        self.name = name
        self.findings = findings

    def __str__(self) -> str:
        return (
            f"skill {self.name!r} is quarantined ({self.findings} security finding(s)); it is not served "
            f"until a person reviews it and runs 'skillrouter trust {self.name}'"
        )


class StoreError(SkillRouterError):
    """The store folder is missing or unusable."""


class DiskFullError(StoreError):
    """The disk (or the user's quota) holding the store is full: nothing can be written there."""


class StoreLockedError(StoreError):
    """Another process holds the embedded Chroma index for writing."""


class LedgerDamagedError(StoreError):
    """The ledger (skillrouter.db) is damaged; ``skillrouter doctor`` rebuilds it from the files."""

    def __init__(self, path: str | Path, detail: str) -> None:
        super().__init__(
            f"the ledger {path} is damaged ({detail}); run 'skillrouter doctor' to rebuild it "
            f"from the skill files"
        )
        self.path = str(path)
        self.detail = detail


class IndexUnavailableError(SkillRouterError):
    """The Chroma server (or embedded index) cannot be reached."""


class UnsafePathError(SkillRouterError, ValueError):
    """A path would leave the folder it must stay inside."""


class MemoryLimitError(SkillRouterError):
    """A bounded memory file would exceed its character limit."""


class MemoryEntryError(SkillRouterError, ValueError):
    """An entry is empty, or a substring names no entry or several entries."""


class EvaluationError(SkillRouterError):
    """An evaluator's answer could not be read as a score."""


class JudgeError(SkillRouterError):
    """A judge of the learning loop (the agent's LLM asked to revise, draft, merge or fold) gave
    no usable answer; the learner reports it and goes on without that step."""


class SecurityReviewError(SkillRouterError):
    """A chat model asked to review a skill gave no usable verdict."""


class SkillRejectedError(SkillRouterError):
    """The security policy rejects a write (at the ``agent-created`` level, a dangerous
    finding): nothing was stored. ``findings`` are the findings that decided it."""

    def __init__(self, name: str, reason: str, findings: tuple[object, ...] = ()) -> None:
        super().__init__(name)
        self.name = name
        self.reason = reason
        self.findings = findings

    def __str__(self) -> str:
        return f"skill {self.name!r} refused by the security scan: {self.reason}"


class DatasetFormatError(SkillRouterError, ValueError):
    """A benchmark or task file that cannot be read: ``path:line: field: problem`` on one line."""

    def __init__(self, path: str | Path, problem: str, *, line: int | None = None, field: str | None = None):
        self.path = str(path)
        self.line = line
        self.field = field
        self.problem = problem
        where = self.path if line is None else f"{self.path}:{line}"
        what = f"{field}: {problem}" if field else problem
        super().__init__(" ".join(f"{where}: {what}".split()))
