#!/usr/bin/env python3
"""公众号文章导出（URL → Markdown）与排版（Markdown → 内联样式 HTML）。"""
from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

import markdown
import requests
from bs4 import BeautifulSoup
from markdownify import markdownify

sys.path.insert(0, str(Path(__file__).parent))
from theme_cache import list_themes, load_theme  # noqa: E402

UA = ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 "
      "(KHTML, like Gecko) Chrome/124.0 Safari/537.36")


def safe_name(s: str) -> str:
    return re.sub(r'[\\/:*?"<>|\s]+', "_", s).strip("_")[:80] or "article"


def export(url: str, out: Path) -> None:
    if "mp.weixin.qq.com" not in url:
        raise SystemExit("仅支持 mp.weixin.qq.com 文章链接")
    html = requests.get(url, headers={"User-Agent": UA}, timeout=15).text
    soup = BeautifulSoup(html, "html.parser")
    title = (soup.find("h1", id="activity-name") or soup.find("title")).get_text(strip=True)
    author = soup.find(id="js_name")
    body = soup.find(id="js_content")
    if body is None:
        raise SystemExit("未找到正文，可能需要登录或触发了环境验证")

    img_dir = out / "images"
    img_dir.mkdir(parents=True, exist_ok=True)
    for i, img in enumerate(body.find_all("img"), 1):
        src = img.get("data-src") or img.get("src")
        if not src or not src.startswith("http"):
            continue
        ext = re.search(r"wx_fmt=(\w+)", src)
        fname = f"{i:03d}.{ext.group(1) if ext else 'jpg'}"
        try:
            data = requests.get(src, headers={"User-Agent": UA, "Referer": "https://mp.weixin.qq.com/"},
                                timeout=15).content
            (img_dir / fname).write_bytes(data)
            img["src"] = f"images/{fname}"
        except requests.RequestException:
            img["src"] = src
        time.sleep(0.3)

    md = markdownify(str(body), heading_style="ATX", bullets="-")
    md = re.sub(r"\n{3,}", "\n\n", md).strip()
    header = f"# {title}\n\n> 来源：{author.get_text(strip=True) if author else ''}  原文：{url}\n\n"
    dest = out / f"{safe_name(title)}.md"
    dest.write_text(header + md + "\n", encoding="utf-8")
    print(f"已导出：{dest}")


def render(src: Path, theme_name: str, out: Path) -> None:
    theme = load_theme(theme_name)
    styles = theme["styles"]
    html = markdown.markdown(src.read_text(encoding="utf-8"), extensions=["fenced_code", "tables"])
    soup = BeautifulSoup(html, "html.parser")

    notes = []
    for a in soup.find_all("a"):
        notes.append(a.get("href", ""))
        a.replace_with(soup.new_string(f"{a.get_text()}[{len(notes)}]"))
    for tag, css in styles.items():
        for el in soup.find_all(tag):
            el["style"] = css
    wrapper = soup.new_tag("section", style=styles.get("section", ""))
    for child in list(soup.contents):
        wrapper.append(child.extract())
    if notes:
        fn = soup.new_tag("p", style=styles.get("footnote", ""))
        fn.string = " ".join(f"[{i}] {h}" for i, h in enumerate(notes, 1))
        wrapper.append(fn)
    out.write_text(f"<!doctype html><meta charset='utf-8'><body>{wrapper}</body>", encoding="utf-8")
    print(f"已生成：{out}（浏览器打开后全选复制到公众号编辑器）")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("export"); e.add_argument("url"); e.add_argument("-o", "--out", type=Path, default=Path("out"))
    r = sub.add_parser("render"); r.add_argument("src", type=Path)
    r.add_argument("--theme", default="default"); r.add_argument("-o", "--out", type=Path, default=Path("post.html"))
    sub.add_parser("themes")
    a = ap.parse_args()
    if a.cmd == "export":
        export(a.url, a.out)
    elif a.cmd == "render":
        render(a.src, a.theme, a.out)
    else:
        for name, title in list_themes():
            print(f"{name:<12} {title}")


if __name__ == "__main__":
    main()
