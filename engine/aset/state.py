"""The rules of L'Ordre d'Asèt: one mutable game state, its legal decisions and
their effects.

Representation: a numbered card is an int ``family * 8 + value`` (see
:mod:`.cards`); hands, treasures and the Prison are sorted tuples of them; the
Order is a tuple of the seven values, first rank first; the Council, the
decree pile (top first) and held decrees are tuples of indexes into
``config.decrees``.

A game runs: setup (each player puts a Renfort aside, face down), then
``rounds`` rounds of a decree phase (the Meneur draws a decree; it may ask
the Meneur where to put a Palindrome back or which decree to cover) and a
combat (each player chooses a card, then the Meneur reveals them all; Renforts,
offered in turn from the Meneur and again to everyone else after each one
turned up; the win, a shared tie or a null combat). Choosing cards is
simultaneous: the state asks the players one at a time in seat order from the
Meneur (the runner and the bots see ``mover``/``legal``/``apply``), nothing is
revealed until the Meneur's ``reveal``, a decision of its own so that a
one-ply lookahead bot never peeks at earlier choices; a solver asks
``at_joint()`` / ``joint_legal()`` / ``apply_joint()`` instead (the reveal then
follows at once).

Decisions are small tuples whose first item is a verb; positions inside them
are 0-based. The engine presents every decision, even a forced one.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import ClassVar

from ..interface import (
    CHANCE,
    JOINT,
    recalled_key,
    remember,
    seen_key,
    uniform_outcomes,
    win_loss_payoffs,
)
from .cards import card
from .data import DEFAULT_CONFIG, Config
from .decrees import apply_steps
from .hidden import determinize as _determinize
from .hidden import joint_start as _joint_start
from .hidden import step_view as _step_view
from .options import Options

# Phases
SETUP = 0
DECREE = 1
CHOOSE = 2
REVEAL = 3
RENFORT = 4
SHARE = 5
OVER = 6
NEXT = 7        # a combat is over; the next round begins with its decree
# A game of ``new_initial_state`` before its deal: chance shuffles the decree
# pile one decree a step (interface 2), nothing to decide.
DEALING = 8
PHASE_NAMES = ("setup", "decree", "combat", "reveal", "renfort", "share", "over", "decree",
               "deal")
_STAGE = (0, 1, 2, 2, 2, 2, 3, 1, 0)   # phases a "phase" horizon groups together

# Decision verbs
PLAY = 0
RESERVE = 1
REVEAL_V = 2
USE_RENFORT = 3
PASS = 4
TAKE = 5
COVER = 6
RETURN = 7
DEAL = 8        # chance: (DEAL, decree) laid under the decree pile being shuffled

REVEAL_DECISION = (REVEAL_V,)
RENFORT_OR_PASS = ((USE_RENFORT,), (PASS,))
PLAY_DECISIONS = tuple((PLAY, c) for c in range(48))
RESERVE_DECISIONS = tuple((RESERVE, c) for c in range(48))
TAKE_DECISIONS = tuple((TAKE, c) for c in range(48))
COVER_DECISIONS = tuple((COVER, i) for i in range(8))

# What the decree phase waits for.
P_NONE = 0
P_COVER = 1
P_RETURN = 2

VARIANTS = ("base", "duel")


class State:
    """A position of L'Ordre d'Asèt (``base``: 3 to 5 players; ``duel``: 2)."""

    __slots__ = (
        "variant", "players", "families", "options", "config", "rounds", "round",
        "meneur", "phase", "order", "council", "deck", "spent", "held", "hands",
        "renfort", "played", "cancelled", "renfort_up", "prison", "treasure", "lost",
        "kept", "step", "seats", "asking", "pending", "drawn", "takers", "pool", "mover",
        "log", "halt_at_phase_end", "halted", "trail",
    )

    def __init__(self, players=(), families=(), *, variant="base", options=None,
                 config: Config = DEFAULT_CONFIG, rounds=None, round=1, meneur=0,
                 log=False):
        if not players:
            return   # an empty shell that copy() fills in
        n = len(players)
        self.variant = variant
        self.players = tuple(players)
        self.families = tuple(families)
        self.options = options or Options()
        self.config = config
        self.rounds = config.rounds if rounds is None else rounds
        self.round = round
        self.meneur = meneur
        self.phase = SETUP
        self.order = config.order
        self.council: tuple = ()
        self.deck: tuple = ()
        self.spent: tuple = ()           # covered and discarded decrees
        self.held: list = [() for _ in range(n)]
        self.hands: list = [() for _ in range(n)]
        self.renfort = [-1] * n          # the face-down Renfort, -1 when none
        self.played = [-1] * n           # this combat's card, -1 when none
        self.cancelled = [False] * n
        self.renfort_up = [-1] * n       # a Renfort turned up this combat
        self.prison: tuple = ()
        self.treasure: list = [() for _ in range(n)]
        self.lost: tuple = ()
        # the unused Renfort that joined each treasure at the end, -1 when none:
        # it is no card won (l.65, l.170)
        self.kept = [-1] * n
        self.step = 0
        self.seats: tuple = ()
        self.asking: tuple = ()          # players still to be offered their Renfort
        self.pending = P_NONE
        self.drawn = -1
        self.takers: tuple = ()
        self.pool: tuple = ()
        self.mover = -1
        self.log: list | None = [] if log else None
        self.halt_at_phase_end = False
        self.halted = False
        # the steps each seat saw (interface.remember), kept in the tree of
        # new_initial_state only: perfect recall
        self.trail: tuple[object, ...] | None = None

    def copy(self) -> State:
        # One assignment per field, not a loop over their names: a search
        # copies a position at every node.
        s = State()
        s.variant = self.variant
        s.players = self.players
        s.families = self.families
        s.options = self.options
        s.config = self.config
        s.rounds = self.rounds
        s.round = self.round
        s.meneur = self.meneur
        s.phase = self.phase
        s.order = self.order
        s.council = self.council
        s.deck = self.deck
        s.spent = self.spent
        s.prison = self.prison
        s.lost = self.lost
        s.step = self.step
        s.seats = self.seats
        s.pending = self.pending
        s.drawn = self.drawn
        s.takers = self.takers
        s.pool = self.pool
        s.mover = self.mover
        s.halt_at_phase_end = self.halt_at_phase_end
        s.halted = self.halted
        s.asking = self.asking
        s.held = self.held[:]
        s.hands = self.hands[:]
        s.renfort = self.renfort[:]
        s.played = self.played[:]
        s.cancelled = self.cancelled[:]
        s.renfort_up = self.renfort_up[:]
        s.treasure = self.treasure[:]
        s.kept = self.kept[:]
        s.log = None if self.log is None else self.log[:]
        s.trail = self.trail
        return s

    # -- queries --------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def duel(self) -> bool:
        return self.variant == "duel"

    def key(self) -> tuple:
        """Everything that matters for the future, canonically (hands sorted)."""
        return (self.round, self.phase, self.meneur, self.step, self.pending, self.drawn,
                self.order, self.council, self.deck, tuple(self.hands),
                tuple(self.renfort), tuple(self.played), tuple(self.cancelled),
                tuple(self.renfort_up), self.prison, tuple(self.treasure), self.seats,
                self.asking, self.takers, self.pool)

    def future_key(self) -> tuple:
        """(key, banked) for the two-player solver (JointState.future_key).

        In the duel a score is the number of cards won, and which cards were
        won, or wait in the Prison, changes nothing to come (no rule reads
        them): the key holds the Prison's size, not the treasures, and the
        cards won so far are banked. With 3 to 5 players a score is the points
        of the whole treasure (pairs cost points): nothing is banked.

        Decrees that play the same (the many without text) are written as
        the first of their kind (``Config.decree_classes``), and the Council
        as a sorted set: no rule reads a decree's name, nor where it sits in
        the Council but to cover it, which the Meneur may do anywhere.

        The duel's key is these fields of ``key()`` as bytes, one per number
        (-1 stored as 0; the box's cards, decrees and counts are all below
        256) and a length before each sequence: a few dozen bytes where the
        tuples took over 500, and a bytes object keeps its hash, where a tuple
        hashes all its items again at every lookup of the solver's table.
        """
        if self.variant != "duel":
            return self.key(), tuple([0] * len(self.players))
        classes = self.config.decree_classes
        council = sorted([classes[d] for d in self.council])
        deck = [classes[d] for d in self.deck]
        drawn = classes[self.drawn] + 1 if self.drawn >= 0 else 0
        order, seats, takers, pool = self.order, self.seats, self.takers, self.pool
        asking = self.asking            # who is still to be offered their Renfort
        (a, b), (ra, rb) = self.hands, self.renfort     # the duel's two players
        (pa, pb), (ua, ub), (ca, cb) = self.played, self.renfort_up, self.cancelled
        out = [self.round, self.phase, self.meneur, self.step, self.pending, drawn,
               len(self.prison), len(order), *order, len(council), *council, len(deck),
               *deck, len(seats), *seats, len(asking), *asking, len(takers), *takers,
               len(pool), *pool,
               len(a), *a, len(b), *b, ra + 1, rb + 1, pa + 1, pb + 1, ua + 1, ub + 1,
               1 if ca else 0, 1 if cb else 0]
        banked = (len(self.treasure[0]), len(self.treasure[1]))
        try:
            return bytes(out), banked
        except ValueError:      # a number past 255: a card database far beyond the box
            return tuple(out), banked

    def horizon(self, depth: str):
        """The marker that changes when a ``phase`` / ``round`` (one combat) /
        ``game`` horizon is crossed."""
        if depth == "phase":
            return (self.round, _STAGE[self.phase])
        if depth == "round":
            return (self.round, self.phase == OVER)
        return self.phase == OVER

    def points(self, p: int) -> int:
        """Points of ``p``'s treasure by the scoring rules (any time)."""
        cfg = self.config
        counts = [0] * 8
        total = 0
        for c in self.treasure[p]:
            v = c & 7
            counts[v] += 1
            total += cfg.special_points if cfg.special[c >> 3] == v else cfg.points[v - 1]
        once = self.options.combinations == "once"
        for a, b, malus in cfg.combinations:
            k = counts[a] // 2 if a == b else min(counts[a], counts[b])
            if once and k > 1:
                k = 1
            total -= malus * k
        return total

    def scores(self) -> tuple:
        """Points (3 to 5 players); cards in the treasure in the duel."""
        if self.variant == "duel":
            return tuple(len(t) for t in self.treasure)
        return tuple(self.points(p) for p in range(len(self.players)))

    def won_no_card(self) -> list[int]:
        """The players who won no card in any combat: their treasure is empty,
        or holds only their unused Renfort, which joined it at the end (l.65)."""
        return [p for p, t in enumerate(self.treasure)
                if len(t) == (1 if self.kept[p] >= 0 else 0)]

    def blessed(self) -> int:
        """The player the Bénédiction du créateur places second to last « d'office »
        (l.170): the only one who won no card, with 3 to 5 players; -1 when
        none, or when several won no card (l.172). In the duel second to last
        is first, which l.192 gives to the most cards: no Blessing there."""
        if self.variant == "duel":
            return -1
        empty = self.won_no_card()
        return empty[0] if len(empty) == 1 else -1

    def _ranked(self) -> list[int]:
        """The players who compete for the titles: all but the blessed one."""
        blessed = self.blessed()
        return [p for p in range(len(self.players)) if p != blessed]

    # A won game counts this much on top of the score (engine/evaluation.py):
    # more than twice any score a game reaches (48 cards, a few points each).
    win_worth: ClassVar[int] = 1000

    # The IS-MCTS bots' simulations a decision (engine/ismcts.py): at 48, one
    # of them won 44.5% (39.7–49.4%) of 400 three-player games against two
    # greedy bots; a combat's outcome hangs on the cards others may play, so
    # the search needs more worlds (benchmarks/ismcts_strength.py).
    search_simulations: ClassVar[int] = 150

    def sides(self) -> tuple:
        """Every player plays for themselves."""
        return tuple(range(len(self.players)))

    def winners(self) -> list[int]:
        """The Roi or Reine Soleil: the best score (the duel: the most cards),
        the blessed player left out; a tie is reported whole (the players settle
        it by drawing from their treasures at the table)."""
        s = self.scores()
        ranked = self._ranked()
        best = max(s[p] for p in ranked)
        return [p for p in ranked if s[p] == best]

    def caporal(self) -> list[int]:
        """The Petit(e) Caporal(e): the lowest score (the duel: the fewest
        cards), the blessed player left out; ties whole."""
        s = self.scores()
        ranked = self._ranked()
        low = min(s[p] for p in ranked)
        return [p for p in ranked if s[p] == low]

    def census(self) -> Counter:
        """Every numbered card in play, wherever it is (for the conservation check)."""
        out: Counter = Counter()
        for zone in (self.hands, self.treasure):
            for cards in zone:
                out.update(cards)
        out.update(c for c in self.renfort if c >= 0)
        out.update(c for c in self.renfort_up if c >= 0)
        out.update(c for c in self.played if c >= 0)
        out.update(self.prison)
        out.update(self.pool)
        out.update(self.lost)
        return out

    def determinize(self, seat: int, rng: object) -> State:
        """A copy in which every card ``seat`` cannot see is dealt again,
        consistently with what it sees (hidden.py); ``rng`` has ``random()``."""
        return _determinize(self, seat, rng)

    def joint_start(self, seat: int, rng: object) -> State | None:
        """A determinization for ``seat`` at the start of the simultaneous step
        it is choosing in (hidden.py), None outside one."""
        return _joint_start(self, seat, rng)

    def step_view(self, seat: int) -> State | None:
        """This position at the start of the simultaneous step ``seat`` is choosing
        in, the choices made before its turn open again (hidden.py); None
        outside one."""
        return _step_view(self, seat)

    # -- legal decisions --------------------------------------------------------------
    def legal(self):
        if self.halted:
            return []
        ph = self.phase
        if ph == CHOOSE:
            return [PLAY_DECISIONS[c] for c in _distinct(self.hands[self.mover])]
        if ph == RENFORT:
            return RENFORT_OR_PASS
        if ph == REVEAL:
            return [REVEAL_DECISION]
        if ph == SHARE:
            return [TAKE_DECISIONS[c] for c in _distinct(self.pool)]
        if ph == SETUP:
            return [RESERVE_DECISIONS[c] for c in _distinct(self.hands[self.mover])]
        if ph == DECREE:
            if self.pending == P_COVER:
                return [COVER_DECISIONS[i] for i in range(len(self.council))]
            if self.pending == P_RETURN:
                return [(RETURN, k) for k in range(1, len(self.deck) + 1)]
        return []

    def apply(self, d) -> None:
        verb = d[0]
        p = self.mover
        if verb == PLAY or verb == RESERVE:
            hand = self.hands[p]
            i = hand.index(d[1])
            self.hands[p] = hand[:i] + hand[i + 1:]
            if verb == PLAY:
                self.played[p] = d[1]
            else:
                self.renfort[p] = d[1]
            if self.log is not None:
                self._emit("play" if verb == PLAY else "reserve", player=self.players[p],
                           card=d[1])
            self.step += 1
        elif verb == REVEAL_V:
            self._reveal()
        elif verb == USE_RENFORT:
            self._use_renfort(p)
        elif verb == PASS:
            if self.log is not None:
                self._emit("pass", player=self.players[p])
            self.asking = self.asking[1:]
            self.step += 1
        elif verb == TAKE:
            i = self.pool.index(d[1])
            self.pool = self.pool[:i] + self.pool[i + 1:]
            self.treasure[p] = tuple(sorted(self.treasure[p] + (d[1],)))
            if self.log is not None:
                self._emit("take", player=self.players[p], card=d[1])
            self.step += 1
        elif verb == COVER:
            self._cover(d[1])
        elif verb == RETURN:
            self._return(d[1])
        elif verb == DEAL:
            self._deal(d[1])
            if self.trail is not None:
                self.trail = remember(self, p, d)
            return
        else:
            raise ValueError(f"unknown decision {d!r}")
        self._advance()
        if self.trail is not None:
            self.trail = remember(self, p, d)

    def play_random(self, random: Callable[[], float]) -> int:
        """Play to the end, each decision uniform among the legal ones; return the
        number of decisions (the loop simulations and benchmarks use)."""
        decisions = 0
        while self.phase != OVER and not self.halted:
            legal = self.legal()
            self.apply(legal[int(random() * len(legal))])
            decisions += 1
        return decisions

    # -- chance: the shuffle of new_initial_state (interface 2) ----------------------
    def chance_outcomes(self) -> list:
        """While the decree pile is shuffled, each decree that may come next
        under it, all equally likely."""
        if self.phase != DEALING:
            return []
        dealt = set(self.deck)
        return uniform_outcomes([(DEAL, d) for d in decree_pile(self) if d not in dealt])

    def _deal(self, d: int) -> None:
        if self.phase != DEALING or d in self.deck or d not in decree_pile(self):
            raise ValueError(f"not a decree the shuffle gives here: {(DEAL, d)!r}")
        self.deck += (d,)
        if len(self.deck) == len(decree_pile(self)):
            self.start(SETUP)

    # -- interface 2: information, payoffs, length ------------------------------------
    def information_key(self, seat: int) -> object:
        """What ``seat`` sees now and, in the tree of new_initial_state, what it
        saw after each step (interface.recalled_key): perfect recall."""
        return recalled_key(self, seat)

    def observation(self, seat: int) -> object:
        """What ``seat`` sees now (interface.seen_key); during the shuffle, its
        hand and how many decrees lie in the pile."""
        if self.phase == DEALING:
            return (seat, DEALING, self.hands[seat], len(self.deck))
        return seen_key(self, seat)

    def payoffs(self) -> tuple:
        """Won or lost: the rules crown one Roi or Reine Soleil (and name a
        Petit Caporal) and keep no score past the game, so the payoff is the
        win: 1 shared among the winners."""
        return win_loss_payoffs(self)

    def steps_left(self) -> int:
        """An upper bound on the steps still to come (interface.length_limit):
        the shuffle, the setup's Renforts, then ROUND_STEPS a round."""
        if self.phase == OVER:
            return 0
        deal = len(self.config.decrees) if self.phase == DEALING else 0
        setup = len(self.players) if self.phase in (DEALING, SETUP) else 0
        return deal + setup + (self.rounds - self.round + 1) * ROUND_STEPS

    # -- simultaneous steps (JointState) ----------------------------------------------
    def at_joint(self) -> bool:
        """At the start of a simultaneous choice (Renforts at setup, or a combat's cards)."""
        return (self.phase == CHOOSE or self.phase == SETUP) and self.step == 0 \
            and not self.halted and self.mover >= 0

    def joint_legal(self) -> list:
        make = PLAY_DECISIONS if self.phase == CHOOSE else RESERVE_DECISIONS
        return [[make[c] for c in _distinct(self.hands[p])] if p in self.seats else []
                for p in range(len(self.players))]

    def apply_joint(self, choices: Sequence) -> None:
        """Everyone's choice at once; a combat's cards are then revealed at once."""
        for p in self.seats:
            self.mover = p
            d = choices[p]
            hand = self.hands[p]
            i = hand.index(d[1])
            self.hands[p] = hand[:i] + hand[i + 1:]
            if d[0] == PLAY:
                self.played[p] = d[1]
            else:
                self.renfort[p] = d[1]
            if self.log is not None:
                self._emit("play" if d[0] == PLAY else "reserve", player=self.players[p],
                           card=d[1])
        self.step = len(self.seats)
        if self.phase == CHOOSE:
            self._reveal()
        self._advance()
        if self.trail is not None:
            self.trail = remember(self, JOINT, tuple(choices))

    # -- the flow -------------------------------------------------------------------
    def start(self, phase: int = SETUP) -> State:
        """Enter ``phase`` (setup, decree or combat) of the current round."""
        if phase == SETUP:
            self.phase = SETUP
            self.step = 0
            self.seats = self._seat_order(lambda p: bool(self.hands[p]) and
                                          self.renfort[p] < 0)
            if self.log is not None:
                self._emit("setup", meneur=self.players[self.meneur])
        elif phase == DECREE:
            self._begin_round()
        else:
            self._begin_round(draw=False)
        self._advance()
        return self

    def _seat_order(self, who) -> tuple:
        n = len(self.players)
        return tuple(p for p in ((self.meneur + k) % n for k in range(n)) if who(p))

    def _begin_round(self, draw: bool = True) -> None:
        if self.log is not None:
            self._emit("round", round=self.round, meneur=self.players[self.meneur])
        if draw:
            self.phase = DECREE
            self._draw()
        else:
            self._begin_combat()

    def _begin_combat(self) -> None:
        self.phase = CHOOSE
        self.step = 0
        n = len(self.players)
        hands = self.hands
        self.seats = tuple([p for p in [(self.meneur + k) % n for k in range(n)] if hands[p]])

    def _advance(self) -> None:
        """Run automatic steps until a player must decide or the game ends."""
        while True:
            ph = self.phase
            if ph == SETUP:
                if self.step < len(self.seats):
                    self.mover = self.seats[self.step]
                    return
                self.phase = NEXT
                continue
            if ph == NEXT:
                if self._halt():
                    return
                self._begin_round()
                continue
            if ph == DECREE:
                if self.pending != P_NONE:
                    self.mover = self.meneur
                    return
                # The decree phase is over: on to the combat (no halt here: the
                # decree was drawn right after the halt that began the round).
                self._begin_combat()
                continue
            if ph == CHOOSE:
                if not self.seats:
                    self._end_combat()
                    continue
                if self.step < len(self.seats):
                    self.mover = self.seats[self.step]
                    return
                self.phase = REVEAL
                self.mover = self.meneur
                return
            if ph == REVEAL:
                self.mover = self.meneur
                return
            if ph == RENFORT:
                # Only a player whose Renfort would cancel a card is offered it.
                while self.asking:
                    p = self.asking[0]
                    r = self.renfort[p]
                    if r >= 0 and self._cancels(r & 7):
                        self.mover = p
                        return
                    self.asking = self.asking[1:]
                self._resolve()
                continue
            if ph == SHARE:
                if self.step < len(self.takers) and self.pool:
                    self.mover = self.takers[self.step]
                    return
                if self.pool:
                    if self.log is not None:
                        self._emit("surplus", cards=self.pool, count=len(self.pool))
                    self.prison = tuple(sorted(self.prison + self.pool))
                    self.pool = ()
                self._end_combat()
                continue
            self.mover = -1
            return

    def _halt(self) -> bool:
        if self.halt_at_phase_end:
            self.halted = True
            self.mover = -1
            return True
        return False

    def resume(self) -> None:
        """Go on past a phase boundary where ``halt_at_phase_end`` stopped the state."""
        if self.halted:
            self.halted = False
            if self.phase == NEXT:
                self._begin_round()
            self._advance()

    # -- decrees ------------------------------------------------------------------------
    def _draw(self) -> None:
        """The Meneur draws decrees until one is settled or a decision is needed."""
        decrees = self.config.decrees
        while True:
            if not self.deck:
                if self.log is not None:
                    self._emit("no_decree", player=self.players[self.meneur])
                return
            d = self.deck[0]
            self.deck = self.deck[1:]
            dec = decrees[d]
            if self.log is not None:
                self._emit("draw", player=self.players[self.meneur], decree=dec.id)
            if self.variant == "duel" and dec.removed_in_duel:
                self.spent += (d,)
                if self.log is not None:
                    self._emit("discard_decree", decree=dec.id, reason="duel")
                continue
            if dec.redraw_below and len(self.council) < dec.redraw_below:
                if self.deck:
                    self.drawn = d
                    self.pending = P_RETURN
                    return
                # Nothing to put it under, and no other decree to draw (l.257):
                # it stays, an ordinary decree (interpretation palindrome_depth).
                self._emit("return_impossible", player=self.players[self.meneur],
                           decree=dec.id)
            if dec.held and d in self.held[self.meneur]:
                # A second copy of a decree the Meneur already holds (l.253).
                self.spent += (d,)
                self._emit("discard_decree", player=self.players[self.meneur],
                           decree=dec.id, reason="held_twice")
                continue
            if dec.discardable:
                self._effect(dec, 1)
                if dec.held:
                    self.held[self.meneur] += (d,)
                    if self.log is not None:
                        self._emit("hold", player=self.players[self.meneur], decree=dec.id)
                else:
                    self.spent += (d,)
                    if self.log is not None:
                        self._emit("discard_decree", decree=dec.id, reason="discardable")
                return
            if len(self.council) < self.config.council:
                self.council += (d,)
                if self.log is not None:
                    self._emit("enter", player=self.players[self.meneur], decree=dec.id)
                self._effect(dec, 1)
                return
            self.drawn = d
            self.pending = P_COVER
            return

    def _return(self, k: int) -> None:
        d = self.drawn
        self.deck = self.deck[:k] + (d,) + self.deck[k:]
        if self.log is not None:
            self._emit("return_decree", player=self.players[self.meneur],
                       decree=self.config.decrees[d].id, depth=k)
        self.drawn = -1
        self.pending = P_NONE
        self._draw()

    def _cover(self, i: int) -> None:
        decrees = self.config.decrees
        d = self.drawn
        covered = self.council[i]
        self.council = self.council[:i] + (d,) + self.council[i + 1:]
        self.spent += (covered,)
        self.drawn = -1
        self.pending = P_NONE
        if self.log is not None:
            self._emit("cover", player=self.players[self.meneur], decree=decrees[d].id,
                       covered=decrees[covered].id, position=i + 1)
        self._effect(decrees[covered], 2)
        self._effect(decrees[d], 1)

    def _effect(self, dec, which: int) -> None:
        steps = dec.effect1 if which == 1 else dec.effect2
        if not steps:
            return
        before = self.order
        self.order = apply_steps(before, steps, self.options.appel_side == "outside")
        if self.log is not None:
            self._emit("effect", decree=dec.id, effect=which, before=before,
                       after=self.order)

    # -- combat -------------------------------------------------------------------------
    def _reveal(self) -> None:
        if self.log is not None:
            self._emit("reveal",
                       cards={self.players[p]: self.played[p] for p in self.seats})
        decrees = self.config.decrees
        if any(decrees[d].cancel_equal for d in self.council):
            seen = Counter(self.played[p] & 7 for p in self.seats)
            twins = [p for p in self.seats if seen[self.played[p] & 7] > 1]
            for p in twins:
                self.cancelled[p] = True
            if twins and self.log is not None:
                self._emit("cancel_equal", players=[self.players[p] for p in twins],
                           values=sorted({self.played[p] & 7 for p in twins}))
        self.phase = RENFORT
        self.step = 0
        self.asking = self.seats

    def _cancels(self, value: int) -> bool:
        for p in self.seats:
            if not self.cancelled[p] and self.played[p] & 7 == value:
                return True
        return False

    def _use_renfort(self, p: int) -> None:
        r = self.renfort[p]
        self.renfort[p] = -1
        self.renfort_up[p] = r
        value = r & 7
        hit = [q for q in self.seats if not self.cancelled[q] and self.played[q] & 7 == value]
        for q in hit:
            self.cancelled[q] = True
        if self.log is not None:
            self._emit("renfort", player=self.players[p], card=r,
                       cancelled=[self.players[q] for q in hit])
        # « quand vous voulez » (l.61): the combat has changed, so everyone else,
        # those who passed included, may still turn theirs up; the offer goes on
        # round the table from the next player.
        i = self.seats.index(p)
        self.asking = self.seats[i + 1:] + self.seats[:i]
        self.step += 1

    def _resolve(self) -> None:
        seats = self.seats
        played, cancelled = self.played, self.cancelled
        active = [p for p in seats if not cancelled[p]]
        active_values = [played[p] & 7 for p in active]
        combat = tuple([played[p] for p in seats])
        for p in seats:
            played[p] = -1
            cancelled[p] = False
        if not active:
            return self._null(combat, "cancelled")
        order = self.order
        values = set(active_values)
        first, last = order[0], order[-1]
        if self.options.underdog == "last_rank" and first in values and last in values:
            win = last
        elif self.options.underdog == "weakest_played" and first in values:
            win = max(values, key=order.index)
        else:
            win = min(values, key=order.index)
        winners = [p for p, v in zip(active, active_values) if v == win]
        if len(winners) == len(seats) and len(seats) > 1:
            return self._null(combat, "same")
        if len(winners) == 1:
            w = winners[0]
            if self.log is not None:
                self._emit("win", player=self.players[w], value=win, cards=combat,
                           prison=self.prison, count=len(combat) + len(self.prison))
            self.treasure[w] = tuple(sorted(self.treasure[w] + combat + self.prison))
            self.prison = ()
            return self._end_combat()
        # A tie: the tied players share the combat and the Prison.
        pool = tuple(sorted(combat + self.prison))
        self.prison = ()
        k = len(winners)
        share = len(pool) // k
        n = len(self.players)
        # « le plus proche du Meneur dans le sens horaire » (l.135)
        start = self.meneur + 1 if self.options.tie_first == "after_meneur" else self.meneur
        tied = [p for p in ((start + j) % n for j in range(n)) if p in winners]
        if self.options.share_order == "whole_share":
            takers = tuple(p for p in tied for _ in range(share))
        else:
            takers = tuple(tied) * share
        if self.log is not None:
            self._emit("tie", players=[self.players[p] for p in tied], value=win,
                       cards=len(pool), share=share)
        self.pool = pool
        self.takers = takers
        self.step = 0
        self.phase = SHARE

    def _null(self, combat, reason) -> None:
        if self.log is not None:
            self._emit("null", cards=combat, reason=reason, count=len(combat))
        self.prison = tuple(sorted(self.prison + combat))
        self._end_combat()

    def _end_combat(self) -> None:
        n = len(self.players)
        up = [c for c in self.renfort_up if c >= 0]
        if up:
            self.prison = tuple(sorted(self.prison + tuple(up)))
            if self.log is not None:
                self._emit("renfort_prison", cards=tuple(up))
            self.renfort_up = [-1] * n
        self.takers = ()
        self.pool = ()
        self.step = 0
        self.seats = ()
        self.asking = ()
        self.meneur = (self.meneur - 1) % n      # to the right: counter-clockwise
        if self.round >= self.rounds:
            self._finish()
            return
        self.round += 1
        self.phase = NEXT

    def _finish(self) -> None:
        if self.prison:
            if self.log is not None:
                self._emit("prison_lost", cards=self.prison, count=len(self.prison))
            self.lost = tuple(sorted(self.lost + self.prison))
            self.prison = ()
        for p, r in enumerate(self.renfort):
            if r >= 0:
                self.treasure[p] = tuple(sorted(self.treasure[p] + (r,)))
                self.kept[p] = r
                self.renfort[p] = -1
                if self.log is not None:
                    self._emit("renfort_kept", player=self.players[p], card=r)
        self.phase = OVER
        self.mover = -1
        if self.log is not None:
            blessed = self.blessed()
            if blessed >= 0:
                self._emit("blessing", player=self.players[blessed])
            s = self.scores()
            self._emit("end", scores={self.players[p]: v for p, v in enumerate(s)},
                       winners=[self.players[p] for p in self.winners()],
                       caporal=[self.players[p] for p in self.caporal()],
                       duel=self.variant == "duel")

    def _emit(self, type_: str, **fields) -> None:
        if self.log is not None:
            fields["type"] = type_
            self.log.append(fields)


def _distinct(cards: tuple) -> list:
    """The distinct cards of a sorted tuple, in order."""
    out = []
    last = -1
    for c in cards:
        if c != last:
            out.append(c)
            last = c
    return out


# The longest round, in steps: the decree phase asks at most two decisions (a
# decree put back under the pile, a decree covered); the combat: five cards
# chosen, the reveal, each Renfort offered to at most every player again after
# each one turned up (5 * 6), and at most one take a card of the pool (55,
# every card of the box). 2 + 5 + 1 + 30 + 55 = 93, rounded up.
ROUND_STEPS = 100


def decree_pile(state: State) -> list[int]:
    """The decrees a new game shuffles into its pile: the set the rule option
    decree_deck picks, without those the duel removes."""
    duel = state.variant == "duel"
    return [i for i, d in enumerate(state.config.decrees)
            if d.in_deck(state.options.decree_deck) and not (duel and d.removed_in_duel)]


def max_length(config: Config) -> int:
    """The longest game from a new game's start (GameFacts.max_length)."""
    return len(config.decrees) + 5 + config.rounds * ROUND_STEPS


def new_initial_state(players=4, *, variant="base", options=None,
                      config: Config = DEFAULT_CONFIG, log=False) -> State:
    """A game before its shuffle (interface 2): every hand as new_game deals
    it, the decree pile shuffled by chance one decree a step."""
    state = new_game(players, variant=variant, seed=0, options=options, config=config,
                     log=log)
    fresh = State(state.players, state.families, variant=variant, options=state.options,
                  config=config, log=log)
    fresh.hands = state.hands[:]
    fresh.phase = DEALING
    fresh.trail = ()      # perfect recall in the game tree (interface.remember)
    fresh.mover = CHANCE
    return fresh


def new_game(players=4, *, variant="base", seed=0, options=None,
             config: Config = DEFAULT_CONFIG, log=False) -> State:
    """Deal a new game from ``seed``: each player's family in hand, the decrees
    of the set the options pick shuffled (without those removed in the duel),
    the Meneur in seat 1; the game starts with the players choosing their Renforts.

    ``players`` is a count (families in database order) or a list of family ids.
    """
    names = config.families[:players] if isinstance(players, int) else tuple(players)
    if variant == "duel" and len(names) != 2:
        raise ValueError("the duel is for 2 players")
    if variant == "base" and not 3 <= len(names) <= 5:
        raise ValueError("the base game is for 3 to 5 players; use the duel for 2")
    fams = tuple(config.families.index(f) for f in names)
    rng = random.Random(seed)
    state = State(names, fams, variant=variant, options=options, config=config, log=log)
    for p, f in enumerate(fams):
        state.hands[p] = tuple(card(f, v) for v in range(1, 8)
                               for _ in range(config.composition[f][v - 1]))
    # the set of decrees the rule option decree_deck picks (Herald's own, or the box's)
    deck = [i for i, d in enumerate(config.decrees)
            if d.in_deck(state.options.decree_deck)
            and not (variant == "duel" and d.removed_in_duel)]
    rng.shuffle(deck)
    state.deck = tuple(deck)
    return state.start(SETUP)


__all__ = ["PHASE_NAMES", "State", "new_game"]
