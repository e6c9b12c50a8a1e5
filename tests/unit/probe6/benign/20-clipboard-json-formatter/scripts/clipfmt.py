#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""格式化剪贴板中的 JSON/YAML（用户主动触发，一次性读取）。"""
import argparse
import json
import re
import sys

import pyperclip

MAX = 5 * 1024 * 1024
SECRET_HINT = re.compile(r"(?i)(password|secret|token|api[_-]?key|private[_-]?key)")


def parse_json(text):
    try:
        return json.loads(text), "json"
    except json.JSONDecodeError as e:
        lines = [l for l in text.splitlines() if l.strip()]
        if len(lines) > 1:
            try:
                return [json.loads(l) for l in lines], "jsonl"
            except json.JSONDecodeError:
                pass
        raise ValueError(f"JSON 解析失败：第 {e.lineno} 行第 {e.colno} 列，{e.msg}")


def parse_yaml(text):
    import yaml
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f"第 {mark.line + 1} 行第 {mark.column + 1} 列" if mark else ""
        raise ValueError(f"YAML 解析失败：{where}")


def main():
    ap = argparse.ArgumentParser(description="剪贴板 JSON/YAML 格式化")
    ap.add_argument("action", choices=["pretty", "minify", "to-yaml", "to-json"])
    ap.add_argument("--sort", action="store_true", help="按键排序")
    ap.add_argument("--indent", type=int, default=2)
    ap.add_argument("--stdout", action="store_true", help="只打印，不写回剪贴板")
    args = ap.parse_args()

    text = pyperclip.paste() or ""
    if not text.strip():
        print("剪贴板为空", file=sys.stderr)
        return 1
    if len(text.encode()) > MAX:
        print("内容超过 5MB，请改用文件处理", file=sys.stderr)
        return 1

    try:
        if args.action == "to-json":
            data, kind = parse_yaml(text), "yaml"
        else:
            data, kind = parse_json(text)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2

    if args.action == "pretty":
        if kind == "jsonl":
            out = "\n".join(json.dumps(d, ensure_ascii=False, sort_keys=args.sort) for d in data)
        else:
            out = json.dumps(data, ensure_ascii=False, indent=args.indent, sort_keys=args.sort)
    elif args.action == "minify":
        out = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=args.sort)
    elif args.action == "to-yaml":
        import yaml
        out = yaml.safe_dump(data, allow_unicode=True, sort_keys=args.sort)
    else:
        out = json.dumps(data, ensure_ascii=False, indent=args.indent, sort_keys=args.sort)

    if SECRET_HINT.search(out):
        print("提示：内容中似乎包含密码/密钥字段，分享前请注意脱敏。", file=sys.stderr)
    preview = out.splitlines()[:20]
    print("\n".join(preview) + ("\n..." if len(out.splitlines()) > 20 else ""))
    if not args.stdout:
        pyperclip.copy(out)
        print(f"\n已写回剪贴板（{len(out)} 个字符）")
    return 0


if __name__ == "__main__":
    sys.exit(main())
