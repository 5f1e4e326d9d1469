"""Random Lenormand duels break no invariant: all 36 cards are always
accounted for, life stays within the columns, hands and the reserve keep
their sizes, and every game ends with a winner.

The issue's 100,000 duels run with ``HERALD_LONG=1`` (on every core, a few
minutes); the default run plays a sample of every player count and option.
"""
from __future__ import annotations

import os
import random
from concurrent.futures import ProcessPoolExecutor

import pytest
from herald.engine.lenormand import LENORMAND
from herald.engine.lenormand.state import LIFE, NO_HOUSE

ALL_CARDS = list(range(1, 37))
OPTION_SETS = ({}, {"turn": "exchange_then_attack"}, {"heal": "pair_one"},
               {"other_supports": "bonus_only"})


def _check(state, where) -> None:
    assert sorted(state.cards()) == ALL_CARDS, f"{where}: cards {sorted(state.cards())}"
    assert all(0 <= life <= LIFE for life in state.life), where
    assert len(state.reserve) == 6, where
    if not state.over:
        size = state.config.hand_size(len(state.players))
        assert all(len(h) == size for h in state.hands), f"{where}: hands {state.hands}"
        assert all(life > 0 for life in state.life), where
        assert state.legal(), f"{where}: no legal decision"


def play_duels(first: int, count: int) -> dict:
    """Play duels ``first`` to ``first + count - 1`` (seed = index), checking every
    position; return the number of games, decisions and wins by house."""
    decisions = 0
    wins = {"civilisation": 0.0, "nature": 0.0, "none": 0.0}
    for seed in range(first, first + count):
        players = (2, 2, 3, 4)[seed % 4]
        options = OPTION_SETS[(seed // 4) % len(OPTION_SETS)]
        state = LENORMAND.new_game(players, seed=seed, options=options)
        rng = random.Random(seed)
        _check(state, f"seed {seed} start")
        while not state.over:
            legal = state.legal()
            state.apply(legal[int(rng.random() * len(legal))])
            decisions += 1
            _check(state, f"seed {seed} decision {decisions}")
        won = state.winners()
        assert won, f"seed {seed}: no winner"
        for p in won:
            h = state.houses[p]
            wins["none" if h == NO_HOUSE else ("civilisation", "nature")[h]] += 1 / len(won)
    return {"games": count, "decisions": decisions, "wins": wins}


def test_random_duels_keep_every_card():
    result = play_duels(0, 600)
    assert result["games"] == 600
    assert result["decisions"] > 600 * 20


@pytest.mark.skipif(not os.environ.get("HERALD_LONG"), reason="set HERALD_LONG=1")
def test_100000_random_duels_keep_every_card():
    total, chunk = 100_000, 2_500
    with ProcessPoolExecutor() as pool:
        results = list(pool.map(play_duels, range(0, total, chunk),
                                [chunk] * (total // chunk)))
    assert sum(r["games"] for r in results) == total
    decisions = sum(r["decisions"] for r in results)
    print(f"\n{total} random duels, {decisions} decisions, every position checked")
