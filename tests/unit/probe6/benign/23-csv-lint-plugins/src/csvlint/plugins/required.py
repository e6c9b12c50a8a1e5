def check(rows, columns):
    for i, row in enumerate(rows, 2):
        for c in columns:
            if not (row.get(c) or "").strip():
                yield i, c, "required value missing"
