"""What the self-improving loop's learner (:mod:`.learner`) and its offers (:mod:`.offers`) ask of
a library: the few operations they use, as one protocol, so they depend on those and not on the
whole facade (:class:`~skillrouter.SkillLibrary` is the one implementation; a test may give a
fake)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from skillrouter.routing.index import SkillIndex
from skillrouter.routing.router import Engine
from skillrouter.routing.settings import RoutingSettings
from skillrouter.security.policy import TrustLevel
from skillrouter.skill import Skill, SkillSummary
from skillrouter.store.ledger import Outcome

__all__ = ["LoopLibrary"]


class LoopLibrary(Protocol):
    """The library as the loop uses it: skills read and written (screened at the agent's trust
    level), outcomes and examples recorded, the pairs judged one skill or two, and the engines
    and indexes its comparisons run on."""

    @property
    def routing(self) -> RoutingSettings: ...

    # skills
    def __contains__(self, name: object) -> bool: ...

    def get(self, name: str) -> Skill: ...

    def add(
        self, skill: Skill, *, trust_level: TrustLevel | None = None, reason: str = "add", sync: bool = True
    ) -> Skill: ...

    def update(
        self, skill: Skill, *, reason: str, trust_level: TrustLevel | None = None, sync: bool = True
    ) -> Skill: ...

    def retire(self, name: str) -> Skill: ...

    def findings(self, name: str) -> list[dict[str, Any]]: ...

    def summaries(self, names: Sequence[str]) -> dict[str, SkillSummary]: ...

    def summary_texts(self) -> dict[str, str]: ...

    def documents(self) -> dict[str, tuple[str, str, str]]: ...

    # outcomes and examples
    def record_outcome(
        self, name: str, score: float, *, task: str | None = None, example_min_score: float = 7.0
    ) -> Outcome: ...

    def record_misfit(self, name: str, task: str) -> int: ...

    def track_record(self, name: str) -> Outcome: ...

    def add_examples(self, pairs: Sequence[tuple[str, str]], *, score: float = 10.0) -> int: ...

    # one skill or two
    def fold(self, name: str, *, into: str) -> Skill: ...

    def record_distinct(self, a: str, b: str) -> None: ...

    def vote_same(self, a: str, b: str) -> int: ...

    def judged_pairs(self, name: str | None = None) -> list[dict[str, Any]]: ...

    # the engines
    def engine_of(self, *texts: str) -> Engine: ...

    def engine_index(self, engine: Engine) -> SkillIndex: ...

    def sync(self, *, force: bool = False) -> object: ...
