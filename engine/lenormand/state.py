"""The Lenormand duel's rules: one mutable state, its legal decisions and their effects.

Representation: cards are their numbers; a hand is a sorted tuple; the reserve
is a list of six ``(card, up)`` slots (row 1 is slots 0–2, row 2 slots 3–5);
the draw pile is a tuple, top first; the discard a sorted tuple (its order
never matters: a reshuffle shuffles it in sorted order). A house's life is
the count of its life cards still showing: the lowest ones, since a house
always hides its highest showing card first (004: « V cache sa carte 35 sous
la carte 33 »), so the cards themselves need no list.

Players and houses: two players are civilisation (even) and nature (odd);
four players are two teams seated alternately, sharing their house's life;
a third player of three has no house (``NO_HOUSE``) and no life.

Decisions (first item the verb):

* ``(ATTACK, cards, house)``: play ``cards`` (sorted) from the hand against
  ``house``; ``(HEAL, cards)``: play them to regain lost life cards;
* ``(EXCHANGE, card, slot, up)``: lay ``card`` in reserve slot ``slot``
  (0-based), face up or down, and take the slot's card into the hand;
* ``(STOP,)``: end the turn without attacking (rule option ``turn:
  exchange_then_attack``, after the exchange).

Chance: in a position dealt by ``new_game`` or read by ``from_spec``, a
reshuffle of the discard is drawn from ``random.Random`` seeded by the game's
seed and the number of reshuffles so far, so a position (seed included)
decides everything that follows: the solver sees it all, like a double-dummy
solver, and every example replays the same. In the game tree of
``new_initial_state`` (``shuffle_by_chance``), the reshuffle is chance nodes
instead: when a player must draw from an empty pile (004: the discard is
shuffled to make a new draw pile), the table lays the discard's cards one at
a time, ``(SHUFFLE, card)``, each remaining card equally likely, as the new
pile from the top; then the player draws.

Memory: ``laid`` names, per reserve slot, the seat that laid its card there
(-1: the deal). A seat knows the face-down cards it laid itself (interface:
an information key holds them), so ``determinize`` keeps them for that seat.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..interface import (
    CHANCE,
    recalled_key,
    remember,
    uniform_outcomes,
    win_loss_payoffs,
)
from .cards import (
    CIVILISATION,
    HOUSE_INDEX,
    HOUSES,
    NATURE,
    NO_HOUSE,
    PLAY_CARDS,
    life_cards,
)
from .combinations import DEFAULT_TABLE, Table
from .hidden import determinize as _determinize
from .options import Options

ATTACK = 0
HEAL = 1
EXCHANGE = 2
STOP = 3
STOP_DECISION = (STOP,)
DEAL = 4        # chance: (DEAL, card) dealt to the next place of a new game's deal
SHUFFLE = 5     # chance: (SHUFFLE, card) laid next (from the top) in a reshuffled pile

# The turn's two steps under ``turn: exchange_then_attack`` (the default rule
# has only the first).
CHOOSE = 0
AFTER_EXCHANGE = 1

LIFE = len(life_cards(CIVILISATION))   # 8 life cards a house

# Exchange decisions built once per (hand, reserve size) and shared: the
# inner loop of simulations allocates little.
_EXCHANGES: dict = {}


def _exchanges(hand: tuple, slots: int) -> tuple:
    key = (hand, slots)
    hit = _EXCHANGES.get(key)
    if hit is None:
        hit = _EXCHANGES[key] = tuple((EXCHANGE, c, s, up) for c in hand
                                      for s in range(slots) for up in (False, True))
    return hit


@dataclass(frozen=True)
class Config:
    """The setup numbers and the attack table (the card database holds the same)."""
    hands: tuple = ((2, 4), (3, 4), (4, 3))   # (players, hand size): 20 cards go round
    reserve: int = 6
    max_turns: int = 200
    table: Table = field(default=DEFAULT_TABLE)

    def hand_size(self, players: int) -> int:
        return dict(self.hands)[players]


DEFAULT_CONFIG = Config()


def seating(players: int, first_house: int) -> tuple[tuple, tuple]:
    """Seat names and houses in playing order, the house ``first_house`` first:
    the two houses, then a third player without a house (004's « 3ème joueur »
    plays third), or two teams alternating."""
    other = 1 - first_house
    houses = {2: (first_house, other), 3: (first_house, other, NO_HOUSE),
              4: (first_house, other, first_house, other)}[players]
    names = {CIVILISATION: ["civilisation", "civilisation2"], NATURE: ["nature", "nature2"],
             NO_HOUSE: ["wanderer"]}
    return tuple(names[h].pop(0) for h in houses), houses


# The seats in the default order (civilisation first): a new game's, and an
# example file's when it lists its players as names only.
SEAT_NAMES = {n: seating(n, CIVILISATION)[0] for n in (2, 3, 4)}
SEAT_HOUSES = {n: seating(n, CIVILISATION)[1] for n in (2, 3, 4)}


class State:
    """A position of the Lenormand duel (2, 3 or 4 players)."""

    __slots__ = (
        "players", "houses", "options", "config", "hands", "reserve", "draw",
        "discard", "life", "taken", "turn", "step", "first", "mover", "seed",
        "shuffles", "ended", "log", "halt_at_phase_end", "halted", "laid",
        "shuffle_by_chance", "pending", "trail", "draw_by_chance",
    )

    # Random play almost never ends this duel (84 of 100 random games reach the
    # turn limit: exchanges outnumber attacks), and greedy duels played to
    # the end or cut after 2 to 16 decisions made searching bots no stronger
    # than greedy (about half their duels against it, 400 games at 6). So a
    # search judges each new node at once (a horizon of 0 decisions) by
    # ``estimate()``: the life margin and the blows the hands hold, a margin
    # of 3 worth about 0.88 (engine/ismcts.py). Against greedy, 100 duels
    # each (200 simulations): 60% with every blow counted alike, 66% and 62%
    # (two sets of deals) with the waiting player's counted half and a blow
    # that kills 2 more, 66% with 4 more: the weights below. 400 games at 200
    # simulations: 58.5%; at 400, 60.8% (55.9–65.4%), the budget below
    # (benchmarks/ismcts_strength.py; 200 with a third of the exploration
    # won 57% of 100 duels where 200 with UCT_C won 63%).
    playout = "greedy"
    playout_horizon = 0
    score_scale = 3
    potential_weight = 1.0      # the mover's best blow, in life cards
    waiting_weight = 0.5        # another player's: they strike after the mover
    kill_bonus = 4              # a blow that takes the last life card counts this much more
    search_simulations = 400    # the IS-MCTS bots' budget a decision (a duel: 0.7 s of CPU)

    def __init__(self, players=(), houses=(), *, options: Options | None = None,
                 config: Config = DEFAULT_CONFIG, first: int = 0, turn: int = 1,
                 seed: int = 0, life=None, log: bool = False) -> None:
        if not players:
            return   # an empty shell that copy() fills in
        self.players = tuple(players)
        self.houses = tuple(houses)
        self.options = options or Options()
        self.config = config
        n = len(self.players)
        self.hands: list[tuple] = [() for _ in range(n)]
        self.reserve: list[tuple] = []
        self.draw: tuple = ()
        self.discard: tuple = ()
        self.life = list(life) if life is not None else [LIFE, LIFE]
        self.taken = [0] * n           # life cards each player's attacks took
        self.turn = turn
        self.step = CHOOSE
        self.first = first
        self.mover = first
        self.seed = seed
        self.shuffles = 0
        # who laid each reserve slot's card (-1: the deal), for what a seat remembers
        self.laid: tuple = (-1,) * config.reserve
        # reshuffles are chance nodes (the tree of new_initial_state), not the seed's
        self.shuffle_by_chance = False
        # the draw pile's order unknown to all (a position's hidden cards dealt
        # by chance: hidden.py): each card drawn is a chance outcome among the
        # pile's, and a reshuffle only turns the discard into the pile
        self.draw_by_chance = False
        # during such a reshuffle: (the seat drawing, the cards it drew before it)
        self.pending: tuple | None = None
        # the steps each seat saw, for perfect recall (interface.remember): kept
        # in the tree of new_initial_state only
        self.trail: tuple | None = None
        # () while the game goes on; then ("life", last attacker) or ("turns", -1)
        self.ended: tuple = ()
        self.log: list | None = [] if log else None
        # Every turn is one decision (two with ``exchange_then_attack``) and
        # nothing automatic happens between turns, so the state never needs
        # to stop at a phase boundary: these exist for the generic interface.
        self.halt_at_phase_end = False
        self.halted = False

    def copy(self) -> State:
        s = State()
        s.players = self.players
        s.houses = self.houses
        s.options = self.options
        s.config = self.config
        s.hands = self.hands[:]
        s.reserve = self.reserve[:]
        s.draw = self.draw
        s.discard = self.discard
        s.life = self.life[:]
        s.taken = self.taken[:]
        s.turn = self.turn
        s.step = self.step
        s.first = self.first
        s.mover = self.mover
        s.seed = self.seed
        s.shuffles = self.shuffles
        s.ended = self.ended
        s.log = None if self.log is None else self.log[:]
        s.halt_at_phase_end = self.halt_at_phase_end
        s.halted = self.halted
        s.laid = self.laid
        s.shuffle_by_chance = self.shuffle_by_chance
        s.draw_by_chance = self.draw_by_chance
        s.pending = self.pending
        s.trail = self.trail
        return s

    # -- queries ------------------------------------------------------------
    @property
    def over(self) -> bool:
        return bool(self.ended)

    def resume(self) -> None:
        """Nothing to resume: the state never halts (see ``__init__``)."""

    def key(self) -> tuple:
        """Everything that matters for the future (the turn too: it bounds the game)."""
        k = (self.turn, self.step, self.mover, tuple(self.hands), tuple(self.reserve),
             self.draw, self.discard, tuple(self.life), tuple(self.taken),
             self.shuffles, self.ended)
        # mid-reshuffle (chance): who is drawing, and what they drew before it
        return k if self.pending is None else k + (self.pending,)

    def scores(self) -> tuple:
        """Each player's house's life minus the other house's (zero-sum between the
        houses); a player without a house scores the life cards they took."""
        civ, nat = self.life
        return tuple(civ - nat if h == CIVILISATION else nat - civ if h == NATURE
                     else self.taken[p] for p, h in enumerate(self.houses))

    # A won game counts this much on top of the life margin (at most 16 cards
    # taken by a houseless player): more than any margin (engine/evaluation.py).
    win_worth = 100

    def sides(self) -> tuple:
        """A side per house (partners share their house's life and its result);
        a houseless third player is a side alone."""
        return tuple(h if h != NO_HOUSE else len(HOUSES) + p
                     for p, h in enumerate(self.houses))

    def winners(self) -> list[int]:
        """The players of the house that still has life (004: « le dernier joueur à
        posséder des cartes de vie »), even when a houseless player took the other
        house's last life card; under ``third_player: spoiler`` that player wins
        alone. After the turn limit, the house with more life, or everyone with a
        house on a tie."""
        if not self.ended:
            return []
        how, last = self.ended
        if how == "life" and self.houses[last] == NO_HOUSE and \
                self.options.third_player == "spoiler":
            return [last]
        civ, nat = self.life
        if civ == nat:
            return [p for p, h in enumerate(self.houses) if h != NO_HOUSE]
        best = CIVILISATION if civ > nat else NATURE
        return [p for p, h in enumerate(self.houses) if h == best]

    def horizon(self, depth: str) -> object:
        """``phase``: the current turn; ``round``: every player's turn once; ``game``."""
        if depth == "phase":
            return (self.turn, bool(self.ended))
        if depth == "round":
            return ((self.turn - 1) // len(self.players), bool(self.ended))
        return bool(self.ended)

    def life_showing(self, house: int) -> tuple:
        """The life cards of ``house`` still showing, lowest first."""
        return life_cards(house)[:self.life[house]]

    def life_hidden(self, house: int) -> tuple:
        return life_cards(house)[self.life[house]:]

    def cards(self) -> list[int]:
        """Every card of the deck where it is, for invariant checks: play cards in
        hands, reserve, draw pile and discard, then both life columns."""
        out = [c for h in self.hands for c in h]
        out += [c for c, _ in self.reserve]
        out += list(self.draw) + list(self.discard)
        for house in (CIVILISATION, NATURE):
            out += self.life_showing(house) + self.life_hidden(house)
        return out

    # -- chance: the deal of new_initial_state (interface 2) --------------------
    def _deal_slot(self) -> int:
        """Where the next card of the deal goes: -1 the reserve (face down),
        a seat's hand, len(players) the draw pile, -2 once all is dealt. The
        reserve first, then each hand, then the draw pile from the top, as
        new_game deals the shuffled cards."""
        if self.mover != CHANCE:
            return -2
        if len(self.reserve) < self.config.reserve:
            return -1
        size = self.config.hand_size(len(self.players))
        for p, hand in enumerate(self.hands):
            if len(hand) < size:
                return p
        dealt = self.config.reserve + size * len(self.players) + len(self.draw)
        return len(self.players) if dealt < len(PLAY_CARDS) else -2

    def chance_outcomes(self) -> list:
        """During the deal, each card the next place may get; during a
        reshuffle, each card of the discard not yet laid in the new pile; all
        equally likely."""
        if self.pending is not None:
            if self.draw_by_chance:     # the next card drawn from the unordered pile
                return uniform_outcomes([(SHUFFLE, c) for c in sorted(set(self.draw))])
            return uniform_outcomes([(SHUFFLE, c) for c in self.discard])
        if self._deal_slot() == -2:
            return []
        dealt = set(self.cards())
        return uniform_outcomes([(DEAL, c) for c in PLAY_CARDS if c not in dealt])

    def _deal(self, card: int) -> None:
        where = self._deal_slot()
        if where == -2 or card not in PLAY_CARDS or card in self.cards():
            raise ValueError(f"not a card the deal gives here: {(DEAL, card)!r}")
        if where == -1:
            self.reserve = self.reserve + [(card, False)]
        elif where < len(self.players):
            self.hands[where] = tuple(sorted(self.hands[where] + (card,)))
        else:
            self.draw = self.draw + (card,)
        if self._deal_slot() == -2:
            self.mover = self.first

    def _shuffle(self, card: int) -> None:
        """Lay ``card`` of the discard under the new draw pile; once the
        discard is all laid, the player who was drawing draws on and the turn
        ends (as ``apply`` ends it after a refill)."""
        if self.draw_by_chance and self.pending is not None and card in self.draw:
            # the card drawn: the player draws on, and the turn ends after it
            i = self.draw.index(card)
            self.draw = self.draw[:i] + self.draw[i + 1:]
            p, drawn = self.pending
            self.pending = None
            self.mover = p
            self._refill(p, list(drawn) + [card])
            if self.pending is None and not self.ended:
                self._next_turn()
            return
        if self.pending is None or card not in self.discard:
            raise ValueError(f"not a card the reshuffle lays here: {(SHUFFLE, card)!r}")
        self.discard = tuple(c for c in self.discard if c != card)
        self.draw = self.draw + (card,)
        if self.discard:
            return
        p, drawn = self.pending
        self.pending = None
        self.mover = p
        self.shuffles += 1
        if self.log is not None:
            self._emit("reshuffle", count=len(self.draw))
        self._refill(p, list(drawn))
        if self.pending is None and not self.ended:
            self._next_turn()

    # -- interface 2: information, payoffs, length ----------------------------
    def information_key(self, seat: int) -> object:
        """What ``seat`` sees now and, in the tree of new_initial_state, what it
        saw after each step (interface.recalled_key): perfect recall."""
        return recalled_key(self, seat)

    def observation(self, seat: int) -> object:
        """What ``seat`` sees now (what seen_key would hold); during the deal, its
        hand and how many cards each place holds."""
        if self.mover == CHANCE and self.pending is None:
            return (seat, CHANCE, self.hands[seat], len(self.reserve),
                    tuple([len(h) for h in self.hands]), len(self.draw))
        # What determinize keeps (hidden.py), read directly rather than through
        # a canonical deal (seen_key): the solver asks it of both seats at
        # every step, and a deal costs a copy and a shuffle. Its own hand; the
        # reserve's face-up cards and the face-down ones it laid (its memory);
        # how many cards every other place hides.
        reserve = tuple([(c, up) if up or self.laid[k] == seat else (-1, False)
                         for k, (c, up) in enumerate(self.reserve)])
        pending = self.pending
        if pending is not None and pending[0] != seat:
            pending = (pending[0], len(pending[1]))
        return (seat, self.turn, self.step, self.mover, self.hands[seat],
                tuple([len(h) for h in self.hands]), reserve, len(self.draw),
                self.discard, tuple(self.life), tuple(self.taken), self.shuffles,
                self.ended, pending)

    def payoffs(self) -> tuple:
        """Won or lost: 004 names the winner, « le dernier joueur à posséder des
        cartes de vie » (the house with more life after the turn limit), and
        pays nothing for the life kept; the life margin is how the bots judge a
        position on the way (``estimate``), not what the rules pay. 1 shared
        among the winners (two partners: a half each)."""
        return win_loss_payoffs(self)

    def steps_left(self) -> int:
        """An upper bound on the steps still to come (interface.length_limit):
        the deal's cards, then at most two decisions a turn (an exchange, then
        an attack or stop) up to the turn limit."""
        if self.ended:
            return 0
        deal = len(PLAY_CARDS) if self.mover == CHANCE and self.pending is None else 0
        turns = max(0, self.config.max_turns - self.turn + 1)
        if not self.shuffle_by_chance and not self.draw_by_chance:
            return deal + 2 * turns
        # a reshuffle lays cards of the discard: those there now, and at most
        # the 3 cards of each turn's attack or heal to come
        return deal + len(self.discard) + 5 * turns

    # -- legal decisions ----------------------------------------------------
    def legal(self) -> list:
        """The decisions of the player to move, in a fixed order: attacks (pairs,
        then triples), heals, then exchanges (by card, slot, face down first), or
        stopping."""
        p = self.mover
        if self.ended or p < 0:       # over, or the deal (chance) goes on
            return []
        out = self._plays(p)
        if self.step == AFTER_EXCHANGE:
            out.append(STOP_DECISION)
            return out
        exchanges = _exchanges(self.hands[p], len(self.reserve))
        if self.options.turn == "exchange_then_attack":
            return list(exchanges)
        out.extend(exchanges)
        return out

    def _plays(self, p: int) -> list:
        house = self.houses[p]
        table = self.config.table
        plays = table.playable(self.hands[p], house, self.options.other_supports == "barred")
        if not plays:
            return []
        if house == NO_HOUSE:
            targets = [h for h in (CIVILISATION, NATURE) if self.life[h] > 0]
        else:
            targets = [1 - house]
        out: list = [(ATTACK, cards, t) for cards, _, _ in plays for t in targets]
        if house != NO_HOUSE and self.life[house] < LIFE:
            if self.options.heal == "combination":
                out += [(HEAL, cards) for cards, _, _ in plays]
            else:
                out += [(HEAL, cards) for cards, _, _ in plays
                        if len(cards) == 2 and cards[1] == cards[0] + 1]
        return out

    def heal_amount(self, cards: tuple) -> int:
        """How many life cards ``cards`` would bring back (before the limit)."""
        if self.options.heal == "pair_one":
            return 1
        return self._value(cards, self.houses[self.mover])[1]

    def _value(self, cards: tuple, house: int) -> tuple:
        return self.config.table.value(cards, house, self.options.other_supports == "barred")

    # -- applying decisions ---------------------------------------------------
    def apply(self, d: tuple) -> None:
        """Apply a legal decision and move on to the next player (or the end)."""
        mover = self.mover
        self._play(d)
        if self.trail is not None:
            self.trail = remember(self, mover, d)

    def _play(self, d: tuple) -> None:
        verb = d[0]
        if verb == ATTACK:
            self._attack(d[1], d[2])
        elif verb == HEAL:
            self._heal(d[1])
        elif verb == EXCHANGE:
            self._exchange(d[1], d[2], d[3])
            if self.options.turn == "exchange_then_attack" and self._plays(self.mover):
                self.step = AFTER_EXCHANGE
                return
        elif verb == STOP:
            pass
        elif verb == DEAL:
            self._deal(d[1])
            return
        elif verb == SHUFFLE:
            self._shuffle(d[1])
            return
        else:
            raise ValueError(f"unknown decision {d!r}")
        if not self.ended and self.pending is None:
            self._next_turn()

    def play_random(self, rand) -> int:
        """Play to the end, each decision uniform among the legal ones; ``rand``
        returns floats in [0, 1). Returns the number of decisions."""
        n = 0
        while not self.ended:
            if self.mover < 0:     # chance (the tree of new_initial_state)
                outcomes = self.chance_outcomes()
                self.apply(outcomes[int(rand() * len(outcomes))][0])
                n += 1
                continue
            # The same choice as ``legal()[int(rand() * len(legal()))]`` (the
            # random bot's), without building the list of exchanges.
            if self.step == CHOOSE and self.options.turn == "either":
                plays = self._plays(self.mover)
                exchanges = _exchanges(self.hands[self.mover], len(self.reserve))
                i = int(rand() * (len(plays) + len(exchanges)))
                self.apply(plays[i] if i < len(plays) else exchanges[i - len(plays)])
            else:
                legal = self.legal()
                self.apply(legal[int(rand() * len(legal))])
            n += 1
        return n

    def _gain(self, d: tuple) -> int:
        """What the greedy bot sees in play ``d`` one decision ahead: the life it
        moves between the houses, and a win above any of it."""
        p = self.mover
        if d[0] == ATTACK:
            life = self.life[d[2]]
            amount = min(self._value(d[1], self.houses[p])[1], life)
            return amount + (1000 if amount == life else 0)
        house = self.houses[p]
        return min(self.heal_amount(d[1]), LIFE - self.life[house])

    def estimate(self) -> tuple:
        """Each player's score and what their hand threatens: ``scores()`` plus
        the most life one play of their hand would take (``kill_bonus`` more
        when it takes the last), weighed ``potential_weight`` for the mover and
        ``waiting_weight`` for the others. The searching bots judge a simulated
        game cut short by it; a determinized world's hands are dealt from what
        the bot sees, so it reads no hidden card."""
        table = self.config.table
        barred = self.options.other_supports == "barred"
        out = []
        for p, (s, h) in enumerate(zip(self.scores(), self.houses)):
            w = self.potential_weight if p == self.mover else self.waiting_weight
            best = 0.0
            life = self.life[1 - h] if h != NO_HOUSE else min(self.life)
            for _, _, amount in table.playable(self.hands[p], h, barred):
                a = min(amount, life) + (self.kill_bonus if amount >= life else 0)
                if a > best:
                    best = a
            out.append(s + w * best)
        return tuple(out)

    def promise(self, d: tuple) -> int:
        """How promising ``d`` looks to the mover, for the order in which a search
        tries its decisions: a play's gain (``_gain``), an exchange's best attack
        in the hand it leaves, less one (a blow now beats the same blow later)."""
        if d[0] in (ATTACK, HEAL):
            return self._gain(d)
        if d[0] != EXCHANGE:
            return 0
        p = self.mover
        took = self.reserve[d[2]][0]
        hand = tuple(sorted([c for c in self.hands[p] if c != d[1]] + [took]))
        plays = self.config.table.playable(hand, self.houses[p],
                                           self.options.other_supports == "barred")
        return max((amount for _, _, amount in plays), default=0) - 1

    def _play_cards(self, cards: tuple) -> None:
        p = self.mover
        self.hands[p] = tuple(c for c in self.hands[p] if c not in cards)
        self.discard = tuple(sorted(self.discard + cards))

    def _attack(self, cards: tuple, house: int) -> None:
        p = self.mover
        line, amount = self._value(cards, self.houses[p])
        self._play_cards(cards)
        before = self.life[house]
        lost = min(amount, before)
        self.life[house] = before - lost
        self.taken[p] += lost
        if self.log is not None:
            self._emit("attack", player=self.players[p], cards=list(cards), line=line,
                       amount=amount, house=HOUSES[house],
                       lost=list(reversed(life_cards(house)[before - lost:before])),
                       life=self.life[house])
        if self.life[house] == 0:
            self._end("life", p)
            return
        self._refill(p)

    def _heal(self, cards: tuple) -> None:
        p = self.mover
        house = self.houses[p]
        line = self._value(cards, house)[0]
        amount = self.heal_amount(cards)
        self._play_cards(cards)
        before = self.life[house]
        self.life[house] = min(LIFE, before + amount)
        if self.log is not None:
            self._emit("heal", player=self.players[p], cards=list(cards), line=line,
                       amount=self.life[house] - before, house=HOUSES[house],
                       regained=list(life_cards(house)[before:self.life[house]]),
                       life=self.life[house])
        self._refill(p)

    def _exchange(self, card: int, slot: int, up: bool) -> None:
        p = self.mover
        took, was_up = self.reserve[slot]
        self.reserve[slot] = (card, up)
        self.laid = self.laid[:slot] + (p,) + self.laid[slot + 1:]
        self.hands[p] = tuple(sorted([c for c in self.hands[p] if c != card] + [took]))
        if self.log is not None:
            self._emit("exchange", player=self.players[p], card=card, slot=slot + 1,
                       up=up, took=took, took_up=was_up, face="up" if up else "down")

    def _refill(self, p: int, drawn: list | None = None) -> None:
        """Draw up to the hand size; an empty draw pile is the shuffled discard
        (in the tree of new_initial_state, chance lays it: ``_shuffle`` calls
        back with the cards ``drawn`` before it)."""
        drawn = drawn if drawn is not None else []
        want = self.config.hand_size(len(self.players)) - len(self.hands[p])
        while len(drawn) < want:
            if not self.draw:
                if not self.discard:
                    break
                if self.draw_by_chance:     # a pile no one knows the order of
                    self.draw = self.discard
                    self.discard = ()
                    self.shuffles += 1
                    if self.log is not None:
                        self._emit("reshuffle", count=len(self.draw))
                elif self.shuffle_by_chance:
                    self.pending = (p, tuple(drawn))
                    self.mover = CHANCE
                    return
                else:
                    pile = list(self.discard)
                    random.Random(self.seed * 1_000_003 + self.shuffles).shuffle(pile)
                    self.shuffles += 1
                    self.draw = tuple(pile)
                    self.discard = ()
                    if self.log is not None:
                        self._emit("reshuffle", count=len(pile))
            # (the last turn's draw is no chance: no one ever plays or sees it)
            if self.draw_by_chance and len(set(self.draw)) > 1 and \
                    self.turn < self.config.max_turns:
                self.pending = (p, tuple(drawn))
                self.mover = CHANCE
                return
            drawn.append(self.draw[0])
            self.draw = self.draw[1:]
        if drawn:
            self.hands[p] = tuple(sorted(self.hands[p] + tuple(drawn)))
            if self.log is not None:
                self._emit("draw", player=self.players[p], cards=drawn, count=len(drawn))

    def _next_turn(self) -> None:
        self.step = CHOOSE
        self.turn += 1
        if self.turn > self.config.max_turns:
            self._end("turns", -1)
            return
        self.mover = (self.mover + 1) % len(self.players)

    def _end(self, how: str, last: int) -> None:
        self.ended = (how, last)
        self.mover = -1
        if self.log is not None:
            self._emit("end", reason=how,
                       winners=[self.players[p] for p in self.winners()],
                       life={HOUSES[h]: self.life[h] for h in (CIVILISATION, NATURE)})

    def _emit(self, type_: str, **fields: object) -> None:
        if self.log is not None:
            fields["type"] = type_
            self.log.append(fields)

    def determinize(self, seat: int, rng: object) -> State:
        """A copy in which every card ``seat`` cannot see is dealt again,
        consistently with what it sees (hidden.py); ``rng`` has ``random()``."""
        return _determinize(self, seat, rng)

    # -- what a player may see -------------------------------------------------
    def view(self, player: int) -> dict:
        """The position as ``player`` sees it: others' hands, the draw pile and the
        reserve's face-down cards hidden (what one remembers laying is not kept)."""
        return {
            "turn": self.turn,
            "to_move": self.players[self.mover] if self.mover >= 0 else None,
            "hand": list(self.hands[player]),
            "hand_sizes": {self.players[p]: len(h) for p, h in enumerate(self.hands)},
            "reserve": [c if up else None for c, up in self.reserve],
            "draw": len(self.draw),
            "discard": list(self.discard),
            "life": {HOUSES[h]: self.life[h] for h in (CIVILISATION, NATURE)},
        }


def new_initial_state(players=2, *, options=None, config: Config = DEFAULT_CONFIG,
                      log=False) -> State:
    """A game before its deal (interface 2): a chance node that deals the
    reserve (face down), each hand and the draw pile one card a step. A
    reshuffle of the discard later in the game is chance nodes too
    (``shuffle_by_chance``, module docstring)."""
    if players not in SEAT_NAMES:
        raise ValueError("the Lenormand duel seats 2 players (3 or 4 in its variant)")
    options = options or Options()
    names, houses = seating(players, HOUSE_INDEX[options.first_player])
    state = State(names, houses, options=options, config=config, first=0, seed=0, log=log)
    state.mover = CHANCE
    state.shuffle_by_chance = True
    state.trail = ()
    return state


def new_game(players=2, *, seed=0, options=None, config: Config = DEFAULT_CONFIG,
             log=False) -> State:
    """Deal a new game from ``seed``: life columns laid out, the 20 play cards
    shuffled into the reserve (face down), a hand for each player and the draw
    pile. The house the rule option ``first_player`` names plays first
    (civilisation by default: 004 gives the even cards to « le premier joueur »).
    ``players`` is 2, 3 or 4."""
    if players not in SEAT_NAMES:
        raise ValueError("the Lenormand duel seats 2 players (3 or 4 in its variant)")
    options = options or Options()
    rng = random.Random(seed)
    deck = list(PLAY_CARDS)
    rng.shuffle(deck)
    first_house = HOUSE_INDEX[options.first_player]
    names, houses = seating(players, first_house)
    state = State(names, houses, options=options, config=config, first=0, seed=seed,
                  log=log)
    r = config.reserve
    state.reserve = [(c, False) for c in deck[:r]]
    k = r
    size = config.hand_size(players)
    for p in range(players):
        state.hands[p] = tuple(sorted(deck[k:k + size]))
        k += size
    state.draw = tuple(deck[k:])
    return state


__all__ = ["ATTACK", "HEAL", "EXCHANGE", "STOP", "DEAL", "SHUFFLE", "Config",
           "DEFAULT_CONFIG", "LIFE", "SEAT_HOUSES", "SEAT_NAMES", "State", "new_game",
           "seating", "NO_HOUSE", "HOUSES"]
