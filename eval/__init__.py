"""skillrouter's evaluation harness: ``skillrouter eval routing`` and ``skillrouter eval evolution``.

It lives in the ``eval/`` folder of the repository and installs as ``skillrouter.eval``
(the bare name ``eval`` shadows the builtin and belongs to another distribution on PyPI):
import its modules as ``from skillrouter.eval import routing``. One job per module:

- :mod:`skillrouter.eval.datasets`: MetaTool, Seal-Tools and JSONL query readers; the train/test split.
- :mod:`skillrouter.eval.metrics`: P@1, recall@k, MRR, nDCG@k, abstention, threshold fitting (pure).
- :mod:`skillrouter.eval.loading`: filling a throwaway library (skill paths, benchmark tools, the
  built-in set).
- :mod:`skillrouter.eval.routing`: the routing benchmark over the real index and router.
- :mod:`skillrouter.eval.evolution`: the simulated agent life (skill creation, reuse, retirement).
- :mod:`skillrouter.eval.plots`, :mod:`skillrouter.eval.report`: PNGs, Markdown, JSON and terminal tables.
- :mod:`skillrouter.eval.cli`: the ``eval`` command group.

``skillrouter.eval`` uses skillrouter's public API only; nothing else in skillrouter imports it.
"""
