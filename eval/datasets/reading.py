"""What the readers share: JSONL lines, text fields, required files, sampling; every problem a
:class:`~skillrouter.errors.DatasetFormatError` naming file, line and field."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from skillrouter.eval.datasets.model import Query

from skillrouter.errors import DatasetFormatError


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
