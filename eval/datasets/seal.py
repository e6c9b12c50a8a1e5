"""Seal-Tools: ``tool.jsonl`` and the ``dev`` / ``test_in_domain`` / ``test_out_domain`` query files."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from skillrouter.eval.datasets.model import SEAL_SPLITS, Dataset, Query, Tool
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
