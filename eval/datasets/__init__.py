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

from collections.abc import Callable
from typing import Any

from skillrouter.eval.datasets.jsonl import load_queries_jsonl
from skillrouter.eval.datasets.metatool import load_metatool
from skillrouter.eval.datasets.model import SEAL_SPLITS, Dataset, Query, Tool
from skillrouter.eval.datasets.names import slug, unique_slugs
from skillrouter.eval.datasets.seal import load_seal_tools
from skillrouter.eval.datasets.splits import hold_out_tools, split

from skillrouter.errors import DatasetFormatError
from skillrouter.skill import NAME_MAX

_LOADERS: dict[str, Callable[..., Dataset]] = {"metatool": load_metatool, "seal-tools": load_seal_tools}


def load_dataset(spec: str, **kw: Any) -> Dataset:
    """``"metatool:DIR"`` or ``"seal-tools:DIR"``; keyword arguments go to the reader."""
    kind, sep, location = spec.partition(":")
    loader = _LOADERS.get(kind.strip().lower())
    if not sep or loader is None or not location.strip():
        raise ValueError(f"unknown dataset spec {spec!r}; use 'metatool:DIR' or 'seal-tools:DIR'")
    return loader(location.strip(), **kw)


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
