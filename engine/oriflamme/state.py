"""The Oriflamme rules: one mutable game state, its legal decisions and their effects.

Representation (chosen so that a copy is a handful of list copies and the
solver's key is a tuple of tuples):

* a card in the queue is a tuple ``(family, card, up, tokens)``;
* a pile is a tuple of such cards, bottom first: only its top card (``pile[-1]``)
  is active: a covered card cannot be revealed, targeted, nor act;
* the queue is a list of piles in resolution order;
* a card in a hand, set aside, in a draw pile or discarded is ``(family, card)``.

Decisions are small tuples whose first item is a verb (``PLACE``, ``REVEAL``,
``BANK``, ``TARGET``, ``COPY``, ``MOVE``); positions inside them are 0-based
pile indexes of the queue as it stands when the decision is asked.

The engine presents every decision, even a forced one; the example runner
and the bots decide whether to play a single legal option silently.

The Alliance box (cards 10 to 19, read from its scanned rulebook: see
alliance.py) lives in the same state: tokens belong to a card whatever its
side, so a revealed Diplomat carries them; the Insurrection turns face down
again by setting ``up`` back to False; the shared Condemnation tokens are the
``condemned`` cards (numbered ``family * N_CARDS + card``, five at most);
reserved cards lie in ``reserve`` beside ``set_aside``; the Trade's round
start is in ``_end_round``. ``box`` is the ten kinds of card the game deals
(boxes.py); ``alliance`` says whether any Alliance card is among them, so
that the base game's paths test one flag and stay as fast as they were.

This module is compiled with mypyc by a regular install (see setup.py): its
annotations are checked at run time there, and module constants are Final.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Final

from ..interface import (
    CHANCE,
    recalled_key,
    remember,
    uniform_outcomes,
    win_loss_payoffs,
)
from .cards import (
    AMBUSH,
    ARCHER,
    ASSASSINATION,
    CARDS,
    CONSPIRACY,
    DESERTER,
    DIPLOMAT,
    EMPRESS,
    EXTORTION,
    FAMILIES,
    FIRST_ALLIANCE,
    HEIR,
    INFILTRATION,
    INFORMANT,
    INSURRECTION,
    LORD,
    MAGISTRATE,
    N_CARDS,
    PERSONNAGES,
    ROYAL_DECREE,
    SHAPESHIFTER,
    SOLDIER,
    SPY,
    TRADE,
    ZEALOT,
)
from .hidden import determinize as _determinize
from .hidden import seen as _seen
from .options import Options

# Module constants are Final so that the compiled engine inlines them.
# Phases
PLACEMENT: Final = 0
RESOLUTION: Final = 1
OVER: Final = 2
# A game of ``new_initial_state`` before its deal is complete: chance deals
# one card a step (interface 2), nothing to decide (``legal()`` is empty).
DEALING: Final = 3
PHASE_NAMES = ("placement", "resolution", "over", "deal")

# Decision verbs
PLACE: Final = 0
REVEAL: Final = 1
BANK: Final = 2
TARGET: Final = 3
COPY: Final = 4
MOVE: Final = 5
# the Alliance box's decisions
CONDEMN: Final = 6           # Magistrate: a Condemnation token on a card
GAIN: Final = 7              # the ability's gaining choice (Informant, Zealot, Diplomat...)
SWAP: Final = 8              # Informant: swap it with a card of the hand
CASH: Final = 9              # Diplomat: gain its points and discard it
STORE: Final = 10            # Diplomat, option diplomat=self: 2 points on itself
DEAL: Final = 11             # chance: (DEAL, family, card) dealt to the next place of the deal
START: Final = -1            # placement at the start of the queue
END: Final = -2              # placement at the end of the queue

REVEAL_DECISION: Final[tuple] = (REVEAL,)
BANK_DECISION: Final[tuple] = (BANK,)
REVEAL_OR_BANK: Final[tuple[tuple, ...]] = (REVEAL_DECISION, BANK_DECISION)
BANK_ONLY: Final[tuple[tuple, ...]] = (BANK_DECISION,)   # an Insurrection with no point
GAIN_DECISION: Final[tuple] = (GAIN,)
CASH_DECISION: Final[tuple] = (CASH,)
STORE_DECISION: Final[tuple] = (STORE,)
CONDEMNATION_TOKENS: Final = 5   # in the Alliance box, shared by every player
# Decisions are built once and shared, so the engine's inner loop allocates
# little. A card (family f, card c) is indexed f * N_CARDS + c. (Typed as generic
# tuples so that the compiled engine hands out these very objects.)
_MAX_PILES: Final = 64   # 5 families of 10 cards: never more piles than this
TARGET_DECISIONS: Final[tuple[tuple, ...]] = tuple((TARGET, i) for i in range(_MAX_PILES))
COPY_DECISIONS: Final[tuple[tuple, ...]] = tuple((COPY, i) for i in range(_MAX_PILES))
_N_KEYS: Final = 5 * N_CARDS   # every (family, card)
PLACE_START: Final[tuple[tuple, ...]] = tuple((PLACE, k // N_CARDS, k % N_CARDS, START)
                                              for k in range(_N_KEYS))
PLACE_END: Final[tuple[tuple, ...]] = tuple((PLACE, k // N_CARDS, k % N_CARDS, END)
                                            for k in range(_N_KEYS))
PLACE_ON: Final[tuple[tuple, ...]] = tuple(
    (PLACE, k // _MAX_PILES // N_CARDS, k // _MAX_PILES % N_CARDS, k % _MAX_PILES)
    for k in range(_N_KEYS * _MAX_PILES))
CONDEMN_DECISIONS: Final[tuple[tuple, ...]] = tuple((CONDEMN, i) for i in range(_MAX_PILES))
SWAP_DECISIONS: Final[tuple[tuple, ...]] = tuple((SWAP, k // N_CARDS, k % N_CARDS)
                                                 for k in range(_N_KEYS))

# The bots' random stream (herald.engine.rng.Stream), drawn inline by
# play_random_seats; tests check that both draw the same numbers.
RNG_M1: Final = 2147483563
RNG_A1: Final = 40014
RNG_M2: Final = 2147483399
RNG_A2: Final = 40692
RNG_SCALE: Final = 1.0 / 2147483563

# What the state waits for during resolution: nothing, a reveal-or-bank
# choice for the face-down card at the cursor, or the choice an ability needs
# (the ability's card id: target, copy or move).
P_NONE: Final = -1
P_REVEAL: Final = -2
P_BANK_ONLY: Final = -3      # a face-down Insurrection with no point: it cannot be revealed
TARGETING: Final = frozenset({ARCHER, SOLDIER, SPY, ASSASSINATION})


@dataclass(frozen=True)
class Config:
    """The game's setup numbers (the card database holds the same values)."""
    hand: int = 7
    set_aside: int = 3
    rounds: int = 6
    influence: int = 1
    duo_hand_per_family: int = 3
    duo_draw: int = 2


DEFAULT_CONFIG = Config()
DUO_SEATS = ("north", "south")
DUO_DEFAULT_FAMILIES = ((0, 2), (1, 3))   # north: red, green; south: blue, yellow


BASE_BOX: Final[tuple[int, ...]] = tuple(range(FIRST_ALLIANCE))

Card = tuple[int, int, bool, int]     # (family, card, up, tokens) in the queue
Pile = tuple[Card, ...]               # bottom first; only the top card (pile[-1]) is active
HandCard = tuple[int, int]            # (family, card) in a hand, set aside, drawn or discarded


class State:
    """A position of Oriflamme, base game or two-player variant (``duo``)."""

    variant: str
    players: tuple[str, ...]
    families: tuple[tuple[int, ...], ...]
    owner: tuple[int, ...]           # family -> player, -1 when nobody plays it
    options: Options
    rounds: int
    round: int
    first: int
    phase: int
    order: tuple[int, ...]           # placement order of the round
    step: int                        # placements made this round
    queue: list[Pile]
    hands: list[tuple[HandCard, ...]]
    set_aside: list[tuple[HandCard, ...]]
    draw: list[tuple[HandCard, ...]]
    discard: list[tuple[HandCard, ...]]
    influence: list[int]
    cursor: int                      # the pile being resolved
    pending: int                     # P_NONE, P_REVEAL or the ability awaiting a choice
    actor: Card                      # the card whose ability is being applied
    mover: int                       # the player to decide, -1 when none
    log: list | None
    draw_size: int
    halt_at_phase_end: bool
    halted: bool
    box: tuple[int, ...]             # the ten kinds of card dealt (sorted card ids)
    alliance: bool                   # an Alliance card is among them
    condemned: tuple[int, ...]       # cards with a Condemnation token (f * N_CARDS + c), sorted
    reserve: list[tuple[tuple[int, int, int], ...]]   # per player: (family, card, tokens)
    trail: tuple[object, ...] | None   # the steps each seat saw (interface.remember), or None

    __slots__ = (
        "variant", "players", "families", "owner", "options", "rounds",
        "round", "first", "phase", "order", "step", "queue", "hands",
        "set_aside", "draw", "discard", "influence", "cursor", "pending",
        "actor", "mover", "log", "draw_size", "halt_at_phase_end", "halted",
        "box", "alliance", "condemned", "reserve", "trail",
    )

    # -- construction ---------------------------------------------------
    def __init__(self, players=(), families=(), *, variant: str = "base",
                 options: Options | None = None, rounds: int = 6, round: int = 1,
                 first: int = 0, influence=None, draw_size: int = 2,
                 log: bool = False, box: tuple[int, ...] = BASE_BOX) -> None:
        if not players:
            return   # an empty shell that copy() fills in
        self.variant = variant
        self.players = tuple(players)
        self.families = tuple(tuple(f) for f in families)
        owner = [-1] * len(FAMILIES)
        for p, fams in enumerate(self.families):
            for f in fams:
                owner[f] = p
        self.owner = tuple(owner)
        self.options = options or Options()
        self.rounds = rounds
        self.round = round
        self.first = first
        n = len(self.players)
        self.queue: list[tuple] = []
        self.hands: list[tuple] = [() for _ in range(n)]
        self.set_aside: list[tuple] = [() for _ in range(n)]
        self.draw: list[tuple] = [() for _ in range(n)]
        self.discard: list[tuple] = [() for _ in range(n)]
        self.box = tuple(sorted(box))
        self.alliance = any(c >= FIRST_ALLIANCE for c in self.box)
        self.condemned = ()
        self.reserve = [() for _ in range(n)]
        self.influence = list(influence) if influence is not None else [1] * n
        self.draw_size = draw_size
        self.phase = PLACEMENT
        self.order: tuple = ()
        self.step = 0
        self.cursor = 0
        self.pending = P_NONE
        self.actor: tuple = (-1, -1, False, 0)   # the card whose ability is being applied
        self.mover = -1
        self.log: list | None = [] if log else None
        # When set, the state stops at every phase boundary (``halted``) until
        # ``resume()``: the example runner checks expectations there, before
        # the next phase's automatic effects (a revealed Lord scoring, say).
        self.halt_at_phase_end = False
        self.halted = False
        # kept in the tree of new_initial_state only: perfect recall
        self.trail = None

    def start(self, phase: int = PLACEMENT, cursor: int = 0) -> State:
        """Enter ``phase`` of the current round and run to the first decision."""
        self.phase = phase
        if phase == PLACEMENT:
            self.order = self._placement_order()
            self.step = 0
            self._emit("round", round=self.round, first=self.players[self.first])
        else:
            self.cursor = cursor
            self._emit("resolution", round=self.round)
        self._advance()
        return self

    def copy(self) -> State:
        """A cheap independent copy (piles, hands and cards are immutable tuples)."""
        s = State()
        s.variant = self.variant
        s.players = self.players
        s.families = self.families
        s.owner = self.owner
        s.options = self.options
        s.rounds = self.rounds
        s.round = self.round
        s.first = self.first
        s.phase = self.phase
        s.order = self.order
        s.step = self.step
        s.queue = self.queue[:]
        s.hands = self.hands[:]
        s.set_aside = self.set_aside[:]
        s.draw = self.draw[:]
        s.discard = self.discard[:]
        s.influence = self.influence[:]
        s.cursor = self.cursor
        s.pending = self.pending
        s.actor = self.actor
        s.mover = self.mover
        s.draw_size = self.draw_size
        s.halt_at_phase_end = self.halt_at_phase_end
        s.halted = self.halted
        s.box = self.box
        s.alliance = self.alliance
        s.condemned = self.condemned
        # only an Alliance card is ever reserved: the base game shares the list
        s.reserve = self.reserve[:] if self.alliance else self.reserve
        s.log = None if self.log is None else self.log[:]
        s.trail = self.trail
        return s

    # -- queries --------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def duo(self) -> bool:
        return self.variant == "duo"

    def key(self) -> tuple:
        """A canonical hashable summary of everything that matters for the future.

        Discards and set-aside cards never affect play, so they are left out;
        hands are kept sorted, so the key does not depend on dealing order.
        """
        return self.key_of(self.queue, self.hands, self.draw, self.condemned)

    def key_of(self, queue: list[Pile], hands: list[tuple[HandCard, ...]],
               draw: list[tuple[HandCard, ...]], condemned: tuple[int, ...]) -> tuple:
        """``key()`` with these cards in place of the state's own (the key of
        a determinization, made without a copy: hidden.seen)."""
        key = (self.round, self.phase, self.first, self.step, self.cursor,
               self.pending, tuple(queue), tuple(hands),
               tuple(self.influence), tuple(draw))
        if self.alliance:
            return key + (condemned, tuple(self.reserve))
        return key

    def scores(self) -> tuple:
        return tuple(self.influence)

    # A won game counts this much on top of influence (engine/evaluation.py):
    # more than twice any influence a game reaches.
    win_worth: ClassVar[int] = 1000

    def sides(self) -> tuple:
        """Every player plays for themselves."""
        return tuple(range(len(self.players)))

    def cards_in_queue(self, player: int) -> int:
        fams = self.families[player]
        return sum(1 for pile in self.queue for c in pile if c[0] in fams)

    def winners(self) -> list[int]:
        """Most influence; ties broken by cards of your families in the queue; then shared."""
        best = max(self.influence)
        tied = [p for p, v in enumerate(self.influence) if v == best]
        if len(tied) > 1:
            counts = {p: self.cards_in_queue(p) for p in tied}
            most = max(counts.values())
            tied = [p for p in tied if counts[p] == most]
        return tied

    def horizon(self, depth: str) -> object:
        """The marker that changes when a ``phase``/``round``/``game`` horizon is crossed."""
        if depth == "phase":
            return (self.round, self.phase)
        if depth == "round":
            return (self.round, self.phase == OVER)
        return self.phase == OVER

    # -- legal decisions -------------------------------------------------
    def legal(self) -> list | tuple:
        """The decisions the player to move may take, in a fixed order."""
        if self.halted:
            return []
        phase = self.phase
        if phase == RESOLUTION:
            pending = self.pending
            if pending == P_REVEAL:
                return REVEAL_OR_BANK
            if pending in TARGETING:
                return [TARGET_DECISIONS[i] for i in self._targets(pending)]
            if pending == SHAPESHIFTER:
                return [COPY_DECISIONS[i] for i in self._copy_targets()]
            if pending == ROYAL_DECREE:
                return self._moves()
            if pending == P_BANK_ONLY:
                return BANK_ONLY
            if pending >= FIRST_ALLIANCE:
                return self._alliance_choices(pending)
            return []
        if phase == PLACEMENT:
            return self._placements()
        return []

    def _placements(self) -> list:
        p = self.mover
        queue = self.queue
        hand = self.hands[p]
        out: list = []
        for fam, card in hand:
            k = fam * N_CARDS + card
            out.append(PLACE_START[k])
            if queue:
                out.append(PLACE_END[k])
        if queue and self.round >= 2:
            # A pile only on a card of your own family (in duo, of the same family
            # as the card placed: piles never mix families).
            owner = self.owner
            piles = [i for i in range(len(queue)) if owner[queue[i][-1][0]] == p]
            if piles:
                for fam, card in hand:
                    k = (fam * N_CARDS + card) * _MAX_PILES
                    for i in piles:
                        if queue[i][-1][0] == fam:
                            out.append(PLACE_ON[k + i])
        return out

    def _targets(self, ability: int) -> list[int]:
        c = self.cursor
        n = len(self.queue)
        if ability == ARCHER:
            targets = [0] if n == 1 else [0, n - 1]
        elif ability == ASSASSINATION:
            targets = list(range(n))
        else:  # SOLDIER and SPY: adjacent piles
            targets = [i for i in (c - 1, c + 1) if 0 <= i < n]
        if len(targets) < 2:
            return targets
        queue = self.queue
        fam = queue[c][-1][0]
        if ability == SPY:
            # A Spy robs its own owner (either family, in duo: the same purse)
            # only when every neighbour is theirs (option spy_self_target).
            if self.options.spy_self_target == "forced":
                owner = self.owner
                me = owner[fam]
                others = [i for i in targets if owner[queue[i][-1][0]] != me]
                if others:
                    return others
        elif ability != ASSASSINATION and self.options.own_family_target == "last_resort":
            # Archer and Soldier: your own family only as a last resort; in duo
            # your other family counts as an opponent's (002, l. 449-451).
            others = [i for i in targets if queue[i][-1][0] != fam]
            if others:
                return others
        return targets

    def _copy_targets(self) -> list[int]:
        c = self.cursor
        queue = self.queue
        out = []
        for i in (c - 1, c + 1):
            if 0 <= i < len(queue):
                top = queue[i][-1]
                if top[2] and top[1] in PERSONNAGES:
                    out.append(i)
        return out

    def _moves(self) -> list:
        """Royal Decree: (MOVE, source, destination, onto) for every real move.

        ``destination`` is the card's index in the queue after the move when
        ``onto`` is False; with ``onto`` it is the index (after the source card
        was lifted) of the pile it is put on.
        """
        queue = self.queue
        c = self.cursor
        n = len(queue)
        onto_allowed = self.options.royal_decree_onto_card == "allowed"
        out: list = []
        for src in range(n):
            if src == c:
                continue
            single = len(queue[src]) == 1
            m = n - 1 if single else n          # piles left once the card is lifted
            for dst in range(m + 1):
                if single and dst == src:
                    continue                       # back where it was: not a move
                out.append((MOVE, src, dst, False))
            if onto_allowed:
                # The rules of piles hold: only onto a card of the moved card's
                # own family (a pile never mixes families).
                fam = queue[src][-1][0]
                decree = c - 1 if (single and src < c) else c
                for dst in range(m):
                    if dst == decree or (not single and dst == src):
                        continue
                    below = dst + 1 if single and dst >= src else dst   # index before lifting
                    if queue[below][-1][0] == fam:
                        out.append((MOVE, src, dst, True))
        return out

    # -- applying decisions ------------------------------------------------
    def apply(self, d: tuple) -> None:
        """Apply a legal decision and run on to the next decision (or the end)."""
        verb = d[0]
        mover = self.mover
        if verb == PLACE:
            self._place(d[1], d[2], d[3])
        elif verb == BANK:
            self._bank()
        elif verb == REVEAL:
            self._reveal()
        elif verb == TARGET:
            self._target(d[1])
        elif verb == COPY:
            self._copy(d[1])
        elif verb == MOVE:
            self._move(d[1], d[2], d[3])
        elif CONDEMN <= verb <= STORE:
            self._alliance_decision(d)
        elif verb == DEAL:
            self._deal(d[1], d[2])
            if self.trail is not None:
                self.trail = remember(self, mover, d)
            return
        else:
            raise ValueError(f"unknown decision {d!r}")
        self._advance()
        if self.trail is not None:
            self.trail = remember(self, mover, d)

    def play_random(self, random: Callable[[], float]) -> int:
        """Play to the end, each decision uniform among the legal ones.

        ``random`` returns floats in [0, 1) (``random.Random(seed).random``).
        The same loop a random bot runs from Python, kept here so that it is
        compiled with the engine: simulations and benchmarks spend their time
        in the rules, not in the loop. Returns the number of decisions.
        """
        decisions = 0
        while self.phase != OVER and not self.halted:
            legal = self.legal()
            self.apply(legal[int(random() * len(legal))])
            decisions += 1
        return decisions

    def play_random_seats(self, streams: list[list[int]]) -> int:
        """Play to the end as random bots do, each seat drawing from its own stream.

        ``streams[p]`` is the state ``[s1, s2]`` of seat p's
        :class:`herald.engine.rng.Stream` (updated in place); the draw below is
        ``Stream.random`` inline, and a forced decision draws nothing, as in
        ``RandomBot``. Compiled with the engine, so ``herald play`` with random
        bots spends its time in the rules. Returns the number of decisions.
        """
        decisions = 0
        while self.phase != OVER and not self.halted:
            legal = self.legal()
            n = len(legal)
            if n == 1:
                self.apply(legal[0])
            else:
                st = streams[self.mover]
                s1 = st[0] * RNG_A1 % RNG_M1
                s2 = st[1] * RNG_A2 % RNG_M2
                st[0] = s1
                st[1] = s2
                z = s1 - s2
                if z < 1:
                    z += RNG_M1 - 1
                self.apply(legal[int(z * RNG_SCALE * n)])
            decisions += 1
        return decisions

    def _place(self, fam: int, card: int, where: int) -> None:
        p = self.mover
        hand = self.hands[p]
        i = 0
        while hand[i][1] != card or hand[i][0] != fam:
            i += 1
        self.hands[p] = hand[:i] + hand[i + 1:]
        placed = (fam, card, False, 0)
        queue = self.queue
        if where == START:
            queue.insert(0, (placed,))
            pos = 0
        elif where == END:
            queue.append((placed,))
            pos = len(queue) - 1
        else:
            queue[where] = queue[where] + (placed,)
            pos = where
        self.step += 1
        if self.log is not None:
            # The first card of an empty Queue is at neither of its ends: the
            # narration says so ("first") rather than "at the start".
            self._emit("place", player=self.players[p], card=(fam, card),
                       where=("first" if where in (START, END) and len(queue) == 1
                              else "start" if where == START
                              else "end" if where == END else "on"),
                       position=pos + 1)

    def _reveal(self) -> None:
        c = self.cursor
        pile = self.queue[c]
        fam, card, _, tokens = pile[-1]
        # Conspiracy pays double the tokens on it; an Ambush's tokens are lost.
        gain = tokens * 2 if card == CONSPIRACY else 0 if card == AMBUSH else tokens
        kept = 0
        if card >= FIRST_ALLIANCE:
            # An Extortion's tokens are discarded; an Insurrection spends one of
            # them to be revealed; a Trade is reserved with its tokens.
            if card == EXTORTION:
                gain = 0
            elif card == INSURRECTION:
                gain = tokens - 1
            elif card == TRADE:
                gain = 0
                kept = tokens
        self.queue[c] = ((fam, card, True, kept),) if len(pile) == 1 else \
            pile[:-1] + ((fam, card, True, kept),)
        p = self.owner[fam]
        self.influence[p] += gain
        self.pending = P_NONE
        if self.log is not None:
            self._emit("reveal", player=self.players[p], card=(fam, card), position=c + 1,
                       tokens=tokens, gain=gain, kept=kept)
            if card == INSURRECTION:
                self._emit("spend", player=self.players[p], card=(fam, card), position=c + 1)

    def _bank(self) -> None:
        c = self.cursor
        pile = self.queue[c]
        fam, card, up, tokens = pile[-1]
        self.queue[c] = ((fam, card, up, tokens + 1),) if len(pile) == 1 else \
            pile[:-1] + ((fam, card, up, tokens + 1),)
        self.pending = P_NONE
        self.cursor = c + 1
        if self.log is not None:
            self._emit("bank", player=self.players[self.owner[fam]], card=(fam, card),
                       position=c + 1, tokens=tokens + 1)

    def _target(self, t: int) -> None:
        ability = self.pending
        self.pending = P_NONE
        if ability == SPY:
            self._steal(t)
        elif ability >= FIRST_ALLIANCE:
            self._alliance_target(ability, t)
        else:
            self._eliminate(t)
            if ability == ASSASSINATION:
                self._discard_actor("intrigue")
        self._finish()

    def _copy(self, t: int) -> None:
        copied = self.queue[t][-1][1]
        self.pending = P_NONE
        if self.log is not None:
            fam = self.actor[0]
            self._emit("copy", player=self.players[self.owner[fam]], card=self.actor[:2],
                       copied=self.queue[t][-1][:2], position=self.cursor + 1)
        # Copying a Shapeshifter copies an ability that copies: nothing happens.
        if copied != SHAPESHIFTER:
            self._ability(copied)
        if self.pending == P_NONE:
            self._finish()

    def _move(self, src: int, dst: int, onto: bool) -> None:
        card = self._remove_top(src)
        if onto:
            self.queue[dst] = self.queue[dst] + (card,)
        else:
            self._insert_pile(dst, (card,))
        if self.log is not None:
            self._emit("move", player=self.players[self.owner[self.actor[0]]],
                       card=self.actor[:2], moved=card[:2],
                       owner=self.players[self.owner[card[0]]], source=src + 1,
                       destination=dst + 1, onto=onto)
        self.pending = P_NONE
        self._discard_actor("intrigue")
        self._finish()

    # -- the resolution loop ------------------------------------------------
    def _advance(self) -> None:
        """Run automatic steps until a player must decide or the game ends."""
        while True:
            phase = self.phase
            if phase == PLACEMENT:
                order = self.order
                step = self.step
                hands = self.hands
                while step < len(order) and not hands[order[step]]:
                    step += 1          # a player with an empty hand places nothing
                self.step = step
                if step < len(order):
                    self.mover = order[step]
                    return
                self.phase = RESOLUTION
                self.cursor = 0
                if self.log is not None:
                    self._emit("resolution", round=self.round)
                if self.halt_at_phase_end:
                    self._halt()
                    return
                continue
            if phase == RESOLUTION:
                if self.pending != P_NONE:
                    return
                queue = self.queue
                c = self.cursor
                if c >= len(queue):
                    self._end_round()
                    if self.halt_at_phase_end and self.phase != OVER:
                        self._halt()
                        return
                    continue
                top = queue[c][-1]
                self.mover = self.owner[top[0]]
                if not top[2]:
                    # An Insurrection is revealed only by spending a token on it.
                    self.pending = P_BANK_ONLY if top[1] == INSURRECTION and not top[3] \
                        else P_REVEAL
                    return
                self.actor = top
                if self.log is not None:
                    self._emit("act", player=self.players[self.mover], card=top[:2],
                               position=c + 1)
                self._ability(top[1])
                if self.pending != P_NONE:
                    return
                self._finish()
                continue
            self.mover = -1
            return

    def _halt(self) -> None:
        self.halted = True
        self.mover = -1

    def resume(self) -> None:
        """Go on past a phase boundary where ``halt_at_phase_end`` stopped the state."""
        if self.halted:
            self.halted = False
            self._advance()

    def _finish(self) -> None:
        """The actor's ability is done: move on unless the actor left its place.

        When the acting card left the queue, the card below it (now on top) is
        active at once and resolves next; if the whole pile left, the next
        pile has slid into the cursor's place.
        """
        c = self.cursor
        queue = self.queue
        if c < len(queue):
            top = queue[c][-1]
            if top[0] == self.actor[0] and top[1] == self.actor[1]:
                self.cursor = c + 1

    def _ability(self, ability: int) -> None:
        """Apply ``ability`` for the acting card at the cursor (its own or a copied one)."""
        ABILITIES[ability](self, ability)

    # -- abilities ----------------------------------------------------------
    # Each takes the state and the ability's card id; one that needs a choice
    # sets ``pending`` and finishes in ``_target``, ``_copy`` or ``_move``.
    def _targeting(self, ability: int) -> None:
        if self._targets(ability):
            self.pending = ability
        else:
            self._emit_no_target()
            if ability == ASSASSINATION:
                self._discard_actor("intrigue")

    def _shapeshifter(self, ability: int) -> None:
        if self._copy_targets():
            self.pending = SHAPESHIFTER
        else:
            self._emit_no_target()

    def _royal_decree(self, ability: int) -> None:
        if len(self.queue) > 1:
            self.pending = ROYAL_DECREE
        else:
            self._emit_no_target()
            self._discard_actor("intrigue")

    def _ambush(self, ability: int) -> None:
        # Revealed by its owner (its tokens were lost on reveal): +1, then discarded.
        self._gain(self.owner[self.actor[0]], 1, "ambush")
        self._discard_actor("intrigue")

    def _conspiracy(self, ability: int) -> None:
        # It paid double its tokens on reveal; its ability is only to go away.
        self._discard_actor("intrigue")

    def _heir(self, ability: int) -> None:
        c = self.cursor
        name = self.queue[c][-1][1]   # a copying Shapeshifter keeps its own name
        any_face = self.options.heir_rivals == "present"
        for i, pile in enumerate(self.queue):
            top = pile[-1]
            if i != c and top[1] == name and (top[2] or any_face):
                self._emit_no_target()
                return
        self._gain(self.owner[self.actor[0]], 2, "heir")

    def _lord(self, ability: int) -> None:
        c = self.cursor
        fam = self.actor[0]
        queue = self.queue
        each = self.options.lord_pile == "each_card"
        bonus = 0
        for i in (c - 1, c + 1):
            if 0 <= i < len(queue):
                pile = queue[i]
                if each:
                    bonus += sum(1 for card in pile if card[0] == fam)
                elif pile[-1][0] == fam:
                    bonus += 1
        self._gain(self.owner[fam], 1 + bonus, "lord")

    def _steal(self, t: int) -> None:
        thief = self.owner[self.actor[0]]
        target = self.queue[t][-1]
        victim = self.owner[target[0]]
        amount = 1 if victim != thief and self.influence[victim] > 0 else 0
        self.influence[victim] -= amount
        self.influence[thief] += amount
        if self.log is not None:
            self._emit("steal", player=self.players[thief], card=self.actor[:2],
                       victim=self.players[victim], amount=amount, position=t + 1)
        if target[1] == AMBUSH and victim != thief and \
                self.options.ambush_spy == "targeted":
            # Option ambush_spy: targeted: an opponent's Spy that targets an
            # Ambush springs the trap; the Ambush goes with its tokens.
            self._remove_top(t)
            if self.condemned:
                self._release(target)
            self.discard[victim] = self.discard[victim] + (target[:2],)
            if self.log is not None:
                self._emit("discard", player=self.players[victim], card=target[:2],
                           reason="ambush_trap", position=t + 1)
            self._gain(victim, 4, "ambush_trap")
            self._discard_actor("ambush")

    def _eliminate(self, t: int) -> None:
        afam = self.actor[0]
        attacker = self.owner[afam]
        victim_card = self._remove_top(t)
        vfam, vcard = victim_card[0], victim_card[1]
        victim = self.owner[vfam]
        self.discard[victim] = self.discard[victim] + ((vfam, vcard),)
        if self.log is not None:
            self._emit("eliminate", player=self.players[attacker], card=self.actor[:2],
                       target=(vfam, vcard), owner=self.players[victim], position=t + 1,
                       tokens=victim_card[3], was_up=victim_card[2])
        self._gain(attacker, 1, "elimination")
        if self.alliance:
            self._alliance_eliminated(attacker, victim, victim_card)
        if vcard != AMBUSH:
            return
        if victim != attacker:
            # The trap springs: the Ambush's owner gains 4, the attacker is discarded.
            self._gain(victim, 4, "ambush_trap")
            self._discard_actor("ambush")
        elif self.variant == "duo" and vfam != afam and \
                self.options.duo_sibling_ambush == "variant":
            pass
        elif self.options.own_ambush == "publisher":
            self._gain(attacker, 1, "own_ambush")
            self._discard_actor("ambush")

    # -- the Alliance box ---------------------------------------------------------
    # Each reading below is a reconstruction recorded in alliance.py (its
    # name in brackets); the rule options it depends on are in options.py.
    def _empress(self, ability: int) -> None:
        # [empress] Gain 2, then 1 point on an opponent's face-down card.
        self._gain(self.owner[self.actor[0]], 2, "empress")
        if self._empress_targets():
            self.pending = EMPRESS

    def _empress_targets(self) -> list[int]:
        fam = self.actor[0]
        return [i for i, pile in enumerate(self.queue)
                if not pile[-1][2] and self._rival(fam, pile[-1][0])]

    def _rival(self, fam: int, other: int) -> bool:
        """[duo_opponents] Whether a card of family ``other`` is an opponent's
        card to one of family ``fam``: with two players your other family
        counts as an opponent's (option: only the other player's cards do).
        With one family a player, both readings agree."""
        if self.options.duo_opponents == "other_family":
            return other != fam
        return self.owner[other] != self.owner[fam]

    def _zealot(self, ability: int) -> None:
        if self.options.swap_card == "zealot":
            self.pending = ZEALOT
        else:
            self._zealot_gain()

    def _zealot_gain(self) -> None:
        # [zealot] Gain 1, and 1 more with no other revealed card of yours in the Queue.
        owner = self.owner
        me = owner[self.actor[0]]
        c = self.cursor
        alone = True
        for i, pile in enumerate(self.queue):
            top = pile[-1]
            if i != c and top[2] and owner[top[0]] == me:
                alone = False
                break
        self._gain(me, 2 if alone else 1, "zealot")

    def _informant(self, ability: int) -> None:
        if self.options.swap_card == "informant":
            self.pending = INFORMANT
        else:
            self._informant_gain()

    def _informant_gain(self) -> None:
        # [informant] As many as the points on the neighbouring face-down
        # opponent cards (they stay there).
        fam = self.actor[0]
        c = self.cursor
        queue = self.queue
        amount = 0
        for i in (c - 1, c + 1):
            if 0 <= i < len(queue):
                top = queue[i][-1]
                if not top[2] and self._rival(fam, top[0]):
                    amount += top[3]
        self._gain(self.owner[fam], amount, "informant")

    def _diplomat(self, ability: int) -> None:
        self.pending = DIPLOMAT

    def _deserter(self, ability: int) -> None:
        if len(self.queue) > 1:
            self.pending = DESERTER
        else:
            self._emit_no_target()
            self._deserter_leaves()

    def _deserter_leaves(self) -> None:
        # [deserter] Discarded unless next to a revealed Character.
        if not self._actor_here():
            return
        c = self.cursor
        queue = self.queue
        for i in (c - 1, c + 1):
            if 0 <= i < len(queue):
                top = queue[i][-1]
                if top[2] and top[1] in PERSONNAGES:
                    return
        self._discard_actor("deserter")

    def _magistrate(self, ability: int) -> None:
        self.pending = MAGISTRATE

    def _insurrection(self, ability: int) -> None:
        # [insurrection] Eliminate both neighbours, then turn face down again
        # (unless a trap discarded it). [insurrection_order] With two
        # neighbours, its owner says which goes first (option: the Queue's order).
        c = self.cursor
        left = c > 0
        right = c + 1 < len(self.queue)
        if left and right and self.options.insurrection_order == "choice":
            self.pending = INSURRECTION
        elif left or right:
            self._insurrection_strikes(c - 1 if left else c + 1)
        else:
            self._emit_no_target()
            self._turn_down()

    def _insurrection_strikes(self, first: int) -> None:
        """Eliminate the pile ``first`` (a neighbour of the Insurrection at the
        cursor), then the other neighbour, then turn the Insurrection down.

        [insurrection_trap] Both cards are the neighbours the ability found:
        when the first elimination springs an Ambush and discards the
        Insurrection, the second card is still eliminated; found again by its
        name, it is never the card the Insurrection covered."""
        c = self.cursor
        queue = self.queue
        other = 2 * c - first
        second: Card | None = queue[other][-1] if 0 <= other < len(queue) else None
        self._eliminate(first)
        if second is not None:
            for i in range(len(self.queue)):
                top = self.queue[i][-1]
                if top[0] == second[0] and top[1] == second[1]:
                    self._eliminate(i)
                    break
        self._turn_down()

    def _turn_down(self) -> None:
        if self._actor_here():
            c = self.cursor
            pile = self.queue[c]
            top = pile[-1]
            self.queue[c] = pile[:-1] + ((top[0], top[1], False, top[3]),)
            if self.log is not None:
                self._emit("turn_down", player=self.players[self.owner[top[0]]],
                           card=top[:2], position=c + 1)

    def _extortion(self, ability: int) -> None:
        # [extortion] Revealed by its owner (its points were discarded): +1, discarded.
        self._gain(self.owner[self.actor[0]], 1, "extortion")
        self._discard_actor("intrigue")

    def _infiltration(self, ability: int) -> None:
        # [infiltration] 1 point on each of your uncovered face-down cards, then reserved.
        owner = self.owner
        me = owner[self.actor[0]]
        queue = self.queue
        count = 0
        for i in range(len(queue)):
            pile = queue[i]
            top = pile[-1]
            if not top[2] and owner[top[0]] == me:
                queue[i] = pile[:-1] + ((top[0], top[1], False, top[3] + 1),)
                count += 1
        if self.log is not None:
            self._emit("infiltrate", player=self.players[me], card=self.actor[:2],
                       amount=count)
        self._reserve_actor()

    def _trade(self, ability: int) -> None:
        # [trade] Reserved with the points on it.
        self._reserve_actor()

    def _reserve_actor(self) -> None:
        """[reserve] The acting card leaves the Queue and lies before its owner."""
        if not self._actor_here():
            return
        c = self.cursor
        top = self._remove_top(c)
        if self.condemned:
            self._release(top)
        p = self.owner[top[0]]
        self.reserve[p] = self.reserve[p] + ((top[0], top[1], top[3]),)
        if self.log is not None:
            self._emit("reserve", player=self.players[p], card=top[:2], tokens=top[3],
                       position=c + 1)

    def _trade_pays(self, reason: str) -> None:
        """[trade] A reserved Trade pays its points at each round start (to a
        player with a card in the Queue) and at the end of the game."""
        for p in range(len(self.players)):
            for fam, card, tokens in self.reserve[p]:
                if card == TRADE and (reason == "trade_end" or self.cards_in_queue(p) > 0):
                    self.influence[p] += tokens
                    if self.log is not None:
                        self._emit("gain", player=self.players[p], amount=tokens,
                                   reason=reason, card=(fam, card))

    def _alliance_eliminated(self, attacker: int, victim: int, card: Card) -> None:
        """What an elimination does in the Alliance box: the Condemnation token
        goes back, a reserved Infiltration pays, an Extortion strikes back."""
        if self.condemned:
            self._release(card)
        if not card[2]:
            for _, kind, _ in self.reserve[attacker]:
                if kind == INFILTRATION:
                    self._gain(attacker, 2, "infiltration")
        if card[1] == EXTORTION and self._rival(card[0], self.actor[0]):
            self._extortion_strikes(attacker, victim)

    def _extortion_strikes(self, attacker: int, victim: int) -> None:
        # [extortion] 2 per card of the attacker in the Queue, then the
        # attacker loses 1 point from each of their uncovered face-down cards.
        owner = self.owner
        queue = self.queue
        if self.options.extortion_count == "all":
            count = self.cards_in_queue(attacker)
        else:
            count = sum(1 for pile in queue if owner[pile[-1][0]] == attacker)
        self._gain(victim, 2 * count, "extortion_trap")
        lost = 0
        for i in range(len(queue)):
            pile = queue[i]
            top = pile[-1]
            if not top[2] and top[3] > 0 and owner[top[0]] == attacker:
                queue[i] = pile[:-1] + ((top[0], top[1], False, top[3] - 1),)
                lost += 1
        if self.log is not None:
            self._emit("tax", player=self.players[attacker], amount=lost)

    def _release(self, card: Card) -> None:
        """[condemnation_tokens] A card leaving the Queue gives its token back."""
        k = card[0] * N_CARDS + card[1]
        if k in self.condemned:
            self.condemned = tuple(x for x in self.condemned if x != k)
            if self.log is not None:
                self._emit("release", card=card[:2])

    def _actor_here(self) -> bool:
        """Whether the acting card is still on top at the cursor."""
        c = self.cursor
        if c >= len(self.queue):
            return False
        top = self.queue[c][-1]
        return top[0] == self.actor[0] and top[1] == self.actor[1]

    def _alliance_choices(self, pending: int) -> list:
        """The decisions an Alliance ability waits for, in a fixed order."""
        queue = self.queue
        c = self.cursor
        if pending == EMPRESS:
            return [TARGET_DECISIONS[i] for i in self._empress_targets()]
        if pending == DESERTER or pending == INSURRECTION:
            # the Deserter's victim; the Insurrection's first victim (it has two)
            return [TARGET_DECISIONS[i] for i in (c - 1, c + 1) if 0 <= i < len(queue)]
        if pending == MAGISTRATE:
            condemned = self.condemned
            out: list = []
            if len(condemned) < CONDEMNATION_TOKENS:
                out = [CONDEMN_DECISIONS[i] for i in range(len(queue))
                       if queue[i][-1][0] * N_CARDS + queue[i][-1][1] not in condemned]
            targets = [TARGET_DECISIONS[i] for i in range(len(queue))
                       if queue[i][-1][0] * N_CARDS + queue[i][-1][1] in condemned]
            if not out and (not targets or self.options.condemnation_supply == "gain_only"):
                out.append(GAIN_DECISION)   # [condemnation_supply] no token can be put
            return out + targets
        if pending == DIPLOMAT:
            if self.options.diplomat == "self":
                return [STORE_DECISION, CASH_DECISION]
            others = [TARGET_DECISIONS[i] for i in range(len(queue))
                      if i != c and queue[i][-1][1] == DIPLOMAT and queue[i][-1][2]]
            return (others or [GAIN_DECISION]) + [CASH_DECISION]
        # The Informant (or, by option, the Zealot): gain, or swap with a hand
        # card. [duo_swap_family] On a pile, only a card of its family (a pile
        # never mixes families); alone, any (option: its family always).
        fam = self.actor[0]
        hand = self.hands[self.owner[fam]]
        if len(queue[c]) == 1 and self.options.duo_swap_family == "in_piles":
            return [GAIN_DECISION] + [SWAP_DECISIONS[f * N_CARDS + k] for f, k in hand]
        return [GAIN_DECISION] + [SWAP_DECISIONS[f * N_CARDS + k] for f, k in hand if f == fam]

    def _alliance_target(self, ability: int, t: int) -> None:
        me = self.owner[self.actor[0]]
        if ability == DESERTER:
            victim = self.queue[t][-1]
            self._eliminate(t)
            if victim[1] in PERSONNAGES:
                self._gain(me, 1, "deserter")
            self._deserter_leaves()
        elif ability == INSURRECTION:
            self._insurrection_strikes(t)
        elif ability == MAGISTRATE:
            if self.options.magistrate_gain == "always":
                self._gain(me, 1, "magistrate")
            self._eliminate(t)
        else:   # EMPRESS: 1 point, DIPLOMAT: 2 points on the target
            amount = 1 if ability == EMPRESS else 2
            if ability == DIPLOMAT:
                self._gain(me, 1, "diplomat")
            elif self.options.empress_token == "own":
                self.influence[me] -= 1
            self._give(t, amount)

    def _give(self, t: int, amount: int) -> None:
        pile = self.queue[t]
        top = pile[-1]
        self.queue[t] = pile[:-1] + ((top[0], top[1], top[2], top[3] + amount),)
        if self.log is not None:
            self._emit("give", player=self.players[self.owner[self.actor[0]]],
                       card=self.actor[:2], target=top[:2],
                       owner=self.players[self.owner[top[0]]], amount=amount,
                       position=t + 1)

    def _alliance_decision(self, d: tuple) -> None:
        verb = d[0]
        ability = self.pending
        self.pending = P_NONE
        me = self.owner[self.actor[0]]
        if verb == SWAP:
            self._swap(d[1], d[2])
            return                      # the card put down is not activated this round
        if verb == CONDEMN:
            t = d[1]
            top = self.queue[t][-1]
            self._gain(me, 1, "magistrate")
            self.condemned = tuple(sorted(self.condemned + (top[0] * N_CARDS + top[1],)))
            if self.log is not None:
                self._emit("condemn", player=self.players[me], card=self.actor[:2],
                           target=top[:2], owner=self.players[self.owner[top[0]]],
                           position=t + 1)
        elif verb == GAIN:
            if ability == INFORMANT:
                self._informant_gain()
            elif ability == ZEALOT:
                self._zealot_gain()
            else:               # DIPLOMAT with no other Diplomat, MAGISTRATE with no token
                self._gain(me, 1, "diplomat" if ability == DIPLOMAT else "magistrate")
        elif verb == STORE:
            self._gain(me, 1, "diplomat")
            self._give(self.cursor, 2)
        else:   # CASH: the Diplomat's points, and it goes
            tokens = self.queue[self.cursor][-1][3]
            self._gain(me, tokens, "diplomat_cash")
            self._discard_actor("diplomat")
        self._finish()

    def _swap(self, fam: int, card: int) -> None:
        # [swap] The acting card back to the hand, a hand card face down in its place.
        c = self.cursor
        p = self.owner[fam]
        pile = self.queue[c]
        top = pile[-1]
        hand = self.hands[p]
        i = hand.index((fam, card))
        self.hands[p] = tuple(sorted(hand[:i] + hand[i + 1:] + (top[:2],)))
        self.queue[c] = pile[:-1] + ((fam, card, False, 0),)
        if self.condemned:
            self._release(top)
        if self.log is not None:
            self._emit("swap", player=self.players[p], card=top[:2], position=c + 1)
        self.cursor = c + 1

    # -- primitives -----------------------------------------------------------
    def _gain(self, p: int, amount: int, reason: str) -> None:
        self.influence[p] += amount
        if self.log is not None:
            self._emit("gain", player=self.players[p], amount=amount, reason=reason,
                       card=self.actor[:2])

    def _discard_actor(self, reason: str) -> None:
        """Discard the acting card if it is still on top at the cursor."""
        c = self.cursor
        if c < len(self.queue):
            top = self.queue[c][-1]
            if top[0] == self.actor[0] and top[1] == self.actor[1]:
                self._remove_top(c)
                if self.condemned:
                    self._release(top)
                p = self.owner[top[0]]
                self.discard[p] = self.discard[p] + (top[:2],)
                if self.log is not None:
                    self._emit("discard", player=self.players[p], card=top[:2],
                               reason=reason, position=c + 1)

    def _remove_top(self, i: int) -> Card:
        queue = self.queue
        pile = queue[i]
        card = pile[-1]
        if len(pile) == 1:
            del queue[i]
            if i < self.cursor:
                self.cursor -= 1
        else:
            queue[i] = pile[:-1]
        return card

    def _insert_pile(self, i: int, pile: Pile) -> None:
        self.queue.insert(i, pile)
        if i <= self.cursor:
            self.cursor += 1

    def _end_round(self) -> None:
        if self.log is not None:
            self._emit("round_end", round=self.round,
                       influence={self.players[p]: v for p, v in enumerate(self.influence)})
        if self.round >= self.rounds:
            if self.alliance:
                self._trade_pays("trade_end")
            self.phase = OVER
            self.mover = -1
            if self.log is not None:
                self._emit("end", influence={self.players[p]: v
                                             for p, v in enumerate(self.influence)},
                           winners=[self.players[p] for p in self.winners()])
            return
        if self.variant == "duo":
            for p in range(len(self.players)):
                pile = self.draw[p]
                if pile:
                    drawn = pile[:self.draw_size]
                    self.draw[p] = pile[self.draw_size:]
                    self.hands[p] = tuple(sorted(self.hands[p] + drawn))
                    if self.log is not None:
                        self._emit("draw", player=self.players[p], count=len(drawn))
        self.round += 1
        self.first = (self.first + 1) % len(self.players)
        self.phase = PLACEMENT
        self.order = self._placement_order()
        self.step = 0
        if self.log is not None:
            self._emit("round", round=self.round, first=self.players[self.first])
        if self.alliance:
            self._trade_pays("trade")

    def _placement_order(self) -> tuple:
        n = len(self.players)
        seats = tuple((self.first + k) % n for k in range(n))
        return seats * 2 if self.variant == "duo" else seats

    # -- the event log ----------------------------------------------------------
    def _emit(self, type_: str, **fields: object) -> None:
        if self.log is not None:
            fields["type"] = type_
            self.log.append(fields)

    def _emit_no_target(self) -> None:
        if self.log is not None:
            self._emit("no_effect", player=self.players[self.owner[self.actor[0]]],
                       card=self.actor[:2], position=self.cursor + 1)

    # -- chance: the deal of new_initial_state (interface 2) ---------------------------
    def _deal_slot(self) -> tuple[int, int, int]:
        """Where the next card of the deal goes: (seat, family, 0 for the hand
        or 1 for the draw pile); (-1, -1, -1) once every place is full. Each
        family's cards are dealt to the hand, then (duo) to the draw pile in
        order; the cards left over are the ones set aside, so the deal needs
        no step for them."""
        duo = self.variant == "duo"
        config = DEFAULT_CONFIG
        rest = len(self.box) - config.set_aside
        hand = min(config.duo_hand_per_family if duo else config.hand, rest)
        for p, fams in enumerate(self.families):
            for f in fams:
                if sum(1 for c in self.hands[p] if c[0] == f) < hand:
                    return (p, f, 0)
                if duo and sum(1 for c in self.draw[p] if c[0] == f) < rest - hand:
                    return (p, f, 1)
        return (-1, -1, -1)

    def chance_outcomes(self) -> list:
        """At the deal, each card the next place may get, all equally likely."""
        if self.phase != DEALING:
            return []
        p, f, _ = self._deal_slot()
        dealt = set(self.hands[p]) | set(self.draw[p])
        return uniform_outcomes([(DEAL, f, c) for c in self.box if (f, c) not in dealt])

    def _deal(self, fam: int, card: int) -> None:
        p, f, place = self._deal_slot()
        if self.phase != DEALING or fam != f or card not in self.box or \
                (fam, card) in self.hands[p] or (fam, card) in self.draw[p]:
            raise ValueError(f"not a card the deal gives here: {(DEAL, fam, card)!r}")
        if place == 0:
            self.hands[p] = tuple(sorted(self.hands[p] + ((fam, card),)))
        else:
            self.draw[p] = self.draw[p] + ((fam, card),)
        if self._deal_slot()[0] >= 0:
            return
        for q, fams in enumerate(self.families):
            dealt = set(self.hands[q]) | set(self.draw[q])
            self.set_aside[q] = tuple(sorted((g, c) for g in fams for c in self.box
                                             if (g, c) not in dealt))
            if self.variant == "duo":
                # the draw pile alternates the two families, the first on top
                per = [[c for c in self.draw[q] if c[0] == g] for g in fams]
                self.draw[q] = tuple(c for pair in zip(*per) for c in pair)
        self.start()

    # -- interface 2: information, payoffs, length ------------------------------------
    def information_key(self, seat: int) -> object:
        """What ``seat`` sees now and, in the tree of new_initial_state, what it
        saw after each step (interface.recalled_key): perfect recall."""
        return recalled_key(self, seat)

    def observation(self, seat: int) -> object:
        """What ``seat`` sees now (interface.seen_key, made without a copy:
        hidden.seen); during the deal, its own cards and how many every place
        holds."""
        if self.phase == DEALING:
            return (seat, DEALING, self.hands[seat], self.draw[seat],
                    tuple([len(h) for h in self.hands]), tuple([len(d) for d in self.draw]))
        return _seen(self, seat)

    def payoffs(self) -> tuple:
        """Won or lost: the rules name a winner (the most influence, ties broken
        by cards in the Queue) and count nothing beyond, so influence is a race,
        not points a player keeps: 1 shared among the winners."""
        return win_loss_payoffs(self)

    def steps_left(self) -> int:
        """An upper bound on the steps still to come (interface.length_limit):
        a round has at most ROUND_STEPS, the deal at most DEAL_STEPS."""
        if self.phase == OVER:
            return 0
        deal = DEAL_STEPS if self.phase == DEALING else 0
        return deal + (self.rounds - self.round + 1) * ROUND_STEPS

    # -- what a player may see ------------------------------------------------------
    def determinize(self, seat: int, rng: object) -> State:
        """A copy in which every card ``seat`` cannot see is dealt again,
        consistently with what it sees (hidden.py); ``rng`` has ``random()``."""
        return _determinize(self, seat, rng)

    def view(self, player: int) -> dict:
        """The state as ``player`` sees it: others' face-down cards and hands hidden."""
        mine = self.families[player]

        def shown(card):
            fam, c, up, tokens = card
            if up or fam in mine:
                return {"family": FAMILIES[fam], "card": CARDS[c], "up": up, "tokens": tokens}
            return {"family": FAMILIES[fam], "card": None, "up": False, "tokens": tokens}

        return {
            "round": self.round,
            "phase": PHASE_NAMES[self.phase],
            "first": self.players[self.first],
            "queue": [[shown(c) for c in pile] for pile in self.queue],
            "influence": dict(zip(self.players, self.influence)),
            "hand": [(FAMILIES[f], CARDS[c]) for f, c in self.hands[player]],
            "set_aside": [(FAMILIES[f], CARDS[c]) for f, c in self.set_aside[player]],
            "hand_sizes": {self.players[p]: len(h) for p, h in enumerate(self.hands)},
            "discard": {self.players[p]: [(FAMILIES[f], CARDS[c]) for f, c in d]
                        for p, d in enumerate(self.discard)},
            "reserve": {self.players[p]: [(FAMILIES[f], CARDS[c], t) for f, c, t in r]
                        for p, r in enumerate(self.reserve)},
            "condemned": [i + 1 for i, pile in enumerate(self.queue)
                          if pile[-1][0] * N_CARDS + pile[-1][1] in self.condemned],
            "to_move": self.players[self.mover] if self.mover >= 0 else None,
        }


# The engine implementation of every card: a new card (the Alliance box's, say)
# is one entry here and one in the card database.
ABILITIES = {
    ARCHER: State._targeting,
    SOLDIER: State._targeting,
    SPY: State._targeting,
    ASSASSINATION: State._targeting,
    HEIR: State._heir,
    LORD: State._lord,
    SHAPESHIFTER: State._shapeshifter,
    ROYAL_DECREE: State._royal_decree,
    AMBUSH: State._ambush,
    CONSPIRACY: State._conspiracy,
    EMPRESS: State._empress,
    ZEALOT: State._zealot,
    INFORMANT: State._informant,
    DIPLOMAT: State._diplomat,
    DESERTER: State._deserter,
    MAGISTRATE: State._magistrate,
    INSURRECTION: State._insurrection,
    EXTORTION: State._extortion,
    INFILTRATION: State._infiltration,
    TRADE: State._trade,
}


# The longest a game can be, in steps. A round: each seat places at most two
# cards (duo), five at most; then the cursor visits each pile once (at most
# 50: every card of five families) and once more for each card a Royal
# Decree moved behind it (five Decrees), and a visit asks at most a reveal
# and seven ability choices (a Shapeshifter copying an Alliance card asks
# three): 10 + 55 * 8 = 450. The deal: at most 35 cards (7 to each of five
# seats; the duo deals 28). Oriflamme's six rounds: 35 + 6 * 450 = 2,735.
ROUND_STEPS: Final = 450
DEAL_STEPS: Final = 35
MAX_LENGTH: Final = DEAL_STEPS + DEFAULT_CONFIG.rounds * ROUND_STEPS


def new_initial_state(players=3, *, variant="base", options=None, log=False,
                      box: tuple[int, ...] = BASE_BOX) -> State:
    """A game before its deal (interface 2): a chance node that deals each
    seat's hand (and, duo, its draw pile) one card a step; the cards left
    over are set aside. The setup numbers are the box's (DEFAULT_CONFIG)."""
    template = new_game(players, variant=variant, seed=0, options=options, box=box)
    state = State(template.players, template.families, variant=variant,
                  options=template.options, rounds=DEFAULT_CONFIG.rounds,
                  influence=[DEFAULT_CONFIG.influence] * len(template.players),
                  draw_size=DEFAULT_CONFIG.duo_draw, log=log, box=box)
    state.phase = DEALING
    state.trail = ()      # perfect recall in the game tree (interface.remember)
    state.mover = CHANCE
    return state


def new_game(players=3, *, variant="base", seed=0, options=None, config=DEFAULT_CONFIG,
             log=False, box: tuple[int, ...] = BASE_BOX) -> State:
    """Deal a new game from ``seed``.

    ``players`` is a count or a list of family names (base game); the duo
    variant seats north (red, green) against south (blue, yellow) unless
    given ``[(fams of north), (fams of south)]`` as family-name pairs.
    ``box`` is the ten kinds of card each family holds (boxes.parse_box).
    """
    box = tuple(sorted(box))
    rng = random.Random(seed)
    if variant == "duo":
        fam_pairs = DUO_DEFAULT_FAMILIES if isinstance(players, int) else tuple(
            tuple(FAMILIES.index(f) for f in pair) for pair in players)
        state = State(DUO_SEATS, fam_pairs, variant="duo", options=options,
                      rounds=config.rounds, influence=[config.influence] * 2,
                      draw_size=config.duo_draw, log=log, box=box)
        for p, fams in enumerate(fam_pairs):
            hand, aside, per_family = [], [], []
            for f in fams:
                cards = [(f, c) for c in box]
                rng.shuffle(cards)
                aside += cards[:config.set_aside]
                rest = cards[config.set_aside:]
                hand += rest[:config.duo_hand_per_family]
                per_family.append(rest[config.duo_hand_per_family:])
            # The draw pile alternates the two families, the first family on top.
            state.draw[p] = tuple(c for pair in zip(*per_family) for c in pair)
            state.hands[p] = tuple(sorted(hand))
            state.set_aside[p] = tuple(sorted(aside))
    else:
        names = FAMILIES[:players] if isinstance(players, int) else tuple(players)
        if not 3 <= len(names) <= 5:
            raise ValueError("the base game is for 3 to 5 players; use variant duo for 2")
        seats = [(FAMILIES.index(n),) for n in names]
        state = State(names, seats, options=options, rounds=config.rounds,
                      influence=[config.influence] * len(names), log=log, box=box)
        for p, (f,) in enumerate(seats):
            cards = [(f, c) for c in box]
            rng.shuffle(cards)
            state.set_aside[p] = tuple(sorted(cards[:config.set_aside]))
            state.hands[p] = tuple(sorted(cards[config.set_aside:
                                               config.set_aside + config.hand]))
    return state.start()
