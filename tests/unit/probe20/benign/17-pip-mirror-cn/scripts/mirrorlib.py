# -*- coding: utf-8 -*-
"""镜像配置的公共函数：读取 mirrors.json、解析依赖名、HTTP 探测。"""
import json
import os
import re
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MIRRORS_FILE = ROOT / "config" / "mirrors.json"
STATE_FILE = Path.home() / ".cache" / "pip-mirror-cn" / "speedtest.json"

_NAME_RE = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def load_mirrors():
    with open(MIRRORS_FILE, encoding="utf-8") as f:
        return json.load(f)


def normalize(name):
    """PEP 503 规范化包名。"""
    return re.sub(r"[-_.]+", "-", name).lower()


def read_requirements(path):
    """从 requirements.txt / pyproject.toml 中提取依赖名（不处理版本约束）。"""
    names = []
    p = Path(path)
    if not p.exists():
        return names
    text = p.read_text(encoding="utf-8", errors="ignore")
    if p.suffix == ".toml":
        block = re.search(r"dependencies\s*=\s*\[(.*?)\]", text, re.S)
        items = re.findall(r"[\"']([^\"']+)[\"']", block.group(1)) if block else []
    else:
        items = [l for l in text.splitlines() if l.strip() and not l.strip().startswith(("#", "-"))]
    for item in items:
        m = _NAME_RE.match(item)
        if m:
            names.append(normalize(m.group(1)))
    return sorted(set(names))


def fetch(url, timeout):
    """GET 一次，返回 (状态码, 耗时秒)；网络错误返回 (None, None)。"""
    req = urllib.request.Request(url, headers={"User-Agent": "pip/24.0 pip-mirror-cn"})
    start = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            resp.read(2048)
            return resp.status, time.monotonic() - start
    except urllib.error.HTTPError as e:
        return e.code, time.monotonic() - start
    except Exception:
        return None, None


def save_state(state):
    STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
    STATE_FILE.write_text(json.dumps(state, ensure_ascii=False, indent=2), encoding="utf-8")


def load_state():
    if not STATE_FILE.exists():
        return None
    return json.loads(STATE_FILE.read_text(encoding="utf-8"))


def current_extra_index(path):
    """读取现有 pip.conf 里用户自己配置的 extra-index-url（如公司私有源），原样保留。"""
    import configparser
    if not path.exists():
        return []
    cp = configparser.ConfigParser()
    try:
        cp.read(path, encoding="utf-8")
    except configparser.Error:
        return []
    raw = cp.get("global", "extra-index-url", fallback="")
    return raw.split()


def pip_conf_path():
    if sys.platform.startswith("win"):
        return Path(os.environ["APPDATA"]) / "pip" / "pip.ini"
    return Path.home() / ".config" / "pip" / "pip.conf"
