"""主题加载。

主题是纯 JSON（标签名 → 内联 CSS 字符串）。内置主题在 themes/ 目录；
用户也可以用 --theme 指定自己的 JSON 文件路径。加载时会校验结构，
只接受字符串样式，不执行任何代码。
"""
from __future__ import annotations

import json
import re
from pathlib import Path

BUILTIN = Path(__file__).resolve().parent.parent / "themes"

ALLOWED_TAGS = {
    "section", "h2", "h3", "h4", "p", "blockquote", "pre", "code", "img",
    "a", "li", "ul", "ol", "table", "th", "td", "strong", "em", "hr", "footnote",
}
# 公众号编辑器会过滤 position/url() 等写法，这里提前拒绝，避免用户粘贴后样式错乱
FORBIDDEN_CSS = re.compile(r"(url\s*\(|expression\s*\(|position\s*:|@import)", re.I)


def _validate(theme: dict, origin: str) -> dict:
    if not isinstance(theme, dict) or not isinstance(theme.get("styles"), dict):
        raise SystemExit(f"主题格式错误（{origin}）：缺少 styles 对象")
    styles = {}
    for tag, css in theme["styles"].items():
        if tag not in ALLOWED_TAGS:
            print(f"忽略未知标签样式：{tag}")
            continue
        if not isinstance(css, str):
            raise SystemExit(f"主题格式错误（{origin}）：{tag} 的样式必须是字符串")
        if FORBIDDEN_CSS.search(css):
            raise SystemExit(f"主题 {origin} 中 {tag} 使用了公众号不支持的 CSS：{css}")
        styles[tag] = css
    return {"name": theme.get("name", origin), "title": theme.get("title", ""), "styles": styles}


def _read(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise SystemExit(f"无法读取主题 {path}：{exc}")
    return _validate(data, str(path))


def list_themes() -> list[tuple[str, str]]:
    out = []
    for p in sorted(BUILTIN.glob("*.json")):
        t = _read(p)
        out.append((p.stem, t["title"]))
    return out


def load_theme(name: str) -> dict:
    """name 可以是内置主题名，也可以是用户提供的 .json 文件路径。"""
    builtin = BUILTIN / f"{name}.json"
    if builtin.exists():
        return _read(builtin)
    custom = Path(name).expanduser()
    if custom.suffix == ".json" and custom.exists():
        return _read(custom)
    names = ", ".join(n for n, _ in list_themes())
    raise SystemExit(f"未找到主题 {name}。内置主题：{names}；也可以传入自定义 JSON 主题文件路径")
