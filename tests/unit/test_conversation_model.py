"""The conversation model's parts on hand-made routes: turns, steps, the two classifiers, the
choices, the forward pass, and the shipped model file."""

from __future__ import annotations

import numpy as np
import pytest

from skillrouter.routing.conversation import (
    FEATURES,
    MAX_TURNS,
    MOVE_FEATURES,
    Choice,
    ConversationModel,
    Head,
    Message,
    Step,
    Turn,
    Views,
    candidates_of,
    decide,
    default_model,
    follow,
    steps_of,
    turns_of,
)
from skillrouter.routing.router import Candidate, Route
from skillrouter.skill import SkillSummary


def summary(name: str, status: str = "active") -> SkillSummary:
    return SkillSummary(name=name, description=f"{name} things", task_type="general", tags=(), status=status)


def route(*names: str, relevance: float = 0.5, matched: bool = True) -> Route:
    cands = tuple(
        Candidate(
            summary(n),
            relevance - 0.1 * i,
            6.0,
            0.5,
            "description",
            relevance=relevance - 0.1 * i,
            p_fit=0.5,
            passes_gate=matched,
        )
        for i, n in enumerate(names)
    )
    return Route("task", cands[0].skill if cands and matched else None, cands, 0.3, "as routed")


def test_turns_keep_user_and_assistant_and_drop_the_rest() -> None:
    turns = turns_of(
        [
            "hi",
            {"role": "system", "content": "be nice"},
            {"role": "assistant", "content": [{"type": "text", "text": "Which city?"}]},
            {"role": "tool", "content": "{}"},
            {"role": "human", "content": "Lisbon"},
        ]
    )
    assert turns == [Turn("user", "hi"), Turn("assistant", "Which city?"), Turn("user", "Lisbon")]
    with pytest.raises(ValueError, match=r"context\[0\]: unknown role 'narrator'"):
        turns_of([{"role": "narrator", "content": "x"}])


def test_steps_know_what_the_assistant_asked_and_what_the_user_said_before() -> None:
    turns = [Turn("user", "find me a bus"), Turn("assistant", "Where to?"), Turn("user", "Fresno")]
    steps = steps_of("for two people", [*turns, Turn("assistant", "How many tickets?")])
    assert steps == [
        Step("find me a bus"),
        Step("Fresno", "Where to?", ("find me a bus",)),
        Step("for two people", "How many tickets?", ("find me a bus", "Fresno")),
    ]
    assert steps[1].question and not Step("ok", "Done.").question
    long = steps_of("last", [Turn("user", f"m{i}") for i in range(20)])
    assert len(long) == MAX_TURNS and long[-1].earlier == tuple(f"m{i}" for i in range(13, 20))


def test_a_choice_shares_probability_with_none_of_these() -> None:
    choice = Choice((1.0,) + (0.0,) * (len(FEATURES) - 1), bias=0.0)
    p = choice.probabilities([[2.0] + [0.0] * (len(FEATURES) - 1), [0.0] * len(FEATURES)])
    assert p[0] > p[1] and p.sum() < 1.0
    assert Head((1.0, 0.0), (2.0,), -1.0).p(np.array([1.0, 5.0]), [0.5]) == pytest.approx(
        1 / (1 + np.exp(-1.0))
    )


def model(*, none: float, move: float) -> ConversationModel:
    """A model whose heads answer ``none`` and ``move`` (their biases) whatever the message, and
    whose choices follow each view's relevance and the previous skill."""
    weights = dict.fromkeys(FEATURES, 0.0) | {"alone": 3.0, "previous": 2.0}
    flat = Head((0.0, 0.0), (0.0,) * len(MOVE_FEATURES), 0.0)
    return ConversationModel(
        stay=Choice(tuple(weights[f] for f in FEATURES), -5.0),
        shift=Choice(tuple(weights[f] for f in FEATURES), -5.0),
        move={"default": Head(flat.weights, flat.extra, float(np.log(move / (1 - move))))},
        none={"default": Head((0.0, 0.0), (0.0,), float(np.log(none / (1 - none))))},
        move_gate=0.5,
        none_gate=0.5,
        gate=0.0,
    )


MESSAGE = Message("default", np.zeros(2, dtype=np.float32))


def test_decisions_none_first_stay_and_move() -> None:
    views = Views(route("book-table", "find-restaurant"))
    said = decide(
        model(none=0.9, move=0.1), Step("no thanks"), views, "find-restaurant", None, MESSAGE, summary
    )
    assert said.skill is None and said.why.startswith("no skill needed")
    first = decide(model(none=0.1, move=0.1), Step("find food"), views, None, None, MESSAGE, summary)
    assert first.skill == "book-table" and "as the message alone routes" in first.why
    stays = decide(
        model(none=0.1, move=0.1), Step("in Lisbon"), views, "find-restaurant", None, MESSAGE, summary
    )
    assert stays.skill == "find-restaurant" and stays.why.startswith("stays with")  # 0.4*3 + 2 > 0.5*3
    moves = decide(
        model(none=0.1, move=0.9), Step("now book it"), views, "find-restaurant", None, MESSAGE, summary
    )
    assert moves.skill == "book-table" and moves.why.startswith("moves to")


def test_a_move_to_nothing_the_library_serves_stays() -> None:
    """A message that reads as a new request, but whose best new skill passes no view's gate, is
    a detail of the conversation's request: the stay choice decides, not none."""
    views = Views(route("clean-csv", "find-restaurant", matched=False))
    detail = decide(
        model(none=0.1, move=0.9), Step("about 40M rows"), views, "find-restaurant", None, MESSAGE, summary
    )
    assert detail.skill == "find-restaurant" and detail.why.startswith("stays with")
    assert detail.moved == pytest.approx(0.9)


def test_a_previous_skill_no_view_lists_is_carried_while_it_is_active() -> None:
    views = Views(route("weather"))
    assert [c.name for c in candidates_of(views, "find-bus", summary)] == ["weather", "find-bus"]
    assert [c.name for c in candidates_of(views, "find-bus", lambda n: summary(n, "quarantined"))] == [
        "weather"
    ]
    assert [c.name for c in candidates_of(views, "find-bus", lambda n: None)] == ["weather"]


def test_the_forward_pass_carries_the_skill_and_a_closing_message_ends_it() -> None:
    steps = [Step("find a bus"), Step("Fresno", "Where to?"), Step("that's all, thanks")]
    views = [Views(route("find-bus")), Views(route("weather", matched=False)), Views(route("weather"))]
    calm = model(none=0.1, move=0.1)
    assert [d.skill for d in follow(calm, steps, views, [MESSAGE] * 3, summary)] == ["find-bus"] * 3
    closing = ConversationModel(
        calm.stay, calm.shift, calm.move, {"default": Head((0.0, 0.0), (0.0,), 5.0)}, none_gate=0.5
    )
    assert [d.skill for d in follow(closing, steps, views, [MESSAGE] * 3, summary)] == [None] * 3


def test_the_shipped_model_reads_and_says_what_it_was_fitted_on() -> None:
    shipped = default_model()
    assert len(shipped.stay.weights) == len(FEATURES) and set(shipped.none) == {"default", "multilingual"}
    assert "SGD" in shipped.trained["on"] and "held_out" in shipped.trained
    again = ConversationModel.from_json(shipped.to_json())
    assert again.stay == shipped.stay and again.move_gate == shipped.move_gate
    with pytest.raises(ValueError, match="other features"):
        ConversationModel.from_json('{"features": ["alone"], "move_features": []}')
