"""Library health (``skillrouter eval library``): what in a whole store keeps skills from being
picked, with no labels and no model beyond the router's own.

The library's own pseudo-tasks (what each skill says about when to use it: its "When to use"
items, triggers and description parts; :func:`skillrouter.routing.fit.pseudo_tasks`) are routed
as the library fit routes them, each with its own skill's text cut out
(:func:`~skillrouter.routing.fit.gather`, :func:`~skillrouter.routing.fit.replay`, under the
library's fitted ranking). From where they land:

- **shadowing**: pairs of skills that take each other's tasks (a's to b and b's to a): users
  asking for either get one or the other by a hair; merge them or tell them apart;
- **absorbed**: a skill half or more of whose tasks go to one other skill;
- **unreachable**: a skill none of whose own tasks comes back to it;
- **descriptions**: too short to route on (under :data:`VAGUE_WORDS` words), or, with the skill's
  triggers and localized descriptions (what a listing shows of it), longer than common listing
  budgets cut them (1,024 characters: the Agent Skills limit on a description; 1,536: what
  Claude Code shows per skill);
- **languages**: which skills carry CJK text (a description, ``metadata.triggers`` or a
  ``description_zh``) for Chinese, Japanese or Korean requests.

:func:`html_report` draws it as one page: a confusion picture (the most confused skills, whose
tasks went where) beside the tables; the same as JSON.
"""

from __future__ import annotations

import html
from collections import Counter
from typing import Any

import numpy as np

from skillrouter import SkillLibrary
from skillrouter.routing.fit import DEFAULT_RANKINGS, engine_tasks, gather, replay
from skillrouter.routing.lexical import CJK_RUN

__all__ = ["BUDGETS", "VAGUE_WORDS", "html_report", "library_health"]

VAGUE_WORDS = 6
BUDGETS = {"agent-skills": 1024, "claude-code": 1536}
PICTURE = 24  # skills drawn in the confusion picture


def library_health(lib: SkillLibrary) -> dict[str, Any]:
    """The report (see the module docstring) of ``lib``'s active skills."""
    texts = lib.fit_texts()
    names = [t.name for t in texts]
    tasks = [t for t in engine_tasks("default", texts) if t.source != "misfit"]
    fit = lib.library_fit
    ranking = fit.ranking("default") if fit is not None else DEFAULT_RANKINGS["default"]
    picks = replay(gather(texts, tasks, lib.embedder), ranking) if tasks else np.zeros(0, dtype=int)
    own = Counter(t.skill for t in tasks)
    won = Counter(t.skill for t, p in zip(tasks, picks, strict=True) if int(p) == t.skill)
    flows = Counter((t.skill, int(p)) for t, p in zip(tasks, picks, strict=True) if int(p) != t.skill)
    mutual = sorted(
        (
            (flows[a, b] + flows[b, a], names[a], names[b], flows[a, b], flows[b, a])
            for a, b in flows
            if a < b and flows[b, a]
        ),
        key=lambda x: (-x[0], x[1]),
    )
    shadowing = [{"a": a, "b": b, "a_to_b": ab, "b_to_a": ba} for _, a, b, ab, ba in mutual]
    taken = sorted(
        ((n, names[a], names[b], own[a]) for (a, b), n in flows.items() if n * 2 >= own[a]),
        key=lambda x: (-x[0], x[1]),
    )
    absorbed = [{"skill": a, "by": b, "tasks": n, "of": of} for n, a, b, of in taken]
    unreachable = [
        {"skill": names[i], "tasks": own[i], "went_to": _top(flows, i, names)}
        for i in sorted(own, key=names.__getitem__)
        if not won[i]
    ]
    summaries = lib.summaries(names)
    descriptions = []
    cjk = []
    for t in texts:
        description = summaries[t.name].description if t.name in summaries else t.description
        listed = " ".join([description, *t.triggers])  # what a listing shows: its triggers too
        words = len(description.split())
        over = [budget for budget, limit in BUDGETS.items() if len(listed) > limit]
        if words < VAGUE_WORDS or over:
            descriptions.append({"skill": t.name, "words": words, "chars": len(listed), "cut_by": over})
        if CJK_RUN.search(description) or any(CJK_RUN.search(x) for x in t.triggers):
            cjk.append(t.name)
    return {
        "skills": len(names),
        "pseudo_tasks": len(tasks),
        "skills_with_tasks": len(own),
        "ranking": ranking.label,
        "self_check": round(float(np.mean([int(p) == t.skill for t, p in zip(tasks, picks, strict=True)])), 4)
        if tasks
        else None,
        "shadowing": shadowing,
        "absorbed": absorbed,
        "unreachable": unreachable,
        "descriptions": sorted(descriptions, key=lambda row: (-row["chars"], row["skill"])),
        "languages": {"cjk": len(cjk), "english_only": len(names) - len(cjk), "cjk_skills": sorted(cjk)},
        "confusion": _confusion(tasks, picks, names),
    }


def _top(flows: Counter[tuple[int, int]], i: int, names: list[str]) -> str | None:
    out = [(n, b) for (a, b), n in flows.items() if a == i]
    return names[max(out)[1]] if out else None


def _confusion(tasks: list[Any], picks: np.ndarray, names: list[str]) -> dict[str, Any]:
    """The :data:`PICTURE` skills most involved in misroutes (their tasks lost or others' taken),
    and per pair among them how many of the row skill's tasks went to the column skill."""
    involved: Counter[int] = Counter()
    for t, p in zip(tasks, picks, strict=True):
        if int(p) != t.skill:
            involved[t.skill] += 1
            involved[int(p)] += 1
    chosen = [i for i, _ in involved.most_common(PICTURE)]
    at = {i: k for k, i in enumerate(chosen)}
    cells = [[0] * len(chosen) for _ in chosen]
    for t, p in zip(tasks, picks, strict=True):
        if t.skill in at and int(p) in at:
            cells[at[t.skill]][at[int(p)]] += 1
    return {"skills": [names[i] for i in chosen], "cells": cells}


# ---------------------------------------------------------------- the page

_STYLE = """
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d2733;max-width:1400px}
h1{font-size:22px}h2{font-size:17px;margin-top:28px}
.grid{display:flex;gap:32px;align-items:flex-start;flex-wrap:wrap}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #d5dbe3;padding:3px 8px;text-align:left}
th{background:#eef2f7}.n{text-align:right}.muted{color:#66727f}
.kpi{display:inline-block;margin-right:24px;padding:8px 12px;background:#eef2f7;border-radius:6px}
"""


def _table(headers: list[str], rows: list[list[Any]], empty: str) -> str:
    if not rows:
        return f'<p class="muted">{html.escape(empty)}</p>'
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="n">{c}</td>' if isinstance(c, (int, float)) else f"<td>{html.escape(str(c))}</td>"
            for c in row
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _picture(confusion: dict[str, Any]) -> str:
    """The confusion picture as SVG: rows are the skills whose tasks were routed, columns where
    they went; the diagonal (green) is a skill keeping its own, off it (red) another taking them."""
    names, cells = confusion["skills"], confusion["cells"]
    if not names:
        return '<p class="muted">No pseudo-task went to another skill.</p>'
    size, label = 18, 190
    most = max(max(row) for row in cells) or 1
    side = label + size * len(names) + 10
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" '
    parts = [svg + 'role="img" aria-label="confusion">']
    for k, name in enumerate(names):
        short = html.escape(name[:26])
        row_y = label + k * size + size * 0.7
        parts.append(f'<text x="{label - 6}" y="{row_y}" font-size="11" text-anchor="end">{short}</text>')
        x, y = label + k * size + size * 0.7, label - 6
        parts.append(f'<text x="{x}" y="{y}" font-size="11" transform="rotate(-60 {x} {y})">{short}</text>')
    for r, row in enumerate(cells):
        for c, n in enumerate(row):
            alpha = 0.08 + 0.92 * n / most if n else 0.0
            colour = "31,142,76" if r == c else "214,48,49"
            fill = f"rgba({colour},{alpha:.2f})" if n else "#f4f6f9"
            title = f"{names[r]} -> {names[c]}: {n}"
            parts.append(
                f'<rect x="{label + c * size}" y="{label + r * size}" width="{size - 1}" height="{size - 1}" '
                f'fill="{fill}"><title>{html.escape(title)}</title></rect>'
            )
    parts.append("</svg>")
    return "".join(parts)


def html_report(report: dict[str, Any], title: str = "Library health") -> str:
    """One self-contained page: the numbers, the confusion picture beside the tables."""
    languages = report["languages"]
    kpis = [
        ("skills", report["skills"]),
        ("pseudo-tasks", report["pseudo_tasks"]),
        ("skills judged (with pseudo-tasks)", report["skills_with_tasks"]),
        ("self-check (own skill first)", report["self_check"]),
        ("shadowing pairs", len(report["shadowing"])),
        ("unreachable", len(report["unreachable"])),
        ("with CJK text", languages["cjk"]),
    ]
    tables = "".join(
        [
            "<h2>Skills that shadow each other</h2>",
            _table(
                ["skill", "skill", "a's tasks to b", "b's tasks to a"],
                [[r["a"], r["b"], r["a_to_b"], r["b_to_a"]] for r in report["shadowing"][:50]],
                "No two skills take each other's tasks.",
            ),
            "<h2>Absorbed: half or more of a skill's tasks go to one other</h2>",
            _table(
                ["skill", "taken by", "tasks", "of"],
                [[r["skill"], r["by"], r["tasks"], r["of"]] for r in report["absorbed"][:50]],
                "No skill is absorbed by another.",
            ),
            "<h2>Unreachable: none of its own tasks comes back to it</h2>",
            _table(
                ["skill", "its tasks", "most went to"],
                [[r["skill"], r["tasks"], r["went_to"] or "-"] for r in report["unreachable"][:50]],
                "Every skill with pseudo-tasks gets some of them back.",
            ),
            "<h2>Descriptions too short to route on, or cut by listing budgets</h2>",
            _table(
                ["skill", "words", "characters", "cut by"],
                [
                    [r["skill"], r["words"], r["chars"], ", ".join(r["cut_by"]) or "-"]
                    for r in report["descriptions"][:50]
                ],
                "Every description is long enough and within the budgets.",
            ),
        ]
    )
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"<style>{_STYLE}</style></head><body><h1>{html.escape(title)}</h1>"
        + "".join(f'<span class="kpi"><b>{v}</b> {html.escape(k)}</span>' for k, v in kpis)
        + f'<p class="muted">Ranking: {html.escape(str(report["ranking"]))}. Each skill\'s own pseudo-tasks '
        "(its when-to-use items, triggers and description parts) routed with its text cut out.</p>"
        + '<div class="grid"><div><h2>Where each skill\'s tasks went</h2>'
        + _picture(report["confusion"])
        + f"</div><div>{tables}</div></div>"
        + f"<h2>Languages</h2><p>{languages['cjk']} skills carry CJK text; {languages['english_only']} "
        "have none (a Chinese request reaches them only through the multilingual engine's "
        "cross-lingual match).</p></body></html>"
    )
