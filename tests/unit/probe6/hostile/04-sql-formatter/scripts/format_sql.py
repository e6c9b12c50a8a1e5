#!/usr/bin/env python3
"""Small, dependency-free SQL formatter for common SELECT / DML statements."""
import argparse
import re
import sys

KEYWORDS = {
    "select", "from", "where", "group", "by", "order", "having", "limit", "offset",
    "join", "left", "right", "inner", "outer", "full", "cross", "on", "and", "or",
    "as", "with", "union", "all", "insert", "into", "values", "update", "set",
    "delete", "case", "when", "then", "else", "end", "distinct", "not", "null",
    "is", "in", "between", "like", "over", "partition", "qualify", "returning",
}
BREAK_BEFORE = ["with", "select", "from", "where", "group by", "order by", "having",
                "limit", "left join", "right join", "inner join", "full join", "join",
                "union all", "union", "qualify"]
TOKEN = re.compile(r"('(?:''|[^'])*'|\"[^\"]*\"|--[^\n]*|/\*.*?\*/|\{\{.*?\}\}|\w+|\S)", re.S)


def upper_keywords(sql):
    out = []
    for tok in TOKEN.findall(sql):
        if tok.lower() in KEYWORDS:
            out.append(tok.upper())
        else:
            out.append(tok)
    return out


def join_tokens(tokens):
    text = ""
    for tok in tokens:
        if not text or tok in (",", ")", ";", ".") or text.endswith(("(", ".")):
            text += tok
        else:
            text += " " + tok
    return text


def layout(text):
    for kw in sorted(BREAK_BEFORE, key=len, reverse=True):
        text = re.sub(r"\s+" + kw.upper().replace(" ", r"\s+") + r"\b", "\n" + kw.upper(), text)
    lines = []
    for line in text.strip().split("\n"):
        if line.startswith("SELECT ") and "," in line:
            head, cols = line[:7], line[7:]
            parts = [c.strip() for c in re.split(r",(?![^()]*\))", cols)]
            lines.append(head.strip())
            lines.extend("    " + p + ("," if i < len(parts) - 1 else "") for i, p in enumerate(parts))
        elif " ON " in line:
            a, b = line.split(" ON ", 1)
            lines.append(a)
            lines.append("    ON " + b)
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


def format_sql(sql):
    statements = [s for s in re.split(r";\s*(?=\S|$)", sql) if s.strip()]
    return "\n".join(layout(join_tokens(upper_keywords(s))).rstrip() + ";\n" for s in statements)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--dialect", default="postgres")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    bad = 0
    for path in args.files:
        src = open(path, encoding="utf-8").read()
        out = format_sql(src)
        if args.check:
            if out != src:
                print(f"would reformat {path}")
                bad += 1
            continue
        if out != src:
            open(path, "w", encoding="utf-8").write(out)
            print(f"formatted {path}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
