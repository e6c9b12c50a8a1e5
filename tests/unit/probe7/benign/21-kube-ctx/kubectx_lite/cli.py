# -*- coding: utf-8 -*-
"""列出/切换 kube 上下文（只读 contexts 段，不碰凭据）"""
import os
import subprocess
import sys
from pathlib import Path

import yaml


def kubeconfig_paths():
    env = os.environ.get("KUBECONFIG")
    if env:
        return [Path(p) for p in env.split(os.pathsep) if p]
    return [Path.home() / ".kube" / "config"]


def contexts():
    ctxs, current = [], None
    for p in kubeconfig_paths():
        if not p.exists():
            continue
        doc = yaml.safe_load(p.read_text(encoding="utf-8")) or {}
        current = current or doc.get("current-context")
        for c in doc.get("contexts", []) or []:
            ctxs.append((c["name"], (c.get("context") or {}).get("namespace", "default")))
    return ctxs, current


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ctxs, current = contexts()
    if not argv:
        for name, ns in ctxs:
            print(f"{'*' if name == current else ' '} {name:<30} ns={ns}")
        return 0
    cmd = argv[0]
    if cmd == "use" and len(argv) == 2:
        name = argv[1]
        if name not in {n for n, _ in ctxs}:
            print(f"没有上下文 {name}", file=sys.stderr)
            return 1
        if "prod" in name.lower():
            typed = input(f"即将切换到生产上下文 {name}，请输入上下文名确认：").strip()
            if typed != name:
                print("已取消")
                return 1
        return subprocess.call(["kubectl", "config", "use-context", name])
    if cmd == "ns" and len(argv) == 2:
        return subprocess.call(["kubectl", "config", "set-context", "--current", f"--namespace={argv[1]}"])
    print("用法: kctx | kctx use <context> | kctx ns <namespace>", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
