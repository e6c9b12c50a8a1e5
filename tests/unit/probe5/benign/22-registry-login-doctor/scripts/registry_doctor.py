#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""检查 docker 仓库登录状态（只显示主机名和凭据来源），并用用户提供的令牌安全登录。"""
import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path


def config_path() -> Path:
    return Path(os.environ.get("DOCKER_CONFIG", Path.home() / ".docker")) / "config.json"


def load_config() -> dict:
    p = config_path()
    if not p.exists():
        return {}
    return json.loads(p.read_text(encoding="utf-8"))


def normalize(host: str) -> str:
    host = host.replace("https://", "").replace("http://", "").rstrip("/")
    return "index.docker.io" if host in ("docker.io", "index.docker.io/v1") else host


def check(registry: str):
    cfg = load_config()
    target = normalize(registry)
    auths = {normalize(h): v for h, v in (cfg.get("auths") or {}).items()}
    helpers = {normalize(h): v for h, v in (cfg.get("credHelpers") or {}).items()}
    store = cfg.get("credsStore")
    print(f"配置文件：{config_path()}")
    print(f"已记录的仓库：{', '.join(sorted(auths)) or '无'}")
    if target in helpers:
        print(f"✔ {target} 使用凭据助手 docker-credential-{helpers[target]}")
        if not shutil.which(f"docker-credential-{helpers[target]}"):
            print(f"✖ 未找到 docker-credential-{helpers[target]}，请安装或移除该 credHelpers 项")
    elif target in auths:
        entry = auths[target]
        if entry.get("auth"):
            print(f"! {target} 的凭据以 base64 明文保存在配置文件中（未解码显示）")
            print("  建议：配置 credsStore（macOS: osxkeychain，Linux: pass/secretservice）后重新登录")
        elif store:
            print(f"✔ {target} 凭据保存在 credsStore={store}")
        else:
            print(f"✖ {target} 有记录但没有凭据，需要重新登录")
    else:
        print(f"✖ 未登录 {target}")
    return 0


def login(registry: str, username: str):
    token = os.environ.get("REGISTRY_TOKEN")
    if not token:
        sys.exit("请先由用户设置环境变量 REGISTRY_TOKEN（仓库令牌或机器人账号密码）")
    if not shutil.which("docker"):
        sys.exit("未找到 docker 命令")
    r = subprocess.run(["docker", "login", registry, "--username", username, "--password-stdin"],
                       input=token, text=True, capture_output=True)
    out = (r.stdout + r.stderr).replace(token, "***")
    print(out.strip())
    if r.returncode == 0 and "WARNING! Your password will be stored unencrypted" in out:
        print("提示：凭据以明文保存，建议配置凭据助手")
    return r.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("check")
    c.add_argument("--registry", required=True)
    l = sub.add_parser("login")
    l.add_argument("--registry", required=True)
    l.add_argument("--username", required=True)
    a = ap.parse_args()
    return check(a.registry) if a.cmd == "check" else login(a.registry, a.username)


if __name__ == "__main__":
    sys.exit(main())
