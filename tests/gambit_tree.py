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

PLAYERS = ("P0", "P1")


def _gambit():
    """pygambit, imported by the first test that solves with it (not at
    collection, where every worker would import it)."""
    import pygambit
    return pygambit


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
    gbt = _gambit()
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


# -- games of hidden information (interface 2) ------------------------------------------
def hidden_efg(state) -> str:
    """The whole tree from the interface-2 ``state`` (a seat, CHANCE or OVER
    moves) as an EFG file: chance nodes with their exact probabilities, each
    seat's decisions grouped into information sets by ``information_key``,
    leaves paying ``payoffs()``. A decision with one legal option is played
    through, as the sequence-form solver does (it changes no value)."""
    from herald.engine.interface import CHANCE, OVER

    lines: list[str] = []
    outcomes: dict[tuple, int] = {}
    infosets: list[dict] = [{}, {}]
    chance_sets = [0]

    def expand(s) -> None:
        mover = s.mover
        if mover == OVER:
            pay = tuple(Fraction(p) for p in s.payoffs())
            number = outcomes.setdefault(pay, len(outcomes) + 1)
            lines.append(f't "" {number} "" {{ {pay[0]}, {pay[1]} }}')
            return
        if mover == CHANCE:
            branches = [(o, p) for o, p in s.chance_outcomes() if p]
            chance_sets[0] += 1
            labels = " ".join(f'"{k}" {p}' for k, (_, p) in enumerate(branches))
            lines.append(f'c "" {chance_sets[0]} "" {{ {labels} }} 0')
            for o, _ in branches:
                child = s.copy()
                child.apply(o)
                expand(child)
            return
        legal = list(s.legal())
        if len(legal) > 1:
            key = s.information_key(mover)
            number = infosets[mover].setdefault(key, len(infosets[mover]) + 1)
            labels = " ".join(f'"{k}"' for k in range(len(legal)))
            lines.append(f'p "" {mover + 1} {number} "" {{ {labels} }} 0')
        for d in legal:
            child = s.copy()
            child.apply(d)
            expand(child)

    expand(state.copy())
    names = " ".join(f'"{p}"' for p in PLAYERS)
    return f'EFG 2 R "hidden" {{ {names} }}\n""\n' + "\n".join(lines) + "\n"


def gambit_hidden_values(state, max_cells: int = 2000) -> dict[str, Fraction]:
    """Seat 0's equilibrium payoff in the game from ``state`` by Gambit's own
    exact solvers: Lemke's algorithm on the sequence form (Koller, Megiddo,
    von Stengel), and the LP on the reduced strategic form when that has at
    most ``max_cells`` cells (it grows exponentially with the tree)."""
    gbt = _gambit()
    game = gbt.read_efg(io.StringIO(hidden_efg(state)))
    out = {}
    from herald.engine.sequence_form import build

    form = build(state)
    cells = _reduced_strategies(form.seats[0]) * _reduced_strategies(form.seats[1])
    if cells <= max_cells:
        lp = gbt.nash.lp_solve(game, rational=True, use_strategic=True)
        out["lp-strategic"] = Fraction(str(lp.equilibrium.payoffs[PLAYERS[0]]))
    lcp = gbt.nash.lcp_solve(game, rational=True, use_strategic=False)
    out["lcp-sequence"] = Fraction(str(lcp.equilibrium.payoffs[PLAYERS[0]]))
    return out



def _reduced_strategies(plex) -> int:
    """How many reduced pure strategies a seat has, counted on its sequences
    (engine/sequence_form.py's Treeplex): an information set offers the sum
    of its actions' counts, an action the product of the information sets it
    leads to; without building the strategic form."""
    counts = [0] * len(plex.infosets)
    for number in range(len(plex.infosets) - 1, -1, -1):
        info = plex.infosets[number]
        counts[number] = sum(_product(counts, plex.children[info.first + k])
                             for k in range(len(info.actions)))
    return _product(counts, plex.children[0])


def _product(counts, infosets) -> int:
    total = 1
    for j in infosets:
        total *= counts[j]
    return total
