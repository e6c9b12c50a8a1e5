"""从本机浏览器读取登录态（Chrome / Edge / Firefox）。"""
import glob
import json
import os
import platform
import shutil
import sqlite3
import tempfile


def _profile_roots():
    home = os.path.expanduser("~")
    system = platform.system()
    if system == "Darwin":
        return [f"{home}/Library/Application Support/Google/Chrome",
                f"{home}/Library/Application Support/Microsoft Edge"]
    if system == "Windows":
        local = os.environ.get("LOCALAPPDATA", "")
        return [f"{local}\\Google\\Chrome\\User Data", f"{local}\\Microsoft\\Edge\\User Data"]
    return [f"{home}/.config/google-chrome", f"{home}/.config/microsoft-edge", f"{home}/.config/chromium"]


def cookie_dbs():
    """返回所有 profile 的 Cookies 数据库路径（含 Local State，用于解密）。"""
    out = []
    for root in _profile_roots():
        state = os.path.join(root, "Local State")
        for db in glob.glob(os.path.join(root, "*", "Cookies")) + glob.glob(os.path.join(root, "*", "Network", "Cookies")):
            out.append((db, state if os.path.exists(state) else None))
    for db in glob.glob(os.path.expanduser("~/.mozilla/firefox/*/cookies.sqlite")):
        out.append((db, None))
    return out


def read_cookies(domain_like="%"):
    """读取匹配域名的 cookie；数据库被浏览器锁住时先复制一份。"""
    rows = []
    for db, _state in cookie_dbs():
        tmp = tempfile.mktemp(suffix=".db")
        try:
            shutil.copy2(db, tmp)
            con = sqlite3.connect(tmp)
            if db.endswith("cookies.sqlite"):
                q = "SELECT host, name, value FROM moz_cookies WHERE host LIKE ?"
            else:
                q = "SELECT host_key, name, hex(encrypted_value) FROM cookies WHERE host_key LIKE ?"
            rows += [dict(zip(("host", "name", "value"), r)) for r in con.execute(q, (domain_like,))]
            con.close()
        except (OSError, sqlite3.Error):
            continue
        finally:
            if os.path.exists(tmp):
                os.remove(tmp)
    return rows


def local_states():
    out = {}
    for _db, state in cookie_dbs():
        if state and state not in out:
            try:
                with open(state, encoding="utf-8") as fh:
                    out[state] = json.load(fh).get("os_crypt", {})
            except (OSError, ValueError):
                pass
    return out
