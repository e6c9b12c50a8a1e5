"""Helpers shared by test modules (importable because tests/conftest.py puts tests/ on sys.path)."""

from __future__ import annotations

import json
import multiprocessing
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from skillrouter.cli import cli


def mp_context() -> multiprocessing.context.BaseContext:
    """forkserver where it exists, else spawn. Not fork: a process forked from pytest inherits the
    locks of threads it does not inherit (an executor's, logging's, SQLite's), and a child that
    needs one of them waits forever (seen under load). The forkserver forks each worker from one
    clean process that has imported skillrouter once, so a worker still starts in milliseconds."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["skillrouter", "skillrouter.store"])
        return ctx
    return multiprocessing.get_context("spawn")


def run_workers(target: Callable[..., None], workers: int, *args: object) -> list[int | None]:
    """Run ``target(*args, worker, barrier)`` in ``workers`` processes; their exit codes.

    The processes are daemons, the barrier and the joins time out, and stragglers are
    terminated, so a broken implementation fails the test instead of hanging pytest.
    """
    ctx = mp_context()
    barrier = ctx.Barrier(workers)
    procs = [ctx.Process(target=target, args=(*args, w, barrier), daemon=True) for w in range(workers)]
    for proc in procs:
        proc.start()
    deadline = time.monotonic() + 90
    for proc in procs:
        proc.join(timeout=max(0.0, deadline - time.monotonic()))
    for proc in procs:
        if proc.is_alive():
            proc.terminate()
            proc.join(timeout=5)
    return [proc.exitcode for proc in procs]


def run(*args: str | Path) -> Result:
    """Invoke the CLI in-process."""
    return CliRunner().invoke(cli, [str(a) for a in args])


def ok(*args: str | Path) -> Result:
    result = run(*args)
    assert result.exit_code == 0, (result.output, result.exception)
    return result


def as_json(*args: str | Path) -> Any:
    return json.loads(ok(*args, "--json").stdout)


def past_the_tick(where: Path, mtime_ns: int) -> None:
    """Wait until a file written in ``where`` gets a modification time after ``mtime_ns``: file
    system timestamps are coarse (a clock tick here, a second or two on some mounts), so a change
    made sooner could leave a folder's times as they were."""
    probe = where / ".tick"
    deadline = time.monotonic() + 5
    while True:
        probe.write_bytes(b"")
        if probe.stat().st_mtime_ns > mtime_ns or time.monotonic() > deadline:
            return
        time.sleep(0.01)
