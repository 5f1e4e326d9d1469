"""L'Ordre d'Asèt: random games never lose or duplicate a card.

Every one of the 11 × players numbered cards is in exactly one place (a hand,
a Renfort, the combat, the Prison, a tie's pool, a treasure, or lost after the
last combat) after every combat. 5,000 games here; ``HERALD_LONG=1`` plays
the issue's 100,000 on two processes (about a minute and a half).
"""
import multiprocessing
import os
import random
from collections import Counter

from herald.engine.aset import new_game

LONG = os.environ.get("HERALD_LONG") == "1"


def play_checked(seed: int) -> int:
    """Play game ``seed`` at random (2 to 5 players), checking the census after
    every combat; return its decisions."""
    players = 2 + seed % 4
    s = new_game(players, variant="duel" if players == 2 else "base", seed=seed)
    full = Counter(s.census())
    assert sum(full.values()) == 11 * players
    r = random.Random(seed).random
    decisions = 0
    round_ = s.round
    while not s.over:
        legal = s.legal()
        s.apply(legal[int(r() * len(legal))])
        decisions += 1
        if s.round != round_ or s.over:
            assert s.census() == full, f"seed {seed}, round {round_}"
            round_ = s.round
    assert not s.hands[0] and all(r < 0 for r in s.renfort) and not s.prison
    return decisions


def _chunk(seeds):
    return sum(play_checked(seed) for seed in seeds)


def test_cards_are_conserved_in_random_games():
    count = 100_000 if LONG else 5_000
    if LONG:
        with multiprocessing.get_context("fork").Pool(2) as pool:
            decisions = sum(pool.map(_chunk, [range(k, count, 2) for k in range(2)]))
    else:
        decisions = _chunk(range(count))
    assert decisions > 40 * count
