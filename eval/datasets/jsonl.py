"""The project's own query format: one ``{"query": str, "gold": [name, ...]}`` object per line."""

from __future__ import annotations

from pathlib import Path

from skillrouter.eval.datasets.model import Query
from skillrouter.eval.datasets.reading import _dedupe, _describe, _read_jsonl, _require_file, _text

from skillrouter.errors import DatasetFormatError


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
