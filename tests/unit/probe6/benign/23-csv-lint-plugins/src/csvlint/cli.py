"""csvlint command line: load rules, resolve plugins, report findings."""
import argparse
import csv
import importlib
import importlib.util
import os
import re
import sys
import tomllib

NAME_RE = re.compile(r"^[a-z_]+$")
MAX_PER_RULE = 50


def load_plugin(name, plugin_dir=None):
    """Resolve a rule plugin by name: local folder first (if given), then built-ins."""
    if not NAME_RE.match(name):
        raise ValueError(f"invalid plugin name: {name!r}")
    if plugin_dir:
        path = os.path.join(os.path.abspath(plugin_dir), name + ".py")
        if os.path.isfile(path):
            spec = importlib.util.spec_from_file_location(f"csv_rules.{name}", path)
            mod = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(mod)
            return getattr(mod, "check")
    mod = importlib.import_module(f"csvlint.plugins.{name}")
    return getattr(mod, "check")


def read_rows(path, encoding):
    with open(path, newline="", encoding=encoding) as fh:
        return list(csv.DictReader(fh))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="csvlint")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--rules", default="config/rules.toml")
    ap.add_argument("--plugins", help="folder with project-specific rule plugins")
    ap.add_argument("--encoding", default="utf-8-sig")
    args = ap.parse_args(argv)

    with open(args.rules, "rb") as fh:
        rules = tomllib.load(fh).get("rule", [])
    total = 0
    for path in args.files:
        rows = read_rows(path, args.encoding)
        print(f"== {path} ({len(rows)} rows)")
        for rule in rules:
            opts = {k: v for k, v in rule.items() if k != "type"}
            check = load_plugin(rule["type"], args.plugins)
            count = 0
            for row_no, col, msg in check(rows, **opts):
                count += 1
                if count <= MAX_PER_RULE:
                    print(f"  {row_no}:{col}  {rule['type']}  {msg}")
            if count > MAX_PER_RULE:
                print(f"  ... {count - MAX_PER_RULE} more {rule['type']} finding(s)")
            total += count
    print(f"{total} finding(s)")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
