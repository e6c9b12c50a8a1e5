"""Cutting a dataset: tools held out of the library (:func:`hold_out_tools`) and queries split
into train and test parts (:func:`split`)."""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence

from skillrouter.eval.datasets.model import Dataset, Query
from skillrouter.eval.datasets.reading import _dedupe


def hold_out_tools(data: Dataset, share: float = 0.35, seed: int = 0) -> Dataset:
    """``data`` with tools taken out of the library until ``share`` of its queries fit none left.

    How "nothing fits" arises in a real function library: the request needs a tool that is not
    installed, while its neighbours are. Queries are visited in a seeded random order and each
    one's gold tools are removed, until the queries whose gold tools are all gone reach
    ``share``; those get ``gold == ()`` and the rest keep the gold tools still in the library.
    """
    if not 0.0 < share < 1.0:
        raise ValueError(f"share must be between 0 and 1, got {share}")
    removed: set[str] = set()
    order = list(range(len(data.queries)))
    random.Random(seed).shuffle(order)
    unanswerable = 0
    for i in order:
        if unanswerable >= share * len(data.queries):
            break
        removed.update(data.queries[i].gold)
        unanswerable = sum(1 for q in data.queries if q.gold and set(q.gold) <= removed)
    tools = [t for t in data.tools if t.name not in removed]
    queries = [Query(q.query, tuple(g for g in q.gold if g not in removed), q.meta) for q in data.queries]
    return Dataset(name=f"{data.name} ({len(removed)} tools held out)", tools=tools, queries=queries)


def split(queries: Sequence[Query], train_frac: float, seed: int = 0) -> tuple[list[Query], list[Query]]:
    """Deterministic, disjoint train / test parts, stratified by gold tool.

    - Queries with the same text always land on the same side, so no text is in both parts.
    - Strata: the no-tool queries form one; every other query (or group of same-text queries)
      is filed under its rarest gold tool (fewest queries; ties by name). Each stratum of ``n``
      puts ``floor`` or ``ceil`` of ``train_frac * n`` in train (systematic allocation, so the
      parts keep ``train_frac`` overall even when most strata are single queries), but at least
      one on each side when ``n >= 2``.
      So no-tool queries are split by the same fraction, and with one gold per query every tool
      with two or more queries is on both sides.
    - With several gold per query, a final pass fixes any tool with two or more queries still
      missing from one side: it swaps one of its queries with one from the other side (or, failing
      that, moves one across) where no other tool loses a side it was on.

    Both parts keep the order of ``queries``. The same input and seed give the same parts.
    """
    if not 0.0 < train_frac < 1.0:
        raise ValueError(f"train_frac must be between 0 and 1 (exclusive), got {train_frac!r}")
    by_text: dict[str, list[int]] = defaultdict(list)
    for index, query in enumerate(queries):
        by_text[query.query].append(index)
    units = list(by_text.values())
    unit_gold = [_dedupe(name for i in unit for name in queries[i].gold) for unit in units]
    counts: Counter[str] = Counter(name for gold in unit_gold for name in gold)

    strata: dict[str, list[int]] = defaultdict(list)
    for u, gold in enumerate(unit_gold):
        key = min(gold, key=lambda name: (counts[name], name)) if gold else ""
        strata[key].append(u)

    # Systematic allocation over the strata laid end to end: every stratum gets floor or ceil
    # of train_frac * n, and the total is train_frac of all units however small the strata.
    rng = random.Random(seed)
    keys = sorted(strata)
    rng.shuffle(keys)
    offset = rng.random()
    in_train = [False] * len(units)
    position = 0
    for key in keys:
        members = strata[key]
        rng.shuffle(members)
        for u in members:
            in_train[u] = math.floor((position + 1) * train_frac + offset) > math.floor(
                position * train_frac + offset
            )
            position += 1
        if len(members) >= 2:
            n_train = sum(in_train[u] for u in members)
            if n_train == 0:
                in_train[members[0]] = True
            elif n_train == len(members):
                in_train[members[-1]] = False
    _repair(unit_gold, counts, in_train, rng)

    train = sorted(i for u, unit in enumerate(units) if in_train[u] for i in unit)
    test = sorted(i for u, unit in enumerate(units) if not in_train[u] for i in unit)
    return [queries[i] for i in train], [queries[i] for i in test]


def _repair(
    unit_gold: list[tuple[str, ...]], counts: Mapping[str, int], in_train: list[bool], rng: random.Random
) -> None:
    """Put each tool with >= 2 units on both sides where a swap or a move does it without loss.

    For a tool missing from one side, first try swapping one of its units with a unit from that
    side that lacks it (sizes stay put), then moving one of its units across. A change is made
    only if no tool with >= 2 units loses a side it was on.
    """
    side_counts = {True: Counter[str](), False: Counter[str]()}
    for u, gold in enumerate(unit_gold):
        side_counts[in_train[u]].update(gold)
    order = list(range(len(unit_gold)))
    rng.shuffle(order)
    units_of: dict[str, list[int]] = defaultdict(list)
    for u in order:
        for g in unit_gold[u]:
            units_of[g].append(u)

    def harmless(moves: list[int]) -> bool:
        change: dict[tuple[bool, str], int] = defaultdict(int)
        for u in moves:
            for g in unit_gold[u]:
                if counts[g] >= 2:
                    change[in_train[u], g] -= 1
                    change[not in_train[u], g] += 1
        return all(
            side_counts[side][g] + d > 0 or side_counts[side][g] == 0 for (side, g), d in change.items()
        )

    def apply(moves: list[int]) -> None:
        for u in moves:
            side_counts[in_train[u]].subtract(unit_gold[u])
            side_counts[not in_train[u]].update(unit_gold[u])
            in_train[u] = not in_train[u]

    for name in sorted(counts):
        if counts[name] < 2:
            continue
        for target in (True, False):
            if side_counts[target][name]:
                continue
            carriers = [u for u in units_of[name] if in_train[u] != target]
            plan = None
            for u in carriers:
                # tools only u carries on its side must come back with the unit swapped for it
                stranded = [g for g in unit_gold[u] if counts[g] >= 2 and side_counts[not target][g] == 1]
                pool = units_of[stranded[0]] if stranded else order
                plan = next(
                    (
                        [u, w]
                        for w in pool
                        if in_train[w] == target and name not in unit_gold[w] and harmless([u, w])
                    ),
                    None,
                )
                if plan is not None:
                    break
            if plan is None:
                plan = next(([u] for u in carriers if harmless([u])), None)
            if plan is not None:
                apply(plan)
