"""MetaTool: ``plugin_des.json``, ``all_clean_data.csv``, ``no_tool_queries.jsonl`` and, on
request, ``multi_tool_query_golden.json``."""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from pathlib import Path

from skillrouter.eval.datasets.model import Dataset, Query, Tool
from skillrouter.eval.datasets.names import unique_slugs
from skillrouter.eval.datasets.reading import (
    _check_sample,
    _dedupe,
    _describe,
    _read_jsonl,
    _require_file,
    _sample,
    _text,
)

from skillrouter.errors import DatasetFormatError


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
