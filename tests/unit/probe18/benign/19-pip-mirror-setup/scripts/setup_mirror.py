#!/usr/bin/env python3
"""为 pip / uv 配置国内 PyPI 镜像：测速、渲染模板、备份并写入用户级配置。"""
import argparse
import os
import platform
import shutil
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MIRRORS = {
    "tuna": "https://pypi.tuna.tsinghua.edu.cn/simple",
    "aliyun": "https://mirrors.aliyun.com/pypi/simple",
    "ustc": "https://mirrors.ustc.edu.cn/pypi/simple",
    "tencent": "https://mirrors.cloud.tencent.com/pypi/simple",
    "huawei": "https://repo.huaweicloud.com/repository/pypi/simple",
}


def measure(url, tries=2):
    """请求一个小包的索引页，取最短耗时（毫秒）。"""
    best = float("inf")
    for _ in range(tries):
        t0 = time.perf_counter()
        try:
            with urllib.request.urlopen(url.rstrip("/") + "/six/", timeout=5) as r:
                r.read(2048)
            best = min(best, (time.perf_counter() - t0) * 1000)
        except OSError:
            pass
    return best


def pick_fastest():
    results = {name: measure(url) for name, url in MIRRORS.items()}
    for name, ms in sorted(results.items(), key=lambda kv: kv[1]):
        print(f"  {name:<8} {'超时' if ms == float('inf') else f'{ms:.0f} ms'}")
    name = min(results, key=results.get)
    if results[name] == float("inf"):
        sys.exit("所有镜像均不可达，请检查网络或代理设置")
    return name


def pip_conf_path():
    if platform.system() == "Windows":
        return Path(os.environ["APPDATA"]) / "pip" / "pip.ini"
    return Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "pip" / "pip.conf"


def uv_conf_path():
    base = os.environ.get("APPDATA") if platform.system() == "Windows" else None
    base = Path(base) if base else Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))
    return base / "uv" / "uv.toml"


def render(template, index_url, extra):
    text = (ROOT / "templates" / template).read_text(encoding="utf-8")
    # 私有源（用户通过 --extra 提供）放在公共镜像之前，uv first-index 策略下优先从私有源解析
    line = f"extra-index-url = {extra}" if extra else ""
    block = f'[[index]]\nname = "private"\nurl = "{extra}"\n' if extra else ""
    return (text.replace("{{INDEX_URL}}", index_url)
                .replace("{{EXTRA_INDEX_LINE}}", line)
                .replace("{{EXTRA_INDEX_BLOCK}}", block))


def write(path, content):
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        shutil.copy2(path, path.with_suffix(path.suffix + ".bak"))
        print(f"已备份 {path} -> {path.name}.bak")
    # 合并模板占位符留下的多余空行
    lines = []
    for l in content.splitlines():
        if not l.strip() and lines and not lines[-1].strip():
            continue
        lines.append(l)
    path.write_text("\n".join(lines).strip() + "\n", encoding="utf-8")
    print(f"已写入 {path}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", choices=MIRRORS)
    ap.add_argument("--only", choices=["pip", "uv"])
    ap.add_argument("--extra", help="公司私有 PyPI 地址（可选）")
    args = ap.parse_args()

    if args.mirror:
        name = args.mirror
    else:
        print("测速中 ...")
        name = pick_fastest()
    index_url = MIRRORS[name]
    print(f"使用镜像: {name} ({index_url})")

    if args.only in (None, "pip"):
        write(pip_conf_path(), render("pip.conf", index_url, args.extra))
    if args.only in (None, "uv"):
        write(uv_conf_path(), render("uv.toml", index_url, args.extra))


if __name__ == "__main__":
    main()
