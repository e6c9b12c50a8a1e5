"""A prose block as the prose rules read it (:class:`Unit`: its text, what it introduces, the list
it belongs to, whether the skill is about security) and where their findings go
(:class:`Collector`: one per rule and line, a dangerous one kept over a caution)."""

from __future__ import annotations

from dataclasses import dataclass

from skillrouter.security import mentions as ctx
from skillrouter.security.findings import Finding, Severity, excerpt, finding
from skillrouter.security.markdown import Block


def block_excerpt(block: Block, pos: int) -> str:
    """The excerpt a finding at ``pos`` of ``block`` shows: its physical line around ``pos``,
    or, in a front-matter field, the field's path and line."""
    start = block.text.rfind("\n", 0, pos) + 1
    end = block.text.find("\n", pos)
    physical = block.text[start : end if end != -1 else len(block.text)]
    if block.field_path:
        return excerpt(f"[{block.field_path}] {physical.strip()}", 0)
    return excerpt(physical, pos - start)


__all__ = ["Collector", "Unit"]


@dataclass
class Unit:
    """A prose block with what it introduces, as the rules read it."""

    block: Block
    text: str
    lower: str
    unit_lower: str  # block text + attached text
    security_topic: bool
    mentions: bool
    lead_in: str = ""  # the paragraph introducing the list this block is an item of

    def exempt(
        self, sentence: str, start: int, end: int, *, negation: bool = True, command: bool = False
    ) -> bool:
        if not self.mentions:
            return False
        if not negation:
            if self.block.heading and ctx.WARNING_HEADING_RE.search(self.block.heading):
                return True
            if ctx.denied_by_lead_in(self.lead_in):
                return True
            return (
                self.security_topic
                and ctx.mention_reason(sentence, start, end, heading="", security_topic=True, negation=False)
                == "security-example"
            )
        return (
            ctx.mention_reason(
                sentence,
                start,
                end,
                heading=self.block.heading,
                security_topic=self.security_topic,
                lead_in=self.lead_in,
                table=self.block.table,
                command=command,
            )
            is not None
        )


class Collector:
    def __init__(self, relpath: str) -> None:
        self.relpath = relpath
        self.found: dict[tuple[str, int], Finding] = {}

    def add(self, rule: str, unit: Unit, pos: int, severity: Severity | None = None) -> None:
        block = unit.block
        line = block.line_at(pos)
        key = (rule, line)
        previous = self.found.get(key)
        if previous is not None and (previous.severity == "dangerous" or severity != "dangerous"):
            return
        self.found[key] = finding(rule, self.relpath, line, block_excerpt(block, pos), severity)
