"""The part of a skill's description that no other skill's description shares."""

from __future__ import annotations

from pathlib import Path

from skillrouter.routing.own_parts import own_parts, segments

ALARMS = "Manage alarms by getting and setting them easily"
PORTAL = "The portal to find and reserve seats at events"
CONCERTS = "Get tickets for the coolest concerts in your area"


def test_a_service_sentence_shared_by_its_intents_is_left_out() -> None:
    parts = own_parts(
        {
            "alarm-1-addalarm": f"{ALARMS}: Set a new alarm.",
            "alarm-1-getalarms": f"{ALARMS}: Get the alarms user has already set.",
            "weather-1-getweather": "Check the weather for any place and any date: Get the weather.",
        }
    )
    assert parts == {
        "alarm-1-addalarm": "Set a new alarm",
        "alarm-1-getalarms": "Get the alarms user has already set",
    }


def test_sentences_shared_across_skills_whatever_their_case_and_ending() -> None:
    parts = own_parts(
        {
            "a": "Part of the Acme toolkit. Deploys the Acme stack to staging servers.",
            "b": "part of the acme toolkit! Rolls back the last Acme release safely.",
            "c": "Deploys things. Nothing shared here at all.",
        }
    )
    assert parts == {
        "a": "Deploys the Acme stack to staging servers",
        "b": "Rolls back the last Acme release safely",
    }


def test_nothing_when_nothing_is_shared_or_too_little_is_left() -> None:
    assert own_parts({"a": "Convert PDF files to text.", "b": "Merge PDF files."}) == {}
    assert own_parts(
        {"a": f"{ALARMS}: Set one.", "b": f"{ALARMS}: Get the alarms user has already set."}
    ) == {"b": "Get the alarms user has already set"}  # "Set one" has two words: too little to stand alone
    assert own_parts({"a": "Same text here.", "b": "Same text here."}) == {}  # one sentence: nothing to cut


def test_the_intent_of_twin_services_is_kept_though_another_service_says_it_too() -> None:
    parts = own_parts(
        {
            "events-1-find": f"{PORTAL}: Find events in a given city.",
            "events-1-buy": f"{PORTAL}: Buy tickets for an event.",
            "events-2-find": f"{CONCERTS}: Find events in a given city.",
            "events-2-buy": f"{CONCERTS}: Buy tickets for an event.",
        }
    )
    assert parts == {
        "events-1-find": "Find events in a given city",
        "events-1-buy": "Buy tickets for an event",
        "events-2-find": "Find events in a given city",
        "events-2-buy": "Buy tickets for an event",
    }


def test_segments_split_sentences_chinese_ones_and_one_colon() -> None:
    assert segments("First one.  Second  one!") == ["First one.", "Second one!"]
    assert segments("管理闹钟。设置新的闹钟") == ["管理闹钟。", "设置新的闹钟"]
    assert segments("Manage bank accounts: Check the balance") == [
        "Manage bank accounts",
        "Check the balance",
    ]
    assert segments("Note: see docs") == ["Note: see docs"]  # one word before the colon: not a service
    assert segments("管理所有的闹钟：设置新的闹钟") == [
        "管理所有的闹钟",
        "设置新的闹钟",
    ]  # a full-width colon


def test_a_colon_inside_a_time_or_an_address_is_no_service_sentence() -> None:
    assert (
        own_parts(
            {
                "a": "Sends the daily digest at 08:00 to the team channel",
                "b": "Sends the daily digest at 08:30 to managers only",
                "c": "Calls https://api.acme.com to list all users",
                "d": "Calls https://api.acme.com to delete a user",
            }
        )
        == {}
    )


def test_a_skill_routes_never_reach_gives_no_other_skill_an_own_part(tmp_path: Path) -> None:
    from skillrouter.embeddings import HashEmbedder

    from skillrouter import Skill, SkillLibrary, Store

    text = "Convert PDF files to plain text. Handles scanned pages with OCR and keeps the layout."
    with SkillLibrary(Store(tmp_path / "store"), HashEmbedder()) as lib:
        lib.add(Skill.create("pdf-to-text", text), scan=False)
        lib.add(Skill.create("ocr-images", "Read text from photos and screenshots with OCR."), scan=False)
        lib.add(Skill.create("pdf-to-text-copy", text), scan=False)
        owners = {skill for skill, kind, _ in lib.documents().values() if kind == "trigger"}
        assert owners == {"pdf-to-text", "pdf-to-text-copy"}
        lib.store.set_status("pdf-to-text-copy", "quarantined")
        assert not any(kind == "trigger" for _, kind, _ in lib.documents().values())
