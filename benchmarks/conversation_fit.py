"""Fit the conversation model on Schema-Guided Dialogue, with whole domains held out, and write it.

:mod:`skillrouter.routing.conversation` decides each message of a conversation with learned
parts: a no-intent classifier over the message's embedding, a move classifier over the numbers
the router measured of the message and the conversation's skill (``--move-reads-embedding`` adds
the embedding), and how the conversation's belief follows each message (``Tracking``: how
sharply it follows the evidence when it stays and when it moves, the asked and joined views'
weights, the move classifier's offset). This script fits the classifiers and chooses the
tracking on real dialogues (``../shared/data/sgd``: the train and dev splits, 14,272 dialogues)
and reports them on dialogues it never fitted on:

- **fitted on** dialogues none of whose services is of a held-out domain
  (:data:`skillrouter.eval.datasets.sgd.HELD_OUT_DOMAINS`: alarm, buses, events, flights,
  travel, weather), in two rounds: the first with each turn's previous skill from the labels,
  the second adding the previous skills the first round's model routes to itself (so that it
  learns to leave a wrong one); the no-intent gate and the tracking are chosen on these
  dialogues too (every combination of :data:`TRACKING_GRID`);
- **reported on** dialogues that touch a held-out domain: replayed through the same forward pass,
  and (with ``--write``) routed end to end through ``SkillLibrary.route_many(..., contexts=...)``
  exactly as a user routes them, over the 68 SGD skills imported (and fitted) as any library is.
  Every turn whose gold is in a held-out domain counts, and every no-intent turn of those
  dialogues; gold is intent-level (eval/datasets/sgd.py). P@1 is the route's first candidate;
  "stuck" is a shift routed to the previous turn's skill; a no-intent turn counts when the route
  matches nothing.

Beside the router it prints the plain dense baseline (MiniLM over "name: description") on the
message alone and on the user's turns joined.

    .venv/bin/python benchmarks/conversation_fit.py [--train 1500] [--test 400] [--cache FILE] [--write]

``--write`` replaces ``skillrouter/routing/conversation_model.json`` with the fitted model. The
routed views are kept with ``--cache FILE`` (about 25 ms a user turn to route them).
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from itertools import product
from pathlib import Path
from typing import Any

import numpy as np
from skillrouter.embeddings.base import embed_queries
from skillrouter.eval.datasets.sgd import HELD_OUT_DOMAINS, SgdDialogue, intent_gold, load_sgd
from skillrouter.eval.sgd_dialogues import add_counts, count
from skillrouter.eval.suite import default_data_dir

from skillrouter import SkillLibrary
from skillrouter.routing import conversation as conv
from skillrouter.routing.router import Router
from skillrouter.skill import SkillSummary

MODEL = Path(conv.__file__).with_name(conv.MODEL_FILE)
NONE_GATES = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
GATE_DIALOGUES = 600  # of the fitting dialogues, the gates are chosen on these (a replay is slow)
KINDS = ("first", "follow-up", "shift", "none")


@dataclass
class Row:
    """One user turn of a dialogue: its step, views, embeddings (both engines) and gold."""

    step: conv.Step
    kind: str
    exact: tuple[str, ...]
    gold: frozenset[str]
    views: conv.Views
    vectors: dict[str, np.ndarray] = field(default_factory=dict)


def steps_of(dialogue: SgdDialogue) -> list[tuple[conv.Step, Any]]:
    out, users, asked = [], [], ""
    for turn in dialogue.turns:
        if turn.speaker == "system":
            asked = turn.text
            continue
        out.append((conv.Step(turn.text, asked, tuple(users[-(conv.MAX_TURNS - 1) :])), turn))
        users.append(turn.text)
        asked = ""
    return out


def gather(
    lib: SkillLibrary, router: Router, dialogues: Sequence[SgdDialogue], tools: list, say: Any
) -> list[list[Row]]:
    """Every user turn of ``dialogues`` with its three views routed and its message embedded by
    both engines."""
    started = time.perf_counter()
    plans = [steps_of(d) for d in dialogues]
    flat = [s for plan in plans for s, _ in plan]
    views = conv.views_of(router, flat, 5, None, None)
    vectors = message_vectors(lib, flat)
    say(f"{len(dialogues)} dialogues, {len(flat)} user turns routed in {time.perf_counter() - started:.0f} s")
    out, at = [], 0
    for plan in plans:
        rows = []
        for step, turn in plan:
            gold = frozenset(intent_gold(turn.gold, tools))
            rows.append(
                Row(step, turn.kind, turn.gold, gold, views[at], {e: v[at] for e, v in vectors.items()})
            )
            at += 1
        out.append(rows)
    return out


def message_vectors(lib: SkillLibrary, steps: Sequence[conv.Step]) -> dict[str, np.ndarray]:
    """Per engine, each step's message and asked-view embeddings side by side (what
    :class:`skillrouter.routing.conversation.Message` carries)."""
    texts = [s.message for s in steps] + [conv.asked_text(s) for s in steps]
    engines = {"default": lib.embedder}
    if lib.multilingual_embedder is not None:
        engines["multilingual"] = lib.multilingual_embedder
    out = {}
    for engine, embedder in engines.items():
        vectors = embed_queries(embedder, texts)
        out[engine] = np.concatenate([vectors[: len(steps)], vectors[len(steps) :]], axis=1)
    return out


def without_assistant(dialogues: list[list[Row]]) -> list[list[Row]]:
    """The same dialogues as a caller that passes only the user's turns gives them: no assistant
    turn before any message (no asked view; the asked view's embedding is the message's own). A
    model fitted on both forms must not read the absence of an assistant turn as a change of
    subject (in SGD there always is one; many callers never pass one)."""
    out = []
    for rows in dialogues:
        stripped = []
        for r in rows:
            vectors = {}
            for engine, v in r.vectors.items():
                half = len(v) // 2
                vectors[engine] = np.concatenate([v[:half], v[:half]])
            stripped.append(
                Row(
                    replace(r.step, asked=""),
                    r.kind,
                    r.exact,
                    r.gold,
                    conv.Views(r.views.alone, None, r.views.joined),
                    vectors,
                )
            )
        out.append(stripped)
    return out


def _summary(name: str) -> SkillSummary:
    return SkillSummary(name=name, description="", task_type="general", tags=())


def _messages(rows: list[Row]) -> list[conv.Message | None]:
    return [conv.Message("default", r.vectors["default"]) for r in rows]


def previous_skills(
    dialogues: list[list[Row]], model: conv.ConversationModel | None
) -> list[list[str | None]]:
    """Each turn's previous skill: from the labels (``model`` None: teacher forcing), or the
    likeliest skill of the belief ``model``'s own forward pass had before the turn (what the move
    classifier meets when it runs)."""
    out = []
    for rows in dialogues:
        if model is None:
            out.append([None] + [r.exact[0] if r.exact else None for r in rows[:-1]])
            continue
        decisions = conv.follow(
            model, [r.step for r in rows], [r.views for r in rows], _messages(rows), _summary
        )
        firsts = [max(d.belief, key=d.belief.__getitem__) if d.belief else None for d in decisions]
        out.append([None, *firsts[:-1]])
    return out


def fit_head(x: np.ndarray, numbers: np.ndarray, y: np.ndarray) -> conv.Head:
    from sklearn.linear_model import LogisticRegression

    model = LogisticRegression(C=1.0, max_iter=5000).fit(np.c_[x, numbers], y)
    d = x.shape[1]
    return conv.Head(
        tuple(float(w) for w in model.coef_[0][:d]),
        tuple(float(w) for w in model.coef_[0][d:]),
        float(model.intercept_[0]),
    )


def fit_heads(
    dialogues: list[list[Row]],
    engine: str,
    previous_of: list[list[str | None]],
    *,
    move_reads_embedding: bool,
) -> tuple[conv.Head, conv.Head]:
    """(no-intent, move) on ``engine``'s embeddings: no-intent over every user turn, move over
    follow-ups and shifts with their previous skill (``previous_of``); a turn moves when its gold
    is not the previous skill."""
    rows = [r for d in dialogues for r in d]
    none = fit_head(
        np.array([r.vectors[engine] for r in rows]),
        np.array([[float(r.step.question)] for r in rows]),
        np.array([r.kind == "none" for r in rows]),
    )
    x, numbers, y = [], [], []
    for d, previous_row in zip(dialogues, previous_of):
        for row, previous in zip(d, previous_row):
            if row.kind in ("follow-up", "shift") and previous is not None:
                x.append(row.vectors[engine])
                numbers.append(conv.move_features(row.step, row.views, previous))
                y.append(previous not in row.gold)
    x_move = np.array(x) if move_reads_embedding else np.zeros((len(x), len(x[0])))
    return none, fit_head(x_move, np.array(numbers), np.array(y))


def fitted_on(
    dialogues: list[list[Row]], previous_of: list[list[str | None]], *, move_reads_embedding: bool = False
) -> conv.ConversationModel:
    """The two classifiers fitted on ``dialogues``, each turn with its previous skill from
    ``previous_of`` (the move classifier on the router's numbers alone unless
    ``move_reads_embedding``); the tracking is :class:`Tracking`'s default until chosen."""
    heads = {
        e: fit_heads(dialogues, e, previous_of, move_reads_embedding=move_reads_embedding)
        for e in dialogues[0][0].vectors
    }
    return conv.ConversationModel({e: h[1] for e, h in heads.items()}, {e: h[0] for e, h in heads.items()})


def replay(model: conv.ConversationModel, dialogues: list[list[Row]], *, held_out: bool) -> dict[str, Any]:
    """The forward pass over each dialogue (the previous skill is the model's own) and its
    numbers by turn kind (``held_out``: only turns whose gold is in a held-out domain, and every
    no-intent turn)."""
    counts: dict[str, list[int]] = {}
    for rows in dialogues:
        decisions = conv.follow(
            model, [r.step for r in rows], [r.views for r in rows], _messages(rows), _summary
        )
        tops = [d.candidate.name if d.candidate is not None else None for d in decisions]
        add_counts(counts, count(rows, tops, [d.skill for d in decisions], held_out=held_out))
    return _numbers(counts)


def _numbers(counts: dict[str, list[int]]) -> dict[str, Any]:
    return {k: (round(a / b, 3) if b else None, b) for k, (a, b) in counts.items()}


def end_to_end(lib: SkillLibrary, dialogues: Sequence[SgdDialogue], tools: list) -> dict[str, Any]:
    """Every user turn of ``dialogues`` routed through the library's API with its context (user
    and assistant turns), as a user does; counted as :func:`replay` counts."""
    tasks, contexts, kept = [], [], []
    for d in dialogues:
        history: list[dict[str, str]] = []
        turns = []
        for turn in d.turns:
            if turn.speaker == "user":
                tasks.append(turn.text)
                contexts.append(list(history))
                turns.append(turn)
            history.append({"role": "user" if turn.speaker == "user" else "assistant", "content": turn.text})
        kept.append(turns)
    routes = lib.route_many(tasks, contexts=contexts)
    counts: dict[str, list[int]] = {}
    at = 0
    for turns in kept:
        part = routes[at : at + len(turns)]
        at += len(turns)
        rows = [
            Row(conv.Step(t.text), t.kind, t.gold, frozenset(intent_gold(t.gold, tools)), conv.Views(part[0]))
            for t in turns
        ]
        tops = [r.candidates[0].name if r.candidates else None for r in part]
        add_counts(counts, count(rows, tops, [r.matched.name if r.matched else None for r in part]))
    return _numbers(counts)


def baselines(dialogues: list[list[Row]], lib: SkillLibrary) -> dict[str, Any]:
    """Plain dense MiniLM over "name: description" on the message alone and on the user's turns
    joined, never abstaining, counted as the router is."""
    skills = lib.list_skills("active")
    names = [s.name for s in skills]
    docs = np.asarray(
        lib.embedder.embed_documents([f"{s.name}: {s.description}" for s in skills]), dtype=np.float32
    )
    out = {}
    for view in ("alone", "joined"):
        texts = [
            r.step.message if view == "alone" else conv.with_context(r.step.message, r.step.earlier)
            for rows in dialogues
            for r in rows
        ]
        top = (embed_queries(lib.embedder, texts) @ docs.T).argmax(axis=1)
        counts: dict[str, list[int]] = {}
        at = 0
        for rows in dialogues:
            picks = [names[i] for i in top[at : at + len(rows)]]
            at += len(rows)
            add_counts(counts, count(rows, picks, picks))
        out[view] = _numbers(counts)
    return out


NONE_FLOOR = 0.6
"""The share of no-intent turns the gates must leave unrouted before they buy more (the target is
half)."""


def score(numbers: dict[str, Any]) -> float:
    """What the gates are chosen for, on the fitting dialogues: the mean of the shares of
    follow-ups and shifts routed to a right skill and of shifts not stuck, less what no-intent
    turns fall short of :data:`NONE_FLOOR`."""
    parts = [numbers["follow-up routed"][0], numbers["shift routed"][0], 1.0 - (numbers["stuck"][0] or 0.0)]
    none = numbers["none"][0] or 0.0
    return float(np.mean([p for p in parts if p is not None])) - max(0.0, NONE_FLOOR - none)


TRACKING_GRID: dict[str, tuple[object, ...]] = {
    "stay_sharpness": (15.0,),
    "move_sharpness": (10.0,),
    "asked": (0.0, 0.5),
    "joined": (0.0, 0.5),
    "move_offset": (0.0, 1.0, 2.0),
    "move_from": ("p_fit",),  # by design: see docs/evaluation/conversations.md
}
"""The :class:`~skillrouter.routing.conversation.Tracking` values tried, every combination."""


def choose_gates(base: conv.ConversationModel, dialogues: list[list[Row]]) -> conv.ConversationModel:
    """``base`` with the no-intent gate and the tracking of best :func:`score` on ``dialogues``:
    the gate over its grid, then every tracking of :data:`TRACKING_GRID`, then the gate again."""

    def best_gate(model: conv.ConversationModel) -> conv.ConversationModel:
        return max(
            (replace(model, none_gate=g) for g in NONE_GATES),
            key=lambda m: score(replay(m, dialogues, held_out=False)),
        )

    model = best_gate(base)
    keys = list(TRACKING_GRID)
    trackings = [conv.Tracking(**dict(zip(keys, values))) for values in product(*TRACKING_GRID.values())]  # type: ignore[arg-type]
    model = max(
        (replace(model, tracking=t) for t in trackings),
        key=lambda m: score(replay(m, dialogues, held_out=False)),
    )
    return best_gate(model)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, default=default_data_dir())
    parser.add_argument("--train", type=int, default=1500, help="dialogues to fit on (default 1500)")
    parser.add_argument("--test", type=int, default=400, help="held-out dialogues to report on (default 400)")
    parser.add_argument("--cache", type=Path, default=None, help="keep the routed views here and reuse them")
    parser.add_argument("--write", action="store_true", help=f"write the fitted model to {MODEL}")
    parser.add_argument("--out", type=Path, default=MODEL, help="where --write writes the model")
    parser.add_argument(
        "--move-reads-embedding",
        action="store_true",
        help="the move classifier reads the message's embedding beside the router's numbers "
        "(measured: it learns the fitting domains' words, and leaves more held-out shifts stuck)",
    )
    parser.add_argument(
        "--end-to-end",
        type=int,
        default=200,
        help="with --write, route this many of the held-out dialogues end to end (default 200)",
    )
    args = parser.parse_args()

    def say(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    sgd = load_sgd(args.data / "sgd")
    rnd = random.Random(0)
    train = rnd.sample([d for d in sgd.dialogues if not d.held_out], args.train)
    test = rnd.sample([d for d in sgd.dialogues if d.held_out], args.test)
    with tempfile.TemporaryDirectory() as folder, SkillLibrary.open(Path(folder) / "store") as lib:
        lib.import_skills([args.data / "sgd" / "skills.jsonl"])
        fit = lib.library_fit
        say(f"SGD library: {fit.ranking('default').label if fit is not None else 'not fitted'}")
        router = lib._router()
        if args.cache is not None and args.cache.exists():
            fitting, reported = pickle.loads(args.cache.read_bytes())
            for part in (fitting, reported):  # a cache kept before the asked view's embeddings
                rows = [r for d in part for r in d]
                if rows and next(iter(rows[0].vectors.values())).shape[0] < 600:
                    vectors = message_vectors(lib, [r.step for r in rows])
                    for at, r in enumerate(rows):
                        r.vectors = {e: v[at] for e, v in vectors.items()}
                    args.cache.write_bytes(pickle.dumps((fitting, reported)))
        else:
            fitting = gather(lib, router, train, sgd.tools, say)
            reported = gather(lib, router, test, sgd.tools, say)
            if args.cache is not None:
                args.cache.write_bytes(pickle.dumps((fitting, reported)))
        fitting = fitting + without_assistant(fitting)  # with and without the assistant's turns
        say(f"fitting on {len(fitting)} dialogues: each with its assistant turns and without them")
        teacher = previous_skills(fitting, None)
        previous, dialogues = teacher, fitting
        for round_ in (1, 2):
            base = fitted_on(dialogues, previous, move_reads_embedding=args.move_reads_embedding)
            half = len(fitting) // 2
            model = choose_gates(
                base, fitting[: GATE_DIALOGUES // 2] + fitting[half : half + GATE_DIALOGUES // 2]
            )
            say(f"round {round_}: chosen on the fitting dialogues: {model.none_gate=}, {model.tracking}")
            own = previous_skills(fitting, model)
            previous, dialogues = teacher + own, fitting + fitting
        fitted = replay(model, fitting, held_out=False)
        held = replay(model, reported, held_out=True)
        held_users = replay(model, without_assistant(reported), held_out=True)
        plain = baselines(reported, lib)
        print("## Conversation model, fitted on SGD's non-held-out domains\n")
        print(f"chosen: none_gate {model.none_gate}, tracking {asdict(model.tracking)}\n")
        print(
            "| dialogues | first P@1 | follow-up P@1 | follow-ups routed right | shift P@1 "
            "| shifts routed right "
            "| stuck on the previous skill | no-intent abstained |"
        )
        print("|---|---|---|---|---|---|---|---|")
        lines = [
            (f"fitted on ({len(fitting)})", fitted),
            (f"held-out domains ({len(reported)}), replayed", held),
            (f"held-out domains ({len(reported)}), replayed with the user's turns only", held_users),
            ("held-out, plain dense MiniLM alone", plain["alone"]),
            ("held-out, plain dense MiniLM joined", plain["joined"]),
        ]
        for label, n in lines:
            print(
                f"| {label} | {n['first'][0]} | {n['follow-up'][0]} | "
                f"{n.get('follow-up routed', ('-',))[0]} | "
                f"{n['shift'][0]} | {n.get('shift routed', ('-',))[0]} | {n['stuck'][0]} | {n['none'][0]} |"
            )
        trained = {
            "on": f"SGD train+dev, {len(fitting)} dialogues of domains other than "
            f"{', '.join(sorted(HELD_OUT_DOMAINS))}",
            "held_out": held,
            "fitted": fitted,
            "script": "benchmarks/conversation_fit.py",
        }
        model = replace(model, trained=trained)
        if args.write:
            args.out.write_text(model.to_json() + "\n", encoding="utf-8")
            say(f"wrote {args.out}")
            conv.default_model.cache_clear()
            if args.out != MODEL or not args.end_to_end:
                return 0  # the library routes with the shipped model: nothing to route end to end
            end = end_to_end(lib, test[: args.end_to_end], sgd.tools)
            print(
                f"| held-out domains ({min(len(test), args.end_to_end)}), end to end "
                "(route_many with contexts) | "
                f"{end['first'][0]} | {end['follow-up'][0]} | {end['follow-up routed'][0]} | "
                f"{end['shift'][0]} | "
                f"{end['shift routed'][0]} | {end['stuck'][0]} | {end['none'][0]} |"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
