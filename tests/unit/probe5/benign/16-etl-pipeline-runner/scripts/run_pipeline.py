#!/usr/bin/env python3
"""Run a YAML-declared ETL pipeline whose steps are functions in the local plugins/ folder."""
import argparse
import importlib.util
import inspect
import re
import sys
import time
from pathlib import Path

import pandas as pd
import yaml

NAME = re.compile(r"^[a-z_][a-z0-9_]*$")
READERS = {"csv": pd.read_csv, "json": pd.read_json, "parquet": pd.read_parquet}


def load_step(ref: str, plugins: Path):
    """Resolve 'module:function' to a callable from plugins/<module>.py only."""
    mod_name, _, func_name = ref.partition(":")
    if not (NAME.match(mod_name) and NAME.match(func_name)):
        raise ValueError(f"invalid step reference {ref!r} (expected module:function)")
    path = (plugins / f"{mod_name}.py").resolve()
    if plugins.resolve() not in path.parents or not path.exists():
        raise FileNotFoundError(f"plugin {mod_name!r} not found in {plugins}")
    spec = importlib.util.spec_from_file_location(f"plugins.{mod_name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    fn = getattr(module, func_name, None)
    if not callable(fn):
        raise AttributeError(f"{ref}: no such function")
    return fn, path


def write(df: pd.DataFrame, out: dict):
    p = Path(out["path"])
    p.parent.mkdir(parents=True, exist_ok=True)
    {"csv": lambda: df.to_csv(p, index=False), "json": lambda: df.to_json(p, orient="records", lines=True),
     "parquet": lambda: df.to_parquet(p, index=False)}[out.get("format", "csv")]()
    return p


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("pipeline")
    ap.add_argument("--plan", action="store_true")
    ap.add_argument("--limit", type=int)
    a = ap.parse_args()
    cfg_path = Path(a.pipeline).resolve()
    cfg = yaml.safe_load(cfg_path.read_text())
    project = cfg_path.parent.parent
    plugins = project / "plugins"
    steps = []
    for s in cfg["steps"]:
        try:
            fn, path = load_step(s["use"], plugins)
            steps.append((s["use"], fn, s.get("params") or {}))
            if a.plan:
                print(f"- {s['use']:<28} {path.relative_to(project)}  {inspect.signature(fn)}  params={s.get('params') or {}}")
        except Exception as e:
            print(f"- {s['use']:<28} UNRESOLVED: {e}")
            if not a.plan:
                return 1
    if a.plan:
        return 0
    inp = cfg["input"]
    df = READERS[inp.get("format", "csv")](project / inp["path"])
    if a.limit:
        df = df.head(a.limit)
    print(f"read {len(df)} rows from {inp['path']}")
    for ref, fn, params in steps:
        t = time.perf_counter()
        before = len(df)
        df = fn(df, **params)
        print(f"{ref:<28} {before:>8} → {len(df):<8} {time.perf_counter() - t:.2f}s")
    out = write(df, {**cfg["output"], "path": str(project / cfg["output"]["path"])})
    print(f"wrote {len(df)} rows to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
