"""Balance of the Lenormand duel under each reading: how often each house wins.

``herald play --game lenormand`` measures the default rules (civilisation
starts); this script also measures the rule options, who starts, and the
three- and four-player games (two teams of two; the third player of three has
no house). Same seeds, same games.

    python benchmarks/lenormand_balance.py [GAMES] [BOTS] [DEPTH] [CASES]

GAMES per line (default 2000), BOTS (greedy; or random, solver, or one per
seat, like greedy,random: a line seats as many of them as it has players,
the list repeated), DEPTH the solver bot's horizon in decisions (default 3),
CASES the lines to play, numbered from 0 as in ``CASES`` (default all; the
solver is slow: ``200 solver 2 0,2`` takes some ten minutes on two cores).
The bots play to win: a won game counts above any life margin, and partners
count each other's life as their own (engine/evaluation.py).
"""
from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor

from herald.engine.bots import make_bot, play_game
from herald.engine.lenormand import LENORMAND
from herald.engine.lenormand.cards import CIVILISATION, NATURE, NO_HOUSE

NATURE_FIRST = {"first_player": "nature"}
# (line, rule options, players)
CASES: tuple[tuple[str, dict, int], ...] = (
    ("default (civilisation starts)", {}, 2),
    ("first_player: nature", NATURE_FIRST, 2),
    ("other_supports: bonus_only", {"other_supports": "bonus_only"}, 2),
    ("other_supports: bonus_only, nature starts",
     {"other_supports": "bonus_only", **NATURE_FIRST}, 2),
    ("heal: combination", {"heal": "combination"}, 2),
    ("turn: exchange_then_attack", {"turn": "exchange_then_attack"}, 2),
    ("three players", {}, 3),
    ("three players, nature starts", NATURE_FIRST, 3),
    ("four players", {}, 4),
    ("four players, nature starts", NATURE_FIRST, 4),
)


def run(args) -> tuple:
    """(case, civilisation's wins, nature's, the third player's, shared, turns)."""
    case, first_seed, count, bots, depth = args
    _, options, players = CASES[case]
    civ = nat = third = shared = turns = 0
    for seed in range(first_seed, first_seed + count):
        state = LENORMAND.new_game(players, seed=seed, options=options)
        # bots by seat as the houses are listed (civilisation, nature, then the
        # third player or the partners), whichever house starts
        seats = sorted(range(players), key=lambda p: (p >= 2, state.houses[p] != CIVILISATION))
        bot_of = {p: bots[k % len(bots)] for k, p in enumerate(seats)}
        play_game(state, [make_bot(bot_of[p], seed * 8 + p, depth=depth)
                          for p in range(players)])
        houses = {state.houses[p] for p in state.winners()}
        turns += state.turn
        if len(houses) > 1:
            shared += 1
        elif houses == {CIVILISATION}:
            civ += 1
        elif houses == {NATURE}:
            nat += 1
        else:
            assert houses == {NO_HOUSE}
            third += 1
    return case, civ, nat, third, shared, turns


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    bots = (sys.argv[2] if len(sys.argv) > 2 else "greedy").split(",")
    depth = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    cases = ([int(c) for c in sys.argv[4].split(",")] if len(sys.argv) > 4
             else list(range(len(CASES))))
    chunk = max(1, games // 8)
    jobs = [(c, s, min(chunk, games - s), bots, depth) for c in cases
            for s in range(0, games, chunk)]
    totals = {c: [0] * 5 for c in cases}
    with ProcessPoolExecutor() as pool:
        for case, *counts in pool.map(run, jobs):
            totals[case] = [a + b for a, b in zip(totals[case], counts)]
    solver = f", solver depth {depth}" if "solver" in bots else ""
    print(f"{games} games per line, bots {','.join(bots)} (by seat: civilisation, nature, "
          f"then the third player or the partners){solver}")
    print(f"{'rules':<48} {'civilisation':>12} {'nature':>8} {'third':>7} {'shared':>7} "
          f"{'mean turns':>10}")
    for c in cases:
        civ, nat, third, shared, turns = totals[c]
        print(f"{CASES[c][0]:<48} {100 * civ / games:>11.1f}% {100 * nat / games:>7.1f}% "
              f"{100 * third / games:>6.1f}% {100 * shared / games:>6.1f}% "
              f"{turns / games:>10.1f}")


if __name__ == "__main__":
    main()
