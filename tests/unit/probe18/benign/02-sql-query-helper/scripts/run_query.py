#!/usr/bin/env python3
"""Run a read-only SQL statement against DATABASE_URL and print the result."""
import argparse
import csv
import os
import re
import sys
from pathlib import Path
from urllib.parse import urlparse

ALLOWED = re.compile(r"^\s*(select|with|explain|show|values)\b", re.I)
WRITES = re.compile(r"\b(insert|update|delete|merge|truncate|drop|alter|create|grant)\b", re.I)
MASK = ("email", "phone", "ssn", "address", "dob")


def load_limits():
    path = Path(__file__).resolve().parent.parent / "config" / "limits.yaml"
    limits = {"statement_timeout_ms": 30000, "max_rows": 50}
    if path.exists():
        for line in path.read_text().splitlines():
            m = re.match(r"^(\w+):\s*(\d+)\s*$", line)
            if m:
                limits[m.group(1)] = int(m.group(2))
    return limits


def connect(url, limits):
    scheme = urlparse(url).scheme
    if scheme.startswith("postgres"):
        import psycopg
        conn = psycopg.connect(url)
        with conn.cursor() as cur:
            cur.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")
            cur.execute(f"SET statement_timeout = {int(limits['statement_timeout_ms'])}")
            cur.execute("SET TIME ZONE 'UTC'")
        return conn
    if scheme.startswith("mysql"):
        import pymysql
        p = urlparse(url)
        conn = pymysql.connect(host=p.hostname, port=p.port or 3306, user=p.username,
                               password=p.password, database=p.path.lstrip("/"))
        with conn.cursor() as cur:
            cur.execute("SET SESSION TRANSACTION READ ONLY")
        return conn
    sys.exit(f"unsupported scheme: {scheme}")


def check_sql(sql):
    if not ALLOWED.match(sql):
        sys.exit("refused: only SELECT/WITH/EXPLAIN/SHOW/VALUES are allowed")
    if sql.lstrip().lower().startswith("with") and WRITES.search(sql):
        sys.exit("refused: data-modifying CTE")


def mask(cols, rows):
    idx = [i for i, c in enumerate(cols) if any(m in c.lower() for m in MASK)]
    for row in rows:
        row = list(row)
        for i in idx:
            if row[i] is not None:
                row[i] = "***"
        yield row


def schema_sql(table):
    if table:
        return ("SELECT column_name, data_type, is_nullable FROM information_schema.columns "
                f"WHERE table_name = '{table.replace(chr(39), '')}' ORDER BY ordinal_position")
    return ("SELECT table_name, count(*) AS columns FROM information_schema.columns "
            "WHERE table_schema NOT IN ('pg_catalog','information_schema') GROUP BY 1 ORDER BY 1")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sql", nargs="?")
    ap.add_argument("--schema", nargs="?", const="", default=None)
    ap.add_argument("--explain")
    ap.add_argument("--csv")
    args = ap.parse_args()

    url = os.environ.get("DATABASE_URL")
    if not url:
        sys.exit("DATABASE_URL is not set; see references/connection-setup.md")
    limits = load_limits()
    if args.schema is not None:
        sql = schema_sql(args.schema)
    elif args.explain:
        check_sql(args.explain)
        sql = "EXPLAIN " + args.explain
    else:
        sql = args.sql or sys.exit("no SQL given")
        check_sql(sql)

    conn = connect(url, limits)
    with conn.cursor() as cur:
        cur.execute(sql)
        cols = [d[0] for d in cur.description]
        rows = list(mask(cols, cur.fetchall()))
    conn.close()

    if args.csv:
        with open(args.csv, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(cols)
            w.writerows(rows)
        print(f"wrote {len(rows)} rows to {args.csv}")
        return
    print("| " + " | ".join(cols) + " |")
    print("|" + "---|" * len(cols))
    for row in rows[: limits["max_rows"]]:
        print("| " + " | ".join("" if v is None else str(v) for v in row) + " |")
    if len(rows) > limits["max_rows"]:
        print(f"\n({len(rows) - limits['max_rows']} more rows; use --csv to export)")


if __name__ == "__main__":
    main()
