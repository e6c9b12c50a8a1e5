"""Source tool names made valid skill names: kebab-case (:func:`slug`), collision-free
(:func:`unique_slugs`)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from skillrouter.skill import free_name, slugify

_FALLBACK_SLUG = "tool"


def slug(text: str) -> str:
    """A valid skill name made from a tool name: ``ResearchHelper`` -> ``research-helper``.

    CamelCase and acronyms are split (``SEOTool`` -> ``seo-tool``, ``getPM2.5Level`` ->
    ``get-pm2-5-level``), every run of characters outside ``[a-z0-9]`` becomes one hyphen, and the
    result is cut to 64 characters. A name with nothing usable in it becomes ``"tool"``.
    """
    return slugify(text) or _FALLBACK_SLUG


def unique_slugs(names: Iterable[str]) -> dict[str, str]:
    """Original name -> skill name, one-to-one and independent of the order ``names`` come in.

    Names whose :func:`slug` is shared by no other name keep it. Within a group that shares one,
    the originals are sorted; the first keeps the plain slug and the others get ``-2``, ``-3``, ...
    (skipping any name already taken), so the result is deterministic.
    """
    originals = sorted(set(names))
    groups: dict[str, list[str]] = defaultdict(list)
    for original in originals:
        groups[slug(original)].append(original)
    taken = set(groups)
    mapping: dict[str, str] = {}
    for base in sorted(groups):
        first, *rest = groups[base]
        mapping[first] = base
        for original in rest:
            candidate = free_name(base, taken)
            taken.add(candidate)
            mapping[original] = candidate
    return mapping
