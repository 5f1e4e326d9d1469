"""Leduc hold'em (Southey et al., "Bayes' Bluff", 2005), as OpenSpiel plays it,
in the shape of Herald's game interface 2: the hidden-card solver's benchmark
(benchmarks/hidden_solver.py). Its value for the first player is
-0.085606424078 (OpenSpiel's and Gambit's figure).

Six cards, two each of Jack, Queen and King; each player antes 1 chip and is
dealt one card face down. A betting round (raises of 2 chips), then one card
is turned up for both and a second round (raises of 4); at most two raises a
round, the first player opening each round. At the showdown a card that pairs
the public one wins, else the higher card; equal ranks split the pot.

Suits never matter, so the deal is of ranks (a Jack with probability 2/6,
then the same rank again 1/5): each seat's information is its own rank, the
public rank once turned up and every bet, and the tree is a sixth the size
of one dealt card by card.
"""
from __future__ import annotations

from fractions import Fraction

from herald.engine.interface import CHANCE, INTERFACE_VERSION, OVER, GameFacts

RANKS = ("J", "Q", "K")
FOLD, CALL, RAISE = "fold", "call", "raise"
RAISE_SIZES = (2, 4)        # chips a raise adds, per round
MAX_RAISES = 2
ANTE = 1


class LeducState:
    players = ("P0", "P1")
    log = None
    halt_at_phase_end = False
    halted = False

    def __init__(self):
        self.cards: list[int] = []          # ranks: seat 0's, seat 1's, the public card's
        self.rounds: list[str] = [""]       # per round, its actions: f, c, r
        self.stakes = [ANTE, ANTE]
        self.folded: int | None = None

    def copy(self) -> LeducState:
        s = LeducState.__new__(LeducState)
        s.cards, s.rounds, s.stakes, s.folded = (list(self.cards), list(self.rounds),
                                                 list(self.stakes), self.folded)
        return s

    def _round_over(self) -> bool:
        h = self.rounds[-1]
        return len(h) >= 2 and h[-1] == "c"

    @property
    def mover(self) -> int:
        if self.folded is not None:
            return OVER
        if len(self.cards) < 2 or (len(self.rounds) == 2 and len(self.cards) < 3):
            return CHANCE
        if self._round_over():
            return OVER if len(self.rounds) == 2 else CHANCE
        return len(self.rounds[-1]) % 2

    @property
    def over(self) -> bool:
        return self.mover == OVER

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        left = [2 - self.cards.count(r) for r in range(3)]
        total = sum(left)
        return [(r, Fraction(n, total)) for r, n in enumerate(left) if n]

    def legal(self) -> list[str]:
        me = self.mover
        moves = [FOLD] if self.stakes[me] < self.stakes[1 - me] else []
        moves.append(CALL)
        if self.rounds[-1].count("r") < MAX_RAISES:
            moves.append(RAISE)
        return moves

    def apply(self, decision) -> None:
        if self.mover == CHANCE:
            if self._round_over():            # the public card opens the second round
                self.rounds.append("")
            self.cards.append(decision)
            return
        me = self.mover
        if decision == FOLD:
            self.folded = me
        elif decision == CALL:
            self.stakes[me] = self.stakes[1 - me]
        else:
            self.stakes[me] = self.stakes[1 - me] + RAISE_SIZES[len(self.rounds) - 1]
        self.rounds[-1] += decision[0]

    def information_key(self, seat: int):
        public = self.cards[2] if len(self.cards) > 2 else None
        own = self.cards[seat] if len(self.cards) > seat else None
        return (own, public, tuple(self.rounds))

    def key(self):
        return (tuple(self.cards), tuple(self.rounds), self.folded)

    def payoffs(self) -> tuple[Fraction, Fraction]:
        if self.folded is not None:
            loss = self.stakes[self.folded]
            return (Fraction(-loss), Fraction(loss)) if self.folded == 0 \
                else (Fraction(loss), Fraction(-loss))
        a, b, public = self.cards
        strength = [(c == public, c) for c in (a, b)]
        sign = (strength[0] > strength[1]) - (strength[0] < strength[1])
        return (Fraction(sign * self.stakes[0]), Fraction(-sign * self.stakes[0]))


class Leduc:
    name = "leduc"
    interface_version = INTERFACE_VERSION
    facts = GameFacts(2, 2, True, "imperfect", "zero_sum", (Fraction(-13), Fraction(13)), 11)
    variants = ("base",)
    player_counts = {"base": (2,)}

    def new_initial_state(self, players: int = 2, *, variant: str = "base", options=None):
        return LeducState()


LEDUC = Leduc()
