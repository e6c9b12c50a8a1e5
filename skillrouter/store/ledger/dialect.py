"""The ledger's SQL in PostgreSQL's dialect.

The topic parts (:mod:`.skills`, :mod:`.outcomes`, :mod:`.pairs`, :mod:`.base`) write each query
once, in SQLite's dialect, so the rules they hold (the running sum, the examples kept, a fold)
have one copy for both backends. :func:`to_postgres` rewrites the few SQLite forms they use:

- ``?`` placeholders become ``%s`` (and a literal ``%`` becomes ``%%``);
- ``INSERT OR IGNORE INTO t ...`` becomes ``INSERT INTO t ... ON CONFLICT DO NOTHING``;
- ``INSERT OR REPLACE INTO t [(cols)] VALUES (...)`` becomes an upsert on ``t``'s primary key
  that sets every column given (and, where SQLite would give the row a new ``rowid``, a new
  ``seq``: the row counts as the newest);
- ``rowid`` is ``seq`` (:mod:`.postgres_schema`).

Anything else SQLite-only (a ``PRAGMA``, a form not listed) is refused with
:class:`ValueError`, so a new query that needs a rule fails its first PostgreSQL test rather
than running with SQLite's meaning lost.
"""

from __future__ import annotations

import re
from functools import lru_cache

from skillrouter.store.ledger.postgres_schema import COLUMNS, SEQUENCED

__all__ = ["to_postgres"]

_REPLACE = re.compile(
    r"^\s*INSERT OR REPLACE INTO (\w+)\s*(?:\(([^)]*)\))?\s*VALUES\s*\((.*)\)\s*$", re.DOTALL
)
_IGNORE = re.compile(r"^\s*INSERT OR IGNORE INTO ", re.DOTALL)
_SQLITE_ONLY = re.compile(r"\b(PRAGMA|randomblob|total_changes|sqlite_\w+)\b|\bINSERT OR\b", re.IGNORECASE)


@lru_cache(maxsize=1024)
def to_postgres(sql: str) -> str:
    """``sql`` (SQLite's dialect, as the ledger writes it) in PostgreSQL's, for psycopg."""
    if found := _REPLACE.match(sql):
        sql = _upsert(found.group(1), found.group(2), found.group(3))
    elif _IGNORE.match(sql):
        sql = _IGNORE.sub("INSERT INTO ", sql) + " ON CONFLICT DO NOTHING"
    if found := _SQLITE_ONLY.search(sql):
        raise ValueError(f"the ledger's query uses {found.group(0)!r}, which has no PostgreSQL form: {sql}")
    sql = re.sub(r"\browid\b", "seq", sql)
    return sql.replace("%", "%%").replace("?", "%s")


def _upsert(table: str, given: str | None, values: str) -> str:
    if table not in COLUMNS:
        raise ValueError(f"the ledger's query writes an unknown table {table!r}")
    columns, key = COLUMNS[table]
    names = [c.strip() for c in given.split(",")] if given else list(columns[: values.count("?")])
    if not key or not set(key) <= set(names) or (not given and values.count(",") + 1 != len(names)):
        raise ValueError(f"INSERT OR REPLACE INTO {table} cannot become an upsert: ({values})")
    updates = [f"{c} = EXCLUDED.{c}" for c in names if c not in key]
    if table in SEQUENCED:
        updates.append("seq = DEFAULT")
    action = f"DO UPDATE SET {', '.join(updates)}" if updates else "DO NOTHING"
    return (
        f"INSERT INTO {table} ({', '.join(names)}) VALUES ({values}) ON CONFLICT ({', '.join(key)}) {action}"
    )
