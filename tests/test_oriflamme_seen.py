"""Oriflamme's observation made without a copy (engine/oriflamme/hidden.seen)
is the very key the generic recipe gives (interface.seen_key: the key of
the position determinized from the fixed stream), in every kind of game:
three to five players, the two-player variant with its draw piles, the
Alliance cards with their Condemnation tokens and reserves. The sequence-form
solver groups positions into information sets by it, so any difference
would change a printed value or strategy."""
from __future__ import annotations

import random

import pytest
from herald.engine.games import GAMES
from herald.engine.interface import seen_key
from herald.engine.oriflamme import hidden

GAME = GAMES["oriflamme"]


def _positions(players: int, variant: str, cards: str, seed: int):
    """Every position of one game played at random from a seeded deal."""
    state = GAME.new_game(players, variant=variant, seed=seed, cards=cards)
    rng = random.Random(seed)
    yield state.copy()
    while not state.over:
        while state.halted and not state.over:
            state.resume()
        if state.over:
            break
        state.apply(rng.choice(state.legal()))
        yield state.copy()


@pytest.mark.parametrize("players, variant, cards", [
    (2, "duo", "base"), (2, "duo", "alliance"), (3, "base", "base"),
    (4, "base", "alliance"), (5, "base", "mixed")])
def test_seen_is_the_key_of_the_canonical_determinization(players, variant, cards):
    compared = condemned = 0
    for seed in range(3):
        for state in _positions(players, variant, cards, seed):
            condemned += bool(state.condemned)
            for seat in range(players):
                hidden._SEEN.clear()        # made afresh, not remembered
                made = hidden.seen(state, seat)
                assert made == seen_key(state, seat)
                assert hidden.seen(state, seat) == made     # and remembered
                compared += 1
    assert compared > 100
    if cards == "alliance" and players == 4:
        assert condemned        # the tokens that follow a redealt card were met


def test_seen_tells_apart_what_the_seat_sees_and_not_what_it_does_not():
    state = GAME.new_game(3, seed=4)
    other = state.copy()
    # seat 1's hand with its first two cards of one family exchanged for
    # two cards of that family set aside: seat 0 cannot tell
    p = 1
    hand, aside = list(other.hands[p]), list(other.set_aside[p])
    fam = hand[0][0]
    swap = [c for c in aside if c[0] == fam][:1]
    assert swap
    hand[0], aside[aside.index(swap[0])] = swap[0], hand[0]
    other.hands[p] = tuple(sorted(hand))
    other.set_aside[p] = tuple(sorted(aside))
    assert hidden.seen(state, 0) == hidden.seen(other, 0)
    assert hidden.seen(state, 1) != hidden.seen(other, 1)
