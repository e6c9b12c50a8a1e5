"""Indicators as data: hosts and names the rules look for, read from ``indicators.toml``.

The shipped file (``skillrouter/security/indicators.toml``, with a ``version``) holds the lists;
the rules read them through :func:`indicators`. A user extends them without a release: a TOML file
of the same shape, named by the ``SKILLROUTER_INDICATORS`` environment variable, adds to each list
(it never removes an entry). The lists apply to every scan from the next process on (an import,
``add``, a change found on refresh); a skill already in a store keeps the verdict it was admitted
with until its content changes.

A missing or malformed extra file is a ValueError naming it and the field; the shipped file is
package data and is always read.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

__all__ = ["ENV", "Indicators", "indicators", "load"]

ENV = "SKILLROUTER_INDICATORS"
FILE = "indicators.toml"


@dataclass(frozen=True)
class Indicators:
    """The lists (see ``indicators.toml`` for what each one means and which rules read it)."""

    version: str
    paste_hosts: tuple[str, ...]
    python_indexes: tuple[str, ...]
    npm_indexes: tuple[str, ...]
    index_hosting: tuple[str, ...]

    @property
    def package_indexes(self) -> tuple[str, ...]:
        """Every known index host, Python's and npm's."""
        return tuple(dict.fromkeys((*self.python_indexes, *self.npm_indexes)))


def _strings(data: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ValueError(f"{where}: '{key}' must be a list of host names")
    return tuple(v.strip().lower() for v in value)


def _parse(text: str, where: str) -> Indicators:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ValueError(f"{where}: not valid TOML: {err}") from None
    indexes = data.get("package_indexes", {})
    if not isinstance(indexes, dict):
        raise ValueError(f"{where}: 'package_indexes' must be a table")  # noqa: TRY004
    version = data.get("version", "")
    return Indicators(
        str(version),
        _strings(data, "paste_hosts", where),
        _strings(indexes, "python", f"{where} [package_indexes]"),
        _strings(indexes, "npm", f"{where} [package_indexes]"),
        _strings(indexes, "hosting", f"{where} [package_indexes]"),
    )


def load(extra: Path | None = None) -> Indicators:
    """The shipped indicators, each list extended by ``extra``'s (a TOML file of the same shape)."""
    shipped = _parse(resources.files("skillrouter.security").joinpath(FILE).read_text("utf-8"), FILE)
    if extra is None:
        return shipped
    try:
        text = extra.read_text("utf-8")
    except OSError as err:
        raise ValueError(f"{extra}: cannot read the indicators file ({err.strerror or err})") from None
    more = _parse(text, str(extra))

    def both(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(dict.fromkeys((*a, *b)))

    return Indicators(
        f"{shipped.version}+{more.version or extra.name}",
        both(shipped.paste_hosts, more.paste_hosts),
        both(shipped.python_indexes, more.python_indexes),
        both(shipped.npm_indexes, more.npm_indexes),
        both(shipped.index_hosting, more.index_hosting),
    )


@lru_cache(maxsize=1)
def indicators() -> Indicators:
    """The indicators the rules read: the shipped file, extended by ``$SKILLROUTER_INDICATORS``."""
    extra = os.environ.get(ENV, "").strip()
    return load(Path(extra).expanduser() if extra else None)
