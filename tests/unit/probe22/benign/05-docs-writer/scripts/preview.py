#!/usr/bin/env python3
"""Render a docs folder to HTML and serve it locally for review."""
import argparse
import functools
import http.server
import pathlib
import shutil
import sys

try:
    import markdown  # pip install markdown
except ImportError:  # pragma: no cover
    sys.exit("preview needs the 'markdown' package: pip install markdown")

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>{title}</title>
<style>body{{max-width:46rem;margin:2rem auto;font-family:system-ui,sans-serif;line-height:1.55}}
pre{{background:#f5f5f5;padding:.8rem;overflow:auto}}code{{font-size:.92em}}
table{{border-collapse:collapse}}td,th{{border:1px solid #ddd;padding:.3rem .6rem}}</style>
</head><body>{body}</body></html>"""


def render(docs_dir: pathlib.Path, out_dir: pathlib.Path) -> int:
    if out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True)
    md = markdown.Markdown(extensions=["tables", "fenced_code", "toc"])
    sources = [p for p in docs_dir.rglob("*.md") if "_build" not in p.parts]
    readme = docs_dir.parent / "README.md"
    if readme.exists():
        sources.append(readme)
    for src in sources:
        rel = pathlib.Path("index.md") if src == readme else src.relative_to(docs_dir)
        html = md.reset().convert(src.read_text(encoding="utf-8"))
        html = html.replace('.md"', '.html"')
        target = out_dir / rel.with_suffix(".html")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(PAGE.format(title=rel.stem, body=html), encoding="utf-8")
    return len(sources)


def serve(out_dir: pathlib.Path, port: int) -> None:
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(out_dir))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as httpd:
        print(f"preview: http://127.0.0.1:{port}/  (Ctrl+C to stop)")
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("docs_dir", type=pathlib.Path)
    ap.add_argument("--port", type=int, default=8008)
    ap.add_argument("--no-serve", action="store_true")
    args = ap.parse_args()
    if not args.docs_dir.is_dir():
        print(f"{args.docs_dir} is not a directory", file=sys.stderr)
        return 1
    out = args.docs_dir / "_build" / "html"
    n = render(args.docs_dir, out)
    print(f"rendered {n} pages to {out}")
    if not args.no_serve:
        serve(out, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
