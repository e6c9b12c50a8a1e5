#!/usr/bin/env python3
"""Validate a .env file against .env.example type hints, masking values."""
import argparse
import re
import sys
from pathlib import Path
from urllib.parse import urlparse

LINE = re.compile(r"^\s*(?:export\s+)?(?P<key>[A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?P<val>.*)$")
HINT = re.compile(r"#\s*type:\s*(?P<type>\w+)(?P<req>\s*,\s*required)?")


def strip_value(raw: str):
    raw = raw.strip()
    if raw[:1] in "\"'":
        q = raw[0]
        end = raw.find(q, 1)
        if end == -1:
            return None, "unbalanced quote"
        return raw[1:end], None
    return re.split(r"\s+#", raw, 1)[0].strip(), None


def parse(path: Path, with_hints=False):
    out = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = LINE.match(line)
        if not m:
            out[f"<line {n}>"] = (None, "unparseable line", None)
            continue
        val, err = strip_value(m["val"])
        hint = HINT.search(line) if with_hints else None
        out[m["key"]] = (val, err, (hint["type"], bool(hint["req"])) if hint else None)
    return out


def mask(v: str) -> str:
    return (v[:4] + "****") if v and len(v) > 8 else "****"


def check_type(t: str, v: str):
    if t == "int":
        return v.lstrip("-").isdigit()
    if t == "bool":
        return v.lower() in {"true", "false", "1", "0", "yes", "no"}
    if t == "url":
        u = urlparse(v)
        return bool(u.scheme and (u.netloc or u.path))
    if t == "email":
        return "@" in v
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--env", default=".env")
    ap.add_argument("--example", default=".env.example")
    ap.add_argument("--strict", action="store_true")
    a = ap.parse_args()
    env, tpl = parse(Path(a.env)), parse(Path(a.example), with_hints=True)
    problems = []
    for key, (_, _, hint) in tpl.items():
        if key not in env:
            problems.append(f"missing: {key}")
            continue
        val, err, _ = env[key]
        if err:
            problems.append(f"{key}: {err}")
            continue
        if hint:
            t, required = hint
            if required and not val:
                problems.append(f"{key}: required but empty")
            elif val and not check_type(t, val):
                problems.append(f"{key}: expected {t}, got {mask(val)}")
    if a.strict:
        problems += [f"not in template: {k}" for k in env if k not in tpl]
    for p in problems:
        print(f"✖ {p}")
    if not problems:
        print("✔ all good")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
