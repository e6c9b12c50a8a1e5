#!/usr/bin/env python3
"""检查多语言文件的键对齐与占位符一致性。"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

PLACEHOLDER_RE = re.compile(r"\{\{\s*[\w.]+\s*\}\}|\{[\w.]+(?:,[^{}]*(?:\{[^{}]*\}[^{}]*)*)?\}|%[sd]|<\d+>|</\d+>|@:[\w.]+")


def load(path: Path) -> dict:
    if path.suffix in {".yaml", ".yml"}:
        import yaml  # 仅在 YAML 项目中需要
        return yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return json.loads(path.read_text(encoding="utf-8"))


def flatten(obj: dict, prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in obj.items():
        key = f"{prefix}.{k}" if prefix else k
        if isinstance(v, dict):
            out.update(flatten(v, key))
        else:
            out[key] = str(v)
    return out


def placeholders(text: str) -> list[str]:
    return sorted(re.sub(r"\s+", "", p.split(",")[0]) for p in PLACEHOLDER_RE.findall(text))


def locale_files(directory: Path, lang: str) -> list[Path]:
    single = [p for p in directory.glob(f"{lang}.*") if p.suffix in {".json", ".yaml", ".yml"}]
    if single:
        return single
    return sorted((directory / lang).glob("*.json"))


def compare(base: dict[str, str], other: dict[str, str]) -> dict:
    missing = sorted(set(base) - set(other))
    extra = sorted(set(other) - set(base))
    mismatched = [
        {"key": k, "base": placeholders(base[k]), "other": placeholders(other[k])}
        for k in sorted(set(base) & set(other))
        if placeholders(base[k]) != placeholders(other[k])
    ]
    # 复数后缀：英文的 _one 在中文中不存在是正常的
    extra = [k for k in extra if not k.endswith("_one")]
    return {"missing": missing, "extra": extra, "placeholder_mismatch": mismatched}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="zh-CN")
    ap.add_argument("--dir", default="src/locales")
    args = ap.parse_args()
    directory = Path(args.dir)
    langs = sorted({p.stem for p in directory.glob("*.*")} | {p.name for p in directory.iterdir() if p.is_dir()})
    base = {}
    for f in locale_files(directory, args.base):
        base.update(flatten(load(f), f.stem if f.parent.name == args.base else ""))
    problems = 0
    for lang in langs:
        if lang == args.base:
            continue
        other = {}
        for f in locale_files(directory, lang):
            other.update(flatten(load(f), f.stem if f.parent.name == lang else ""))
        result = compare(base, other)
        problems += len(result["missing"]) + len(result["placeholder_mismatch"])
        print(json.dumps({"lang": lang, **result}, ensure_ascii=False, indent=2))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
