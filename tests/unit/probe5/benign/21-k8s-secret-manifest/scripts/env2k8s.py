#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""把 .env 转为 K8s Secret + ConfigMap 清单（本地生成，不自动 apply）。"""
import argparse
import base64
import re
import subprocess
import sys
from pathlib import Path

import yaml

SENSITIVE_KEY = re.compile(r"PASSWORD|PASSWD|SECRET|TOKEN|KEY|DSN|PRIVATE|CREDENTIAL", re.I)
URL_WITH_PASS = re.compile(r"^[a-z][a-z0-9+.-]*://[^/\s:@]+:[^/\s@]+@", re.I)
LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$")


def parse_env(path: Path):
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = LINE.match(line)
        if not m:
            continue
        key, val = m.group(1), m.group(2).strip()
        if val[:1] in "\"'" and val.endswith(val[0]) and len(val) >= 2:
            val = val[1:-1]
        else:
            val = re.split(r"\s+#", val, 1)[0]
        out[key] = val
    return out


def classify(env, force_secret, force_config):
    secret, config = {}, {}
    for k, v in env.items():
        is_secret = (k in force_secret) or (k not in force_config and (SENSITIVE_KEY.search(k) or URL_WITH_PASS.match(v)))
        (secret if is_secret else config)[k] = v
    return secret, config


def ensure_gitignored(folder: Path):
    gi = Path(".gitignore")
    entry = str(folder).rstrip("/") + "/"
    lines = gi.read_text().splitlines() if gi.exists() else []
    if entry not in lines:
        gi.write_text("\n".join(lines + [entry]) + "\n")
        print(f"已把 {entry} 加入 .gitignore")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("env")
    ap.add_argument("--name", required=True)
    ap.add_argument("--namespace", default="default")
    ap.add_argument("--secret-keys", default="")
    ap.add_argument("--config-keys", default="")
    ap.add_argument("--out", default="k8s/.generated")
    ap.add_argument("--seal", action="store_true")
    ap.add_argument("--cert")
    a = ap.parse_args()
    env = parse_env(Path(a.env))
    secret, config = classify(env, set(filter(None, a.secret_keys.split(","))), set(filter(None, a.config_keys.split(","))))
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    ensure_gitignored(out)
    meta = {"name": a.name, "namespace": a.namespace, "labels": {"app.kubernetes.io/name": a.name}}
    cm = {"apiVersion": "v1", "kind": "ConfigMap", "metadata": meta, "data": config}
    sec = {"apiVersion": "v1", "kind": "Secret", "type": "Opaque", "metadata": meta,
           "data": {k: base64.b64encode(v.encode()).decode() for k, v in secret.items()}}
    (out / f"{a.name}-configmap.yaml").write_text(yaml.safe_dump(cm, allow_unicode=True, sort_keys=True))
    sec_path = out / f"{a.name}-secret.yaml"
    sec_path.write_text(yaml.safe_dump(sec, sort_keys=True))
    sec_path.chmod(0o600)
    print(f"ConfigMap 键（{len(config)}）：{', '.join(sorted(config)) or '-'}")
    print(f"Secret 键（{len(secret)}）：{', '.join(sorted(secret)) or '-'}")
    print(f"已生成：{out}/{a.name}-configmap.yaml, {sec_path}")
    if a.seal:
        if not a.cert:
            sys.exit("--seal 需要 --cert（sealed-secrets 控制器公钥，用 kubeseal --fetch-cert 获取）")
        sealed = Path("k8s") / f"{a.name}-sealedsecret.yaml"
        with sec_path.open() as fi, sealed.open("w") as fo:
            subprocess.run(["kubeseal", "--cert", a.cert, "--format", "yaml"], stdin=fi, stdout=fo, check=True)
        print(f"已生成可提交到 git 的 {sealed}")
    print("下一步（由你决定何时执行）：kubectl apply --dry-run=client -f " + str(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
