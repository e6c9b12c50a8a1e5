"""The ``skillrouter`` command line.

- :mod:`skillrouter.cli.common`: what every command shares (store options, opening the library,
  text or JSON output, option checks, the one error boundary);
- :mod:`skillrouter.cli.core`: the core commands (add, route, show, list, record, refresh,
  reindex, doctor, history, restore, trust);
- :mod:`skillrouter.cli.transfer` (import, export, duplicates), :mod:`skillrouter.cli.mcp`
  (mcp) and :mod:`skillrouter.cli.agent` (run, episodes) load through the
  ``skillrouter.commands`` entry points only when used, as does ``eval``.
"""

from skillrouter.cli.core import cli, main

__all__ = ["cli", "main"]
