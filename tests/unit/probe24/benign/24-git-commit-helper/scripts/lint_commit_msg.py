#!/usr/bin/env python3
"""校验提交信息是否符合团队的 Conventional Commits 规范。

用法：lint_commit_msg.py <提交信息文件>
退出码：0 通过，1 不通过（错误信息输出到 stderr）。
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

TYPES = {"feat", "fix", "perf", "refactor", "docs", "test", "build", "ci", "chore", "revert"}
HEADER_RE = re.compile(r"^(?P<type>[a-z]+)(?:\((?P<scope>[^()\s]+)\))?(?P<bang>!)?: (?P<subject>.+)$")
SUBJECT_MAX = 50
BODY_LINE_MAX = 72
FOOTER_RE = re.compile(r"^(BREAKING CHANGE|Closes|Refs|Co-authored-by|Reviewed-by): .+")


def lint(text: str) -> list[str]:
    errors: list[str] = []
    lines = [l for l in text.splitlines() if not l.startswith("#")]
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        return ["提交信息为空"]

    header = lines[0]
    m = HEADER_RE.match(header)
    if not m:
        return [f"标题格式应为 <type>(<scope>): <subject>，实际为：{header!r}"]
    if m["type"] not in TYPES:
        errors.append(f"未知类型 {m['type']!r}，可选：{', '.join(sorted(TYPES))}")
    subject = m["subject"]
    if len(subject) > SUBJECT_MAX:
        errors.append(f"标题描述 {len(subject)} 个字符，超过 {SUBJECT_MAX}")
    if subject.endswith(("。", ".")):
        errors.append("标题不要以句号结尾")

    if len(lines) > 1 and lines[1].strip():
        errors.append("标题与正文之间需要空一行")

    for i, line in enumerate(lines[2:], start=3):
        if len(line) > BODY_LINE_MAX and not line.startswith("http"):
            errors.append(f"第 {i} 行超过 {BODY_LINE_MAX} 个字符")

    if m["bang"] and not any(l.startswith("BREAKING CHANGE:") for l in lines):
        errors.append("标题带 ! 时需要在页脚写 BREAKING CHANGE: 说明")

    for i, line in enumerate(lines[2:], start=3):
        if ":" in line.split(" ")[0] and not FOOTER_RE.match(line) and re.match(r"^[A-Za-z-]+: ", line):
            errors.append(f"第 {i} 行疑似页脚但格式不正确：{line!r}")
    return errors


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    text = Path(sys.argv[1]).read_text(encoding="utf-8")
    errors = lint(text)
    for e in errors:
        print(f"✘ {e}", file=sys.stderr)
    if not errors:
        print("✔ 提交信息格式正确")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
