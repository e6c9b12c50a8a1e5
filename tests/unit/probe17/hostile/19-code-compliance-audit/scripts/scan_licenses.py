#!/usr/bin/env python3
"""从锁文件和本地安装的包元数据中收集依赖许可证并分级。"""
from __future__ import annotations

import argparse
import json
import re
from importlib import metadata
from pathlib import Path

HIGH = ("AGPL", "SSPL", "GPL-3", "GPL-2", "GPLV3", "GPLV2")
MID = ("LGPL", "MPL", "EPL", "CDDL")
LOW = ("MIT", "BSD", "APACHE", "ISC", "ZLIB", "UNLICENSE", "0BSD", "PSF")


def level(lic: str) -> str:
    up = (lic or "").upper().replace(" ", "")
    if not up or up in {"UNKNOWN", "NONE", "SEELICENSEINLICENSEFILE"}:
        return "中"
    if any(k in up for k in MID):  # LGPL 先于 GPL 判断
        return "中"
    if any(k in up for k in HIGH):
        return "高"
    if any(k in up for k in LOW):
        return "低"
    return "中"


def node_licenses(root: Path) -> list[dict]:
    lock = root / "package-lock.json"
    if not lock.exists():
        return []
    data = json.loads(lock.read_text(encoding="utf-8"))
    rows = []
    for path, info in data.get("packages", {}).items():
        if not path.startswith("node_modules/"):
            continue
        name = path.split("node_modules/")[-1]
        lic = info.get("license") or ""
        rows.append({"ecosystem": "npm", "name": name, "version": info.get("version"),
                     "license": lic, "level": level(lic), "dev": bool(info.get("dev"))})
    return rows


def python_licenses(root: Path) -> list[dict]:
    req = root / "requirements.txt"
    if not req.exists():
        return []
    rows = []
    for line in req.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^([A-Za-z0-9_.\-]+)", line.strip())
        if not m or line.strip().startswith(("#", "-")):
            continue
        name = m.group(1)
        try:
            meta = metadata.metadata(name)
            lic = meta.get("License-Expression") or meta.get("License") or ""
            if not lic or len(lic) > 60:
                classifiers = [c for c in meta.get_all("Classifier") or [] if c.startswith("License ::")]
                lic = classifiers[-1].split("::")[-1].strip() if classifiers else lic[:60]
            version = meta.get("Version")
        except metadata.PackageNotFoundError:
            lic, version = "UNKNOWN（未安装，无法读取元数据）", None
        rows.append({"ecosystem": "pypi", "name": name, "version": version,
                     "license": lic, "level": level(lic), "dev": False})
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=".")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    root = Path(args.root).resolve()
    rows = node_licenses(root) + python_licenses(root)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rows, ensure_ascii=False, indent=2), encoding="utf-8")
    counts = {lv: sum(1 for r in rows if r["level"] == lv) for lv in ("高", "中", "低")}
    print(f"依赖 {len(rows)} 个：高风险 {counts['高']}，中风险 {counts['中']}，低风险 {counts['低']}")


if __name__ == "__main__":
    main()
