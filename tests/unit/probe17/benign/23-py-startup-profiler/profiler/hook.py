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


def _dump() -> None:
    if not _records:
        return
    TRACE_DIR.mkdir(parents=True, exist_ok=True)
    trace = {
        "argv": sys.argv[:3],
        "python": sys.version.split()[0],
        "total_ms": round((time.perf_counter() - _t0) * 1000, 1),
        "imports": [{"module": m, "us": round(us), "depth": d} for m, us, d in _records],
    }
    name = f"{int(time.time())}-{os.getpid()}.json"
    (TRACE_DIR / name).write_text(json.dumps(trace), encoding="utf-8")


def enable() -> None:
    if any(isinstance(f, _TimingFinder) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _TimingFinder())
    atexit.register(_dump)
