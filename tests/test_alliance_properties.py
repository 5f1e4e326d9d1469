"""Random games with the Alliance box and with a mixed box: no invariant broken.

The issue's count (100,000 games for each card set) runs with HERALD_LONG=1
(``HERALD_LONG=1 python -m pytest tests/test_alliance_properties.py``); the
default run plays a few hundred of each (seconds of CPU). Every game draws
its player count (duo included) and its Alliance rule options from its seed.
"""
from __future__ import annotations

import os
import random
from collections import Counter

import pytest
from herald.engine.oriflamme.alliance import ALLIANCE_OPTIONS
from herald.engine.oriflamme.boxes import parse_box
from herald.engine.oriflamme.cards import (
    DIPLOMAT,
    INFILTRATION,
    INSURRECTION,
    N_CARDS,
    PERSONNAGES,
    SHAPESHIFTER,
    TRADE,
)
from herald.engine.oriflamme.options import Options
from herald.engine.oriflamme.state import (
    CONDEMNATION_TOKENS,
    OVER,
    P_NONE,
    P_REVEAL,
    REVEAL,
    new_game,
)

LONG = os.environ.get("HERALD_LONG") == "1"
GAMES = 100_000 if LONG else 300


def options_for(seed: int) -> Options:
    """Defaults for most games; every other reading in some."""
    rng = random.Random(seed * 7919)
    if rng.random() < 0.5:
        return Options()
    return Options(**{o.name: rng.choice(o.values) for o in ALLIANCE_OPTIONS})


def check(state, box) -> None:
    """The invariants of any position."""
    # Every card of every family is in exactly one place.
    for p, fams in enumerate(state.families):
        places: Counter = Counter()
        for zone in (state.hands[p], state.set_aside[p], state.draw[p], state.discard[p]):
            places.update(zone)
        places.update((f, c) for f, c, _ in state.reserve[p])
        places.update((card[0], card[1]) for pile in state.queue for card in pile
                      if card[0] in fams)
        assert places == Counter((f, c) for f in fams for c in box), (p, places)
    # Condemnation tokens: at most five, each on a card in the Queue.
    assert len(state.condemned) <= CONDEMNATION_TOKENS
    assert list(state.condemned) == sorted(set(state.condemned))
    in_queue = {c[0] * N_CARDS + c[1] for pile in state.queue for c in pile}
    assert set(state.condemned) <= in_queue
    assert all(v >= 0 for v in state.influence), state.influence
    for i, pile in enumerate(state.queue):
        assert len({c[0] for c in pile}) == 1, pile           # piles never mix families
        for j, (_fam, card, up, tokens) in enumerate(pile):
            assert tokens >= 0
            if up and tokens:
                # only a Diplomat holds points face up (or a Shapeshifter
                # that copied one, with the diplomat=self reading)
                assert card in (DIPLOMAT, SHAPESHIFTER), pile
            if up and card not in PERSONNAGES:
                # an Intrigue is face up only while it acts
                assert i == state.cursor and j == len(pile) - 1 and \
                    state.pending != P_NONE, (state.queue, state.cursor)
    for p in range(len(state.players)):
        assert all(card in (INFILTRATION, TRADE) for _, card, _ in state.reserve[p])


def play(seed: int, box) -> tuple:
    rng = random.Random(seed)
    players = rng.choice((2, 3, 3, 4, 5))
    state = new_game(players, variant="duo" if players == 2 else "base", seed=seed,
                     options=options_for(seed), box=box)
    check(state, box)
    decisions = 0
    while state.phase != OVER:
        legal = state.legal()
        assert legal, "no legal decision before the end"
        state.apply(legal[int(rng.random() * len(legal))])
        decisions += 1
        check(state, box)
        assert decisions < 2000
    assert state.round == state.rounds
    if state.variant == "base":
        # 7 cards in hand, one placed each round (a swap gives one back for one)
        assert all(len(h) == 1 for h in state.hands)
    return tuple(state.influence), decisions


@pytest.mark.parametrize("cards", ["alliance", "mixed"])
def test_random_games_keep_every_invariant(cards):
    box = parse_box(cards)
    seen_reserve = seen_condemned = 0
    for seed in range(GAMES):
        play(seed, box)
    # the same seed gives the same game
    assert [play(seed, box) for seed in range(5)] == [play(seed, box) for seed in range(5)]
    # the games reach the Alliance mechanisms
    for seed in range(200):
        state = new_game(3, seed=seed, box=box)
        rng = random.Random(seed)
        while state.phase != OVER:
            legal = state.legal()
            state.apply(legal[int(rng.random() * len(legal))])
            seen_reserve += any(state.reserve)
            seen_condemned += bool(state.condemned)
    assert seen_reserve and seen_condemned


def test_base_box_deals_as_before():
    """The base box deals and plays exactly as the engine did before Alliance
    (figures taken from the engine before the card tables grew to 20 kinds)."""
    expected = {0: (((0, 0), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6), (0, 9)), 56, [5, 9, 13]),
                1: (((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 7)), 64, [17, 2, 11, 4]),
                2: (((0, 0), (0, 1), (0, 2), (0, 4), (0, 6), (0, 7), (0, 8)), 91,
                    [6, 2, 8, 11, 4])}
    for seed, (hand, decisions, influence) in expected.items():
        state = new_game(3 + seed, seed=seed)
        assert state.box == tuple(range(10)) and not state.alliance
        assert state.hands[0] == hand
        assert state.play_random(random.Random(seed).random) == decisions
        assert state.influence == influence


def test_an_insurrection_eliminates_only_the_neighbours_it_had():
    """Whatever happens between its two eliminations (an Ambush discarding
    it, say), an Insurrection eliminates the cards beside it when it was
    revealed, and all of them (001 l. 293-295); never a card it covered."""
    box = parse_box("mixed")        # the Insurrection and the Ambush
    trapped = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        players = rng.choice((2, 3, 4, 5))
        state = new_game(players, variant="duo" if players == 2 else "base", seed=seed,
                         options=options_for(seed), box=box, log=True)
        neighbours: dict = {}          # an Insurrection -> the cards beside it when revealed
        eliminated: dict = {}
        while state.phase != OVER:
            legal = state.legal()
            d = legal[int(rng.random() * len(legal))]
            queue, c = state.queue, state.cursor
            if state.pending == P_REVEAL and d[0] == REVEAL and queue[c][-1][1] == INSURRECTION:
                key = queue[c][-1][:2]
                neighbours[key] = {queue[i][-1][:2] for i in (c - 1, c + 1)
                                   if 0 <= i < len(queue)}
                eliminated[key] = set()
            seen = len(state.log)
            state.apply(d)
            for event in state.log[seen:]:
                card = tuple(event.get("card") or ())
                if event["type"] == "eliminate" and card in neighbours:
                    assert tuple(event["target"]) in neighbours[card], (seed, event)
                    eliminated[card].add(tuple(event["target"]))
                if event["type"] == "discard" and event["reason"] == "ambush" and \
                        tuple(event["card"])[1] == INSURRECTION:
                    trapped += 1
            for key, cards in neighbours.items():
                if state.pending == P_NONE or state.actor[:2] != key:
                    assert eliminated[key] == cards, (seed, key)
    assert trapped       # the Ambush case is reached
