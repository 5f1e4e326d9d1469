"""A position of @@TITLE@@, with the methods Herald's solver, bots and example
runner call (``herald.engine.interface.GameState``).

The game as scaffolded: a row of numbered cards lies face up between two
players; in turn, each takes the card at one end of the row (left or right)
and keeps it. When the row is empty, the player whose cards add up to more
wins. Change the rules here; ``game.py`` reads and writes positions.
"""
from __future__ import annotations

from collections.abc import Hashable

from herald.engine.interface import CHANCE, uniform_outcomes, win_loss_payoffs
from herald.engine.zones import Zone


def card_id(value: int) -> str:
    """A card's id in the card list (``assets/deck/cards.csv``, column ``id``):
    diagrams draw the card of that id."""
    return f"n{value}"


class State:
    # What a won game is worth on top of the score (a lost one: as much less):
    # more than twice any score, as Herald's evaluation asks.
    win_worth = 1000

    def __init__(self, row, names, taken=None, turn: int = 0, log: bool = False,
                 deck=(), to_deal: int = 0):
        self.row = tuple(row)                 # the cards' values, left to right
        # A game dealt by chance (``Game.new_initial_state``): the cards still
        # in the shuffled deck, and how many of them are still to be dealt
        # into the row, one a step. Nothing once the deal is done.
        self.deck = tuple(deck)
        self.to_deal = to_deal
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
        return not self.row and not self.to_deal

    @property
    def mover(self) -> int:
        # -1 (OVER) once the game is over; CHANCE (-2) while the deal goes on
        if self.to_deal:
            return CHANCE
        return -1 if self.over else self.turn

    def resume(self) -> None:
        self.halted = False

    def legal(self) -> list:
        if self.to_deal or self.over:
            return []         # chance deals, or the game is over: nobody decides
        # one card left: both ends are the same card, one decision
        return ["left"] if len(self.row) == 1 else ["left", "right"]

    def chance_outcomes(self) -> list:
        """While the deal goes on: each card of the deck may come next at the
        row's right end, all equally likely (exact fractions)."""
        return uniform_outcomes(self.deck) if self.to_deal else []

    def apply(self, decision) -> None:
        if self.to_deal:                      # chance: a card dealt into the row
            if decision not in self.deck:
                raise ValueError(f"not a card of the deck: {decision!r}")
            self.row += (decision,)
            self.deck = tuple(c for c in self.deck if c != decision)
            self.to_deal -= 1
            if not self.to_deal:
                self.deck = ()                # the rest is never dealt
            return
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
        c.deck, c.to_deal = self.deck, self.to_deal
        c.log = list(self.log) if self.log is not None else None
        c.halt_at_phase_end, c.halted = self.halt_at_phase_end, False
        return c

    def key(self) -> Hashable:
        # what decides what comes next: the row, whose turn, the points so far
        # (and, during the deal, the cards still to deal from)
        return (self.row, self.turn, self.scores(), self.deck, self.to_deal)

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

    def payoffs(self) -> tuple:
        # Won or lost: the rules say who wins and count nothing beyond it, so
        # 1 shared among the winners, 0 to the others. (A game scored in
        # points or chips returns them here instead, within the game's
        # ``facts.payoff_range``.)
        return win_loss_payoffs(self)

    def information_key(self, seat: int) -> Hashable:
        # What ``seat`` has seen. Every card is face up, so it has seen the
        # whole position. (A game with hidden cards leaves out every card the
        # seat has not seen: its own cards, the cards played face up and how
        # many cards lie face down.)
        return self.key()

    def steps_left(self) -> int:
        # At most this many steps (decisions and cards dealt) remain: each
        # card still to deal is dealt, then taken; each card of the row is
        # taken. Herald stops a game that runs past it.
        return 2 * self.to_deal + len(self.row)

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
