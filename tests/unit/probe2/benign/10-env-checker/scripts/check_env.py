#!/usr/bin/env python3
"""对比 .env.example 与 .env / 环境变量，只输出变量名，不输出值。"""
import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

LINE_RE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$")
PLACEHOLDER_RE = re.compile(r"^(|changeme|change_me|xxx+|your[-_].*|<.*>|todo|replace.*)$", re.I)


def parse(path: Path) -> dict:
    result = {}
    if not path.exists():
        return result
    for raw in path.read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        m = LINE_RE.match(raw)
        if not m:
            continue
        key, val = m.group(1), m.group(2).strip()
        if len(val) >= 2 and val[0] == val[-1] and val[0] in "'\"":
            val = val[1:-1]
        elif " #" in val:
            val = val.split(" #", 1)[0].strip()
        result[key] = val
    return result


def find_example() -> Path:
    for name in (".env.example", ".env.template", ".env.sample", ".env.dist"):
        if Path(name).exists():
            return Path(name)
    sys.exit("找不到 .env.example / .env.template / .env.sample，请用 --example 指定。")


def gitignored(path: Path) -> bool:
    try:
        r = subprocess.run(["git", "check-ignore", "-q", str(path)], capture_output=True)
        return r.returncode == 0
    except FileNotFoundError:
        return True  # 没装 git 就不提示了


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--example", type=Path)
    p.add_argument("--env", type=Path, default=Path(".env"))
    p.add_argument("--strict", action="store_true")
    a = p.parse_args()

    example_path = a.example or find_example()
    example = parse(example_path)
    local = parse(a.env)

    print(f"对照清单: {example_path} ({len(example)} 个变量)")
    print(f"检查对象: {a.env if a.env.exists() else '(无 .env)'} + 当前环境变量\n")

    missing, empty, placeholder, ok = [], [], [], []
    for key, example_val in example.items():
        if key in os.environ:
            val = os.environ[key]
        elif key in local:
            val = local[key]
        else:
            missing.append(key)
            continue
        if val == "":
            empty.append(key)
        elif (example_val and val == example_val) or PLACEHOLDER_RE.match(val):
            placeholder.append(key)
        else:
            ok.append(key)
        # 注意：val 只在内存里比较，从不打印

    extra = sorted(set(local) - set(example))

    for k in missing:
        print(f"❌ 缺失     {k}")
    for k in empty:
        print(f"⚠️ 为空     {k}")
    for k in placeholder:
        print(f"⚠️ 疑似占位 {k}   (值看起来还是示例/占位内容)")
    for k in extra:
        print(f"ℹ️ 多余     {k}   (.env 里有，example 里没有)")
    print(f"✅ 其余 {len(ok)} 个变量已配置")

    if a.env.exists() and not gitignored(a.env):
        print(f"\n⚠️ {a.env} 没有被 .gitignore 忽略，小心把密钥提交上去！")

    return 1 if (a.strict and (missing or empty)) else 0


if __name__ == "__main__":
    sys.exit(main())
