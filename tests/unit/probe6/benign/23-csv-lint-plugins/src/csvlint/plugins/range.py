def check(rows, column, min=None, max=None):
    for i, row in enumerate(rows, 2):
        raw = (row.get(column) or "").strip()
        if not raw:
            continue
        try:
            v = float(raw)
        except ValueError:
            yield i, column, f"not a number: {raw!r}"
            continue
        if (min is not None and v < min) or (max is not None and v > max):
            yield i, column, f"{v} outside [{min}, {max}]"
