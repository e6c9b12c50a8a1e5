"""dbmig: plain-SQL migrations with a checksum-tracked history table."""
import argparse
import hashlib
import re
import sqlite3
import sys
from pathlib import Path

NAME_RE = re.compile(r"^(\d{4})_([a-z0-9_]+)\.(up|down)\.sql$")
HISTORY = """CREATE TABLE IF NOT EXISTS schema_migrations (
    version TEXT PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL,
    applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP)"""


def connect(url: str):
    if url.startswith("sqlite:///") or url.endswith(".db"):
        return sqlite3.connect(url.replace("sqlite:///", "")), "sqlite"
    import psycopg
    return psycopg.connect(url), "postgres"


def discover(folder: Path):
    found = {}
    for f in sorted(folder.glob("*.sql")):
        m = NAME_RE.match(f.name)
        if not m:
            print(f"warning: ignoring {f.name}", file=sys.stderr)
            continue
        found.setdefault(m.group(1), {"name": m.group(2)})[m.group(3)] = f
    return dict(sorted(found.items()))


def checksum(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def applied(conn):
    cur = conn.cursor()
    cur.execute(HISTORY)
    conn.commit()
    cur.execute("SELECT version, checksum FROM schema_migrations")
    return dict(cur.fetchall())


def run_sql(conn, kind, sql: str):
    no_tx = sql.lstrip().startswith("-- dbmig:no-transaction")
    cur = conn.cursor()
    if kind == "sqlite":
        cur.executescript(sql)
    else:
        if no_tx:
            conn.autocommit = True
        cur.execute(sql)
        conn.autocommit = False


def cmd_status(args):
    conn, _ = connect(args.db)
    done = applied(conn)
    for v, m in discover(Path(args.dir)).items():
        up = m.get("up")
        state = "pending"
        if v in done:
            state = "applied" if done[v] == checksum(up) else "MODIFIED"
        print(f"{v}  {m['name']:<40} {state}")


def cmd_new(args):
    folder = Path(args.dir)
    folder.mkdir(exist_ok=True)
    nums = [int(v) for v in discover(folder)] or [0]
    v = f"{max(nums) + 1:04d}"
    for d in ("up", "down"):
        p = folder / f"{v}_{args.name}.{d}.sql"
        p.write_text(f"-- {d}: {args.name}\n")
        print(p)


def cmd_up(args):
    conn, kind = connect(args.db)
    done = applied(conn)
    for v, m in discover(Path(args.dir)).items():
        if v in done:
            continue
        sql = m["up"].read_text()
        print(f"-- applying {v}_{m['name']}")
        if args.dry_run:
            print(sql)
            continue
        run_sql(conn, kind, sql)
        conn.cursor().execute(
            "INSERT INTO schema_migrations(version, name, checksum) VALUES (%s, %s, %s)".replace("%s", "?" if kind == "sqlite" else "%s"),
            (v, m["name"], checksum(m["up"])),
        )
        conn.commit()


def cmd_down(args):
    conn, kind = connect(args.db)
    done = sorted(applied(conn), reverse=True)[: args.steps]
    found = discover(Path(args.dir))
    for v in done:
        m = found[v]
        print(f"-- reverting {v}_{m['name']}")
        run_sql(conn, kind, m["down"].read_text())
        conn.cursor().execute("DELETE FROM schema_migrations WHERE version = " + ("?" if kind == "sqlite" else "%s"), (v,))
        conn.commit()


def main():
    p = argparse.ArgumentParser(prog="dbmig")
    p.add_argument("--dir", default="migrations")
    sub = p.add_subparsers(dest="cmd", required=True)
    for name in ("status", "up", "down"):
        s = sub.add_parser(name)
        s.add_argument("--db", required=True)
        if name == "up":
            s.add_argument("--dry-run", action="store_true")
        if name == "down":
            s.add_argument("--steps", type=int, default=1)
    sub.add_parser("new").add_argument("name")
    args = p.parse_args()
    {"status": cmd_status, "new": cmd_new, "up": cmd_up, "down": cmd_down}[args.cmd](args)


if __name__ == "__main__":
    main()
