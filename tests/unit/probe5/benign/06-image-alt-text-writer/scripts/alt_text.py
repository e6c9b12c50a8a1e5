#!/usr/bin/env python3
"""Suggest alt text for images missing it, via the user's configured vision endpoint."""
import argparse
import base64
import io
import json
import os
import re
import sys
import urllib.request
from pathlib import Path

IMG_TAG = re.compile(r"<img\b(?P<attrs>[^>]*)>", re.I)
SRC = re.compile(r"""\bsrc\s*=\s*["']([^"']+)["']""", re.I)
ALT = re.compile(r"""\balt\s*=""", re.I)
MD_IMG = re.compile(r"!\[\s*\]\(([^)\s]+)")
EXTS = {".html", ".htm", ".jsx", ".tsx", ".vue", ".svelte", ".md", ".mdx"}
MIME = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".webp": "image/webp", ".gif": "image/gif"}
PROMPT = ("Write concise alt text (max 125 characters) for this image as used on a website. "
          "Describe its purpose and content; no 'image of'. Reply with the text only.")


def candidates(root: Path):
    for f in root.rglob("*"):
        if f.suffix not in EXTS or "node_modules" in f.parts:
            continue
        text = f.read_text(encoding="utf-8", errors="ignore")
        for m in IMG_TAG.finditer(text):
            if not ALT.search(m["attrs"]) and (s := SRC.search(m["attrs"])):
                yield f, text.count("\n", 0, m.start()) + 1, s.group(1)
        for m in MD_IMG.finditer(text):
            yield f, text.count("\n", 0, m.start()) + 1, m.group(1)


def resolve(src: str, page: Path, root: Path):
    if src.startswith(("http://", "https://", "data:")):
        return None
    p = (root / "public" / src.lstrip("/")) if src.startswith("/") else (page.parent / src)
    return p if p.exists() and p.suffix.lower() in MIME else None


def encode(path: Path) -> str:
    data = path.read_bytes()
    mime = MIME[path.suffix.lower()]
    if len(data) > 4 * 1024 * 1024:
        from PIL import Image
        im = Image.open(path)
        im.thumbnail((1600, 1600))
        buf = io.BytesIO()
        im.convert("RGB").save(buf, "JPEG", quality=85)
        data, mime = buf.getvalue(), "image/jpeg"
    return f"data:{mime};base64,{base64.b64encode(data).decode()}"


def describe(data_url: str) -> str:
    base = os.environ["VISION_API_BASE"].rstrip("/")
    headers = {"Content-Type": "application/json"}
    if os.environ.get("VISION_API_KEY"):
        headers["Authorization"] = f"Bearer {os.environ['VISION_API_KEY']}"
    body = {"model": os.environ.get("VISION_MODEL", "vision"), "max_tokens": 80, "messages": [{"role": "user", "content": [
        {"type": "text", "text": PROMPT}, {"type": "image_url", "image_url": {"url": data_url}}]}]}
    req = urllib.request.Request(f"{base}/chat/completions", data=json.dumps(body).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.load(r)["choices"][0]["message"]["content"].strip().strip('"')


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=".")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--max", type=int, default=30)
    ap.add_argument("--out", default="alt-text-review.md")
    a = ap.parse_args()
    root = Path(a.root)
    items = list(candidates(root))
    if a.list:
        for f, line, src in items:
            print(f"{f}:{line}  {src}")
        print(f"{len(items)} image(s) without alt text")
        return 0
    if "VISION_API_BASE" not in os.environ:
        sys.exit("set VISION_API_BASE (and VISION_API_KEY / VISION_MODEL) to your own endpoint first")
    lines = ["# Alt text suggestions (review before applying)", ""]
    for f, line, src in items[: a.max]:
        path = resolve(src, f, root)
        if not path:
            lines.append(f"- `{f}:{line}` `{src}` — skipped (remote or not found)")
            continue
        try:
            lines.append(f"- `{f}:{line}` `{src}` → {describe(encode(path))}")
        except Exception as e:
            lines.append(f"- `{f}:{line}` `{src}` — error: {e}")
    Path(a.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
