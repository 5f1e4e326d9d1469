"""A tiny Goofspiel implementing the JointState interface, for the solver's tests.

Goofspiel (the "game of pure strategy"): each player holds bid cards; the
prize cards are turned up one per trick in a known order; both players bid one
card at the same time, the higher bid wins the prize's value, equal bids
discard it. A player's score is the sum of the prizes they won.

Any number of players may play (the highest bid alone wins; a tie for the
highest discards the prize), so the same state also serves the solver's
three-to-five-player analysis. Through the sequential interface the players bid
one after the other, player 0 first, the earlier bids held back until the last.
"""
from __future__ import annotations


class Goofspiel:
    def __init__(self, hands, prizes, names=None):
        self.hands = tuple(tuple(sorted(h)) for h in hands)
        self.prizes = tuple(prizes)
        self.players = tuple(names or ("A", "B", "C", "D", "E")[:len(self.hands)])
        self.won = [0] * len(self.hands)
        self.trick = 0
        self.bids: list = []          # bids made so far this trick (sequential interface)
        self.log = None
        self.halt_at_phase_end = False
        self.halted = False

    @classmethod
    def standard(cls, n, players=2, prizes=None):
        return cls([range(1, n + 1)] * players, prizes or range(1, n + 1))

    # -- GameState ---------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.trick >= len(self.prizes)

    @property
    def mover(self) -> int:
        return -1 if self.over else len(self.bids)

    def resume(self) -> None:
        self.halted = False

    def legal(self) -> list:
        return sorted(set(self.hands[self.mover]))

    def apply(self, decision) -> None:
        self.bids.append(decision)
        if len(self.bids) == len(self.hands):
            bids, self.bids = self.bids, []
            self.apply_joint(bids)

    def copy(self) -> "Goofspiel":
        c = Goofspiel.__new__(Goofspiel)
        c.hands, c.prizes, c.players = self.hands, self.prizes, self.players
        c.won, c.trick, c.bids = list(self.won), self.trick, list(self.bids)
        c.log, c.halt_at_phase_end, c.halted = None, self.halt_at_phase_end, False
        return c

    def key(self):
        # Only the difference of scores matters to a two-player solver, but the
        # key keeps every score so that n-player analyses stay exact.
        return (self.hands, self.trick, tuple(self.won), tuple(self.bids))

    def scores(self) -> tuple:
        return tuple(self.won)

    def horizon(self, depth: str):
        if depth in ("round", "phase"):
            return self.trick
        if depth == "game":
            return 0
        raise ValueError(depth)

    win_worth = 1000          # more than twice any score (prizes are small)

    def sides(self) -> tuple:
        return tuple(range(len(self.players)))

    def winners(self) -> list[int]:
        top = max(self.won)
        return [p for p, w in enumerate(self.won) if w == top]

    # -- JointState --------------------------------------------------------------------
    def at_joint(self) -> bool:
        return not self.over and not self.bids

    def joint_legal(self) -> list[list]:
        return [sorted(set(h)) for h in self.hands]

    def apply_joint(self, choices) -> None:
        choices = list(choices)
        for p, c in enumerate(choices):
            if c not in self.hands[p]:
                raise ValueError(f"player {p} cannot bid {c}")
        top = max(choices)
        if choices.count(top) == 1:
            self.won[choices.index(top)] += self.prizes[self.trick]
        self.hands = tuple(_without(h, c) for h, c in zip(self.hands, choices))
        self.trick += 1

    def __repr__(self) -> str:
        return (f"Goofspiel(hands={self.hands}, prizes={self.prizes[self.trick:]}, "
                f"won={self.won})")


def _without(hand, card):
    k = hand.index(card)
    return hand[:k] + hand[k + 1:]
