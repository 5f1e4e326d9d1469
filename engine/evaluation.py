"""What a position is worth to each player: the values the bots and the solvers
compare.

A player's value is their score (``scores()``, the game's own measure:
influence, points, life margin) and, once the game is over, the game's
``win_worth`` added when their side won alone or taken away when it lost (a
shared win adds nothing). Each game states a ``win_worth`` larger than twice
any score it can reach, so a won game is worth more than any margin and a lost
one less: the blow that takes the last life card beats a heal that gains as
much life, and a maxn player prefers winning to a higher score in a lost game.

Sides come from the game too (``sides()``): partners (the Lenormand duel's
teams of two) win and lose together, and a margin is taken against the best
player of another side, never against a partner.

Nothing here names a game.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

WON = 1
SHARED = 0        # also the result of a game that goes on
LOST = -1


def results(state: Any) -> tuple[int, ...]:
    """Each player's result: WON when their side is alone among the winners,
    SHARED when other sides won too, LOST otherwise; SHARED (0) for everyone
    while the game goes on."""
    n = len(state.players)
    if not state.over:
        return (SHARED,) * n
    sides = state.sides()
    won = {sides[p] for p in state.winners()}
    alone = len(won) == 1
    return tuple((WON if alone else SHARED) if sides[p] in won else LOST for p in range(n))


def values(state: Any) -> tuple[int, ...]:
    """Each player's value of ``state``: their score, plus or minus the game's
    ``win_worth`` in a game that is over (see the module docstring)."""
    scores: tuple[int, ...] = state.scores()
    if not state.over:
        return scores
    worth = state.win_worth
    return tuple(s + worth * r for s, r in zip(scores, results(state)))


def split(state: Any, value: int) -> tuple[int, int]:
    """(score, result) of one player's ``value`` in the game of ``state``: the
    result is WON or LOST when the game ended on a win or loss, else SHARED
    (a shared win, or the game goes on)."""
    worth: int = state.win_worth
    result = (value + worth // 2) // worth
    return value - result * worth, result


def margin(values: Sequence[int], sides: Sequence[int], player: int) -> int:
    """``player``'s value minus the best value of a player on another side
    (their own when nobody else plays)."""
    mine = sides[player]
    others = [v for v, side in zip(values, sides) if side != mine]
    return values[player] - max(others, default=0)
