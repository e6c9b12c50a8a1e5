"""Routing: which skill fits a task, or none.

Layers, lowest first (each imports only those before it):

- :mod:`~skillrouter.routing.scoring`: the pure scoring functions and their defaults;
- :mod:`~skillrouter.routing.settings`: :class:`RoutingSettings`, the router's validated knobs,
  and the one check of a task, ``k`` and a threshold;
- :mod:`~skillrouter.routing.lexical`: the keyword (BM25) index and coverage;
- :mod:`~skillrouter.routing.documents`: document ids, hits, and the exact search over vectors;
- :mod:`~skillrouter.routing.index`: the vector index in Chroma (the only module that talks to it);
- :mod:`~skillrouter.routing.exact`: the same search over the embedding cache, for one-shot processes;
- :mod:`~skillrouter.routing.router`: :class:`Router`, candidates, ranking and the gate;
- :mod:`~skillrouter.routing.duplicates`: near-duplicate skills in a store.
"""
