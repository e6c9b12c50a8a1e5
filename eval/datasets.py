"""Readers for the offline routing benchmarks, all returning one shape.

A :class:`Dataset` is a list of :class:`Tool` (each becomes a skill: a valid skill name and a
description) and a list of :class:`Query` (a task text and the names of the tools that fit it;
``gold == ()`` means no tool fits and the router should abstain).

Readers:

- :func:`load_queries_jsonl`: the project's own query format, one
  ``{"query": str, "gold": [name, ...]}`` object per line.
- :func:`load_metatool`: MetaTool (``plugin_des.json``, ``all_clean_data.csv``,
  ``no_tool_queries.jsonl`` and, on request, ``multi_tool_query_golden.json``).
- :func:`load_seal_tools`: Seal-Tools (``tool.jsonl`` and the ``dev`` / ``test_in_domain`` /
  ``test_out_domain`` query files).
- :func:`load_dataset`: ``"metatool:DIR"`` or ``"seal-tools:DIR"``.

Source tool names (``ResearchHelper``, ``getPostmodernTheory``, ``PDF&URLTool``) are not valid
skill names, so every reader turns them into kebab-case with :func:`slug`
(``research-helper``, ``get-postmodern-theory``, ``pdf-url-tool``); :func:`unique_slugs` makes
the mapping collision-free, and each :class:`Tool` keeps its original in ``source_name``.

:func:`split` cuts a query list into train and test parts for threshold fitting.

Every format problem raises :class:`DatasetFormatError`, a one-line message that names the file,
the line (where there is one) and the field.
"""

from __future__ import annotations

import csv
import io
import json
import math
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skillrouter.errors import DatasetFormatError
from skillrouter.skill import NAME_MAX, free_name, slugify

__all__ = [
    "NAME_MAX",
    "SEAL_SPLITS",
    "Dataset",
    "DatasetFormatError",
    "Query",
    "Tool",
    "hold_out_tools",
    "load_dataset",
    "load_metatool",
    "load_queries_jsonl",
    "load_seal_tools",
    "slug",
    "split",
    "unique_slugs",
]

SEAL_SPLITS = ("dev", "test_in_domain", "test_out_domain")
_FALLBACK_SLUG = "tool"


@dataclass(frozen=True)
class Tool:
    """A skill-to-be.

    ``name`` is a valid skill name (``[a-z0-9-]``, 1-64 characters); ``source_name`` is the name
    the benchmark uses (``ResearchHelper``). ``tags`` carries extra text the source offers about
    the tool (Seal-Tools: its ``field``, split on ``/``); MetaTool offers none.
    """

    name: str
    description: str
    tags: tuple[str, ...] = ()
    source_name: str = ""


@dataclass(frozen=True)
class Query:
    """A task and the tools that fit it; ``gold == ()`` means none fits (the router should abstain).

    ``meta`` holds where the query came from (``{"split": "test_in_domain", "difficulty": "easy"}``)
    and takes no part in equality or hashing.
    """

    query: str
    gold: tuple[str, ...]
    meta: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def answerable(self) -> bool:
        return bool(self.gold)


@dataclass(frozen=True)
class Dataset:
    """A benchmark: the tools to index and the queries to route."""

    name: str
    tools: list[Tool]
    queries: list[Query]

    @property
    def tool_names(self) -> list[str]:
        return [tool.name for tool in self.tools]

    @property
    def source_names(self) -> dict[str, str]:
        """Original benchmark name -> skill name."""
        return {tool.source_name: tool.name for tool in self.tools if tool.source_name}


# ---------------------------------------------------------------- names


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


# ---------------------------------------------------------------- helpers


def _read_jsonl(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """(line number, object) for every non-blank line; a line that is not a JSON object raises."""
    records: list[tuple[int, dict[str, Any]]] = []
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise DatasetFormatError(path, f"not UTF-8 text (byte {error.start})") from None
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise DatasetFormatError(
                path, f"not valid JSON ({error.msg} at column {error.colno})", line=number
            ) from None
        if not isinstance(record, dict):
            raise DatasetFormatError(
                path, f"expected a JSON object, got {type(record).__name__}", line=number
            )
        records.append((number, record))
    return records


def _text(value: object, path: Path, line: int | None, name: str) -> str:
    if not isinstance(value, str):
        raise DatasetFormatError(path, f"must be a string, got {_describe(value)}", line=line, field=name)
    if not value.strip():
        raise DatasetFormatError(path, "must not be empty", line=line, field=name)
    return value.strip()


def _describe(value: object) -> str:
    if value is None:
        return "null (or missing)"
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return f"{type(value).__name__} {shown}"


def _require_file(path: Path) -> Path:
    if not path.is_file():
        raise DatasetFormatError(path, "file not found")
    return path


def _check_sample(sample: int | None) -> None:
    if sample is not None and (isinstance(sample, bool) or not isinstance(sample, int) or sample < 1):
        raise ValueError(f"sample must be a positive integer or None, got {sample!r}")


def _sample(queries: list[Query], sample: int | None, seed: int) -> list[Query]:
    """A simple random sample of ``sample`` queries, in their original order; all if fewer."""
    _check_sample(sample)
    if sample is None or sample >= len(queries):
        return queries
    chosen = sorted(random.Random(seed).sample(range(len(queries)), sample))
    return [queries[i] for i in chosen]


def _dedupe(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(names))


# ---------------------------------------------------------------- project JSONL


def load_queries_jsonl(path: str | Path) -> list[Query]:
    """Queries from a JSONL file: one ``{"query": str, "gold": [name, ...]}`` object per line.

    ``gold`` is required; ``[]`` means no skill fits. Repeated gold names are kept once. An
    optional ``meta`` object is kept as :attr:`Query.meta`; other keys are ignored. Blank lines
    are skipped. A bad line raises :class:`DatasetFormatError` naming ``file:line`` and the field.
    """
    file = _require_file(Path(path))
    queries: list[Query] = []
    for line, record in _read_jsonl(file):
        text = _text(record.get("query"), file, line, "query")
        if "gold" not in record:
            raise DatasetFormatError(
                file, "is required (a list of skill names; [] when none fits)", line=line, field="gold"
            )
        gold = record["gold"]
        if not isinstance(gold, list):
            raise DatasetFormatError(
                file, f"must be a list of skill names, got {_describe(gold)}", line=line, field="gold"
            )
        names = [_text(name, file, line, f"gold[{i}]") for i, name in enumerate(gold)]
        meta = record.get("meta", {})
        if not isinstance(meta, dict):
            raise DatasetFormatError(
                file, f"must be an object, got {_describe(meta)}", line=line, field="meta"
            )
        queries.append(Query(text, _dedupe(names), dict(meta)))
    return queries


# ---------------------------------------------------------------- MetaTool


def load_metatool(
    dir: str | Path,
    *,
    include_no_tool: bool = True,
    include_multi_tool: bool = False,
    sample: int | None = None,
    seed: int = 0,
) -> Dataset:
    """MetaTool: 199 tools, 20,614 single-label queries, 520 queries no tool fits.

    - Tools come from ``plugin_des.json`` (original name -> description), in file order.
    - ``all_clean_data.csv`` (``Query,Tool``) gives one query per row, so the 51 rows that repeat
      an earlier row, and the 11 texts labelled with two or more different tools, are kept as
      they are (see :func:`split`, which keeps identical texts on one side). ``Tool`` matches a
      ``plugin_des.json`` key exactly; a name that matches only case-insensitively is accepted
      when the match is unique; a name with no description raises :class:`DatasetFormatError`.
    - ``no_tool_queries.jsonl`` adds queries with ``gold == ()`` when ``include_no_tool``.
    - ``multi_tool_query_golden.json`` adds 497 two-tool queries when ``include_multi_tool``.

    ``meta`` holds ``split`` (``"single_tool"``, ``"no_tool"`` or ``"multi_tool"``), ``source``
    (``file`` or ``file:line``) and, for labelled queries, ``source_tools`` (the original names).
    ``sample`` draws a simple random sample of that many queries (deterministic in ``seed``,
    original order kept); the tool list is never sampled.
    """
    _check_sample(sample)
    root = Path(dir)
    des_path = _require_file(root / "plugin_des.json")
    csv_path = _require_file(root / "all_clean_data.csv")
    try:
        descriptions = json.loads(des_path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise DatasetFormatError(des_path, f"not valid JSON ({error.msg})", line=error.lineno) from None
    if not isinstance(descriptions, dict):
        raise DatasetFormatError(des_path, "expected an object of tool name -> description")
    for original, description in descriptions.items():
        _text(description, des_path, None, f"[{original!r}]")

    names = unique_slugs(descriptions)
    tools = [
        Tool(name=names[original], description=description.strip(), source_name=original)
        for original, description in descriptions.items()
    ]
    folded: dict[str, list[str]] = defaultdict(list)
    for original in descriptions:
        folded[original.casefold()].append(original)

    def resolve(tool: str, path: Path, line: int | None, where: str) -> str:
        if tool in names:
            return names[tool]
        matches = folded.get(tool.casefold(), [])
        if len(matches) == 1:
            return names[matches[0]]
        problem = f"tool {tool!r} has no description in plugin_des.json"
        if matches:
            problem = f"tool {tool!r} matches several plugin_des.json keys case-insensitively: {matches}"
        raise DatasetFormatError(path, problem, line=line, field=where)

    queries: list[Query] = []
    try:
        csv_text = csv_path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as error:
        raise DatasetFormatError(csv_path, f"not UTF-8 text (byte {error.start})") from None
    reader = csv.DictReader(io.StringIO(csv_text, newline=""))
    start = 1
    try:
        missing = {"Query", "Tool"} - set(reader.fieldnames or ())
        if missing:
            raise DatasetFormatError(
                csv_path, f"header lacks column(s) {sorted(missing)}; expected 'Query,Tool'", line=1
            )
        start = reader.line_num + 1
        for row in reader:
            text = _text(row.get("Query"), csv_path, start, "Query")
            tool = _text(row.get("Tool"), csv_path, start, "Tool")
            gold = resolve(tool, csv_path, start, "Tool")
            meta = {"split": "single_tool", "source": f"{csv_path.name}:{start}", "source_tools": (tool,)}
            queries.append(Query(text, (gold,), meta))
            start = reader.line_num + 1
    except csv.Error as error:
        raise DatasetFormatError(csv_path, f"not valid CSV ({error})", line=start) from None

    if include_multi_tool:
        multi_path = _require_file(root / "multi_tool_query_golden.json")
        try:
            records = json.loads(multi_path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as error:
            raise DatasetFormatError(multi_path, f"not valid JSON ({error.msg})", line=error.lineno) from None
        if not isinstance(records, list):
            raise DatasetFormatError(multi_path, "expected a list of {query, tool} objects")
        for i, record in enumerate(records):
            where = f"[{i}]"
            if not isinstance(record, dict):
                raise DatasetFormatError(
                    multi_path, f"expected an object, got {_describe(record)}", field=where
                )
            text = _text(record.get("query"), multi_path, None, f"{where}.query")
            tools_of = record.get("tool")
            if not isinstance(tools_of, list) or not tools_of:
                raise DatasetFormatError(
                    multi_path, f"must be a non-empty list, got {_describe(tools_of)}", field=f"{where}.tool"
                )
            originals = tuple(
                _text(t, multi_path, None, f"{where}.tool[{j}]") for j, t in enumerate(tools_of)
            )
            gold_names = _dedupe(resolve(t, multi_path, None, f"{where}.tool") for t in originals)
            meta = {"split": "multi_tool", "source": f"{multi_path.name}{where}", "source_tools": originals}
            queries.append(Query(text, gold_names, meta))

    if include_no_tool:
        none_path = _require_file(root / "no_tool_queries.jsonl")
        for line, record in _read_jsonl(none_path):
            text = _text(record.get("query"), none_path, line, "query")
            queries.append(Query(text, (), {"split": "no_tool", "source": f"{none_path.name}:{line}"}))

    return Dataset(name="metatool", tools=tools, queries=_sample(queries, sample, seed))


# ---------------------------------------------------------------- Seal-Tools


def load_seal_tools(
    dir: str | Path,
    *,
    splits: Sequence[str] = ("test_in_domain", "test_out_domain"),
    sample: int | None = None,
    seed: int = 0,
) -> Dataset:
    """Seal-Tools: 4,076 tools from ``tool.jsonl`` and the queries of the chosen ``splits``.

    ``splits`` are any of ``dev``, ``test_in_domain``, ``test_out_domain`` (each read from
    ``<split>.jsonl``). A query's gold is the distinct ``calling[].api`` names in the order they
    are first called. Each :class:`Tool` has ``api_description`` as its description and its
    ``field`` (``"Film/Film Restoration"``) split on ``/`` as ``tags``.

    ``meta`` holds ``id``, ``split``, ``difficulty`` (``"easy"`` / ``"difficult"``, from the id
    ``test_in_domain-easy-0``; None if the id has another shape), ``n_calls`` and ``source``.
    ``sample`` draws a simple random sample of the queries, as in :func:`load_metatool`.
    """
    _check_sample(sample)
    root = Path(dir)
    if isinstance(splits, str):
        splits = (splits,)
    unknown = [s for s in splits if s not in SEAL_SPLITS]
    if unknown or not splits:
        raise ValueError(
            f"unknown Seal-Tools split(s) {unknown or list(splits)}; choose from {list(SEAL_SPLITS)}"
        )

    tool_path = _require_file(root / "tool.jsonl")
    raw: list[tuple[str, str, tuple[str, ...]]] = []
    lines: dict[str, int] = {}
    for line, record in _read_jsonl(tool_path):
        api = _text(record.get("api_name"), tool_path, line, "api_name")
        if api in lines:
            raise DatasetFormatError(
                tool_path, f"{api!r} is already defined on line {lines[api]}", line=line, field="api_name"
            )
        lines[api] = line
        description = _text(record.get("api_description"), tool_path, line, "api_description")
        domain = record.get("field")
        if domain is not None and not isinstance(domain, str):
            raise DatasetFormatError(
                tool_path, f"must be a string, got {_describe(domain)}", line=line, field="field"
            )
        tags = tuple(part.strip() for part in (domain or "").split("/") if part.strip())
        raw.append((api, description, tags))
    names = unique_slugs(lines)
    tools = [Tool(name=names[api], description=desc, tags=tags, source_name=api) for api, desc, tags in raw]

    queries: list[Query] = []
    for split_name in dict.fromkeys(splits):
        path = _require_file(root / f"{split_name}.jsonl")
        for line, record in _read_jsonl(path):
            query_id = _text(record.get("id"), path, line, "id")
            text = _text(record.get("query"), path, line, "query")
            calling = record.get("calling")
            if not isinstance(calling, list) or not calling:
                raise DatasetFormatError(
                    path, f"must be a non-empty list, got {_describe(calling)}", line=line, field="calling"
                )
            gold: list[str] = []
            for i, call in enumerate(calling):
                if not isinstance(call, dict):
                    raise DatasetFormatError(
                        path, f"must be an object, got {_describe(call)}", line=line, field=f"calling[{i}]"
                    )
                api = _text(call.get("api"), path, line, f"calling[{i}].api")
                if api not in names:
                    raise DatasetFormatError(
                        path, f"{api!r} is not in tool.jsonl", line=line, field=f"calling[{i}].api"
                    )
                gold.append(names[api])
            parts = query_id.rsplit("-", 2)
            difficulty = parts[1] if len(parts) == 3 and parts[2].isdigit() else None
            meta = {
                "id": query_id,
                "split": split_name,
                "difficulty": difficulty,
                "n_calls": len(calling),
                "source": f"{path.name}:{line}",
            }
            queries.append(Query(text, _dedupe(gold), meta))

    return Dataset(name="seal-tools", tools=tools, queries=_sample(queries, sample, seed))


# ---------------------------------------------------------------- dispatch


_LOADERS: dict[str, Callable[..., Dataset]] = {"metatool": load_metatool, "seal-tools": load_seal_tools}


def load_dataset(spec: str, **kw: Any) -> Dataset:
    """``"metatool:DIR"`` or ``"seal-tools:DIR"``; keyword arguments go to the reader."""
    kind, sep, location = spec.partition(":")
    loader = _LOADERS.get(kind.strip().lower())
    if not sep or loader is None or not location.strip():
        raise ValueError(f"unknown dataset spec {spec!r}; use 'metatool:DIR' or 'seal-tools:DIR'")
    return loader(location.strip(), **kw)


# ---------------------------------------------------------------- held-out tools


def hold_out_tools(data: Dataset, share: float = 0.35, seed: int = 0) -> Dataset:
    """``data`` with tools taken out of the library until ``share`` of its queries fit none left.

    How "nothing fits" arises in a real function library: the request needs a tool that is not
    installed, while its neighbours are. Queries are visited in a seeded random order and each
    one's gold tools are removed, until the queries whose gold tools are all gone reach
    ``share``; those get ``gold == ()`` and the rest keep the gold tools still in the library.
    """
    if not 0.0 < share < 1.0:
        raise ValueError(f"share must be between 0 and 1, got {share}")
    removed: set[str] = set()
    order = list(range(len(data.queries)))
    random.Random(seed).shuffle(order)
    unanswerable = 0
    for i in order:
        if unanswerable >= share * len(data.queries):
            break
        removed.update(data.queries[i].gold)
        unanswerable = sum(1 for q in data.queries if q.gold and set(q.gold) <= removed)
    tools = [t for t in data.tools if t.name not in removed]
    queries = [Query(q.query, tuple(g for g in q.gold if g not in removed), q.meta) for q in data.queries]
    return Dataset(name=f"{data.name} ({len(removed)} tools held out)", tools=tools, queries=queries)


# ---------------------------------------------------------------- train / test


def split(queries: Sequence[Query], train_frac: float, seed: int = 0) -> tuple[list[Query], list[Query]]:
    """Deterministic, disjoint train / test parts, stratified by gold tool.

    - Queries with the same text always land on the same side, so no text is in both parts.
    - Strata: the no-tool queries form one; every other query (or group of same-text queries)
      is filed under its rarest gold tool (fewest queries; ties by name). Each stratum of ``n``
      puts ``floor`` or ``ceil`` of ``train_frac * n`` in train (systematic allocation, so the
      parts keep ``train_frac`` overall even when most strata are single queries), but at least
      one on each side when ``n >= 2``.
      So no-tool queries are split by the same fraction, and with one gold per query every tool
      with two or more queries is on both sides.
    - With several gold per query, a final pass fixes any tool with two or more queries still
      missing from one side: it swaps one of its queries with one from the other side (or, failing
      that, moves one across) where no other tool loses a side it was on.

    Both parts keep the order of ``queries``. The same input and seed give the same parts.
    """
    if not 0.0 < train_frac < 1.0:
        raise ValueError(f"train_frac must be between 0 and 1 (exclusive), got {train_frac!r}")
    by_text: dict[str, list[int]] = defaultdict(list)
    for index, query in enumerate(queries):
        by_text[query.query].append(index)
    units = list(by_text.values())
    unit_gold = [_dedupe(name for i in unit for name in queries[i].gold) for unit in units]
    counts: Counter[str] = Counter(name for gold in unit_gold for name in gold)

    strata: dict[str, list[int]] = defaultdict(list)
    for u, gold in enumerate(unit_gold):
        key = min(gold, key=lambda name: (counts[name], name)) if gold else ""
        strata[key].append(u)

    # Systematic allocation over the strata laid end to end: every stratum gets floor or ceil
    # of train_frac * n, and the total is train_frac of all units however small the strata.
    rng = random.Random(seed)
    keys = sorted(strata)
    rng.shuffle(keys)
    offset = rng.random()
    in_train = [False] * len(units)
    position = 0
    for key in keys:
        members = strata[key]
        rng.shuffle(members)
        for u in members:
            in_train[u] = math.floor((position + 1) * train_frac + offset) > math.floor(
                position * train_frac + offset
            )
            position += 1
        if len(members) >= 2:
            n_train = sum(in_train[u] for u in members)
            if n_train == 0:
                in_train[members[0]] = True
            elif n_train == len(members):
                in_train[members[-1]] = False
    _repair(unit_gold, counts, in_train, rng)

    train = sorted(i for u, unit in enumerate(units) if in_train[u] for i in unit)
    test = sorted(i for u, unit in enumerate(units) if not in_train[u] for i in unit)
    return [queries[i] for i in train], [queries[i] for i in test]


def _repair(
    unit_gold: list[tuple[str, ...]], counts: Mapping[str, int], in_train: list[bool], rng: random.Random
) -> None:
    """Put each tool with >= 2 units on both sides where a swap or a move does it without loss.

    For a tool missing from one side, first try swapping one of its units with a unit from that
    side that lacks it (sizes stay put), then moving one of its units across. A change is made
    only if no tool with >= 2 units loses a side it was on.
    """
    side_counts = {True: Counter[str](), False: Counter[str]()}
    for u, gold in enumerate(unit_gold):
        side_counts[in_train[u]].update(gold)
    order = list(range(len(unit_gold)))
    rng.shuffle(order)
    units_of: dict[str, list[int]] = defaultdict(list)
    for u in order:
        for g in unit_gold[u]:
            units_of[g].append(u)

    def harmless(moves: list[int]) -> bool:
        change: dict[tuple[bool, str], int] = defaultdict(int)
        for u in moves:
            for g in unit_gold[u]:
                if counts[g] >= 2:
                    change[in_train[u], g] -= 1
                    change[not in_train[u], g] += 1
        return all(
            side_counts[side][g] + d > 0 or side_counts[side][g] == 0 for (side, g), d in change.items()
        )

    def apply(moves: list[int]) -> None:
        for u in moves:
            side_counts[in_train[u]].subtract(unit_gold[u])
            side_counts[not in_train[u]].update(unit_gold[u])
            in_train[u] = not in_train[u]

    for name in sorted(counts):
        if counts[name] < 2:
            continue
        for target in (True, False):
            if side_counts[target][name]:
                continue
            carriers = [u for u in units_of[name] if in_train[u] != target]
            plan = None
            for u in carriers:
                # tools only u carries on its side must come back with the unit swapped for it
                stranded = [g for g in unit_gold[u] if counts[g] >= 2 and side_counts[not target][g] == 1]
                pool = units_of[stranded[0]] if stranded else order
                plan = next(
                    (
                        [u, w]
                        for w in pool
                        if in_train[w] == target and name not in unit_gold[w] and harmless([u, w])
                    ),
                    None,
                )
                if plan is not None:
                    break
            if plan is None:
                plan = next(([u] for u in carriers if harmless([u])), None)
            if plan is not None:
                apply(plan)
