"""A position of Goofspiel, with the methods Herald's solver, bots and example
runner call (``herald.engine.interface.GameState`` and ``JointState``).

Goofspiel (the "game of pure strategy"): each player holds the same bid cards;
the prize cards are turned up one per trick; every player bids one card of
their hand at the same time, the highest bid alone wins the prize's value, and
a tie for the highest discards the prize. A player's score is the sum of the
prizes they won. Any number of players may play.

Herald sees the whole prize pile in order (its solver plays with every card
known), so a position holds the prizes still to come as a sequence; a dealt
game shuffles them once.

Through the one-player-at-a-time interface the players bid in seat order,
player 0 first, the earlier bids held in ``bids`` until the last is made; the
solver for simultaneous moves asks for the whole trick at once instead
(``at_joint``, ``joint_legal``, ``apply_joint``).
"""
from __future__ import annotations

from collections.abc import Hashable, Sequence

from herald.engine.interface import CHANCE, seen_key, uniform_outcomes, win_loss_payoffs
from herald.engine.rng import redeal

DEFAULT_NAMES = ("A", "B", "C", "D", "E")


class Goofspiel:
    # What a won game is worth on top of the score (a lost one: as much less):
    # more than twice any score, as Herald's evaluation asks. The prizes of a
    # 13-card game add up to 91.
    win_worth = 1000

    def __init__(self, hands, prizes, names=None, won=None, log: bool = False):
        self.hands = tuple(tuple(sorted(h)) for h in hands)
        self.prizes = tuple(prizes)
        self.players = tuple(names or DEFAULT_NAMES[:len(self.hands)])
        self.won = list(won) if won is not None else [0] * len(self.hands)
        self.trick = 0
        self.bids: list = []          # bids made so far this trick, in seat order
        # the tricks played from this position, (prize, bids, winner or -1)
        # each: what lies on the table (zones), never what decides the future
        self.history: tuple = ()
        # the prizes still to be shuffled into the pile (a game of
        # ``new_initial_state``: chance lays them one a step under the pile)
        self.to_deal: tuple = ()
        # The event log the example runner and the booklet read: one event per
        # trick, ("trick", prize, bids, winner or -1).
        self.log: list | None = [] if log else None
        # Goofspiel has one phase (a trick) and never stops between them: the
        # runner's phase boundaries are the tricks themselves.
        self.halt_at_phase_end = False
        self.halted = False

    @classmethod
    def standard(cls, n: int, players: int = 2, prizes=None) -> Goofspiel:
        """Every player holds 1..n; the prizes are 1..n in order unless given."""
        return cls([range(1, n + 1)] * players, prizes or range(1, n + 1))

    # -- GameState ---------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.trick >= len(self.prizes) and not self.to_deal

    @property
    def mover(self) -> int:
        if self.to_deal:
            return CHANCE
        return -1 if self.over else len(self.bids)

    @property
    def prize(self) -> int | None:
        """The prize turned up now (None once the game is over)."""
        return None if self.trick >= len(self.prizes) else self.prizes[self.trick]

    def resume(self) -> None:
        self.halted = False

    def legal(self) -> list:
        if self.to_deal or self.over:
            return []
        return sorted(set(self.hands[self.mover]))

    def apply(self, decision) -> None:
        if self.to_deal:
            # chance: ("prize", value) laid under the prize pile
            if not (isinstance(decision, tuple) and len(decision) == 2
                    and decision[0] == "prize" and decision[1] in self.to_deal):
                raise ValueError(f"not a prize the shuffle gives here: {decision!r}")
            self.prizes += (decision[1],)
            self.to_deal = _without(self.to_deal, decision[1])
            return
        self.bids.append(decision)
        if len(self.bids) == len(self.hands):
            bids, self.bids = self.bids, []
            self.apply_joint(bids)

    def copy(self) -> Goofspiel:
        c = Goofspiel.__new__(Goofspiel)
        c.hands, c.prizes, c.players = self.hands, self.prizes, self.players
        c.won, c.trick, c.bids = list(self.won), self.trick, list(self.bids)
        c.history = self.history
        c.to_deal = self.to_deal
        c.log = list(self.log) if self.log is not None else None
        c.halt_at_phase_end, c.halted = self.halt_at_phase_end, False
        return c

    def key(self) -> Hashable:
        # The prizes are fixed for a whole game, so the trick stands for the
        # prizes left. Only the difference of scores matters to a two-player
        # solver, but the key keeps every score so that n-player analyses stay
        # exact.
        # The prizes to come are in it too: positions of two deals differ.
        return (self.hands, self.trick, tuple(self.won), tuple(self.bids),
                self.prizes[self.trick:], self.to_deal)

    def future_key(self) -> tuple[Hashable, tuple[int, ...]]:
        # The prizes won are banked: what is left to win depends only on the
        # hands, the trick and the bids made.
        return (self.hands, self.trick, tuple(self.bids)), tuple(self.won)

    def scores(self) -> tuple[int, ...]:
        return tuple(self.won)

    def horizon(self, depth: str) -> Hashable:
        # A round is a trick (the solver counts them). The game is one phase:
        # tricks follow each other without a break, so a worked example that
        # stops listing bids where the rest is forced (the last trick, one card
        # each) is played to its end before its expectations are checked.
        if depth == "round":
            return self.trick
        if depth in ("phase", "game"):
            return 0
        raise ValueError(depth)

    def sides(self) -> tuple[int, ...]:
        return tuple(range(len(self.players)))     # every player for themselves

    def winners(self) -> list[int]:
        top = max(self.won)
        return [p for p, w in enumerate(self.won) if w == top]

    # -- interface 2: chance, information, payoffs, length ------------------------------
    def chance_outcomes(self) -> list:
        """While the prizes are shuffled, each one that may come next under the
        pile, all equally likely."""
        return uniform_outcomes([("prize", v) for v in sorted(set(self.to_deal))])

    def information_key(self, seat: int) -> Hashable:
        """What ``seat`` has seen: the position with the prizes to come and the
        bids before its own dealt from one fixed stream (interface.seen_key);
        during the shuffle, how many prizes lie in the pile."""
        if self.to_deal:
            return (seat, "shuffle", self.hands, len(self.prizes))
        return seen_key(self, seat)

    def payoffs(self) -> tuple:
        """Won or lost: the rules say the player with the most points wins and
        equal points share the win (assets/rules.md); the points count only to
        decide it. 1 shared among the winners."""
        return win_loss_payoffs(self)

    def steps_left(self) -> int:
        """An upper bound on the steps still to come: the prizes to shuffle,
        then a bid of each player each trick."""
        tricks = len(self.prizes) + len(self.to_deal) - self.trick
        return len(self.to_deal) + max(0, tricks * len(self.hands) - len(self.bids))

    # -- what a seat may know (the bots for hidden information) -------------------------
    def determinize(self, seat: int, rng) -> Goofspiel:
        """A copy in which what ``seat`` cannot see is dealt again from ``rng``:
        the order of the prizes under the one turned up (the pile is face
        down), and the bids made before its own in this trick (face down until
        all are made), each a card of its player's hand. Hands are known: every
        player starts with the same cards and every bid is shown once made."""
        c = self.copy()
        c.log = None
        if c.over or c.to_deal:
            return c
        c.prizes = self.prizes[:self.trick + 1] + tuple(redeal(self.prizes[self.trick + 1:],
                                                               rng))
        c.bids = [bid if p == seat else redeal(self.hands[p], rng)[0]
                  for p, bid in enumerate(self.bids)]
        return c

    def joint_start(self, seat: int, rng) -> Goofspiel | None:
        """A determinization for ``seat`` taken back to the start of the trick
        it is bidding in: the bids made before its own are face down, so to
        it they are still open (``at_joint()`` holds). None when ``seat`` is
        not the one to bid."""
        if self.over or self.mover != seat:
            return None
        c = self.determinize(seat, rng)
        c.bids = []
        return c

    def step_view(self, seat: int) -> Goofspiel | None:
        """This position at the start of the trick ``seat`` is bidding in, with
        nothing dealt again: the bids made before its own are taken back (face
        down, they are still open to it), so that the bots that see every card
        never read them. None when ``seat`` is not the one to bid."""
        if self.over or self.mover != seat:
            return None
        c = self.copy()
        c.bids = []
        return c

    # -- JointState --------------------------------------------------------------------
    def at_joint(self) -> bool:
        return not self.over and not self.bids

    def joint_legal(self) -> list[list]:
        return [sorted(set(h)) for h in self.hands]

    def apply_joint(self, choices: Sequence) -> None:
        choices = list(choices)
        for p, c in enumerate(choices):
            if c not in self.hands[p]:
                raise ValueError(f"player {p} cannot bid {c}")
        top = max(choices)
        winner = choices.index(top) if choices.count(top) == 1 else -1
        prize = self.prizes[self.trick]
        if winner >= 0:
            self.won[winner] += prize
        if self.log is not None:
            self.log.append(("trick", prize, tuple(choices), winner))
        self.history += ((prize, tuple(choices), winner),)
        self.hands = tuple(_without(h, c) for h, c in zip(self.hands, choices))
        self.trick += 1

    # -- zones (what the generic look draws) ----------------------------------------------
    # The card ids of the package's card list (assets/deck/cards.csv, its
    # ``id`` column): the prizes are p1..p13, seat k bids with SUITS[k]1..
    PRIZE_SUIT = "p"
    SUITS = "abcde"

    def zones(self) -> list:
        """The table as the players see it (``herald.engine.zones``): the
        prize turned up, the prizes to come face down, the prizes discarded on
        a tie; for each seat, the hand, the bid on the table (face down until
        every bid is made), the cards bid in earlier tricks, the prizes won
        and the points. The hands are face up: every player starts with the
        same cards and every bid is shown once made, so each player knows
        every hand. Cards won before the example starts (its ``won:`` points)
        are counted in the points only: which prizes they were is not known."""
        # imported here: only the diagrams ask for zones, never the solver
        from herald.engine.zones import Zone
        PRIZE_SUIT, SUITS = self.PRIZE_SUIT, self.SUITS
        shared = [
            Zone("prize", "Prize", "row",
                 cards=() if self.over else (f"{PRIZE_SUIT}{self.prize}",)),
            Zone("prizes", "Prizes to come", "pile",
                 hidden=max(0, len(self.prizes) - self.trick - 1)),
            Zone("discarded", "Prizes discarded", "row",
                 cards=tuple(f"{PRIZE_SUIT}{prize}" for prize, _, w in self.history
                             if w < 0)),
        ]
        seats = []
        for p, hand in enumerate(self.hands):
            suit = SUITS[p % len(SUITS)]
            bid = p < len(self.bids)
            if bid:                    # on the table, no longer in the hand
                hand = _without(hand, self.bids[p])
            seats += [
                Zone("hand", "Hand", "hand", p, tuple(f"{suit}{c}" for c in hand)),
                Zone("bid", "Bid", "row", p, hidden=1 if bid else 0),
                Zone("played", "Cards bid", "row", p,
                     tuple(f"{suit}{bids[p]}" for _, bids, _ in self.history)),
                Zone("won", "Prizes won", "row", p,
                     tuple(f"{PRIZE_SUIT}{prize}" for prize, _, w in self.history if w == p)),
                Zone("score", "Points", "score", p, value=self.won[p]),
            ]
        return shared + seats

    def __repr__(self) -> str:
        return (f"Goofspiel(hands={self.hands}, prizes={self.prizes[self.trick:]}, "
                f"won={self.won})")


def _without(hand: tuple, card) -> tuple:
    k = hand.index(card)
    return hand[:k] + hand[k + 1:]
