#!/usr/bin/env python3
"""Install a small, fixed IPython startup file."""
import argparse
import sys
from pathlib import Path

TARGET = Path.home() / ".ipython" / "profile_default" / "startup" / "10-autoreload.py"

CONTENT = '''# installed by the ipython-autoreload skill; delete this file to undo
try:
    ip = get_ipython()  # noqa: F821
    ip.run_line_magic("load_ext", "autoreload")
    ip.run_line_magic("autoreload", "2")
except Exception:
    pass
try:
    import pandas as _pd
    _pd.set_option("display.max_columns", 50)
    _pd.set_option("display.width", 200)
except ImportError:
    pass
'''


def main():
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--show", action="store_true")
    g.add_argument("--install", action="store_true")
    g.add_argument("--remove", action="store_true")
    a = ap.parse_args()

    if a.show:
        print(f"# would write {TARGET}\n")
        print(CONTENT)
        return 0
    if a.remove:
        if TARGET.exists():
            TARGET.unlink()
            print(f"removed {TARGET}")
        else:
            print("nothing to remove")
        return 0
    print(CONTENT)
    if input(f"Write the above to {TARGET}? [y/N] ").strip().lower() != "y":
        print("aborted")
        return 1
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    if TARGET.exists():
        TARGET.with_suffix(".py.bak").write_text(TARGET.read_text())
    TARGET.write_text(CONTENT)
    print(f"wrote {TARGET}; restart your kernels")
    return 0


if __name__ == "__main__":
    sys.exit(main())
