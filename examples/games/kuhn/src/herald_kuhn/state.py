"""A position of Kuhn poker, with the methods Herald's solver, bots and example
runner call (``herald.engine.interface.GameState``, interface version 2).

Kuhn poker (H. W. Kuhn, 1950): three cards, Jack, Queen and King; two players
each ante one chip and are dealt one card, the third stays face down unseen.
One betting round of at most one bet of one chip: the first player checks or
bets; facing a check, the second checks (showdown) or bets; facing a bet, a
player folds (the bettor takes the pot) or calls (showdown). At the showdown
the higher card takes the pot.

The deal is the table's step (a chance node, ``mover == CHANCE``): a state
made by ``KuhnGame.new_initial_state`` deals one card at a time, each of the
cards left equally likely; ``KuhnGame.new_game`` deals both from a seed.
"""
from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction

from herald.engine.interface import CHANCE, OVER
from herald.engine.rng import redeal

DECK = ("J", "Q", "K")
RANK = {"J": 1, "Q": 2, "K": 3}
ANTE = 1
# The betting sequences that end the hand; every other sequence goes on.
ENDS = {("check", "check"), ("bet", "call"), ("bet", "fold"),
        ("check", "bet", "call"), ("check", "bet", "fold")}
DEFAULT_NAMES = ("ann", "bob")


class Kuhn:
    # What a won hand is worth on top of the chips (a lost one: as much less):
    # more than twice any score, as Herald's evaluation asks (a hand moves at
    # most 2 chips).
    win_worth = 10

    def __init__(self, cards=(), history=(), names=None, log: bool = False):
        self.cards: tuple[str, ...] = tuple(cards)     # dealt so far, seat 0's first
        self.history: tuple[str, ...] = tuple(history)  # the betting, in order
        self.players = tuple(names or DEFAULT_NAMES)
        # The event log the example runner and the booklet read: ("deal", seat)
        # and ("action", seat, action) events.
        self.log: list | None = [] if log else None
        # One betting round: nothing to stop between.
        self.halt_at_phase_end = False
        self.halted = False

    # -- GameState ---------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.history in ENDS

    @property
    def mover(self) -> int:
        if len(self.cards) < len(self.players):
            return CHANCE
        if self.over:
            return OVER
        return len(self.history) % 2

    def resume(self) -> None:
        self.halted = False

    def legal(self) -> list:
        """The moves of the player to act; at the deal, the cards it may deal."""
        if self.mover == CHANCE:
            return [card for card, _ in self.chance_outcomes()]
        if self.over:
            return []
        return ["call", "fold"] if self.facing_bet else ["check", "bet"]

    @property
    def facing_bet(self) -> bool:
        return bool(self.history) and self.history[-1] == "bet"

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        """At the deal: every card not dealt yet, each as likely."""
        if self.mover != CHANCE:
            return []
        left = [c for c in DECK if c not in self.cards]
        return [(c, Fraction(1, len(left))) for c in left]

    def apply(self, decision) -> None:
        mover = self.mover
        if mover == CHANCE:
            if decision not in DECK or decision in self.cards:
                raise ValueError(f"cannot deal {decision!r}: cards left "
                                 f"{[c for c in DECK if c not in self.cards]}")
            self.cards += (decision,)
            if self.log is not None:
                self.log.append(("deal", len(self.cards) - 1))
            return
        if decision not in self.legal():
            raise ValueError(f"{decision!r} is not a move here; moves: {self.legal()}")
        self.history += (decision,)
        if self.log is not None:
            self.log.append(("action", mover, decision))

    def copy(self) -> Kuhn:
        c = Kuhn.__new__(Kuhn)
        c.cards, c.history, c.players = self.cards, self.history, self.players
        c.log = list(self.log) if self.log is not None else None
        c.halt_at_phase_end, c.halted = self.halt_at_phase_end, False
        return c

    def key(self) -> Hashable:
        return (self.cards, self.history)

    def put_in(self) -> tuple[int, ...]:
        """The chips each seat has put in the pot: the ante, and a bet or a call."""
        chips = [ANTE] * len(self.players)
        for k, action in enumerate(self.history):
            if action in ("bet", "call"):
                chips[k % 2] += 1
        return tuple(chips)

    @property
    def showdown(self) -> bool:
        """Whether the hand ended with both cards shown (no fold)."""
        return self.over and self.history[-1] != "fold"

    def winner(self) -> int | None:
        """The seat that takes the pot (None while the hand goes on)."""
        if not self.over:
            return None
        if not self.showdown:               # the other seat folded: the bettor takes it
            return (len(self.history) - 2) % 2
        return 0 if RANK[self.cards[0]] > RANK[self.cards[1]] else 1

    def payoffs(self) -> tuple[Fraction, ...]:
        """Each seat's chips won (the loser's chips in the pot) or lost."""
        w = self.winner()
        if w is None:
            return (Fraction(0),) * len(self.players)
        chips = self.put_in()[1 - w]
        return tuple(Fraction(chips if p == w else -chips) for p in range(len(self.players)))

    def scores(self) -> tuple[int, ...]:
        return tuple(int(x) for x in self.payoffs())

    def horizon(self, depth: str) -> Hashable:
        # One betting round: the whole hand is one round, one phase, one game.
        if depth in ("round", "phase", "game"):
            return 0
        raise ValueError(depth)

    def winners(self) -> list[int]:
        w = self.winner()
        return [] if w is None else [w]

    def sides(self) -> tuple[int, ...]:
        return (0, 1)

    # -- what a seat may know ----------------------------------------------------------
    def information_key(self, seat: int) -> Hashable:
        """What ``seat`` has seen: its own card (once dealt), how many cards
        were dealt, the betting, and both cards when they were shown."""
        own = self.cards[seat] if seat < len(self.cards) else None
        shown = self.cards if self.showdown else ()
        return (own, len(self.cards), self.history, shown)

    def determinize(self, seat: int, rng) -> Kuhn:
        """A copy in which the cards ``seat`` has not seen (the other's, unless
        shown) are dealt again from ``rng`` out of the cards it does not hold."""
        c = self.copy()
        c.log = None
        if self.showdown:
            return c
        hidden = [p for p in range(len(self.cards)) if p != seat]
        if not hidden:
            return c
        mine = self.cards[seat] if seat < len(self.cards) else None
        pool = redeal([x for x in DECK if x != mine], rng)
        cards = list(self.cards)
        for p, card in zip(hidden, pool):
            cards[p] = card
        c.cards = tuple(cards)
        return c

    # -- zones (what the generic look draws) ----------------------------------------------
    def zones(self) -> list:
        """The table: the pot, the card left out (face down), each seat's
        card (each player sees their own; a diagram shows the hand as the
        narration tells it) and the chips each has put in; at the end, the
        chips each won or lost."""
        from herald.engine.zones import Zone
        put = self.put_in()
        out = [Zone("pot", "Pot", "score", value=sum(put)),
               Zone("left", "Card left out", "pile", hidden=len(DECK) - len(self.players)
                    if len(self.cards) == len(self.players) else 0)]
        for p in range(len(self.players)):
            card = (self.cards[p],) if p < len(self.cards) else ()
            out += [Zone("hand", "Card", "hand", p, card),
                    Zone("chips", "Chips in the pot", "score", p, value=put[p])]
            if self.over:
                out.append(Zone("won", "Chips won", "score", p, value=self.scores()[p]))
        return out

    def __repr__(self) -> str:
        return f"Kuhn(cards={self.cards}, history={self.history})"
