"""L'Ordre d'Asèt's two piles of decrees (rule option ``decree_deck``): the
box's, whose sixteen unnamed decrees are written in by their owner, and
Herald's own, where every decree acts. The engine deals the pile the option
picks and the deck prints the same one."""
from __future__ import annotations

from collections import Counter

import pytest
from herald.engine.aset import ASET
from herald.engine.aset.data import DEFAULT_CONFIG
from herald.engine.aset.decrees import DecreeError, compile_decree
from herald.generator.database import database_path, load_database
from herald.generator.errors import InputError
from herald.generator.games.aset.describe import decree_text
from herald.generator.kits import kit


@pytest.fixture(scope="module")
def db():
    return load_database(database_path("aset"))


def _pile(deck, seed=3, players=4):
    options = {} if deck is None else {"decree_deck": deck}
    state = ASET.new_game(players, seed=seed, options=options)
    return {DEFAULT_CONFIG.decrees[d].id for d in state.deck}


def test_the_default_pile_is_heralds_and_every_decree_acts():
    pile = _pile(None)
    assert len(pile) == 25 and pile == _pile("herald", seed=11)
    assert "great_reversal" in pile and "anti_parity" in pile
    assert not any(d.startswith("unnamed_") for d in pile)
    assert not {"palindrome", "anarchy_2_0", "ostracism"} & pile
    for d in DEFAULT_CONFIG.decrees:
        if d.id in pile:
            assert "effect1" not in d.missing, d.id


def test_the_box_pile_has_the_decrees_to_write_in():
    pile = _pile("box")
    assert len(pile) == 25
    assert {f"unnamed_{n}" for n in range(10, 26)} <= pile
    assert "great_reversal" not in pile and "anti_parity" in pile


def test_a_deck_the_vocabulary_does_not_know_is_refused():
    with pytest.raises(DecreeError, match="a set of decrees: herald, box"):
        compile_decree({"id": "x", "effect1": [], "effect2": [], "deck": "mine"})
    with pytest.raises(ValueError, match="decree_deck"):
        ASET.new_game(4, options={"decree_deck": "mine"})


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_each_deck_prints_the_pile_it_plays(db, locale):
    game = kit("aset")
    default = Counter(c.key for c in game.print_cards(db, locale) if c.key.startswith("decree-"))
    box = Counter(c.key for c in game.print_cards(db, locale, decrees="box")
                  if c.key.startswith("decree-"))
    assert set(default) == {f"decree-{d}" for d in _pile("herald")}
    assert set(box) == {f"decree-{d}" for d in _pile("box")}
    # Herald's decrees say whose they are; none leaves a space to write in
    for d in db.decrees:
        text = decree_text(d, locale)
        if d.deck == "herald":
            assert text.effect1 and text.effect2 is not None or d.discardable, d.id
    with pytest.raises(InputError, match="--decrees: unknown set of decrees"):
        game.check_card_options({"decrees": "mine"})
    assert game.deck_name({"decrees": "box"}) == "aset-box"
    assert game.deck_name({}) == "aset"
