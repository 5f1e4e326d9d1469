"""Balance of the Lenormand duel under each reading: how often each house wins.

``herald play --game lenormand`` measures the default rules (civilisation
starts); this script also measures the rule options, which ``herald play``
does not switch. Same seeds, same games.

    python benchmarks/lenormand_balance.py [GAMES] [BOTS] [DEPTH] [CASES]

GAMES per line (default 2000), BOTS (greedy; or random, solver, or one per
seat, like greedy,random), DEPTH the solver bot's horizon in decisions
(default 3), CASES the lines to play, numbered from 0 as in ``CASES`` (default
all; the solver is slow: ``200 solver 2 0,2`` takes some ten minutes on two
cores). With one bot per seat, the first is civilisation's, whichever house starts.
"""
from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor

from herald.engine.bots import make_bot, play_game
from herald.engine.lenormand import LENORMAND
from herald.engine.lenormand.cards import CIVILISATION

NATURE_FIRST = {"first_player": "nature"}
CASES = (
    ("default (civilisation starts)", {}),
    ("first_player: nature", NATURE_FIRST),
    ("other_supports: bonus_only", {"other_supports": "bonus_only"}),
    ("other_supports: bonus_only, nature starts",
     {"other_supports": "bonus_only", **NATURE_FIRST}),
    ("heal: combination", {"heal": "combination"}),
    ("turn: exchange_then_attack", {"turn": "exchange_then_attack"}),
)


def run(args) -> tuple:
    case, first_seed, count, bots, depth = args
    _, options = CASES[case]
    civ = nat = shared = turns = 0
    for seed in range(first_seed, first_seed + count):
        state = LENORMAND.new_game(2, seed=seed, options=options)
        # the seats play in turn order; each house keeps its bot
        by_house = dict(zip((CIVILISATION, 1 - CIVILISATION), bots))
        play_game(state, [make_bot(by_house[h], seed * 8 + h, depth=depth)
                          for h in state.houses])
        won = state.winners()
        turns += state.turn
        if len(won) > 1:
            shared += 1
        elif state.houses[won[0]] == CIVILISATION:
            civ += 1
        else:
            nat += 1
    return case, civ, nat, shared, turns


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    bots = (sys.argv[2] if len(sys.argv) > 2 else "greedy").split(",")
    bots = bots * 2 if len(bots) == 1 else bots
    depth = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    cases = ([int(c) for c in sys.argv[4].split(",")] if len(sys.argv) > 4
             else list(range(len(CASES))))
    chunk = max(1, games // 8)
    jobs = [(c, s, min(chunk, games - s), bots, depth) for c in cases
            for s in range(0, games, chunk)]
    totals = {c: [0, 0, 0, 0] for c in cases}
    with ProcessPoolExecutor() as pool:
        for case, *counts in pool.map(run, jobs):
            totals[case] = [a + b for a, b in zip(totals[case], counts)]
    solver = f", solver depth {depth}" if "solver" in bots else ""
    print(f"{games} games per line, bots {','.join(bots)} (civilisation, nature){solver}")
    print(f"{'rules':<48} {'civilisation':>12} {'nature':>8} {'shared':>7} {'mean turns':>10}")
    for c in cases:
        name = CASES[c][0]
        civ, nat, shared, turns = totals[c]
        print(f"{name:<48} {100 * civ / games:>11.1f}% {100 * nat / games:>7.1f}% "
              f"{100 * shared / games:>6.1f}% {turns / games:>10.1f}")


if __name__ == "__main__":
    main()
