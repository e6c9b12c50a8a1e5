"""What a run amounts to: :func:`summarise` (see :mod:`skillrouter.eval.evolution` for each number)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from skillrouter.eval.evolution.config import SUCCESS
from skillrouter.eval.evolution.life import Checkpoint, Life

__all__ = ["summarise"]


def summarise(life: Life, checkpoints: list[Checkpoint]) -> dict[str, Any]:
    """The run's summary (see the module docstring for what each number means)."""
    events = life.events
    routed = [e for e in events if e["skill"] is not None]
    variant = [e for e in events if e["best_variant"] is not None]
    last = checkpoints[-1]
    half = events[len(events) // 2 :]

    def mean(xs: list[float]) -> float | None:
        return round(sum(xs) / len(xs), 4) if xs else None

    return {
        "tasks": len(events),
        "final_library_size": last.library_size,
        "final_skills_per_kind": last.skills_per_kind and round(last.skills_per_kind, 3),
        "final_duplicates": last.duplicates,
        "kinds": len(set(life.stream.kinds)),
        "final_kinds_covered": last.kinds_covered,
        "created": life.created,
        "created_duplicates": life.created_duplicates,
        "merged": life.merged,
        "merge_offers": len(life.world.offers["merge"]),
        "merge_offers_other_kind": life.world.offers["merge"].count(False),
        "fold_offers": len(life.world.offers["fold"]),
        "fold_offers_other_kind": life.world.offers["fold"].count(False),
        "merged_other_kind": sum(
            1
            for e in events
            if e.get("merged_into") in life.hidden and life.hidden[e["merged_into"]].kind != e["kind"]
        ),
        "fit_error": life.config.fit_error,
        "misroutes": sum(1 for e in routed if not e["fit"]),
        "misfits_recorded": life.misfits,
        "misfits_recorded_real": life.misfits_real,
        "revisions": life.revisions,
        "revisions_after_misroute": life.misroute_revisions,
        "revisions_after_misroute_share": round(life.misroute_revisions / life.revisions, 4)
        if life.revisions
        else None,
        "retired": len(life.retired),
        "retired_skills": [
            {
                "name": n,
                "kind": life.hidden[n].kind,
                "quality": round(life.hidden[n].quality, 3),
                "seeded": life.hidden[n].seeded,
                "uses": life.lib.track_record(n).use_count,
            }
            for n in sorted(life.retired)
        ],
        "retired_max_quality": max((round(life.hidden[n].quality, 3) for n in life.retired), default=None),
        "folded": len(life.folded),
        "folded_other_kind": sum(
            1 for n, into in life.folded.items() if life.hidden[n].kind != life.hidden[into].kind
        ),
        "folded_skills": [
            {
                "name": n,
                "into": into,
                "kind": life.hidden[n].kind,
                "into_kind": life.hidden[into].kind,
                "quality": round(life.hidden[n].quality, 3),
                "into_quality": round(life.hidden[into].quality, 3),
                "seeded": life.hidden[n].seeded,
            }
            for n, into in sorted(life.folded.items())
        ],
        **_duplicates(life),
        "reuse_rate": mean([1.0 if e["skill"] else 0.0 for e in events]),
        "reuse_precision": mean([1.0 if e["fit"] else 0.0 for e in routed]),
        "success_rate": mean([1.0 if e["score"] >= SUCCESS else 0.0 for e in events]),
        "success_rate_second_half": mean([1.0 if e["score"] >= SUCCESS else 0.0 for e in half]),
        "mean_score": mean([e["score"] for e in events]),
        "best_variant_share": mean([1.0 if e["best_variant"] else 0.0 for e in variant]),
        "best_variant_share_second_half": mean(
            [1.0 if e["best_variant"] else 0.0 for e in half if e["best_variant"] is not None]
        ),
        "probe_p_at_1_start": checkpoints[0].probe_p_at_1,
        "probe_p_at_1_end": last.probe_p_at_1,
        "hidden_quality": _hidden_quality(life),
        "seeded_variants": [_variant(life, name) for name in life.seeded],
    }


def _duplicates(life: Life) -> dict[str, Any]:
    """Duplicates per kind at the end: active skills beyond the first of each kind, and of
    those the ones the loop made (seeded variants are duplicates by design: a kind seeded with
    three has two before the first task)."""
    active = [n for n in life.hidden if life.active(n)]
    per_kind = Counter(life.hidden[n].kind for n in active)
    seeded = Counter(life.hidden[n].kind for n in active if life.hidden[n].seeded)
    made = {kind: count - max(1, seeded[kind]) for kind, count in per_kind.items()}
    dupes = {kind: count - 1 for kind, count in sorted(per_kind.items()) if count > 1}
    return {
        "duplicates_per_kind": dupes,
        "max_duplicates_per_kind": max(dupes.values(), default=0),
        "loop_duplicates_per_kind": {kind: n for kind, n in sorted(made.items()) if n > 0},
        "max_loop_duplicates_per_kind": max(made.values(), default=0),
    }


def _variant(life: Life, name: str) -> dict[str, Any]:
    out = life.lib.track_record(name)
    return {
        "name": name,
        "kind": life.hidden[name].kind,
        "quality": round(life.hidden[name].quality, 3),
        "uses": out.use_count,
        "avg_score": None if out.avg_score is None else round(out.avg_score, 2),
        "retired": name in life.retired,
        "folded_into": life.folded.get(name),
    }


def _hidden_quality(life: Life) -> dict[str, Any]:
    """Hidden quality of retired skills against the active ones (bad skills should lose out)."""
    retired = [life.hidden[n].quality for n in life.retired]
    active = [h.quality for n, h in life.hidden.items() if life.active(n)]
    return {
        "retired_mean_quality": round(sum(retired) / len(retired), 3) if retired else None,
        "active_mean_quality": round(sum(active) / len(active), 3) if active else None,
    }
