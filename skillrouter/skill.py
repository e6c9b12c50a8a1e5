"""The skill: what an agent learned to do well, and how to check it.

A :class:`Skill` is loaded at three levels, as in the design:

- Level 0 (:class:`SkillSummary`): name, description, task_type, tags, use_count, avg_score.
  This is what the index embeds and what the router returns.
- Level 1 (:class:`Skill`): the full skill, including the Markdown body with its
  ``## Procedure``, ``## Pitfalls`` and ``## Verification`` sections.
- Level 2: files beside ``SKILL.md`` (``references/``, ``scripts/``, ...), served by the store.

The body is the source of truth for the three sections: ``procedure``, ``pitfalls`` and
``verification`` are read from it, and :meth:`Skill.with_sections` rewrites them in place,
so a SKILL.md written by hand keeps every other line it had.

Names: a skill's ``name`` is its id, 1-64 characters of ``a-z``, ``0-9`` and single hyphens, the
same on every machine. A name outside that rule (``PDF Tools``, ``视频链接解析``, ``Twitter
指挥中心 (搜索 + 发布)``) becomes one by :func:`ascii_name`: an ASCII name is slugified (case,
CamelCase and punctuation become hyphens, accents are dropped: ``Café`` -> ``cafe``); a name with
letters outside ASCII takes its folder's name instead (a registry's folder is its ASCII id, and
the ASCII words alone, ``twitter``, would lose what the name says and clash with its siblings),
else its ASCII words, else ``skill-`` and the first 8 hex digits of the SHA-256 of its NFC form.
A name with any character outside ASCII is kept as the display name, ``metadata.display_name``
(:data:`DISPLAY_NAME`, read by :attr:`Skill.display_name`), which every form of the skill carries
(SKILL.md, JSON, an import, an export, ``show``).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Container, Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from skillrouter.errors import SkillFormatError

NAME_MAX = 64
DESCRIPTION_MAX = 1024
SCORE_MIN = 1.0
SCORE_MAX = 10.0
USE_COUNT_MAX = 1_000_000_000  # an imported track record beyond this is not a real one
SECTIONS = ("procedure", "pitfalls", "verification")
DEFAULT_TASK_TYPE = "general"
DISPLAY_NAME = "display_name"  # the metadata key that keeps a name outside the rule (see ascii_name)

_NAME_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_HEADING_RE = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t#]*$", re.MULTILINE)


def _fold(text: str) -> str:
    """``text`` with compatibility forms and accents folded (``Ｃａｆé`` -> ``Cafe``); other
    scripts are left as they are."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def slugify(text: str) -> str:
    """A valid skill name made from ``text``: ``Python Code Review`` -> ``python-code-review``.

    Accents and full-width forms are folded to ASCII (``Café`` -> ``cafe``), CamelCase is split
    (``ResearchHelper`` -> ``research-helper``), anything else outside ``[a-z0-9]`` becomes one
    hyphen (letters of other scripts included), and the result is cut to 64 characters.
    """
    text = _fold(text)
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1-\2", text)
    text = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1-\2", text)
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug[:NAME_MAX].rstrip("-")


def ascii_name(text: str, *, fallback: str | None = None) -> str:
    """The skill name (an ASCII id) for ``text``, a name as a file gives it; ``""`` if none can be made.

    ``text`` itself when it is valid. Else, when ``text`` has letters or digits outside ASCII
    (accents folded first), the first that gives a name of: ``fallback`` slugified (the importer
    passes the skill's folder name), ``text``'s ASCII words slugified, ``skill-`` and 8 hex digits
    of the SHA-256 of ``text`` in NFC (stable across runs and machines). Else (an ASCII name):
    ``text`` slugified, else ``fallback`` slugified, else ``""`` (``!!!`` names nothing).
    """
    text = text.strip()
    if _NAME_RE.match(text) and len(text) <= NAME_MAX:
        return text
    foreign = any(ch.isalnum() and not ch.isascii() for ch in _fold(text))
    order = (fallback or "", text) if foreign else (text, fallback or "")
    for candidate in order:
        if slug := slugify(candidate):
            return slug
    if foreign:
        digest = hashlib.sha256(unicodedata.normalize("NFC", text).encode("utf-8")).hexdigest()
        return f"skill-{digest[:8]}"
    return ""


def with_suffix(name: str, n: int) -> str:
    """``name-N``, ``name`` cut so the result stays within :data:`NAME_MAX` characters."""
    suffix = f"-{n}"
    return name[: NAME_MAX - len(suffix)].rstrip("-") + suffix


def free_name(name: str, taken: Container[str] | Callable[[str], bool]) -> str:
    """``name`` if it is not taken, else the first of ``name-2``, ``name-3``, ... that is not
    (each cut to :data:`NAME_MAX` characters by :func:`with_suffix`).

    ``taken`` is a set of names (or anything supporting ``in``, such as a store) or a
    predicate. The one rule for finding a free name: the importer's renames, the agent's new
    skills, the evolution simulation and the benchmark loaders all use it.
    """
    is_taken = taken if callable(taken) else taken.__contains__
    if not is_taken(name):
        return name
    for n in range(2, 100_000):
        candidate = with_suffix(name, n)
        if not is_taken(candidate):
            return candidate
    raise SkillFormatError(f"no free name near {name!r}", field="name")


def validate_name(name: object, *, path: str | None = None) -> str:
    if not isinstance(name, str) or not name:
        raise SkillFormatError(
            "name is required (1-64 characters of a-z, 0-9 and '-')", path=path, field="name"
        )
    if len(name) > NAME_MAX or not _NAME_RE.match(name):
        hint = slugify(name)
        offer = f"; try {hint!r}" if hint else ""
        raise SkillFormatError(
            f"invalid name {name!r}: use 1-64 characters of a-z, 0-9 and single hyphens{offer}",
            path=path,
            field="name",
        )
    return name


def validate_description(description: object, *, path: str | None = None) -> str:
    if not isinstance(description, str) or not description.strip():
        raise SkillFormatError("description is required (1-1024 characters)", path=path, field="description")
    description = description.strip()
    if len(description) > DESCRIPTION_MAX:
        raise SkillFormatError(
            f"description has {len(description)} characters; the limit is {DESCRIPTION_MAX}",
            path=path,
            field="description",
        )
    return description


def validate_score(score: object) -> float:
    if isinstance(score, bool) or not isinstance(score, (int, float)):
        raise SkillFormatError(f"score must be a number from 1 to 10, got {score!r}", field="score")
    value = float(score)
    if not SCORE_MIN <= value <= SCORE_MAX:
        raise SkillFormatError(f"score must be from 1 to 10, got {score!r}", field="score")
    return value


def validate_stats(
    use_count: object, avg_score: object, *, path: str | None = None
) -> tuple[int, float | None]:
    """``(use_count, avg_score)`` of a track record given with a skill (JSON forms, index
    entries), or :class:`SkillFormatError` naming the field: use_count a whole number from 0
    to 1,000,000,000 (not a bool), avg_score a number from 1 to 10 (not a bool, not text),
    required when use_count is above 0."""
    uses = 0 if use_count is None else use_count
    if isinstance(uses, bool) or not isinstance(uses, int) or not 0 <= uses <= USE_COUNT_MAX:
        raise SkillFormatError(
            f"use_count must be a whole number from 0 to {USE_COUNT_MAX:,}, got {use_count!r}",
            path=path,
            field="use_count",
        )
    if avg_score is None:
        if uses:
            raise SkillFormatError(
                f"use_count {uses} needs an avg_score from 1 to 10", path=path, field="avg_score"
            )
        return 0, None
    if (
        isinstance(avg_score, bool)
        or not isinstance(avg_score, (int, float))
        or not SCORE_MIN <= avg_score <= SCORE_MAX
    ):
        raise SkillFormatError(
            f"avg_score must be a number from 1 to 10, got {avg_score!r}", path=path, field="avg_score"
        )
    return uses, float(avg_score)


def split_words(name: str) -> str:
    """``mcp-builder`` -> ``mcp builder``; ``SpeedyMarketing`` -> ``Speedy Marketing``."""
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    text = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1 \2", text)
    return re.sub(r"[-_\s]+", " ", text).strip()


def now_iso() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


# ---------------------------------------------------------------- body sections


def _find_section(body: str, title: str) -> tuple[int, int, int] | None:
    """(heading start, content start, content end) of the ``## Title`` section, or None."""
    headings = list(_HEADING_RE.finditer(body))
    for i, match in enumerate(headings):
        if match.group(2).strip().lower() == title.lower() and len(match.group(1)) == 2:
            end = len(body)
            for later in headings[i + 1 :]:
                if len(later.group(1)) <= 2:
                    end = later.start()
                    break
            return match.start(), match.end(), end
    return None


def section(body: str, title: str) -> str:
    """The text under ``## Title`` (up to the next heading of level 1 or 2), stripped."""
    found = _find_section(body, title)
    return body[found[1] : found[2]].strip() if found else ""


def set_section(body: str, title: str, text: str) -> str:
    """``body`` with the ``## Title`` section replaced by ``text`` (appended if absent)."""
    text = text.strip()
    found = _find_section(body, title)
    if found is None:
        if not text:
            return body
        sep = "" if not body.strip() else "\n\n"
        return f"{body.rstrip()}{sep}## {title.title()}\n\n{text}\n"
    _, start, end = found
    tail = body[end:]
    block = f"\n\n{text}\n" if text else "\n"
    if tail:
        block += "\n"
    return body[:start] + block + tail


def compose_body(name: str, description: str, procedure: str, pitfalls: str, verification: str) -> str:
    """A SKILL.md body for a skill given as fields (JSON form, extracted skills)."""
    parts = [f"# {split_words(name).title()}", "", description.strip(), ""]
    for title, text in (("Procedure", procedure), ("Pitfalls", pitfalls), ("Verification", verification)):
        parts += [f"## {title}", "", text.strip(), ""]
    return "\n".join(parts)


def _as_text(value: object, field_name: str) -> str:
    """Procedure/pitfalls/verification given as a string or a list of lines."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        marker = (lambda i: f"{i}.") if field_name == "procedure" else (lambda i: "-")
        return "\n".join(f"{marker(i)} {v.strip()}" for i, v in enumerate(value, 1))
    raise SkillFormatError(f"{field_name} must be text or a list of strings", field=field_name)


# ---------------------------------------------------------------- the skill


@dataclass(frozen=True)
class SkillSummary:
    """Level 0: what the index holds and the router returns."""

    name: str
    description: str
    task_type: str
    tags: tuple[str, ...]
    use_count: int = 0
    avg_score: float | None = None
    status: str = "active"
    trust_level: str | None = (
        None  # where its content came from (skillrouter.security.policy); None: not stored
    )

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "task_type": self.task_type,
            "tags": list(self.tags),
            "use_count": self.use_count,
            "avg_score": self.avg_score,
            "status": self.status,
            "trust_level": self.trust_level,
        }


@dataclass(frozen=True)
class Skill:
    """Level 1: a full skill. Statistics are filled in by the store from SQLite."""

    name: str
    description: str
    task_type: str = DEFAULT_TASK_TYPE
    body: str = ""
    tags: tuple[str, ...] = ()
    source: str | None = None
    license: str | None = None
    compatibility: str | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict)
    allowed_tools: str | list[str] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    created_at: str | None = None
    updated_at: str | None = None
    version: int = 1
    use_count: int = 0
    avg_score: float | None = None
    status: str = "active"
    trust_level: str | None = None  # filled in by the store, like the statistics

    def __post_init__(self) -> None:
        validate_name(self.name)
        object.__setattr__(self, "description", validate_description(self.description))
        if not isinstance(self.task_type, str) or not self.task_type.strip():
            object.__setattr__(self, "task_type", DEFAULT_TASK_TYPE)
        object.__setattr__(
            self, "tags", tuple(dict.fromkeys(str(t).strip() for t in self.tags if str(t).strip()))
        )

    @property
    def display_name(self) -> str:
        """The name as its author wrote it (``metadata.display_name``, kept when a name outside
        the rule was replaced: see :func:`ascii_name`), else :attr:`name`."""
        shown = self.metadata.get(DISPLAY_NAME) if isinstance(self.metadata, Mapping) else None
        return shown.strip() if isinstance(shown, str) and shown.strip() else self.name

    def trigger_texts(self) -> list[str]:
        """Extra text a task may match the skill by (see :func:`trigger_texts`)."""
        return trigger_texts(self.metadata)

    # Level 1 sections, read from the body
    @property
    def procedure(self) -> str:
        return section(self.body, "Procedure")

    @property
    def pitfalls(self) -> str:
        return section(self.body, "Pitfalls")

    @property
    def verification(self) -> str:
        return section(self.body, "Verification")

    @classmethod
    def create(
        cls,
        name: str,
        description: str,
        *,
        task_type: str = DEFAULT_TASK_TYPE,
        procedure: object = "",
        pitfalls: object = "",
        verification: object = "",
        tags: Iterable[str] = (),
        **kwargs: Any,
    ) -> Skill:
        """A skill from fields (the design's JSON form, or what an LLM extracted)."""
        validate_name(name)
        description = validate_description(description)
        body = compose_body(
            name,
            description,
            _as_text(procedure, "procedure"),
            _as_text(pitfalls, "pitfalls"),
            _as_text(verification, "verification"),
        )
        return cls(
            name=name, description=description, task_type=task_type, body=body, tags=tuple(tags), **kwargs
        )

    def renamed(self, name: str) -> Skill:
        """A copy named ``name``; a body that opens with the title :meth:`create` composes from
        the old name opens with the new name's."""
        validate_name(name)
        old, new = f"# {split_words(self.name).title()}", f"# {split_words(name).title()}"
        first, sep, rest = self.body.partition("\n")
        body = new + sep + rest if first == old else self.body
        return replace(self, name=name, body=body)

    def with_sections(self, **sections: object) -> Skill:
        """A copy with some of procedure/pitfalls/verification rewritten in the body."""
        body = self.body
        for key, value in sections.items():
            if key not in SECTIONS:
                raise SkillFormatError(
                    f"unknown section {key!r}; expected one of {', '.join(SECTIONS)}", field=key
                )
            body = set_section(body, key.title(), _as_text(value, key))
        return replace(self, body=body)

    def summary(self) -> SkillSummary:
        return SkillSummary(
            name=self.name,
            description=self.description,
            task_type=self.task_type,
            tags=self.tags,
            use_count=self.use_count,
            avg_score=self.avg_score,
            status=self.status,
            trust_level=self.trust_level,
        )

    def level0_text(self) -> str:
        """The text the dense index embeds: the description (see :func:`level0_text`)."""
        return level0_text(self.name, self.description)

    def summary_text(self) -> str:
        """``"name words: description"``: what duplicate detection compares and keyword coverage
        counts (see :func:`summary_text`)."""
        return summary_text(self.name, self.description)

    def lexical_text(self) -> str:
        """The text the keyword index reads: the Level 0 text and the start of the body
        (see :func:`lexical_text`)."""
        return lexical_text(self.name, self.description, self.body)


LEXICAL_BODY_CHARS = 1500
TRIGGERS = "triggers"  # metadata key: phrases a user says for the skill (a string or a list of them)
TRIGGER_TEXTS = 32  # at most this many trigger texts per skill reach the index


def trigger_texts(metadata: Mapping[str, Any] | None) -> list[str]:
    """The texts beside the description that a task may match a skill by, each a document of the
    skill in both indexes: ``metadata.triggers`` (a phrase or a list of phrases, in any language:
    Hermes Agent users write CJK triggers) and localized descriptions ``metadata.description_<lang>``
    (``description_zh``, ``description_ja``, ...), in that order, blank and repeated ones left
    out, at most :data:`TRIGGER_TEXTS`."""
    if not isinstance(metadata, Mapping):
        return []
    found: list[Any] = []
    triggers = metadata.get(TRIGGERS)
    found += triggers if isinstance(triggers, list) else [triggers]
    found += [metadata[k] for k in sorted(metadata) if isinstance(k, str) and k.startswith("description_")]
    texts = [" ".join(t.split()) for t in found if isinstance(t, str)]
    return list(dict.fromkeys(t for t in texts if t))[:TRIGGER_TEXTS]


def level0_text(name: str, description: str) -> str:
    """What the dense index embeds for a skill: its description.

    Chosen on the evaluation suite's mean over nine corpora (docs/evaluation/routing.md, "Choosing
    the defaults", benchmarks/choose_defaults.py): with keyword fusion on, the description alone
    edged out ``"name: description"`` and ``"name words: description"`` (0.767 / 0.763 / 0.762
    mean P@1; a skill's name still reaches the keyword index, see :func:`summary_text`), and
    appending tags lowered P@1 where tags are categories (Seal-Tools' fields: -6 points dense).
    Tags and task type still filter a route (``route(tags=..., task_type=...)``).
    """
    return description.strip()


def summary_text(name: str, description: str) -> str:
    """``"name words: description"``: what the keyword index's coverage counts, the start of the
    text BM25 reads (:func:`lexical_text`), and what duplicate detection embeds (two skills are
    the same if both their names and descriptions say so)."""
    return f"{split_words(name)}: {description.strip()}"


def lexical_text(name: str, description: str, body: str) -> str:
    """What the keyword (BM25) index reads for a skill: its summary and the first 1,500
    characters of its body, where a skill names the tools, files and terms a user's request
    shares with it (+3 points of suite-mean P@1 over the summary alone, +4 to +9 on the two
    skill libraries; the whole body was worse than its start)."""
    return f"{summary_text(name, description)}\n{body[:LEXICAL_BODY_CHARS]}"
