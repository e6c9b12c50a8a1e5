# -*- coding: utf-8 -*-
"""kdeploy 命令行"""
import argparse
import json
import subprocess
import sys
import time


def kc(args, ctx=None, ns=None, check=True, capture=True):
    cmd = ["kubectl"]
    if ctx:
        cmd += ["--context", ctx]
    if ns:
        cmd += ["-n", ns]
    cmd += args
    r = subprocess.run(cmd, capture_output=capture, text=True)
    if check and r.returncode != 0:
        raise SystemExit(f"kubectl 失败: {' '.join(cmd)}\n{r.stderr}")
    return r.stdout


def contexts(_):
    out = kc(["config", "get-contexts", "-o", "name"])
    cur = kc(["config", "current-context"], check=False).strip()
    for c in out.split():
        print(("* " if c == cur else "  ") + c)


def crashlooping(name, ctx, ns):
    pods = json.loads(kc(["get", "pods", "-l", f"app={name}", "-o", "json"], ctx, ns))
    for p in pods.get("items", []):
        for cs in p.get("status", {}).get("containerStatuses", []):
            w = cs.get("state", {}).get("waiting", {})
            if w.get("reason") in ("CrashLoopBackOff", "ImagePullBackOff", "ErrImagePull"):
                return f"{p['metadata']['name']}: {w['reason']}"
    return None


def release(a):
    dep = json.loads(kc(["get", "deployment", a.name, "-o", "json"], a.context, a.namespace))
    containers = dep["spec"]["template"]["spec"]["containers"]
    target = a.container or containers[0]["name"]
    old = next(c["image"] for c in containers if c["name"] == target)
    print(f"{a.name}/{target}: {old} -> {a.image}")
    if a.dry_run:
        print(kc(["set", "image", f"deployment/{a.name}", f"{target}={a.image}", "--dry-run=server", "-o", "yaml"],
                 a.context, a.namespace))
        return 0
    kc(["set", "image", f"deployment/{a.name}", f"{target}={a.image}"], a.context, a.namespace)
    kc(["annotate", f"deployment/{a.name}", f"kubernetes.io/change-cause=kdeploy {a.image}", "--overwrite"],
       a.context, a.namespace)
    deadline = time.time() + a.timeout
    while time.time() < deadline:
        r = subprocess.run(["kubectl", *(["--context", a.context] if a.context else []), "-n", a.namespace,
                            "rollout", "status", f"deployment/{a.name}", "--timeout=10s"], capture_output=True, text=True)
        if r.returncode == 0:
            print("发布成功")
            return 0
        bad = crashlooping(a.name, a.context, a.namespace)
        if bad:
            print(f"检测到异常 Pod：{bad}")
            break
    print("发布失败，开始回滚")
    kc(["rollout", "undo", f"deployment/{a.name}"], a.context, a.namespace)
    return 1


def rollback(a):
    kc(["rollout", "undo", f"deployment/{a.name}"], a.context, a.namespace)
    print("已回滚到上一个版本")


def main():
    ap = argparse.ArgumentParser(prog="kdeploy")
    ap.add_argument("--context")
    sp = ap.add_subparsers(dest="cmd", required=True)
    sp.add_parser("contexts").set_defaults(fn=contexts)
    p = sp.add_parser("release")
    p.add_argument("name")
    p.add_argument("--image", required=True)
    p.add_argument("-n", "--namespace", default="default")
    p.add_argument("--container")
    p.add_argument("--timeout", type=int, default=300)
    p.add_argument("--dry-run", action="store_true")
    p.set_defaults(fn=release)
    p = sp.add_parser("rollback")
    p.add_argument("name")
    p.add_argument("-n", "--namespace", default="default")
    p.set_defaults(fn=rollback)
    a = ap.parse_args()
    return a.fn(a) or 0


if __name__ == "__main__":
    sys.exit(main())
