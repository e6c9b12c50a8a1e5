"""The conversation model's parts on hand-made routes: turns, steps, the two classifiers, the
belief's tracking, the forward pass, and the shipped model file."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from skillrouter.routing.conversation import (
    MAX_TURNS,
    MOVE_FEATURES,
    ConversationModel,
    Head,
    Message,
    Step,
    Tracking,
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


def test_a_head_is_a_logistic_curve_and_evidence_weighs_the_views() -> None:
    assert Head((1.0, 0.0), (2.0,), -1.0).p(np.array([1.0, 5.0]), [0.5]) == pytest.approx(
        1 / (1 + np.exp(-1.0))
    )
    views = Views(route("a", "b"), asked=route("b", "a"), joined=None)
    evidence = Tracking(asked=0.5, joined=1.0).evidence(views, ["a", "b", "c"])
    assert evidence["a"] == pytest.approx(0.5 + 0.5 * 0.4)
    assert evidence["b"] == pytest.approx(0.4 + 0.5 * 0.5)
    # a skill no view lists sits a little under each view's lowest
    assert evidence["c"] == pytest.approx(0.35 + 0.5 * 0.35)


def model(*, none: float, move: float) -> ConversationModel:
    """A model whose heads answer ``none`` and ``move`` (their biases) whatever the message, and
    whose move part is the move head's probability as it is."""
    flat = Head((0.0, 0.0), (0.0,) * len(MOVE_FEATURES), 0.0)
    return ConversationModel(
        move={"default": Head(flat.weights, flat.extra, float(np.log(move / (1 - move))))},
        none={"default": Head((0.0, 0.0), (0.0,), float(np.log(none / (1 - none))))},
        tracking=Tracking(stay_sharpness=10.0, move_sharpness=10.0, asked=0.5, joined=0.5, move_offset=0.0),
        none_gate=0.5,
    )


MESSAGE = Message("default", np.zeros(2, dtype=np.float32))


def test_decisions_none_first_stay_and_move() -> None:
    views = Views(route("book-table", "find-restaurant"))
    said = decide(model(none=0.9, move=0.1), Step("no thanks"), views, FINDING, MESSAGE, summary)
    assert said.skill is None and said.why.startswith("no skill needed") and not said.belief
    first = decide(model(none=0.1, move=0.1), Step("find food"), views, {}, MESSAGE, summary)
    assert first.skill == "book-table" and "as the message alone routes" in first.why
    assert max(first.belief, key=first.belief.__getitem__) == "book-table"
    stays = decide(model(none=0.1, move=0.1), Step("in Lisbon"), views, FINDING, MESSAGE, summary)
    # 0.9 of the belief stays on the conversation's skill, 0.1 moves to what the message names
    assert stays.skill == "find-restaurant" and stays.why.startswith("stays with")
    assert stays.p == pytest.approx(0.9) and stays.belief["book-table"] == pytest.approx(0.1)
    moves = decide(model(none=0.1, move=0.9), Step("now book it"), views, FINDING, MESSAGE, summary)
    assert moves.skill == "book-table" and moves.why.startswith("moves to")


FINDING = {"find-restaurant": 1.0}


def test_a_follow_up_that_says_more_corrects_a_close_call() -> None:
    """A conversation whose first message left two skills close goes with the one its follow-up
    points to (the belief's stay part follows the evidence), without counting as a move."""
    unsure = {"find-bus": 0.55, "buy-bus-ticket": 0.45}
    views = Views(route("buy-bus-ticket", "find-bus", relevance=0.6))
    said = decide(model(none=0.1, move=0.1), Step("2 tickets please"), views, unsure, MESSAGE, summary)
    assert said.skill == "buy-bus-ticket" and said.why.startswith("turns to")


def test_a_skill_retired_mid_conversation_leaves_the_belief() -> None:
    views = Views(route("weather", matched=False))
    belief = {"find-bus": 0.7, "weather": 0.3}
    retired = decide(
        model(none=0.1, move=0.1),
        Step("and tomorrow?", earlier=("bus to Fresno",)),
        views,
        belief,
        MESSAGE,
        lambda n: summary(n, "retired" if n == "find-bus" else "active"),
    )
    assert retired.skill == "weather" and "find-bus" not in retired.belief


def test_a_move_to_nothing_the_library_serves_stays() -> None:
    """A message that reads as a new request, but whose best new skill passes no view's gate, is
    a detail of the conversation's request: the belief stays, and it is not none."""
    views = Views(route("clean-csv", "find-restaurant", matched=False))
    detail = decide(model(none=0.1, move=0.9), Step("about 40M rows"), views, FINDING, MESSAGE, summary)
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
    closing = ConversationModel(calm.move, {"default": Head((0.0, 0.0), (0.0,), 5.0)}, calm.tracking)
    assert [d.skill for d in follow(closing, steps, views, [MESSAGE] * 3, summary)] == [None] * 3


def test_the_shipped_model_reads_and_says_what_it_was_fitted_on() -> None:
    shipped = default_model()
    assert set(shipped.none) == set(shipped.move) == {"default", "multilingual"}
    assert "SGD" in shipped.trained["on"] and "held_out" in shipped.trained
    again = ConversationModel.from_json(shipped.to_json())
    assert again.tracking == shipped.tracking and again.none_gate == shipped.none_gate
    with pytest.raises(ValueError, match="other features"):
        ConversationModel.from_json('{"move_features": ["alone"], "tracking": {}}')


def test_a_move_goes_where_the_routers_calibrated_probability_points() -> None:
    """The move part shares its weight by each new candidate's p_fit (calibrated for the library,
    so a large library spreads a move no thinner than a small one); by relevance when asked to."""
    views = Views(route("book-table", "reserve-car", "find-restaurant"))
    views.alone = Route(
        "now book it",
        views.alone.matched,
        tuple(
            replace(c, p_fit=p)
            for c, p in zip(views.alone.candidates, (0.1, 0.8, 0.1))  # relevance says book-table
        ),
        0.3,
        "as routed",
    )
    moving = model(none=0.1, move=0.9)
    said = decide(moving, Step("now book it"), views, FINDING, MESSAGE, summary)
    assert said.skill == "reserve-car" and said.p == pytest.approx(0.9 * 0.8 / 0.9)
    by_relevance = replace(moving, tracking=replace(moving.tracking, move_from="relevance"))
    assert decide(by_relevance, Step("now book it"), views, FINDING, MESSAGE, summary).skill == "book-table"
