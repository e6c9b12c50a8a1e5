"""PNG plots for the reports (matplotlib, Agg backend: no display needed).

- :func:`precision_coverage_plot`: routed precision against coverage as the threshold moves,
  one line per embedder, the chosen threshold marked.
- :func:`gold_rank_plot`: where the gold skill landed in the candidate list.
- :func:`learning_curves_plot`: the evolution simulation's metrics over time, one line per policy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = ["gold_rank_plot", "learning_curves_plot", "precision_coverage_plot"]


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def precision_coverage_plot(
    curves: Mapping[str, Sequence[tuple[float, float, float]]],
    chosen: Mapping[str, tuple[float, float, float]],
    path: Path,
    *,
    title: str,
) -> Path:
    """``curves``: label -> [(threshold, coverage, precision)]; ``chosen``: label -> the point used."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 5), dpi=110)
    for label, curve in curves.items():
        line = ax.plot(
            [c for _, c, _ in curve], [p for _, _, p in curve], marker=".", markersize=3, label=label
        )[0]
        if label in chosen:
            t, c, p = chosen[label]
            ax.plot([c], [p], marker="o", markersize=9, color=line.get_color(), markerfacecolor="none")
            ax.annotate(
                f"threshold {t:.3f}",
                (c, p),
                textcoords="offset points",
                xytext=(-80, -16) if c > 0.7 else (8, -14),
                fontsize=8,
                color=line.get_color(),
            )
    ax.set_xlabel("coverage (share of answerable queries routed)")
    ax.set_ylabel("precision (share of routed queries routed right)")
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.grid(alpha=0.3)
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8, loc="lower left")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def gold_rank_plot(ranks: Mapping[str, Sequence[int | None]], depth: int, path: Path, *, title: str) -> Path:
    """Share of answerable queries whose gold skill is at rank 1..depth, or further / absent."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=110)
    labels = [str(i) for i in range(1, depth + 1)] + [f">{depth}"]
    n = max(len(ranks), 1)
    width = 0.8 / n
    for j, (label, values) in enumerate(ranks.items()):
        total = max(len(values), 1)
        counts = [sum(1 for r in values if r == i) / total for i in range(1, depth + 1)]
        counts.append(sum(1 for r in values if r is None or r > depth) / total)
        xs = [i + (j - (n - 1) / 2) * width for i in range(len(labels))]
        bars = ax.bar(xs, counts, width=width, label=label)
        for bar, value in zip(bars, counts):
            if value >= 0.01:
                ax.annotate(
                    f"{value:.0%}",
                    (bar.get_x() + bar.get_width() / 2, value),
                    ha="center",
                    va="bottom",
                    fontsize=7,
                )
    ax.set_xticks(range(len(labels)), labels)
    ax.set_xlabel("rank of the gold skill among the candidates")
    ax.set_ylabel("share of answerable queries")
    ax.set_ylim(0, 1.08)
    ax.grid(axis="y", alpha=0.3)
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def learning_curves_plot(
    series: Mapping[str, Sequence[Mapping[str, float | None]]],
    panels: Sequence[tuple[str, str]],
    path: Path,
    *,
    title: str,
    x_key: str = "tasks",
) -> Path:
    """``series``: policy -> checkpoints (dicts); ``panels``: (key, y label) per subplot."""
    plt = _pyplot()
    cols = 3
    rows = (len(panels) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(5.2 * cols, 3.4 * rows), dpi=100, squeeze=False)
    for index, (key, label) in enumerate(panels):
        ax = axes[index // cols][index % cols]
        for policy, points in series.items():
            xs = [p[x_key] for p in points if p.get(key) is not None]
            ys = [p[key] for p in points if p.get(key) is not None]
            ax.plot(xs, ys, marker=".", markersize=3, label=policy)
        ax.set_title(label, fontsize=10)
        ax.set_xlabel("tasks seen")
        ax.grid(alpha=0.3)
    for index in range(len(panels), rows * cols):
        axes[index // cols][index % cols].axis("off")
    axes[0][0].legend(fontsize=8)
    fig.suptitle(title, fontsize=11)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path
