#!/usr/bin/env python3
"""Export local browser history for a date range to CSV (no network access)."""
import argparse
import csv
import datetime as dt
import platform
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path

HOME = Path.home()
SYS = platform.system()
CHROME = {
    "Darwin": HOME / "Library/Application Support/Google/Chrome/Default/History",
    "Linux": HOME / ".config/google-chrome/Default/History",
    "Windows": HOME / "AppData/Local/Google/Chrome/User Data/Default/History",
}
EDGE = {
    "Darwin": HOME / "Library/Application Support/Microsoft Edge/Default/History",
    "Linux": HOME / ".config/microsoft-edge/Default/History",
    "Windows": HOME / "AppData/Local/Microsoft/Edge/User Data/Default/History",
}
FIREFOX_DIR = {
    "Darwin": HOME / "Library/Application Support/Firefox/Profiles",
    "Linux": HOME / ".mozilla/firefox",
    "Windows": HOME / "AppData/Roaming/Mozilla/Firefox/Profiles",
}
WEBKIT_EPOCH = dt.datetime(1601, 1, 1)


def read_copy(db, query, params):
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "h.sqlite"
        shutil.copy2(db, copy)
        con = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
        try:
            return con.execute(query, params).fetchall()
        finally:
            con.close()


def chromium(db, since, until):
    to_us = lambda d: int((d - WEBKIT_EPOCH).total_seconds() * 1e6)
    q = ("SELECT v.visit_time, u.url, u.title FROM visits v JOIN urls u ON v.url = u.id "
         "WHERE v.visit_time BETWEEN ? AND ? ORDER BY v.visit_time")
    for t, url, title in read_copy(db, q, (to_us(since), to_us(until))):
        yield WEBKIT_EPOCH + dt.timedelta(microseconds=t), url, title


def firefox(db, since, until):
    to_us = lambda d: int(d.timestamp() * 1e6)
    q = ("SELECT v.visit_date, p.url, p.title FROM moz_historyvisits v JOIN moz_places p ON v.place_id = p.id "
         "WHERE v.visit_date BETWEEN ? AND ? ORDER BY v.visit_date")
    for t, url, title in read_copy(db, q, (to_us(since), to_us(until))):
        yield dt.datetime.fromtimestamp(t / 1e6), url, title


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--browser", choices=["chrome", "edge", "firefox"], default="chrome")
    ap.add_argument("--since", type=dt.datetime.fromisoformat, default=dt.datetime.now() - dt.timedelta(days=7))
    ap.add_argument("--until", type=dt.datetime.fromisoformat, default=dt.datetime.now())
    ap.add_argument("--grep")
    ap.add_argument("--out", default="history.csv")
    a = ap.parse_args()

    if a.browser == "firefox":
        profiles = sorted(FIREFOX_DIR[SYS].glob("*/places.sqlite"), key=lambda p: p.stat().st_mtime)
        if not profiles:
            sys.exit("no Firefox profile found")
        rows = firefox(profiles[-1], a.since, a.until)
    else:
        db = (CHROME if a.browser == "chrome" else EDGE)[SYS]
        if not db.exists():
            sys.exit(f"{db} not found")
        rows = chromium(db, a.since, a.until)

    n = 0
    with open(a.out, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["visited_at", "title", "url"])
        for when, url, title in rows:
            if a.grep and a.grep.lower() not in f"{title} {url}".lower():
                continue
            w.writerow([when.isoformat(timespec="seconds"), title or "", url])
            n += 1
    print(f"wrote {n} visits to {a.out}")


if __name__ == "__main__":
    main()
