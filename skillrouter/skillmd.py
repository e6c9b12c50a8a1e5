"""Reading and writing skills: Agent Skills ``SKILL.md`` and the design's JSON form.

``SKILL.md`` is YAML front matter between ``---`` lines, then a Markdown body. Known keys
map to :class:`~skillrouter.skill.Skill` fields; every other key is kept in ``extra`` and
written back unchanged, in its place after the known keys.

The JSON form is the design's ``{"name", "description", "task_type", "procedure",
"pitfalls", "verification", "use_count", "avg_score"}`` plus the optional fields of a skill
(``tags``, ``version``, ``source``, ``body``, ``extra``, ...). A JSON skill that carries
``body`` round-trips byte for byte; one without gets a body composed from its sections.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from skillrouter.errors import SkillFormatError
from skillrouter.skill import (
    DEFAULT_TASK_TYPE,
    Skill,
    slugify,
    validate_description,
    validate_name,
    validate_stats,
)

# Keys of the front matter that are Skill fields, in the order they are written.
_KNOWN = (
    "name",
    "description",
    "task_type",
    "tags",
    "source",
    "license",
    "compatibility",
    "allowed-tools",
    "metadata",
    "created_at",
    "updated_at",
)
_FRONT_RE = re.compile(r"\A---[ \t]*\n(.*?)\n(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.DOTALL)
# Front matter may share values through YAML aliases, but not expand into a "billion laughs":
# the values it holds once every alias is expanded are counted before anything is built.
MAX_YAML_VALUES = 10_000


class _Loader(yaml.SafeLoader):
    """SafeLoader that keeps dates as strings, so they survive a JSON export unchanged."""


_Loader.yaml_implicit_resolvers = {
    ch: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for ch, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


class _Dumper(yaml.SafeDumper):
    pass


def _str_presenter(dumper: yaml.SafeDumper, data: str) -> yaml.ScalarNode:
    style = "|" if "\n" in data else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(str, _str_presenter)


def normalise_text(raw: bytes | str, repairs: list[str] | None = None) -> str:
    """Decode (UTF-8, falling back to cp1252 for stray bytes), drop a BOM, use LF newlines.

    Each repair made is described in ``repairs`` when given.
    """
    notes: list[str] = []
    if isinstance(raw, bytes):
        if raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
            notes.append("BOM removed")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            text = raw.decode("cp1252", errors="replace")
            notes.append(f"not UTF-8 (byte {err.start}); read as cp1252")
    else:
        text = raw
    if text.startswith("\ufeff"):
        text = text.lstrip("\ufeff")
        notes.append("BOM removed")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        notes.append("CRLF/CR newlines read as LF")
    if repairs is not None:
        repairs.extend(notes)
    return text


def _expanded_values(root: yaml.Node) -> int:
    """How many values ``root`` holds once every alias is expanded (capped just above
    MAX_YAML_VALUES; a node that contains itself counts as too many)."""
    sizes: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]

    def children(node: yaml.Node) -> list[yaml.Node]:
        if isinstance(node, yaml.MappingNode):
            return [part for pair in node.value for part in pair]
        return list(node.value) if isinstance(node, yaml.SequenceNode) else []

    while stack:
        node, finished = stack.pop()
        key = id(node)
        if finished:
            on_path.discard(key)
            sizes[key] = min(MAX_YAML_VALUES + 1, 1 + sum(sizes[id(c)] for c in children(node)))
            continue
        if key in sizes:
            continue
        if key in on_path:
            return MAX_YAML_VALUES + 1
        on_path.add(key)
        stack.append((node, True))
        stack.extend((c, False) for c in children(node) if id(c) not in sizes)
    return sizes[id(root)]


def _load_yaml(text: str, *, path: str | None) -> object:
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        if _expanded_values(node) > MAX_YAML_VALUES:
            raise SkillFormatError(
                f"front matter expands YAML aliases to more than {MAX_YAML_VALUES:,} values", path=path
            )
        return loader.construct_document(node)
    finally:
        loader.dispose()


def split_front_matter(
    text: str, *, path: str | None = None, repairs: list[str] | None = None
) -> tuple[dict[str, Any], str]:
    """(front matter mapping, body). A file without front matter has an empty mapping.

    Front matter that holds too many values once its aliases are expanded, or is nested
    too deeply to read, is a :class:`SkillFormatError`.
    """
    match = _FRONT_RE.match(text)
    if not match:
        return {}, text
    raw = match.group(1)
    try:
        try:
            data = _load_yaml(raw, path=path)
        except yaml.YAMLError as first:
            try:  # tabs used for indentation are the commonest hand-edit mistake
                data = _load_yaml(raw.replace("\t", "  "), path=path)
            except yaml.YAMLError:
                mark = getattr(first, "problem_mark", None)
                where = f" (line {mark.line + 2})" if mark is not None else ""
                raise SkillFormatError(f"front matter is not valid YAML{where}", path=path) from None
            if repairs is not None:
                repairs.append("tabs in the front matter read as spaces")
    except RecursionError:
        raise SkillFormatError("front matter is nested too deeply to read", path=path) from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise SkillFormatError("front matter must be a mapping of keys to values", path=path)
    return {str(k): v for k, v in data.items()}, text[match.end() :]


def _first_paragraph(body: str) -> str:
    for block in re.split(r"\n\s*\n", body):
        lines = [ln.strip() for ln in block.strip().splitlines()]
        lines = [ln for ln in lines if ln and not ln.startswith(("#", "```", "|", "<!--", "---"))]
        if lines:
            return " ".join(lines)[:1024].strip()
    return ""


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


def parse_skill_md(
    raw: bytes | str,
    *,
    path: str | Path | None = None,
    fallback_name: str | None = None,
    warnings: list[str] | None = None,
) -> Skill:
    """A :class:`Skill` from SKILL.md text.

    Strict unless ``warnings`` is given: then a missing or invalid ``name`` falls back to
    ``fallback_name`` (slugified) and a missing ``description`` to the body's first
    paragraph, each noted in ``warnings``. What cannot be repaired raises
    :class:`SkillFormatError` naming the file and field.
    """
    where = str(path) if path is not None else None
    repairs: list[str] = []
    text = normalise_text(raw, repairs)
    front, body = split_front_matter(text, path=where, repairs=repairs)
    if warnings is not None:
        warnings.extend(f"{where}: {note}" for note in repairs)
    if not front and warnings is None:
        raise SkillFormatError("no YAML front matter (a SKILL.md starts with '---')", path=where)
    lenient = warnings is not None
    name = front.get("name")
    try:
        name = validate_name(name if isinstance(name, str) else None, path=where)
    except SkillFormatError:
        if not lenient:
            raise
        candidate = (
            slugify(str(name)) if isinstance(name, str) and slugify(name) else slugify(fallback_name or "")
        )
        if not candidate:
            raise
        warnings.append(f"{where}: name {name!r} is not valid; using {candidate!r}")  # type: ignore[union-attr]
        name = candidate
    description = front.get("description")
    if isinstance(description, (list, dict)):
        description = None
    try:
        description = validate_description(None if description is None else str(description), path=where)
    except SkillFormatError as err:
        if not lenient:
            raise
        if description is not None and len(str(description).strip()) > 1024:
            description = str(description).strip()[:1021].rstrip() + "..."
            warnings.append(f"{where}: description longer than 1024 characters; cut")  # type: ignore[union-attr]
        else:
            description = _first_paragraph(body)
            if not description:
                raise err from None
            warnings.append(f"{where}: no description; using the first paragraph")  # type: ignore[union-attr]
    allowed = front.get("allowed-tools")
    extra = {k: v for k, v in front.items() if k not in _KNOWN}
    meta = front.get("metadata")
    try:
        return Skill(
            name=name,
            description=description,
            task_type=str(front.get("task_type") or DEFAULT_TASK_TYPE),
            body=body,
            tags=_tags(front.get("tags"), meta),
            source=_opt_str(front.get("source")),
            license=_opt_str(front.get("license")),
            compatibility=_opt_str(front.get("compatibility")),
            metadata=meta if isinstance(meta, dict) else ({} if meta is None else {"value": meta}),
            allowed_tools=allowed if isinstance(allowed, (str, list)) else None,
            extra=extra,
            created_at=_opt_str(front.get("created_at")),
            updated_at=_opt_str(front.get("updated_at")),
        )
    except SkillFormatError as err:
        raise SkillFormatError(err.message, path=where, field=err.field) from None


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
    head = yaml.dump(
        front_matter(skill), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=1_000_000
    )
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
        if isinstance(data.get("body"), str) and data["body"].strip():
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
