"""A position of @@TITLE@@, with the methods Herald's solver, bots and example
runner call (``herald.engine.interface.GameState``).

The game as scaffolded: a row of numbered cards lies face up between two
players; in turn, each takes the card at one end of the row (left or right)
and keeps it. When the row is empty, the player whose cards add up to more
wins. Change the rules here; ``game.py`` reads and writes positions.
"""
from __future__ import annotations

from collections.abc import Hashable

from herald.engine.zones import Zone


def card_id(value: int) -> str:
    """A card's id in the card list (``assets/deck/cards.csv``, column ``id``):
    diagrams draw the card of that id."""
    return f"n{value}"


class State:
    # What a won game is worth on top of the score (a lost one: as much less):
    # more than twice any score, as Herald's evaluation asks.
    win_worth = 1000

    def __init__(self, row, names, taken=None, turn: int = 0, log: bool = False):
        self.row = tuple(row)                 # the cards' values, left to right
        self.players = tuple(names)
        self.taken = tuple(tuple(t) for t in taken) if taken else ((),) * len(self.players)
        self.turn = turn                      # the seat that takes next
        # The event log the example runner and the booklet read: one event per
        # decision, ("take", seat, "left" or "right", the card's value).
        self.log: list | None = [] if log else None
        # One phase: turns follow each other without a break.
        self.halt_at_phase_end = False
        self.halted = False

    # -- GameState ---------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return not self.row

    @property
    def mover(self) -> int:
        return -1 if self.over else self.turn

    def resume(self) -> None:
        self.halted = False

    def legal(self) -> list:
        # one card left: both ends are the same card, one decision
        return ["left"] if len(self.row) == 1 else ["left", "right"]

    def apply(self, decision) -> None:
        if decision not in self.legal():
            raise ValueError(f"not a legal decision here: {decision!r}")
        if decision == "left":
            card, self.row = self.row[0], self.row[1:]
        else:
            card, self.row = self.row[-1], self.row[:-1]
        seat = self.turn
        self.taken = tuple(t + (card,) if p == seat else t for p, t in enumerate(self.taken))
        if self.log is not None:
            self.log.append(("take", seat, decision, card))
        self.turn = (seat + 1) % len(self.players)

    def copy(self) -> State:
        c = State.__new__(State)
        c.row, c.players, c.taken, c.turn = self.row, self.players, self.taken, self.turn
        c.log = list(self.log) if self.log is not None else None
        c.halt_at_phase_end, c.halted = self.halt_at_phase_end, False
        return c

    def key(self) -> Hashable:
        # what decides what comes next: the row, whose turn, the points so far
        return (self.row, self.turn, self.scores())

    def scores(self) -> tuple[int, ...]:
        return tuple(sum(t) for t in self.taken)

    def horizon(self, depth: str) -> Hashable:
        # a round: every player takes once; the game is one phase
        if depth == "round":
            return sum(map(len, self.taken)) // len(self.players)
        if depth in ("phase", "game"):
            return 0
        raise ValueError(depth)

    def sides(self) -> tuple[int, ...]:
        return tuple(range(len(self.players)))     # every player for themselves

    def winners(self) -> list[int]:
        scores = self.scores()
        return [p for p, s in enumerate(scores) if s == max(scores)]

    def determinize(self, seat: int, rng) -> State:
        # Every card is face up: what a seat may know is the whole position.
        # (A game with hidden cards deals them again here from ``rng``.)
        c = self.copy()
        c.log = None
        return c

    # -- what a diagram draws ----------------------------------------------------------
    def zones(self) -> list[Zone]:
        """The position as Herald's generic look draws it: the row in the
        middle, each player's cards taken and points."""
        zones = [Zone("row", "Row", "row", cards=tuple(map(card_id, self.row)))]
        for seat, cards in enumerate(self.taken):
            zones.append(Zone("taken", "Taken", "pile", owner=seat,
                              cards=tuple(map(card_id, cards))))
            zones.append(Zone("points", "Points", "score", owner=seat, value=sum(cards)))
        return zones

    def __repr__(self) -> str:
        return f"State(row={self.row}, taken={self.taken}, turn={self.turn})"
