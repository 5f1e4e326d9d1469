"""Oriflamme Alliance: the reconstruction records, card sets, notation, example
specs and the command line (the cards' rules are checked by the worked
examples assets/oriflamme/examples/alliance-*.yaml and the random games of
test_alliance_properties.py)."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from herald.engine.interface import SpecError
from herald.engine.oriflamme import ORIFLAMME
from herald.engine.oriflamme.alliance import (
    ALLIANCE,
    ALLIANCE_OPTIONS,
    RECONSTRUCTIONS,
    RECONSTRUCTIONS_BY_NAME,
)
from herald.engine.oriflamme.boxes import PRESETS, box_name, parse_box
from herald.engine.oriflamme.cards import CARDS, PERSONNAGES
from herald.engine.oriflamme.options import OPTIONS_BY_NAME, RULE_OPTIONS, Options
from herald.engine.oriflamme.state import new_game
from herald.generator.cli import cli as main

SOURCE = Path(__file__).resolve().parents[2] / "shared" / "rules-sources" / \
    "001_395d1a7634e9d7c8.txt"
ALLIANCE_CARDS = CARDS[10:]


# -- the reconstruction records ---------------------------------------------------------
@pytest.fixture(scope="module", autouse=True)
def _english_readings():
    # The engine writes its readings in French only; the generator fills in
    # the other languages from the PO files. Fill them here rather than rely
    # on an earlier test of the same worker having done it.
    from herald.generator.translations import fill_engine
    fill_engine("oriflamme", ("en",))


def test_every_alliance_card_has_a_reconstruction():
    for card in ALLIANCE_CARDS:
        assert card in RECONSTRUCTIONS_BY_NAME, card
    for r in RECONSTRUCTIONS:
        assert r.default.summary["fr"] and r.default.summary["en"]
        assert r.alternatives, f"{r.name}: no other reading recorded"
        assert r.reasoning["fr"] and r.reasoning["en"]


def _lines(spec: str) -> list[int]:
    out = []
    for part in spec.split(","):
        a, _, b = part.strip().partition("-")
        out += list(range(int(a), int(b or a) + 1))
    return out


@pytest.mark.skipif(not SOURCE.is_file(), reason="the rules sources are not beside the repo")
def test_records_quote_the_scan_at_their_lines():
    """Each piece of garbled text a record quotes is on the lines it cites."""
    source = SOURCE.read_text(encoding="utf-8").splitlines()
    for r in RECONSTRUCTIONS:
        if not r.lines:
            continue
        near = _lines(r.lines)
        text = " ".join(source[i - 1] for i in range(max(1, near[0] - 2),
                                                      min(len(source), near[-1] + 2) + 1))
        for piece in r.garbled.split(" / "):
            piece = piece.strip(" …")
            if piece and piece != "…":
                assert piece in text, f"{r.name}: {piece!r} is not at lines {r.lines}"
        for reading in (r.default, *r.alternatives):
            if reading.source == ALLIANCE:
                assert all(1 <= n <= len(source) for n in _lines(reading.lines))


def test_alliance_options_are_rule_options():
    names = {o.name for o in ALLIANCE_OPTIONS}
    assert names <= set(OPTIONS_BY_NAME) and names <= {o.name for o in RULE_OPTIONS}
    assert Options.from_mapping({"diplomat": "self", "swap_card": "zealot"}).non_default() \
        == {"diplomat": "self", "swap_card": "zealot"}
    with pytest.raises(ValueError, match="cannot be 'sometimes'"):
        Options.from_mapping({"magistrate_gain": "sometimes"})
    linked = {r.option for r in RECONSTRUCTIONS if r.option}
    assert linked == names


def test_no_option_id_in_player_texts():
    ids = {o.name for o in ALLIANCE_OPTIONS} | {v for o in ALLIANCE_OPTIONS for v in o.values}
    for r in (*RECONSTRUCTIONS, *ALLIANCE_OPTIONS):
        texts = [r.title[loc] for loc in ("fr", "en")] + \
            [x.summary[loc] for x in (r.default, *r.alternatives) for loc in ("fr", "en")]
        for t in texts:
            for word in re.findall(r"[a-z_]+", t):
                assert "_" not in word or word not in ids, (r.name, word)


# -- card sets ---------------------------------------------------------------------------
def test_presets_and_user_mixes():
    assert parse_box("base") == tuple(range(10))
    assert parse_box("alliance") == tuple(range(10, 20))
    mix = parse_box(list(PRESETS["mixed"]))
    assert mix == parse_box("mixed") and box_name(mix) == "mixed"
    listed = ["trade", "archer", "soldier", "spy", "heir", "lord", "empress", "zealot",
              "magistrate", "extortion"]
    assert parse_box(listed) == parse_box(",".join(reversed(listed)))   # order does not matter
    assert box_name(parse_box(listed)) == sorted(listed, key=CARDS.index)


@pytest.mark.parametrize("value, message", [
    (["archer"] * 10, "listed twice"),
    (list(CARDS[:9]), "exactly 10 kinds"),
    (list(CARDS[:9]) + ["jester"], "unknown card 'jester'"),
    ("deluxe", "unknown card set 'deluxe'"),
    (7, "a set name"),
])
def test_bad_card_sets(value, message):
    with pytest.raises(ValueError, match=message):
        parse_box(value)


def test_alliance_deal_uses_only_its_cards():
    state = new_game(4, seed=3, box=parse_box("alliance"))
    dealt = {c for p in range(4) for _, c in state.hands[p] + state.set_aside[p]}
    assert dealt == set(range(10, 20)) and state.alliance
    assert all(len(h) == 7 for h in state.hands)
    assert {c for c in range(10, 16)} <= PERSONNAGES and 16 not in PERSONNAGES


# -- example specs and notation ------------------------------------------------------------
SPEC = {"game": "oriflamme", "cards": "alliance", "players": ["red", "blue", "green"],
        "round": 3, "phase": "resolution",
        "reserve": {"red": ["trade +2"]},
        "queue": ["red magistrate up", "blue zealot +1 condemned", ["green empress",
                                                                     "green diplomat up"]]}


def test_spec_round_trip_keeps_tokens_and_reserve():
    state = ORIFLAMME.from_spec(SPEC)
    assert state.condemned == (1 * 20 + 11,) and state.reserve[0] == ((0, 19, 2),)
    again = ORIFLAMME.from_spec(ORIFLAMME.to_spec(state))
    assert again.key() == state.key() and again.box == state.box
    spec = ORIFLAMME.to_spec(state)
    assert spec["cards"] == "alliance" and spec["reserve"] == {"red": ["red trade +2"]}
    assert spec["queue"][1] == "blue zealot +1 condemned"


def test_magistrate_decisions_in_notation():
    state = ORIFLAMME.from_spec(SPEC)
    legal = [ORIFLAMME.format_decision(state, d) for d in state.legal()]
    assert legal == ["red condemn 1", "red condemn 3", "red target 2"]
    state.apply(ORIFLAMME.parse_decision(state, "red condemn 3"))
    assert state.condemned == (31, 2 * 20 + 13) and state.influence[0] == 2


@pytest.mark.parametrize("change, message", [
    ({"queue": ["red archer"]}, "archer is not among this game's cards"),
    ({"queue": [f"red {c} condemned" for c in ("zealot", "empress", "diplomat", "deserter",
                                                 "magistrate", "trade")]},
     "only 5 Condemnation tokens"),
    ({"reserve": {"red": ["trade up"]}}, "not 'up'"),
    ({"cards": ["archer"]}, "exactly 10 kinds"),
])
def test_bad_alliance_specs(change, message):
    with pytest.raises(SpecError, match=message):
        ORIFLAMME.from_spec({**SPEC, "reserve": {}, **change})


def test_swap_notation_and_normalisation():
    spec = {"game": "oriflamme", "cards": "alliance", "players": ["red", "blue", "green"],
            "round": 3, "phase": "resolution", "hands": {"red": ["zealot"]},
            "queue": ["red informant up", "blue zealot +1"]}
    state = ORIFLAMME.from_spec(spec)
    assert [ORIFLAMME.format_decision(state, d) for d in state.legal()] == \
        ["red gain", "red swap zealot"]
    assert ORIFLAMME.parse_decision(state, "red swap red zealot") == \
        ORIFLAMME.parse_decision(state, "red swap zealot")


# -- the command line ----------------------------------------------------------------------
def test_play_with_alliance_records_a_verifiable_game(tmp_path):
    runner = CliRunner()
    out = tmp_path / "game.yaml"
    result = runner.invoke(main, ["play", "--cards", "alliance", "--players", "4",
                                  "--record", str(out)])
    assert result.exit_code == 0, result.output
    assert "cards alliance" in result.output
    assert "cards: alliance" in out.read_text()
    result = runner.invoke(main, ["verify", str(out)])
    assert result.exit_code == 0 and "1 of 1 examples hold" in result.output


def test_bad_card_sets_are_bad_input():
    for args in (["play", "--cards", "archer,soldier"],
                 ["cards", "oriflamme", "--cards", "deluxe", "--lang", "en"]):
        done = subprocess.run([sys.executable, "-m", "herald.generator.cli", *args],
                              capture_output=True, text=True)
        assert done.returncode == 2, done.stderr
        assert done.stderr.count("\n") == 1 and "--cards:" in done.stderr


def test_random_mixed_games_through_the_cli_are_deterministic():
    runner = CliRunner()
    args = ["play", "--cards", "mixed", "--games", "20", "--seed", "5", "--json"]
    first, second = runner.invoke(main, args), runner.invoke(main, args)
    assert first.exit_code == 0
    strip = re.compile(r'"(seconds|games_per_second)": [0-9.e+-]+')
    assert strip.sub("", first.output) == strip.sub("", second.output)


def test_database_select_gives_the_alliance_deck():
    from herald.generator.database import database_path, load_database
    db = load_database(database_path("oriflamme"))
    assert db.card_ids == CARDS[:10]                  # the base box by default
    alliance = db.select("alliance")
    assert alliance.card_ids == ALLIANCE_CARDS and alliance.family_size == 10
    assert set(alliance.aids["fr"].abilities) == set(ALLIANCE_CARDS)
    mixed = db.select(list(PRESETS["mixed"]))
    assert set(mixed.aids["en"].abilities) == set(PRESETS["mixed"])
    assert (db.card("trade").name["fr"], db.card("trade").name["en"]) == ("Négoce", "Trade")
    assert db.card_ids == CARDS[:10]
