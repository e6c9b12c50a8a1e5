"""The YAML front matter of a SKILL.md: bytes to text, a safe loader, the strict split.

What both readers stand on (:mod:`skillrouter.skillmd`, strict, and
:mod:`skillrouter.frontmatter_repair`, lenient): text decoded the one way, YAML read with dates kept
as strings and aliases counted before anything is built, a front matter that is not a mapping
refused in one error naming the file.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any

from skillrouter.errors import SkillFormatError

if TYPE_CHECKING:
    import yaml

__all__ = [
    "FRONT_RE",
    "KNOWN_KEYS",
    "MAX_YAML_VALUES",
    "UnreadableFrontMatter",
    "normalise_text",
    "split_front_matter",
    "yaml_mapping",
]

# Keys of the front matter that are Skill fields, in the order they are written.
KNOWN_KEYS = (
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
FRONT_RE = re.compile(r"\A---[ \t]*\n(.*?)\n(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.DOTALL)
# Front matter may share values through YAML aliases, but not expand into a "billion laughs":
# the values it holds once every alias is expanded are counted before anything is built.
MAX_YAML_VALUES = 10_000


class _Yaml:
    """PyYAML and what we build on it, made on first use: importing PyYAML compiles its patterns,
    about 10 ms of a fresh process that never reads a SKILL.md (a route over an unchanged store).

    ``Loader`` is SafeLoader with dates kept as strings (so they survive a JSON export unchanged);
    ``Dumper`` writes text as it is (a block for several lines); ``fast_dumper`` is libyaml's
    emitter doing the same (when PyYAML was built with it), which writes what ``Dumper`` writes,
    eight times faster, except that it escapes characters beyond the Basic Multilingual Plane
    ("\\U0001F4F1" for an emoji): measured on the 2,329 real skills of shared/data, the 393 with
    such a character differ and no other does. :func:`dump_front` uses it only where no such
    character is."""

    def __init__(self) -> None:
        import yaml

        class Loader(yaml.SafeLoader):
            pass

        Loader.yaml_implicit_resolvers = {
            ch: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
            for ch, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
        }

        def text_as_is(dumper: yaml.SafeDumper, data: str) -> yaml.ScalarNode:
            style = "|" if "\n" in data else None
            return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)

        class Dumper(yaml.SafeDumper):
            pass

        Dumper.add_representer(str, text_as_is)
        self.fast_dumper: type | None = None
        if getattr(yaml, "__with_libyaml__", False):

            class FastDumper(yaml.CSafeDumper):
                pass

            FastDumper.add_representer(str, text_as_is)
            self.fast_dumper = FastDumper
        for made in (Loader, Dumper, self.fast_dumper):  # found where pickle and tracebacks look
            if made is not None:
                made.__qualname__ = made.__name__ = (
                    "FAST_DUMPER" if made is self.fast_dumper else made.__name__
                )
                made.__module__ = __name__
        self.yaml = yaml
        self.Loader = Loader
        self.Dumper = Dumper


@cache
def _yaml() -> _Yaml:
    return _Yaml()


def __getattr__(name: str) -> Any:
    if name in ("Loader", "Dumper"):
        return getattr(_yaml(), name)
    if name == "FAST_DUMPER":
        return _yaml().fast_dumper
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def dump_front(data: dict[str, Any]) -> str:
    """``data`` as the YAML of a front matter, keys in order, text as it is (``Dumper``'s output,
    through libyaml where that is the same)."""
    y = _yaml()
    dumper = y.fast_dumper if y.fast_dumper is not None and not _beyond_bmp(data) else y.Dumper
    return y.yaml.dump(data, Dumper=dumper, sort_keys=False, allow_unicode=True, width=1_000_000)


def _beyond_bmp(value: object) -> bool:
    """Whether a string in ``value`` (nested dicts and lists walked) has a character past U+FFFF."""
    if isinstance(value, str):
        return not value.isascii() and any(ord(c) > 0xFFFF for c in value)
    if isinstance(value, dict):
        return any(_beyond_bmp(k) or _beyond_bmp(v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return any(_beyond_bmp(v) for v in value)
    return False


def normalise_text(raw: bytes | str, repairs: list[str] | None = None) -> str:
    """Decode (UTF-8; bytes that are not, in a file whose other characters are UTF-8, as U+FFFD;
    else cp1252), drop a BOM, use LF newlines.

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
            text = raw.decode("utf-8", errors="replace")
            if any(not ch.isascii() and ch != "\ufffd" for ch in text):
                # UTF-8 elsewhere: a character cut short, not another encoding
                bad = text.count("\ufffd")
                notes.append(f"invalid UTF-8 at byte {err.start} ({bad} in all); replaced with U+FFFD")
            else:
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

    nodes = _yaml().yaml

    def children(node: yaml.Node) -> list[yaml.Node]:
        if isinstance(node, nodes.MappingNode):
            return [part for pair in node.value for part in pair]
        return list(node.value) if isinstance(node, nodes.SequenceNode) else []

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
    loader = _yaml().Loader(text)
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


class UnreadableFrontMatter(SkillFormatError):
    """Front matter that YAML cannot read as a mapping (what the lenient reader takes over)."""


def yaml_mapping(raw: str, *, path: str | None, notes: list[str] | None) -> dict[str, Any]:
    """``raw`` read as a YAML mapping, tabs used for indentation forgiven (noted in ``notes``)."""
    error = _yaml().yaml.YAMLError
    try:
        try:
            data = _load_yaml(raw, path=path)
        except error as first:
            try:  # tabs used for indentation are the commonest hand-edit mistake
                data = _load_yaml(raw.replace("\t", "  "), path=path)
            except error:
                mark = getattr(first, "problem_mark", None)
                where = f" (line {mark.line + 2})" if mark is not None else ""
                raise UnreadableFrontMatter(f"front matter is not valid YAML{where}", path=path) from None
            if notes is not None:
                notes.append("tabs in the front matter read as spaces")
    except RecursionError:
        raise SkillFormatError("front matter is nested too deeply to read", path=path) from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise UnreadableFrontMatter("front matter must be a mapping of keys to values", path=path)
    return {str(k): v for k, v in data.items()}


def split_front_matter(
    text: str, *, path: str | None = None, repairs: list[str] | None = None
) -> tuple[dict[str, Any], str]:
    """(front matter mapping, body). A file without front matter has an empty mapping.

    Front matter that is not a YAML mapping, holds too many values once its aliases are
    expanded, or is nested too deeply to read, is a :class:`SkillFormatError`.
    """
    match = FRONT_RE.match(text)
    if not match:
        return {}, text
    return yaml_mapping(match.group(1), path=path, notes=repairs), text[match.end() :]
