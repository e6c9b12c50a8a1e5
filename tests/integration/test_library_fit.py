"""The library fit with the real model: a library where keywords hurt falls back to plain dense,
the index follows the chosen form, pins survive refits, and every surface shows the fit."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import DATA
from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, OnnxEmbedder
from skillrouter.eval.datasets.sgd import first_turns, load_sgd

from skillrouter import SkillLibrary, Store
from skillrouter.cli.core import cli
from skillrouter.routing.documents import sha
from skillrouter.routing.fit import Ranking

SGD = DATA / "sgd"


@pytest.fixture
def sgd_library(tmp_path: Path, onnx_embedder: OnnxEmbedder) -> SkillLibrary:
    """SGD's 68 service intents imported as a JSONL library (one import: the fit runs), on the
    default model's default engine."""
    if not SGD.is_dir():
        pytest.skip(f"SGD data not in {SGD} (set SKILLROUTER_DATA)")
    path = tmp_path / "store"
    lib = SkillLibrary(
        Store(path), CachedEmbedder(onnx_embedder, EmbeddingCache(path / "cache" / "embeddings.db"))
    )
    report = lib.import_skills([SGD / "skills.jsonl"])
    assert len(report.added) == 68
    assert report.fit == {
        "default": Ranking("name: description", 0.0).label,
        "multilingual": "description / keywords 0.1",
    }
    return lib


def test_a_library_where_keywords_hurt_falls_back_to_plain_dense(sgd_library: SkillLibrary) -> None:
    """SGD's intents share their service's words ("Book bus journeys...: Buy tickets"), and its
    names carry the intent: the fit chooses plain dense, "name: description" with no keywords, and
    routes the dialogues' first turns at least as well as the default ranking would."""
    fit = sgd_library.library_fit
    assert fit is not None and fit.engines["default"].source == "fitted"
    assert fit.engines["multilingual"].source == "default"  # no CJK pseudo-task: nothing to defer
    checks = fit.engines["default"].self_check
    plain = Ranking("name: description", 0.0).label
    assert checks[plain] == max(checks.values())
    assert checks[plain] > checks[Ranking("description", 0.3).label] + 0.05
    queries = first_turns(load_sgd(SGD), sample=300, seed=1)
    fitted = sgd_library.route_many([q.query for q in queries])
    assert all(r.keyword_weight == 0.0 for r in fitted)
    sgd_library.configure(keyword_weight=0.3)  # the caller's weight wins over the fit's
    with_keywords = sgd_library.route_many([q.query for q in queries])
    assert all(r.keyword_weight == 0.3 for r in with_keywords)
    right = sum(r.candidates[0].name in q.gold for r, q in zip(fitted, queries))
    right_keywords = sum(r.candidates[0].name in q.gold for r, q in zip(with_keywords, queries))
    assert right >= right_keywords


def test_the_index_holds_each_skill_in_the_form_the_fit_chose(sgd_library: SkillLibrary) -> None:
    sgd_library.sync()
    held = sgd_library.index.hashes()
    assert held["alarm-1-addalarm"] == sha(
        "alarm-1-addalarm: Manage alarms by getting and setting them easily: Set a new alarm."
    )
    sgd_library.pin("default", form="description")
    sgd_library.sync()
    assert sgd_library.index.hashes()["alarm-1-addalarm"] == sha(
        "Manage alarms by getting and setting them easily: Set a new alarm."
    )


def test_a_users_pin_survives_a_refit_until_unpinned(sgd_library: SkillLibrary) -> None:
    sgd_library.pin("default", keyword_weight=0.2)
    refit = sgd_library.fit()
    assert refit.ranking("default") == Ranking("name: description", 0.2)
    assert refit.engines["default"].source == "pinned"
    route = sgd_library.route("book me a table for two tonight")
    assert route.keyword_weight == 0.2
    assert sgd_library.pins() == {"default": {"keyword_weight": 0.2}}
    sgd_library.unpin()
    assert sgd_library.pins() == {}
    assert sgd_library.library_fit is not None
    assert sgd_library.library_fit.ranking("default") == Ranking("name: description", 0.0)


def test_a_one_shot_process_routes_with_the_fit_too(
    sgd_library: SkillLibrary, cli_uses, onnx_embedder: OnnxEmbedder
) -> None:
    from click.testing import CliRunner

    task = "Could you find me a bus to Fresno for next Friday?"
    expected = sgd_library.route(task)
    store = sgd_library.path
    sgd_library.close()
    cli_uses(onnx_embedder)
    result = CliRunner().invoke(cli, ["route", task, "--store", str(store), "--json"])
    assert result.exit_code == 0, result.output
    import json

    data = json.loads(result.output[result.output.index("{") :])
    assert data["matched"] == (expected.matched.name if expected.matched else None)
    assert data["keyword_weight"] == 0.0 and data["p_fit"] == round(expected.p_fit or 0.0, 4)


def test_fit_command_fits_shows_and_pins(sgd_library: SkillLibrary, cli_uses, onnx_embedder) -> None:
    from click.testing import CliRunner

    store = str(sgd_library.path)
    sgd_library.close()
    cli_uses(onnx_embedder)
    runner = CliRunner()
    shown = runner.invoke(cli, ["fit", "--store", store])
    assert shown.exit_code == 0, shown.output
    assert "default engine: name: description / keywords 0  [fitted: best self-check" in shown.output
    assert "(in force, plain dense)" in shown.output and "pins: none" in shown.output
    pinned = runner.invoke(cli, ["fit", "--store", store, "--pin", "keyword_weight=0.1"])
    assert pinned.exit_code == 0 and "pins: default: keyword_weight=0.1" in pinned.output
    bad = runner.invoke(cli, ["fit", "--store", store, "--pin", "keyword_weight=heavy"])
    assert bad.exit_code == 2 and "keyword_weight must be a number from 0 to 2, got 'heavy'" in bad.output
    unpinned = runner.invoke(cli, ["fit", "--store", store, "--unpin", "--json"])
    assert unpinned.exit_code == 0
    import json

    data = json.loads(unpinned.output[unpinned.output.index("{") :])
    assert data["pins"] == {} and data["fit"]["engines"]["default"]["ranking"]["keyword_weight"] == 0.0


def test_an_import_defers_the_multilingual_fit_until_the_library_has_that_index(
    tmp_path: Path, onnx_embedder: OnnxEmbedder, multilingual_embedder
) -> None:
    """Fitting the multilingual engine embeds every skill with e5 in both forms: an import does
    it only once a task in Chinese has built that index; the next bulk change (here doctor)
    fits it, and an explicit fit always does."""
    zh = DATA / "skill-libraries" / "clawhub-sample" / "zh"
    if not zh.is_dir():
        pytest.skip(f"clawhub-sample not in {zh.parent}")
    path = tmp_path / "store"
    cache = EmbeddingCache(path / "cache" / "embeddings.db")
    lib = SkillLibrary(
        Store(path),
        CachedEmbedder(onnx_embedder, cache),
        multilingual=CachedEmbedder(multilingual_embedder, cache),
    )
    lib.import_skills(sorted(zh.iterdir())[:48], scan=False)
    fit = lib.library_fit
    assert fit is not None and fit.engines["multilingual"].source == "deferred"
    assert fit.ranking("multilingual") == Ranking("description", 0.1)  # the engine's default meanwhile
    assert "no multilingual index" in fit.engines["multilingual"].why
    assert not lib.fit_due(bulk=True)
    route = lib.route("帮我把这篇文章发布到微信公众号")
    assert route.engine == "multilingual"  # the first Chinese task built the index
    assert lib.fit_due(bulk=True) and not lib.fit_due(bulk=False)
    report = lib.doctor()
    assert report.fit["refitted"] and report.fit["engines"]["multilingual"]["source"] == "fitted"
    assert lib.library_fit is not None and lib.library_fit.engines["multilingual"].tasks >= 20
    again = lib.fit(automatic=True)  # kept by the next automatic fit, not deferred again
    assert again.engines["multilingual"].source == "fitted"
    lib.close()
