"""An independent cross-check of the simultaneous-move solver: write a
two-player JointState's whole game tree as a Gambit extensive game and let
Gambit's exact LP solve it.

The tree is written in Gambit's own file format (EFG, read back with
``pygambit.read_efg``): a format stable across Gambit releases, where the
Python API for building trees was reworked in pygambit 17. At a simultaneous
step player 0 moves first and player 1 then moves in a single information set
spanning all of player 0's choices (player 1 does not see them); ordinary
decisions get one information set each. Leaves pay ``scores()[0] -
scores()[1]`` to player 0 and its opposite to player 1. Searched to the end of
the game (no horizon), with no memoization: a tree, as Gambit needs it.
Gambit solves it through its reduced strategic form (``use_strategic=True``):
pygambit 16.7's sequence-form LP on trees (``use_strategic=False``) returned
wrong payoffs on about one random Goofspiel position in ten (e.g. a profile
with an all-zero behaviour at the root when every leaf pays the same), so it
is not the reference here.
"""
from __future__ import annotations

import io
from fractions import Fraction

import pygambit as gbt

PLAYERS = ("P0", "P1")


def gambit_value(state, max_cells: int | None = None) -> Fraction | None:
    """Player 0's equilibrium payoff in the zero-sum game from ``state``; None
    when the strategic form has more than ``max_cells`` cells (Gambit's time
    grows with it: one Asèt duel of 2 cards each with 8,000 × 48 strategies
    takes two minutes)."""
    s = state.copy()
    s.log = None
    s.halt_at_phase_end = False
    tree = _Tree()
    tree.expand(s)
    if not tree.outcomes:
        raise ValueError("no leaf")
    game = gbt.read_efg(io.StringIO(tree.efg()))
    if max_cells is not None:
        a, b = (len(game.get_strategies(p)) for p in PLAYERS)
        if a * b > max_cells:
            return None
    result = gbt.nash.lp_solve(game, rational=True, use_strategic=True)
    return Fraction(str(result.equilibrium.payoffs[PLAYERS[0]]))


class _Tree:
    """The game tree as EFG node lines, in preorder (the order EFG lists nodes)."""

    def __init__(self):
        self.lines: list[str] = []
        self.outcomes: dict[Fraction, int] = {}     # payoff -> outcome number
        self.infosets = [0, 0]                       # the last number used per player

    def efg(self) -> str:
        names = " ".join(f'"{p}"' for p in PLAYERS)
        return f'EFG 2 R "joint" {{ {names} }}\n""\n' + "\n".join(self.lines) + "\n"

    def move(self, player: int, actions: int, infoset: int | None = None) -> int:
        """A decision node of ``player`` (a new information set unless given)."""
        if infoset is None:
            self.infosets[player] += 1
            infoset = self.infosets[player]
        labels = " ".join(f'"{k}"' for k in range(actions))
        self.lines.append(f'p "" {player + 1} {infoset} "" {{ {labels} }} 0')
        return infoset

    def leaf(self, s) -> None:
        a, b = s.scores()[:2]
        v = Fraction(a - b)
        number = self.outcomes.setdefault(v, len(self.outcomes) + 1)
        self.lines.append(f't "" {number} "" {{ {v}, {-v} }}')

    def expand(self, s) -> None:
        if s.over:
            self.leaf(s)
            return
        if s.at_joint():
            legal = s.joint_legal()
            rows = list(legal[0]) or [None]
            cols = list(legal[1]) or [None]
            if len(rows) > 1:
                self.move(0, len(rows))
            infoset = None                 # player 1's, shared by all of player 0's moves
            for r in rows:
                if len(cols) > 1:
                    infoset = self.move(1, len(cols), infoset)
                for c in cols:
                    child = s.copy()
                    child.apply_joint((r, c))
                    self.expand(child)
            return
        legal = s.legal()
        if len(legal) > 1:
            self.move(s.mover, len(legal))
        for d in legal:
            child = s.copy()
            child.apply(d)
            self.expand(child)
