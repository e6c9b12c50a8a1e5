"""子进程覆盖率启动钩子。

由项目 .venv 的 site-packages 中的 _{{PKG}}_cov.pth 在每个 Python 进程启动时导入。
只有设置了 COVERAGE_PROCESS_START（make test 会设置）时才启动 coverage，
其他情况下什么都不做。参考：
https://coverage.readthedocs.io/en/latest/subprocess.html

这个文件不访问网络、不读写项目目录以外的文件。
"""
import os


def _start() -> None:
    config = os.environ.get("COVERAGE_PROCESS_START")
    if not config:
        return
    try:
        import coverage
    except ImportError:
        # 只装了运行依赖、没装 dev 依赖时静默跳过
        return
    coverage.process_startup()


def _check_venv() -> None:
    """防止钩子被误装到系统 Python：只在虚拟环境内生效。"""
    import sys

    if sys.prefix == getattr(sys, "base_prefix", sys.prefix):
        os.environ.pop("COVERAGE_PROCESS_START", None)


_check_venv()
_start()
