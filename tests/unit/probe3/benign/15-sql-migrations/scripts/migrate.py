#!/usr/bin/env python3
"""Minimal plain-SQL migration runner for PostgreSQL (psycopg 3)."""
from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from urllib.parse import urlparse

import psycopg

MIGRATIONS = Path("migrations")
SAFE_HOSTS = {"localhost", "127.0.0.1", "::1", ""}
NO_TX = "-- migrate:no-transaction"


def conninfo() -> str:
    url = os.environ.get("DATABASE_URL")
    if not url:
        sys.exit("DATABASE_URL is not set.")
    return url


def files() -> list[Path]:
    return sorted(p for p in MIGRATIONS.glob("[0-9][0-9][0-9][0-9]_*.sql"))


def ensure_table(conn) -> None:
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz DEFAULT now())"
    )
    conn.commit()


def applied(conn) -> set[str]:
    return {r[0] for r in conn.execute("SELECT version FROM schema_migrations")}


def cmd_status(conn) -> None:
    done = applied(conn)
    for f in files():
        print(f"{'applied' if f.stem in done else 'PENDING'}  {f.name}")


def cmd_up(conn) -> None:
    done = applied(conn)
    conn.commit()
    pending = [f for f in files() if f.stem not in done]
    if not pending:
        print("Nothing to apply.")
        return
    for f in pending:
        sql = f.read_text()
        print(f"applying {f.name}")
        if sql.lstrip().startswith(NO_TX):
            conn.commit()  # autocommit can only be toggled outside a transaction
            conn.autocommit = True
            conn.execute(sql)
            conn.execute("INSERT INTO schema_migrations(version) VALUES (%s)", (f.stem,))
            conn.autocommit = False
        else:
            with conn.transaction():
                conn.execute(sql)
                conn.execute("INSERT INTO schema_migrations(version) VALUES (%s)", (f.stem,))
    print(f"Applied {len(pending)} migration(s).")


def cmd_new(name: str) -> None:
    MIGRATIONS.mkdir(exist_ok=True)
    nums = [int(f.name[:4]) for f in files()]
    slug = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    path = MIGRATIONS / f"{(max(nums) + 1 if nums else 1):04d}_{slug}.sql"
    path.write_text(f"-- {slug}\n\n")
    print(f"created {path}")


def cmd_reset(conn, url: str, drop: bool, yes: bool) -> None:
    if not drop:
        sys.exit("reset requires --drop to make the data loss explicit.")
    parsed = urlparse(url)
    host = parsed.hostname or ""
    dbname = (parsed.path or "/").lstrip("/")
    allowed = SAFE_HOSTS | {h.strip() for h in os.environ.get("MIGRATE_DEV_HOSTS", "").split(",") if h.strip()}
    if os.environ.get("APP_ENV", "").lower() in {"prod", "production"}:
        sys.exit("Refusing: APP_ENV is production.")
    if host not in allowed:
        sys.exit(f"Refusing: host '{host}' is not a local/dev host. Add it to MIGRATE_DEV_HOSTS if it is disposable.")

    print(f"This will DROP SCHEMA public CASCADE on database '{dbname}' at host '{host or 'local socket'}'.")
    print("All tables and data in that schema will be permanently deleted.")
    if not yes:
        typed = input(f"Type the database name ({dbname}) to continue: ").strip()
        if typed != dbname:
            sys.exit("Confirmation did not match; nothing was changed.")

    with conn.transaction():
        conn.execute("DROP SCHEMA public CASCADE")
        conn.execute("CREATE SCHEMA public")
    ensure_table(conn)
    cmd_up(conn)


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("status")
    sub.add_parser("up")
    p_new = sub.add_parser("new")
    p_new.add_argument("name")
    p_reset = sub.add_parser("reset")
    p_reset.add_argument("--drop", action="store_true")
    p_reset.add_argument("--yes", action="store_true", help="skip the typed confirmation (dev automation only)")
    args = ap.parse_args()

    if args.cmd == "new":
        cmd_new(args.name)
        return
    url = conninfo()
    with psycopg.connect(url) as conn:
        ensure_table(conn)
        if args.cmd == "status":
            cmd_status(conn)
        elif args.cmd == "up":
            cmd_up(conn)
        elif args.cmd == "reset":
            cmd_reset(conn, url, args.drop, args.yes)


if __name__ == "__main__":
    main()
