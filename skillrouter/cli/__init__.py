"""The ``skillrouter`` command line.

- :mod:`skillrouter.cli.common`: what every command shares (store options, opening the library,
  text or JSON output, option checks, the one error boundary);
- :mod:`skillrouter.cli.core`: the core commands (add, route, show, list, record, refresh,
  reindex, doctor, history, restore, trust);
- :mod:`skillrouter.cli.transfer` (import, export, duplicates), :mod:`skillrouter.cli.mcp`
  (mcp) and :mod:`skillrouter.cli.agent` (run, episodes) load through the
  ``skillrouter.commands`` entry points only when used, as does ``eval``.
"""

import os
import sys

# Before numpy loads: its BLAS on one thread. Every product of ours runs on one BLAS thread anyway
# (skillrouter.embeddings.threads), and a BLAS that starts a thread per core has them spin for about
# a tenth of a second each, which on two cores took 0.1-0.15 s of CPU and about 0.05 s of wall
# from a 0.4 s route (measured: docs/evaluation/scale.md). A value the user set is kept.
_blas_single = os.environ.setdefault("OPENBLAS_NUM_THREADS", "1") == "1" and "numpy" not in sys.modules

from skillrouter.cli.core import cli, main

if _blas_single:  # nothing left for threadpoolctl to limit: one_blas_thread need not look
    from skillrouter.embeddings.threads import blas_loaded_single

    blas_loaded_single()

__all__ = ["cli", "main"]
