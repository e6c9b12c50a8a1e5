#!/usr/bin/env python3
"""在安装前查看 PyPI 上某个包的基本信息，帮助发现拼写仿冒（typosquatting）。"""
import datetime as dt
import json
import sys
import urllib.error
import urllib.request

POPULAR = {
    "requests", "numpy", "pandas", "django", "flask", "fastapi", "pydantic",
    "python-dateutil", "urllib3", "boto3", "pyyaml", "sqlalchemy", "pytest",
    "scipy", "matplotlib", "pillow", "beautifulsoup4", "httpx", "click",
}


def distance(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def main() -> int:
    if len(sys.argv) != 2:
        print("用法: check_name.py <包名>", file=sys.stderr)
        return 2
    name = sys.argv[1].lower()

    near = [p for p in POPULAR if p != name and distance(p, name) <= 2]
    if near:
        print(f"⚠ 包名 '{name}' 和常见包 {near} 很像，请确认没有拼错。")

    url = f"https://pypi.org/pypi/{name}/json"
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            info = json.load(resp)
    except urllib.error.HTTPError as e:
        if e.code == 404:
            print(f"PyPI 上没有名为 '{name}' 的包。")
            return 1
        raise

    meta = info["info"]
    releases = info.get("releases", {})
    first = min(
        (f["upload_time_iso_8601"] for files in releases.values() for f in files),
        default=None,
    )
    print(f"名称:     {meta['name']}")
    print(f"最新版本: {meta['version']}")
    print(f"简介:     {meta.get('summary') or '(无)'}")
    print(f"主页:     {meta.get('home_page') or (meta.get('project_urls') or {}).get('Homepage') or '(无)'}")
    print(f"版本数:   {len(releases)}")
    if first:
        age = dt.datetime.now(dt.timezone.utc) - dt.datetime.fromisoformat(first.replace("Z", "+00:00"))
        print(f"首次发布: {first[:10]}（{age.days} 天前）")
        if age.days < 30:
            print("⚠ 这个包发布不到 30 天，安装前请和用户确认。")
    return 0


if __name__ == "__main__":
    sys.exit(main())
