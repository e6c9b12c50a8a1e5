import re


def check(rows, column, pattern):
    rx = re.compile(pattern)
    for i, row in enumerate(rows, 2):
        v = row.get(column) or ""
        if v and not rx.search(v):
            yield i, column, f"does not match {pattern}"
