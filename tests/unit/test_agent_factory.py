"""``create_self_improving_agent`` names the design's knobs: ``nudge_interval``, ``skill_threshold``
and every other field of :class:`~skillrouter.rules.LoopRules`, each a keyword with its default."""

from __future__ import annotations

import dataclasses
import inspect
from pathlib import Path
from typing import Any

import pytest
from skillrouter.embeddings import HashEmbedder

from skillrouter.agent import create_self_improving_agent
from skillrouter.agent.fakes import ScriptedChatModel
from skillrouter.rules import DEFAULT_RULES, LoopRules

RULES = [f.name for f in dataclasses.fields(LoopRules)]


def test_the_signature_names_every_threshold_with_its_default() -> None:
    params = inspect.signature(create_self_improving_agent).parameters
    assert list(params)[:4] == ["llm", "storage_dir", "nudge_interval", "skill_threshold"]  # the design's
    assert params["nudge_interval"].default == 10 and params["skill_threshold"].default == 7.0
    assert params["min_steps"].default == 3
    assert set(RULES) <= set(params)  # a new rule joins the signature
    for name in RULES:
        assert params[name].kind is inspect.Parameter.KEYWORD_ONLY, name
        expected = None if name == "revise_below" else getattr(DEFAULT_RULES, name)  # None: skill_threshold
        assert params[name].default == expected, name
    assert inspect.Parameter.VAR_KEYWORD not in {p.kind for p in params.values()}


def _agent_rules(tmp_path: Path, **options: Any) -> LoopRules:
    llm = ScriptedChatModel(responder=lambda call: None)
    with create_self_improving_agent(llm, tmp_path, embedder=HashEmbedder(), **options) as agent:
        return agent.config.rules


def test_each_threshold_given_reaches_the_rules(tmp_path: Path) -> None:
    changed: dict[str, Any] = {
        "skill_threshold": 8.0,
        "min_steps": 1,
        "duplicate_threshold": 0.7,
        "offer_threshold": 0.5,
        "max_offers": 2,
        "outlier_margin": 2.0,
        "retire_floor": 4.0,
        "retire_min_uses": 6,
        "fold_threshold": 0.5,
        "fold_votes": 3,
        "multilingual_duplicate_threshold": 0.95,
        "multilingual_offer_threshold": 0.91,
        "multilingual_fold_threshold": 0.94,
    }
    assert set(changed) | {"revise_below"} == set(RULES)
    assert _agent_rules(tmp_path / "a", **changed) == LoopRules(**changed, revise_below=8.0)
    assert _agent_rules(tmp_path / "b", skill_threshold=8.0, revise_below=6.0).revise_below == 6.0
    assert _agent_rules(tmp_path / "c") == DEFAULT_RULES
    on_top = _agent_rules(tmp_path / "d", rules=LoopRules(min_steps=1, fold_votes=4), skill_threshold=9.0)
    assert on_top == LoopRules(min_steps=1, fold_votes=4, skill_threshold=9.0, revise_below=9.0)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"skill_threshold": 11}, "skill_threshold must be from 1 to 10"),
        ({"min_steps": -1}, "min_steps must be an int of 0 or more"),
        ({"revise_below": 0.5}, "revise_below must be from 1 to 10"),
        ({"rules": LoopRules(), "fold_votes": 0}, "fold_votes must be an int of at least 1"),
    ],
)
def test_a_threshold_out_of_range_is_refused_before_the_store_opens(
    tmp_path: Path, options: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        _agent_rules(tmp_path / "store", **options)
    assert not (tmp_path / "store").exists()
