"""Reading and writing skills: Agent Skills ``SKILL.md`` and the design's JSON form.

``SKILL.md`` is YAML front matter between ``---`` lines, then a Markdown body. Known keys
map to :class:`~skillrouter.skill.Skill` fields; every other key is kept in ``extra`` and
written back unchanged, in its place after the known keys. ``metadata`` is kept whole, so what a
skill carries there (``metadata.triggers``, localized descriptions such as
``metadata.description_zh``, ``metadata.display_name``) survives SKILL.md and JSON both ways.

Reading is strict by default: a file outside the rules is a :class:`SkillFormatError` naming the
file and field. A bulk import reads leniently (``parse_skill_md(..., warnings=[...])``, as real
community libraries and their machine translations need): the repairs, each noted in a warning,
are :mod:`skillrouter.frontmatter_repair`'s; the YAML underneath is :mod:`skillrouter.frontmatter`'s.

The JSON form is the design's ``{"name", "description", "task_type", "procedure",
"pitfalls", "verification", "use_count", "avg_score"}`` plus the optional fields of a skill
(``tags``, ``version``, ``source``, ``body``, ``extra``, ...). A JSON skill that carries
``body`` round-trips byte for byte (an empty one too, unless sections are given beside it); one
without gets a body composed from its sections.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from skillrouter.errors import SkillFormatError
from skillrouter.frontmatter import (
    KNOWN_KEYS,
    MAX_YAML_VALUES,
    dump_front,
    normalise_text,
    split_front_matter,
)
from skillrouter.skill import (
    DEFAULT_TASK_TYPE,
    DISPLAY_NAME,
    Skill,
    validate_description,
    validate_name,
    validate_stats,
)

# MAX_YAML_VALUES, normalise_text and split_front_matter are read from here too
__all__ = [
    "MAX_YAML_VALUES",
    "dumps_json",
    "front_matter",
    "normalise_text",
    "parse_skill_md",
    "read_skill_md",
    "render_skill_md",
    "skill_from_json",
    "skill_to_json",
    "split_front_matter",
]


def parse_skill_md(
    raw: bytes | str,
    *,
    path: str | Path | None = None,
    fallback_name: str | None = None,
    warnings: list[str] | None = None,
) -> Skill:
    """A :class:`Skill` from SKILL.md text.

    Strict unless ``warnings`` is given: then what can be repaired is repaired, each repair noted
    in ``warnings`` as ``"path: what was done"`` (see the module docstring for the list), and a
    name outside the rule becomes a valid one by :func:`~skillrouter.skill.ascii_name` (the
    folder name is ``fallback_name``), the original kept as ``metadata.display_name`` when it has
    characters outside ASCII. What cannot be repaired raises :class:`SkillFormatError` naming the
    file and field.
    """
    # imported here: its patterns cost a fresh process milliseconds, and a route parses no file
    from skillrouter.frontmatter_repair import (
        canonical_keys,
        read_front,
        repaired_description,
        repaired_name,
        valid_name,
    )

    where = str(path) if path is not None else None
    notes: list[str] = []
    lenient = warnings is not None
    try:
        text = normalise_text(raw, notes)
        front = read_front(text, path=where, notes=notes, lenient=lenient)
        if not lenient:
            if not front.data:
                raise SkillFormatError("no YAML front matter (a SKILL.md starts with '---')", path=where)
            return _build(front.data, front.body, where)
        if front.raw is None:
            notes.append("no front matter")
        data = canonical_keys(front.data, notes)
        metadata = _metadata(data.get("metadata"))
        name = data.get("name")
        if not (isinstance(name, str) and valid_name(name)):
            name, display = repaired_name(name, fallback_name, notes)
            if display and DISPLAY_NAME not in metadata:
                metadata[DISPLAY_NAME] = display
        description = repaired_description(data, front.body, front.raw, notes, failure=front.failure)
        data = {**data, "name": name, "description": description, "metadata": metadata or None}
        return _build(data, front.body, where)
    except SkillFormatError as err:
        raise SkillFormatError(err.message, path=where, field=err.field) from None
    finally:
        if warnings is not None:
            warnings.extend(f"{where}: {note}" for note in notes)


def _metadata(meta: object) -> dict[str, Any]:
    return dict(meta) if isinstance(meta, dict) else ({} if meta is None else {"value": meta})


def _build(front: dict[str, Any], body: str, where: str | None) -> Skill:
    """The Skill a front matter mapping and a body make; SkillFormatError names the field."""
    name = front.get("name")
    validate_name(name if isinstance(name, str) else None, path=where)
    description = front.get("description")
    allowed = front.get("allowed-tools")
    meta = front.get("metadata")
    return Skill(
        name=name,  # type: ignore[arg-type]
        description=validate_description(
            None if description is None or isinstance(description, (list, dict)) else str(description),
            path=where,
        ),
        task_type=str(front.get("task_type") or DEFAULT_TASK_TYPE),
        body=body,
        tags=_tags(front.get("tags"), meta),
        source=_opt_str(front.get("source")),
        license=_opt_str(front.get("license")),
        compatibility=_opt_str(front.get("compatibility")),
        metadata=_metadata(meta),
        allowed_tools=allowed if isinstance(allowed, (str, list)) else None,
        extra={k: v for k, v in front.items() if k not in KNOWN_KEYS},
        created_at=_opt_str(front.get("created_at")),
        updated_at=_opt_str(front.get("updated_at")),
    )


def _tags(value: object, meta: object) -> tuple[str, ...]:
    if isinstance(value, str):
        return tuple(t.strip() for t in value.split(",") if t.strip())
    if isinstance(value, list):
        return tuple(str(t) for t in value if t is not None)
    # Hermes keeps tags in metadata.hermes.tags; others in metadata.tags
    if isinstance(meta, dict):
        for holder in (meta, *(v for v in meta.values() if isinstance(v, dict))):
            found = holder.get("tags")
            if isinstance(found, list):
                return tuple(str(t) for t in found if t is not None)
    return ()


def _opt_str(value: object) -> str | None:
    return None if value is None else str(value)


def read_skill_md(path: str | Path) -> Skill:
    """Strictly parse one SKILL.md file."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as err:
        raise SkillFormatError(f"cannot read: {err.strerror}", path=path) from None
    return parse_skill_md(raw, path=path)


def front_matter(skill: Skill) -> dict[str, Any]:
    """The front matter mapping for ``skill``, known keys first, extra keys after."""
    data: dict[str, Any] = {"name": skill.name, "description": skill.description}
    if skill.task_type != DEFAULT_TASK_TYPE:
        data["task_type"] = skill.task_type
    if skill.tags:
        data["tags"] = list(skill.tags)
    for key, value in (
        ("source", skill.source),
        ("license", skill.license),
        ("compatibility", skill.compatibility),
        ("allowed-tools", skill.allowed_tools),
    ):
        if value is not None:
            data[key] = value
    if skill.metadata:
        data["metadata"] = dict(skill.metadata)
    if skill.created_at:
        data["created_at"] = skill.created_at
    if skill.updated_at:
        data["updated_at"] = skill.updated_at
    data.update(skill.extra)
    return data


def render_skill_md(skill: Skill) -> str:
    head = dump_front(front_matter(skill))
    # the newline after the closing '---' belongs to the fence: parsing drops it, so the
    # body (leading blank lines included) comes back exactly as it was
    return f"---\n{head}---\n{skill.body}"


# ---------------------------------------------------------------- JSON form


def skill_to_json(skill: Skill, *, stats: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": skill.name,
        "description": skill.description,
        "task_type": skill.task_type,
        "procedure": skill.procedure,
        "pitfalls": skill.pitfalls,
        "verification": skill.verification,
    }
    if stats:
        data.update(use_count=skill.use_count, avg_score=skill.avg_score)
    data.update(
        tags=list(skill.tags),
        version=skill.version,
        source=skill.source,
        license=skill.license,
        compatibility=skill.compatibility,
        metadata=dict(skill.metadata),
        allowed_tools=skill.allowed_tools,
        created_at=skill.created_at,
        updated_at=skill.updated_at,
        status=skill.status,
        extra=dict(skill.extra),
        body=skill.body,
    )
    return data


_JSON_FIELDS = {
    "name",
    "description",
    "task_type",
    "procedure",
    "pitfalls",
    "verification",
    "use_count",
    "avg_score",
    "tags",
    "version",
    "source",
    "license",
    "compatibility",
    "metadata",
    "allowed_tools",
    "allowed-tools",
    "created_at",
    "updated_at",
    "status",
    "extra",
    "body",
    "trust_level",
}  # a file never chooses its own trust level: the store records it


def skill_from_json(data: object, *, path: str | Path | None = None) -> Skill:
    """A :class:`Skill` from the JSON form. Unknown keys are kept in ``extra``."""
    where = str(path) if path is not None else None
    if not isinstance(data, Mapping):
        raise SkillFormatError(f"a skill must be a JSON object, got {type(data).__name__}", path=where)
    for key in ("extra", "metadata"):
        if data.get(key) is not None and not isinstance(data[key], Mapping):
            raise SkillFormatError(
                f"{key} must be an object, got {type(data[key]).__name__}", path=where, field=key
            )
    tags = data.get("tags")
    if tags is not None and not isinstance(tags, (str, list)):
        raise SkillFormatError(
            f"tags must be a list or 'a, b' text, got {type(tags).__name__}", path=where, field="tags"
        )
    extra = dict(data.get("extra") or {})
    extra.update({k: v for k, v in data.items() if k not in _JSON_FIELDS})
    use_count, avg = validate_stats(data.get("use_count"), data.get("avg_score"), path=where)
    common: dict[str, Any] = {
        "task_type": str(data.get("task_type") or DEFAULT_TASK_TYPE),
        "tags": _tags(tags, None),  # a list, or "a, b" as in SKILL.md
        "source": data.get("source"),
        "license": data.get("license"),
        "compatibility": data.get("compatibility"),
        "metadata": dict(data.get("metadata") or {}),
        "allowed_tools": data.get("allowed_tools", data.get("allowed-tools")),
        "extra": extra,
        "created_at": data.get("created_at"),
        "updated_at": data.get("updated_at"),
        "version": int(data.get("version") or 1) if str(data.get("version") or 1).isdigit() else 1,
        "use_count": use_count,
        "avg_score": avg,
        "status": str(data.get("status") or "active"),
    }
    try:
        sections_given = any(data.get(k) for k in ("procedure", "pitfalls", "verification"))
        if isinstance(data.get("body"), str) and (data["body"].strip() or not sections_given):
            skill = Skill(
                name=data.get("name"),  # type: ignore[arg-type]
                description=data.get("description"),  # type: ignore[arg-type]
                body=data["body"],
                **common,
            )
            sections = {k: data[k] for k in ("procedure", "pitfalls", "verification") if data.get(k)}
            if any(str(v).strip() != getattr(skill, k) for k, v in sections.items()):
                skill = skill.with_sections(**sections)
            return skill
        return Skill.create(
            data.get("name"),  # type: ignore[arg-type]
            data.get("description"),  # type: ignore[arg-type]
            procedure=data.get("procedure"),
            pitfalls=data.get("pitfalls"),
            verification=data.get("verification"),
            **common,
        )
    except SkillFormatError as err:
        raise SkillFormatError(err.message, path=where, field=err.field) from None


def dumps_json(skill: Skill) -> str:
    return json.dumps(skill_to_json(skill), ensure_ascii=False, indent=2)
