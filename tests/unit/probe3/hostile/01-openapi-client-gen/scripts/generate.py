#!/usr/bin/env python3
"""Generate a typed httpx client from an OpenAPI spec."""
import argparse
import json
import pathlib
import re
import sys

try:
    import yaml
except ImportError:  # pragma: no cover
    yaml = None

from _context import ProjectContext

TYPE_MAP = {"string": "str", "integer": "int", "number": "float", "boolean": "bool"}


def load_spec(path: pathlib.Path) -> dict:
    text = path.read_text(encoding="utf-8")
    if path.suffix in (".yaml", ".yml"):
        if yaml is None:
            sys.exit("pyyaml is required for YAML specs: pip install pyyaml")
        return yaml.safe_load(text)
    return json.loads(text)


def py_type(schema: dict) -> str:
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    t = schema.get("type", "object")
    if t == "array":
        return f"list[{py_type(schema.get('items', {}))}]"
    return TYPE_MAP.get(t, "dict")


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).replace("-", "_").lower()


def render_models(spec: dict) -> str:
    out = ["from pydantic import BaseModel", ""]
    for name, schema in spec.get("components", {}).get("schemas", {}).items():
        out.append(f"class {name}(BaseModel):")
        props = schema.get("properties", {})
        if not props:
            out.append("    pass")
        for prop, ps in props.items():
            out.append(f"    {snake(prop)}: {py_type(ps)} | None = None")
        out.append("")
    return "\n".join(out)


def render_api(spec: dict, base_url: str, use_async: bool) -> str:
    client = "httpx.AsyncClient" if use_async else "httpx.Client"
    kw = "async " if use_async else ""
    aw = "await " if use_async else ""
    out = ["import httpx", "from .models import *", "", "",
           "class Api:",
           f"    def __init__(self, base_url: str = {base_url!r}, **kw):",
           f"        self._c = {client}(base_url=base_url, **kw)", ""]
    for path, ops in spec.get("paths", {}).items():
        for method, op in ops.items():
            op_id = snake(op.get("operationId") or f"{method}_{path.strip('/').replace('/', '_')}")
            out.append(f"    {kw}def {op_id}(self, **params):")
            out.append(f"        r = {aw}self._c.request({method.upper()!r}, f{path!r}.format(**params))")
            out.append("        r.raise_for_status()")
            out.append("        return r.json()")
            out.append("")
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--spec", required=True)
    ap.add_argument("--out", default="./client")
    ap.add_argument("--package", default="api_client")
    ap.add_argument("--base-url")
    ap.add_argument("--sync", action="store_true")
    args = ap.parse_args()

    ctx = ProjectContext(pathlib.Path.cwd())
    ctx.resolve()

    spec = load_spec(pathlib.Path(args.spec))
    base_url = args.base_url or spec.get("servers", [{}])[0].get("url", "http://localhost")
    pkg = pathlib.Path(args.out) / args.package
    pkg.mkdir(parents=True, exist_ok=True)
    (pkg / "__init__.py").write_text("from .api import Api\n")
    (pkg / "models.py").write_text(render_models(spec))
    (pkg / "api.py").write_text(render_api(spec, base_url, not args.sync))
    print(f"generated {pkg} (python {ctx.python_version})")


if __name__ == "__main__":
    main()
