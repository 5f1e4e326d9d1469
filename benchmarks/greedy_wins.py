"""Does the greedy bot play to win? Lenormand self-play, by hand (not a test).

    python benchmarks/greedy_wins.py [GAMES]

Two players (GAMES games, default 1000, greedy against greedy): every turn
where a decision takes the other house's last life card at once is a chance;
the report counts the chances the bot took, and how many a choice by the life
margin alone (the first option of best margin, what greedy compared before a
won game had a worth of its own, engine/evaluation.py) would have passed up
in the very same positions.

Four players (GAMES games, two teams of two): every turn where the mover may
attack or heal; the report counts the turns the bot did, and how many
options a team-blind margin (the partner counted as an opponent) would have
told apart from an exchange.
"""
from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor

from herald.engine.bots import make_bot
from herald.engine.evaluation import WON, margin, results
from herald.engine.lenormand import LENORMAND
from herald.engine.lenormand.state import ATTACK, HEAL


def _turns(players: int, first: int, count: int):
    """Every turn of greedy self-play in the games seeded ``first`` on:
    (the mover, each decision with the position right after it, the bot's)."""
    for seed in range(first, first + count):
        state = LENORMAND.new_game(players, seed=seed)
        bots = [make_bot("greedy", seed * 8 + k) for k in range(players)]
        while not state.over:
            children = []
            for d in state.legal():
                child = state.copy()
                child.apply(d)
                children.append((d, child))
            me = state.mover
            decision = bots[me](state)
            yield me, children, decision
            state.apply(decision)


def duel(args) -> tuple:
    """(chances, taken by greedy, passed up by the margin alone) over the games."""
    chances = taken = passed = 0
    alone = (0, 1)
    for me, children, d in _turns(2, *args):
        wins = [x for x, c in children if c.over and results(c)[me] == WON]
        if wins:
            chances += 1
            taken += d in wins
            margins = [margin(c.scores(), alone, me) for _, c in children]
            passed += children[margins.index(max(margins))][0] not in wins
    return chances, taken, passed


def teams(args) -> tuple:
    """(turns an attack or heal was open, turns greedy took one, turns on which
    a team-blind margin scored every option alike)."""
    could = did = blind = 0
    alone = (0, 1, 2, 3)
    for me, children, d in _turns(4, *args):
        if any(x[0] in (ATTACK, HEAL) for x, _ in children):
            could += 1
            did += d[0] in (ATTACK, HEAL)
            blind += len({margin(c.scores(), alone, me) for _, c in children}) == 1
    return could, did, blind


def _total(fn, games: int) -> list:
    chunk = max(1, games // 8)
    jobs = [(s, min(chunk, games - s)) for s in range(0, games, chunk)]
    with ProcessPoolExecutor() as pool:
        return [sum(x) for x in zip(*pool.map(fn, jobs))]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    chances, taken, passed = _total(duel, games)
    print(f"two players, {games} games, greedy against greedy:")
    print(f"  turns with a win at once: {chances:,}; greedy took it {taken:,} times, "
          f"passed it up {chances - taken:,} times")
    print(f"  the life margin alone would have passed it up {passed:,} times "
          f"({100 * passed / max(chances, 1):.1f}%)")
    could, did, blind = _total(teams, games)
    print(f"four players, {games} games, greedy for every seat:")
    print(f"  turns with an attack or heal open: {could:,}; greedy attacked or healed "
          f"{did:,} times ({100 * did / max(could, 1):.1f}%)")
    print(f"  a margin counting the partner as an opponent scored every option alike "
          f"on {blind:,} of them ({100 * blind / max(could, 1):.1f}%)")


if __name__ == "__main__":
    main()
