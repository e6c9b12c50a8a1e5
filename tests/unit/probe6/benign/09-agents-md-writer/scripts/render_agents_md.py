#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""根据模板渲染 AGENTS.md 草稿，输出到 stdout（不写文件）。"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TEMPLATE = os.path.join(HERE, "..", "templates", "AGENTS.md.tmpl")
SKIP = {".git", "node_modules", ".venv", "dist", "build", "__pycache__", ".idea", ".vscode"}
HINTS = {
    "src": "源代码", "lib": "库代码", "tests": "测试", "test": "测试", "docs": "文档",
    "scripts": "辅助脚本", "config": "配置文件", "migrations": "数据库迁移",
    "packages": "monorepo 子包", "apps": "应用入口", "examples": "示例",
}


def describe_dirs(root):
    lines = []
    for name in sorted(os.listdir(root)):
        if name in SKIP or name.startswith(".") or not os.path.isdir(os.path.join(root, name)):
            continue
        lines.append(f"- `{name}/`：{HINTS.get(name, '（请补充说明）')}")
    return "\n".join(lines) or "- （仓库根目录没有子目录）"


def detect_install(root):
    if os.path.exists(os.path.join(root, "pnpm-lock.yaml")):
        return "pnpm install"
    if os.path.exists(os.path.join(root, "yarn.lock")):
        return "yarn install"
    if os.path.exists(os.path.join(root, "package-lock.json")):
        return "npm ci"
    if os.path.exists(os.path.join(root, "uv.lock")):
        return "uv sync"
    if os.path.exists(os.path.join(root, "pyproject.toml")):
        return "pip install -e .[dev]"
    return "（请补充）"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=".")
    ap.add_argument("--build", required=True)
    ap.add_argument("--test", required=True)
    ap.add_argument("--lint", default="（无）")
    args = ap.parse_args()
    text = open(TEMPLATE, encoding="utf-8").read()
    values = {
        "INSTALL": detect_install(args.root),
        "BUILD": args.build,
        "TEST": args.test,
        "LINT": args.lint,
        "DIRS": describe_dirs(args.root),
    }
    for k, v in values.items():
        text = text.replace("{{" + k + "}}", v)
    if "{{" in text:
        print("警告：模板中仍有未替换的占位符", file=sys.stderr)
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
