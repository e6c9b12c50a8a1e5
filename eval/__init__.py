"""skillrouter's evaluation harness: ``skillrouter eval routing`` and ``skillrouter eval evolution``.

Import its modules as ``from eval import routing`` (never a bare ``import eval``, which
shadows the builtin). One job per module:

- :mod:`eval.datasets`: MetaTool, Seal-Tools and JSONL query readers; the train/test split.
- :mod:`eval.metrics`: P@1, recall@k, MRR, nDCG@k, abstention, threshold fitting (pure).
- :mod:`eval.loading`: filling a throwaway library (skill paths, benchmark tools, the built-in set).
- :mod:`eval.keyword`: BM25 keyword scores and their fusion with dense similarity.
- :mod:`eval.routing`: the routing benchmark over the real index and router.
- :mod:`eval.evolution`: the simulated agent life (skill creation, reuse, retirement).
- :mod:`eval.plots`, :mod:`eval.report`: PNGs, Markdown, JSON and terminal tables.
- :mod:`eval.cli`: the ``eval`` command group.

``eval`` uses skillrouter's public API only; nothing in skillrouter imports ``eval``.
"""
