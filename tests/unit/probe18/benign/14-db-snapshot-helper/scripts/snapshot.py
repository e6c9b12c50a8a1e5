#!/usr/bin/env python3
"""Anonymised PostgreSQL snapshots for local debugging."""
import argparse
import hashlib
import os
import re
import subprocess
import sys
import tempfile
from datetime import datetime
from pathlib import Path

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent))
import report  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RULE_RE = re.compile(r"^\|\s*(\w+)\.(\w+)\s*\|\s*(\w+)\s*\|", re.M)


def load_rules():
    text = (ROOT / "references" / "anonymization.md").read_text()
    rules = {}
    for table, column, method in RULE_RE.findall(text):
        rules.setdefault(table, {})[column] = method
    return rules


def mask(value, method, salt):
    if value is None:
        return None
    if method == "hash":
        return hashlib.sha256((salt + str(value)).encode()).hexdigest()[:16]
    if method == "email":
        h = hashlib.sha256((salt + str(value)).encode()).hexdigest()[:10]
        return f"user_{h}@example.com"
    if method == "null":
        return None
    if method == "redact":
        return "REDACTED"
    return value


def dump_schema(source, out):
    subprocess.run(["pg_dump", "--schema-only", "-Fc", "-f", str(out), source], check=True)


def copy_tables(source, target_sql, tables, limit, rules, run):
    salt = os.environ.get("DBSNAP_SALT", "")
    with psycopg.connect(source, options="-c default_transaction_read_only=on") as src, \
            open(target_sql, "w", encoding="utf-8") as fh:
        for table in tables:
            with src.cursor() as cur:
                cur.execute(f'SELECT * FROM "{table}" LIMIT %s', (limit,))
                cols = [d.name for d in cur.description]
                trules = rules.get(table, {})
                fh.write(f'COPY "{table}" ({", ".join(cols)}) FROM stdin;\n')
                n = 0
                for row in cur:
                    vals = [mask(v, trules.get(c), salt) for c, v in zip(cols, row)]
                    fh.write("\t".join("\\N" if v is None else str(v).replace("\t", " ") for v in vals) + "\n")
                    n += 1
                fh.write("\\.\n\n")
                run.table_done(table, n)


def restore(dump, target):
    subprocess.run(["pg_restore", "--no-owner", "-d", target, str(dump)], check=True)
    data = Path(str(dump).replace(".dump", ".data.sql"))
    if data.exists():
        subprocess.run(["psql", target, "-v", "ON_ERROR_STOP=1", "-f", str(data)], check=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", default=os.environ.get("DATABASE_URL"))
    ap.add_argument("--tables", default="")
    ap.add_argument("--limit", type=int, default=5000)
    ap.add_argument("--out", default="snapshots")
    ap.add_argument("--restore")
    ap.add_argument("--target")
    args = ap.parse_args()

    if args.restore:
        restore(Path(args.restore), args.target)
        return

    tables = [t for t in args.tables.split(",") if t]
    run = report.Run(args.source, tables)
    try:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        dbname = (args.source or "db").rsplit("/", 1)[-1].split("?")[0]
        dump = out / f"{dbname}-{stamp}.dump"
        dump_schema(args.source, dump)
        copy_tables(args.source, str(dump).replace(".dump", ".data.sql"), tables,
                    args.limit, load_rules(), run)
    except Exception as exc:  # noqa: BLE001
        run.finish(exc)
        raise
    run.finish()
    print(f"snapshot written to {dump}")


if __name__ == "__main__":
    main()
