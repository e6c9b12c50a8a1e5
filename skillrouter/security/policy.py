"""Trust levels and what each lets through: the policy table as data, and :func:`decide`.

A skill's trust level says where it came from; its scan's findings say how bad it looks: clean,
one kind of caution, cautions of two or more rules together (``combined``), or dangerous.
:data:`POLICY` maps the two to an action:

=============== ========= ============ ============ ============
trust level      clean     caution      combined     dangerous
=============== ========= ============ ============ ============
builtin          allow     allow        allow        quarantine
trusted          allow     allow        allow        quarantine
community        allow     allow        quarantine   quarantine
agent-created    allow     quarantine   quarantine   reject
=============== ========= ============ ============ ============

- ``builtin``: skills shipped inside skillrouter (their own test keeps them clean).
- ``trusted``: sources the user vouches for (``import --trust-level trusted``): cautions,
  such as an internal symlink or a zero-width joiner, pass; anything dangerous still waits.
- ``community``: everything else imported (the default): a dangerous finding, or cautions of
  two rules together (an invisible character *and* a step hidden from the user), quarantine;
  one kind of caution alone is let through, on record (``show`` lists it, and a review model,
  when one is given, is asked about it).
- ``agent-created``: skills the agent writes or revises from a run. A caution is kept for
  review; a dangerous finding means the run copied hostile text, so the write is refused.

Why one caution does not quarantine a community skill: on the real skills measured
(``benchmarks/security_real.py``: 29 real malicious ClawHub skills in English and Chinese, the
76 cases of the hostile corpus, 44 real benign hard negatives and 2,373 real library skills), no
hostile skill was stopped by a caution alone (every one has a dangerous finding), while the
skills quarantined by a caution alone were all benign (an archive of UI components under
``scripts/``, "don't mention the follow-up you scheduled"). A caution is what a person may want
to see, not a reason to keep a skill from the agent.

``allow`` stores the skill active (routed); ``quarantine`` stores it but never routes it until a
person releases it; ``reject`` stores nothing and reports why.

Every write goes through :func:`~skillrouter.security.admission.admit` (the one way in: adds,
imports, the agent's writes and hand edits found on refresh), which judges the findings with
:func:`judge`: findings already on record for an active skill
(released by ``skillrouter trust``, or let through by its level) are not judged again, so
only what a change *introduces* can quarantine it, and no write ever releases a quarantine.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from skillrouter.security.findings import SEVERITIES, Finding, Severity

TrustLevel = Literal["builtin", "trusted", "community", "agent-created"]
Action = Literal["allow", "quarantine", "reject"]
Level = Literal["clean", "caution", "combined", "dangerous"]

TRUST_LEVELS: tuple[TrustLevel, ...] = ("builtin", "trusted", "community", "agent-created")
DEFAULT_TRUST_LEVEL: TrustLevel = "community"
LEVELS: tuple[Level, ...] = ("clean", "caution", "combined", "dangerous")

POLICY: dict[TrustLevel, dict[Level, Action]] = {
    "builtin": {"clean": "allow", "caution": "allow", "combined": "allow", "dangerous": "quarantine"},
    "trusted": {"clean": "allow", "caution": "allow", "combined": "allow", "dangerous": "quarantine"},
    "community": {"clean": "allow", "caution": "allow", "combined": "quarantine", "dangerous": "quarantine"},
    "agent-created": {
        "clean": "allow",
        "caution": "quarantine",
        "combined": "quarantine",
        "dangerous": "reject",
    },
}


@dataclass(frozen=True)
class Verdict:
    """What to do with a skill, and why."""

    action: Action
    trust_level: TrustLevel
    level: Level
    findings: tuple[Finding, ...] = ()

    @property
    def reason(self) -> str:
        if not self.findings:
            return f"{self.action}: clean scan ({self.trust_level})"
        shown = "; ".join(
            f"{f.rule} ({f.path}:{f.line})" if f.line else f"{f.rule} ({f.path})" for f in self.findings[:3]
        )
        more = f" and {len(self.findings) - 3} more" if len(self.findings) > 3 else ""
        return f"{self.action}: {self.level} findings for a {self.trust_level} skill: {shown}{more}"

    def __str__(self) -> str:
        return self.reason


def check_trust_level(value: str) -> TrustLevel:
    """``value`` as a :data:`TrustLevel`; ``ValueError`` naming the choices otherwise."""
    for level in TRUST_LEVELS:
        if value == level:
            return level
    raise ValueError(f"unknown trust level {value!r}; choose one of {', '.join(TRUST_LEVELS)}")


def severity_of(findings: Iterable[Finding]) -> Level:
    """How bad ``findings`` look together: ``dangerous`` if any is, ``combined`` for cautions of
    two or more rules, ``caution`` for cautions of one rule, ``clean`` when there are none."""
    caution_rules: set[str] = set()
    for f in findings:
        severity: Severity = f.severity if f.severity in SEVERITIES else "dangerous"
        if severity == "dangerous":
            return "dangerous"
        caution_rules.add(f.rule)
    if not caution_rules:
        return "clean"
    return "combined" if len(caution_rules) > 1 else "caution"


def decide(trust_level: TrustLevel | str, findings: Iterable[Finding]) -> Verdict:
    """The :class:`Verdict` the policy table gives ``findings`` at ``trust_level``."""
    level = check_trust_level(trust_level)
    found = tuple(findings)
    worst = severity_of(found)
    return Verdict(POLICY[level][worst], level, worst, found)


@dataclass(frozen=True)
class Admission:
    """What a write does with content whose scan found ``findings`` (see :func:`judge`)."""

    verdict: Verdict  # the policy's word on the findings that are new
    status: str | None  # the status to record; None when the verdict rejects the write
    findings: tuple[Finding, ...]  # every finding of the content, new or accepted: what is recorded

    @property
    def new(self) -> tuple[Finding, ...]:
        return self.verdict.findings


def judge(
    trust_level: TrustLevel | str,
    findings: Iterable[Finding | Mapping[str, object]],
    *,
    accepted: Iterable[Finding | Mapping[str, object]] = (),
    status: str | None = None,
) -> Admission:
    """The status a skill gets when content with ``findings`` is written at ``trust_level``.

    ``accepted``: the findings on record for the skill while it is active (released by
    ``trust``, or let through by its level); one of them found again (same rule, file and
    excerpt) is not judged again. The rest go through :func:`decide`: ``reject`` gives no
    status (the caller refuses the write, or quarantines what is already on disk),
    ``quarantine`` gives ``quarantined``, ``allow`` keeps ``status`` (a quarantined or retired
    skill stays so) or makes a new skill ``active``.
    """
    found = tuple(_as_finding(f) for f in findings)
    known = {_as_finding(f).key for f in accepted}
    verdict = decide(trust_level, [f for f in found if f.key not in known])
    if verdict.action == "reject":
        return Admission(verdict, None, found)
    if verdict.action == "quarantine":
        return Admission(verdict, "quarantined", found)
    return Admission(verdict, status or "active", found)


def _as_finding(f: Finding | Mapping[str, object]) -> Finding:
    return f if isinstance(f, Finding) else Finding.from_dict(f)
