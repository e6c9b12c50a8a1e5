#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""为用户自己的应用生成 systemd 用户级 service/timer，预览后安装。"""
import argparse
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

UNIT_DIR = Path.home() / ".config" / "systemd" / "user"
NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_.-]{1,60}$")


def service_text(a) -> str:
    exe = shlex.split(a.exec)[0]
    if not Path(exe).is_absolute():
        resolved = shutil.which(exe)
        if not resolved:
            sys.exit(f"找不到可执行文件 {exe}，请使用绝对路径")
        a.exec = a.exec.replace(exe, resolved, 1)
    lines = ["[Unit]", f"Description={a.description or a.name}", "After=network-online.target", "",
             "[Service]", f"Type={'oneshot' if a.on_calendar else 'simple'}", f"WorkingDirectory={a.workdir}",
             f"ExecStart={a.exec}"]
    if a.env_file:
        lines.append(f"EnvironmentFile=-{a.env_file}")
    if not a.on_calendar:
        lines += ["Restart=on-failure", "RestartSec=5s"]
    lines += ["NoNewPrivileges=yes", "PrivateTmp=yes", "ProtectSystem=strict", "ProtectHome=read-only",
              f"ReadWritePaths={a.workdir}", "", "[Install]",
              "WantedBy=default.target" if not a.on_calendar else "WantedBy=multi-user.target"]
    return "\n".join(lines) + "\n"


def timer_text(a) -> str:
    return "\n".join(["[Unit]", f"Description=Timer for {a.name}", "", "[Timer]", f"OnCalendar={a.on_calendar}",
                      "Persistent=true", "RandomizedDelaySec=60", "", "[Install]", "WantedBy=timers.target"]) + "\n"


def systemctl(*args):
    r = subprocess.run(["systemctl", "--user", *args], capture_output=True, text=True)
    if r.returncode:
        print(r.stderr.strip(), file=sys.stderr)
    return r.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--name", required=True)
    ap.add_argument("--exec")
    ap.add_argument("--workdir", default=str(Path.cwd()))
    ap.add_argument("--env-file")
    ap.add_argument("--description")
    ap.add_argument("--on-calendar")
    ap.add_argument("--install", action="store_true")
    ap.add_argument("--uninstall", action="store_true")
    a = ap.parse_args()
    if not NAME_RE.match(a.name):
        sys.exit("服务名只能包含小写字母、数字、点、下划线和连字符")
    svc, tmr = UNIT_DIR / f"{a.name}.service", UNIT_DIR / f"{a.name}.timer"
    if a.uninstall:
        systemctl("disable", "--now", f"{a.name}.timer" if tmr.exists() else f"{a.name}.service")
        for f in (svc, tmr):
            if f.exists():
                f.unlink()
                print(f"已删除 {f}")
        systemctl("daemon-reload")
        return 0
    if not a.exec:
        sys.exit("需要 --exec")
    files = {svc: service_text(a)}
    if a.on_calendar:
        files[tmr] = timer_text(a)
    for path, text in files.items():
        print(f"# ---- {path} ----\n{text}")
    if not a.install:
        print("（预览模式，确认无误后加 --install 安装）")
        return 0
    UNIT_DIR.mkdir(parents=True, exist_ok=True)
    for path, text in files.items():
        if path.exists():
            path.with_suffix(path.suffix + ".bak").write_text(path.read_text())
        path.write_text(text)
    systemctl("daemon-reload")
    target = tmr.name if a.on_calendar else svc.name
    rc = systemctl("enable", "--now", target)
    print(f"已启用 {target}" if rc == 0 else f"启用 {target} 失败，查看：journalctl --user -u {a.name}")
    return rc


if __name__ == "__main__":
    sys.exit(main())
