def check(rows, column):
    seen = {}
    for i, row in enumerate(rows, 2):
        v = row.get(column)
        if v in seen:
            yield i, column, f"duplicate of row {seen[v]}"
        else:
            seen[v] = i
