"""An independent cross-check of the simultaneous-move solver: write a
two-player JointState's whole game tree as a Gambit extensive game and let
Gambit's exact sequence-form LP solve it.

At a simultaneous step player 0 moves first and player 1 then moves in a
single information set spanning all of player 0's choices (player 1 does not
see them); ordinary decisions get one information set each. Leaves pay
``scores()[0] - scores()[1]`` to player 0 and its opposite to player 1.
Searched to the end of the game (no horizon), with no memoization: a tree, as
Gambit needs it. Gambit solves it through its reduced strategic form
(``use_strategic=True``): pygambit 16.7's sequence-form LP on trees
(``use_strategic=False``) returned wrong payoffs on about one random
Goofspiel position in ten (e.g. a profile with an all-zero behaviour at the
root when every leaf pays the same), so it is not the reference here.
"""
from __future__ import annotations

from fractions import Fraction

import pygambit as gbt


def gambit_value(state, max_cells: int | None = None) -> Fraction | None:
    """Player 0's equilibrium payoff in the zero-sum game from ``state``; None
    when the strategic form has more than ``max_cells`` cells (Gambit's time
    grows with it: one Asèt duel of 2 cards each with 8,000 × 48 strategies
    takes two minutes)."""
    game = gbt.Game.new_tree(players=["P0", "P1"], title="joint")
    outcomes: dict = {}
    s = state.copy()
    s.log = None
    s.halt_at_phase_end = False
    _expand(game, game.root, s, outcomes)
    if not outcomes:
        raise ValueError("no leaf")
    if max_cells is not None:
        a, b = (len(p.strategies) for p in game.players)
        if a * b > max_cells:
            return None
    result = gbt.nash.lp_solve(game, rational=True, use_strategic=True)
    profile = result.equilibria[0]
    return Fraction(str(profile.payoff(list(game.players)[0])))


def _leaf(game, node, s, outcomes):
    a, b = s.scores()[:2]
    v = Fraction(a - b)
    if v not in outcomes:
        outcomes[v] = game.add_outcome(f"diff {v}", [v, -v])
    game.set_outcome(node, outcomes[v])


def _expand(game, node, s, outcomes):
    if s.over:
        _leaf(game, node, s, outcomes)
        return
    players = list(game.players)
    if s.at_joint():
        legal = s.joint_legal()
        rows = list(legal[0]) or [None]
        cols = list(legal[1]) or [None]
        if len(rows) > 1:
            game.append_move(node, players[0], [str(k) for k in range(len(rows))])
            after_rows = list(node.children)
        else:
            after_rows = [node]
        if len(cols) > 1:
            game.append_move(after_rows, players[1], [str(k) for k in range(len(cols))])
        for i, r in enumerate(rows):
            for j, c in enumerate(cols):
                target = after_rows[i]
                if len(cols) > 1:
                    target = list(target.children)[j]
                child = s.copy()
                child.apply_joint((r, c))
                _expand(game, target, child, outcomes)
        return
    legal = s.legal()
    if len(legal) > 1:
        game.append_move(node, players[s.mover], [str(k) for k in range(len(legal))])
    targets = list(node.children) if len(legal) > 1 else [node]
    for target, d in zip(targets, legal):
        child = s.copy()
        child.apply(d)
        _expand(game, target, child, outcomes)

