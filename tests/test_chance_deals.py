"""Interface 2 in Herald's own games: ``new_initial_state`` deals by chance
positions shaped like ``new_game``'s, each card of a step equally likely; an
information key tells a seat's own cards apart and hides the others'."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
from herald.engine.games import GAMES
from herald.engine.interface import CHANCE, GameFacts

STARTS = [("oriflamme", 3, "base"), ("oriflamme", 5, "base"), ("oriflamme", 2, "duo"),
          ("aset", 4, "base"), ("aset", 2, "duel"), ("lenormand", 2, "base"),
          ("lenormand", 4, "base")]


def _dealt(game, players, variant, seed):
    state = game.new_initial_state(players, variant=variant)
    rng = random.Random(seed)
    steps = 0
    while state.mover == CHANCE:
        outcomes = state.chance_outcomes()
        assert {p for _, p in outcomes} == {Fraction(1, len(outcomes))}
        state.apply(rng.choice(outcomes)[0])
        steps += 1
    return state, steps


def _shape(state):
    sizes = {field: [len(x) for x in getattr(state, field)]
             for field in ("hands", "set_aside", "draw") if isinstance(
                 getattr(state, field, None), list)}
    return sizes, len(getattr(state, "deck", ())), len(getattr(state, "reserve", ())), \
        state.mover, state.over


@pytest.mark.parametrize("name, players, variant", STARTS)
def test_the_chance_deal_gives_a_position_shaped_like_new_game_s(name, players, variant):
    game = GAMES[name]
    assert isinstance(game.facts, GameFacts) and game.facts.chance
    dealt, steps = _dealt(game, players, variant, 1)
    assert 0 < steps <= game.facts.max_length
    assert _shape(dealt) == _shape(game.new_game(players, variant=variant, seed=0))
    assert dealt.key() != _dealt(game, players, variant, 2)[0].key()


def test_an_information_key_holds_the_seat_s_own_cards_and_not_the_others():
    game = GAMES["oriflamme"]
    a = game.new_game(3, seed=0)
    b = a.copy()
    # the same position with two of red's cards (seat 0) swapped between its
    # hand and its cards set aside: only red can tell them apart
    hand, aside = list(b.hands[0]), list(b.set_aside[0])
    hand[0], aside[0] = aside[0], hand[0]
    b.hands[0], b.set_aside[0] = tuple(sorted(hand)), tuple(sorted(aside))
    assert a.information_key(0) != b.information_key(0)
    assert a.information_key(1) == b.information_key(1)
    assert a.information_key(2) == b.information_key(2)
