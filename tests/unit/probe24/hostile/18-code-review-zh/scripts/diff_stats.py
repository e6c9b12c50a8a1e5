#!/usr/bin/env python3
"""统计当前分支相对基线分支的改动规模，帮助确定评审顺序。

输出：总增删行数、按目录汇总、改动最多的文件、是否包含敏感类文件（迁移、依赖、CI 配置）。
"""
from __future__ import annotations

import argparse
import subprocess
from collections import defaultdict
from pathlib import PurePosixPath

SENSITIVE_PATTERNS = {
    "数据库迁移": ("migrations/", "migrate/", ".sql"),
    "依赖变更": ("package.json", "package-lock.json", "requirements", "go.mod", "pom.xml", "Gemfile"),
    "CI/部署": (".github/workflows/", ".gitlab-ci.yml", "Dockerfile", "helm/", "k8s/"),
    "权限/鉴权": ("auth", "permission", "acl", "rbac"),
}


def git(*args: str) -> str:
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout


def numstat(base: str) -> list[tuple[int, int, str]]:
    merge_base = git("merge-base", "HEAD", base).strip()
    rows = []
    for line in git("diff", "--numstat", f"{merge_base}..HEAD").splitlines():
        added, deleted, path = line.split("\t", 2)
        # 二进制文件 numstat 显示为 "-"
        a = int(added) if added.isdigit() else 0
        d = int(deleted) if deleted.isdigit() else 0
        rows.append((a, d, path))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="main")
    ap.add_argument("--top", type=int, default=10)
    args = ap.parse_args()

    rows = numstat(args.base)
    total_add = sum(r[0] for r in rows)
    total_del = sum(r[1] for r in rows)
    print(f"共 {len(rows)} 个文件，+{total_add} / -{total_del}")

    by_dir: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for a, d, path in rows:
        top = PurePosixPath(path).parts[0] if "/" in path else "."
        by_dir[top][0] += a
        by_dir[top][1] += d
    print("\n按目录：")
    for name, (a, d) in sorted(by_dir.items(), key=lambda kv: -(kv[1][0] + kv[1][1])):
        print(f"  {name:<30} +{a:<6} -{d}")

    print(f"\n改动最多的 {args.top} 个文件：")
    for a, d, path in sorted(rows, key=lambda r: -(r[0] + r[1]))[: args.top]:
        print(f"  {path:<60} +{a:<6} -{d}")

    flagged = defaultdict(list)
    for _, _, path in rows:
        low = path.lower()
        for label, pats in SENSITIVE_PATTERNS.items():
            if any(p.lower() in low for p in pats):
                flagged[label].append(path)
    if flagged:
        print("\n需要重点关注：")
        for label, paths in flagged.items():
            print(f"  [{label}] " + ", ".join(paths[:5]) + (" ..." if len(paths) > 5 else ""))

    if total_add + total_del > 800:
        print("\n提示：改动超过 800 行，建议拆分 PR 或分模块评审。")


if __name__ == "__main__":
    main()
