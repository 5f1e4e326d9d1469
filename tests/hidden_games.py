"""Small games of hidden information in the shape of interface 2, for the
sequence-form solver's tests (engine/sequence_form.py): Kuhn poker,
imperfect-information Goofspiel, and random trees with chance and information
sets. Each state has ``mover`` (a seat, OVER or CHANCE), ``legal``/``apply``,
``chance_outcomes``, ``information_key(seat)``, ``payoffs`` and ``copy``:
what the solver reads, and nothing more (the Kuhn package in examples/games
is the game as players get it).
"""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations

from herald.engine.interface import CHANCE, OVER, GameFacts


class _State:
    players: tuple[str, ...] = ("P0", "P1")
    log = None
    halt_at_phase_end = False
    halted = False

    @property
    def mover(self) -> int:
        raise NotImplementedError

    @property
    def over(self) -> bool:
        return self.mover == OVER


# ---------------------------------------------------------------- Kuhn poker
KUHN_CARDS = ("J", "Q", "K")


class KuhnState(_State):
    """Kuhn poker: J < Q < K, one card each, ante 1, one bet of 1. Histories:
    "p" (pass or fold) and "b" (bet or call)."""

    def __init__(self):
        self.cards: tuple[str, str] | None = None
        self.history = ""

    def copy(self) -> KuhnState:
        s = type(self).__new__(type(self))     # a subclass (a test's faulty game) stays one
        s.cards, s.history = self.cards, self.history
        return s

    @property
    def mover(self) -> int:
        if self.cards is None:
            return CHANCE
        if self.history in ("pp", "bp", "bb", "pbp", "pbb"):
            return OVER
        return len(self.history) % 2

    def chance_outcomes(self):
        deals = list(permutations(KUHN_CARDS, 2))
        return [(d, Fraction(1, len(deals))) for d in deals]

    def legal(self) -> list[str]:
        return ["p", "b"]

    def apply(self, decision) -> None:
        if self.cards is None:
            self.cards = tuple(decision)
        else:
            self.history += decision

    def information_key(self, seat: int):
        return (None if self.cards is None else self.cards[seat], self.history)

    def key(self):
        return (self.cards, self.history)

    def payoffs(self) -> tuple[Fraction, Fraction]:
        h = self.history
        assert self.cards is not None
        if h == "bp":
            win = 1
        elif h == "pbp":
            win = -1
        else:
            stake = 1 if h == "pp" else 2
            mine, theirs = (KUHN_CARDS.index(c) for c in self.cards)
            win = stake if mine > theirs else -stake
        return (Fraction(win), Fraction(-win))


class Kuhn:
    name = "kuhn-test"
    interface_version = 2
    variants = ("base",)
    facts = GameFacts(2, 2, True, "imperfect", "zero_sum", (Fraction(-2), Fraction(2)), 3)

    def new_initial_state(self, players: int = 2, *, variant: str = "base", options=None):
        return KuhnState()


# ---------------------------------------------- imperfect-information Goofspiel
class GoofspielState(_State):
    """Goofspiel with ``n`` cards, the prizes turned up in descending order
    (so no chance), each seat bidding a card of its hand face down; only who
    won each prize is shown, never the bids (OpenSpiel's imp_info). Seat 0
    bids first, seat 1 second without seeing it: one simultaneous step. The
    payoff is 1 to the seat with more prize points, -1 to the other."""

    def __init__(self, n: int = 4):
        self.n = n
        self.bids: tuple[list[int], list[int]] = ([], [])
        self.results: list[int] = []        # per prize: 0 seat 0 won, 1 seat 1, -1 a tie

    def copy(self) -> GoofspielState:
        s = type(self).__new__(type(self))
        s.n, s.results = self.n, list(self.results)
        s.bids = (list(self.bids[0]), list(self.bids[1]))
        return s

    @property
    def mover(self) -> int:
        if len(self.results) == self.n:
            return OVER
        return 0 if len(self.bids[0]) == len(self.bids[1]) else 1

    def legal(self) -> list[int]:
        seat = self.mover
        return [c for c in range(1, self.n + 1) if c not in self.bids[seat]]

    def apply(self, decision) -> None:
        seat = self.mover
        self.bids[seat].append(decision)
        if seat == 1:
            a, b = self.bids[0][-1], decision
            self.results.append(-1 if a == b else (0 if a > b else 1))

    def information_key(self, seat: int):
        return (tuple(self.bids[seat]), tuple(self.results))

    def key(self):
        return (tuple(self.bids[0]), tuple(self.bids[1]))

    def payoffs(self) -> tuple[Fraction, Fraction]:
        points = [0, 0]
        for k, r in enumerate(self.results):
            if r >= 0:
                points[r] += self.n - k
        s = (points[0] > points[1]) - (points[0] < points[1])
        return (Fraction(s), Fraction(-s))


# -------------------------------------------------------------- random games
STEPS = (3, 4)       # the fewest and most steps of a random game
SEEN = 0.35          # the chance that a seat's decision is seen by the other
PRIVATE = ((True, False), (False, True))    # a chance outcome seen by one seat


class RandomGame:
    """A random two-player zero-sum game of hidden information with perfect
    recall, from ``seed``: a fixed schedule of steps, each a chance step
    (2 or 3 outcomes of random probabilities, mostly seen by one seat only) or a
    seat's decision (2 actions, or 3, seen by the other seat or not); a
    decision may end the game early (its first action, at steps so marked).
    Each seat's key is the step number with everything it saw, in order: its
    own actions always, so recall is perfect. Leaf payoffs are random
    integers in [-3, 3], a function of the whole history."""

    def __init__(self, seed: int):
        rng = random.Random(seed)
        self.seed = seed
        self.steps: list[tuple] = []
        seat = rng.randint(0, 1)
        for _ in range(rng.randint(STEPS[0], STEPS[1])):
            if rng.random() < 0.3:
                k = rng.randint(2, 3)
                weights = [rng.randint(1, 4) for _ in range(k)]
                probs = tuple(Fraction(w, sum(weights)) for w in weights)
                # mostly a private card: one seat sees it
                seen = rng.choice(PRIVATE * 2 + ((True, True), (False, False)))
                self.steps.append(("chance", probs, seen))
            else:
                seat = seat if rng.random() < 0.2 else 1 - seat     # mostly in turn
                actions = 3 if rng.random() < 0.25 else 2
                self.steps.append(("seat", seat, actions, rng.random() < SEEN,
                                   rng.random() < 0.25))
        self.payoff_cache: dict[tuple, Fraction] = {}

    def payoff(self, history: tuple) -> Fraction:
        if history not in self.payoff_cache:
            self.payoff_cache[history] = Fraction(
                random.Random(f"{self.seed}:{history}").randint(-3, 3))
        return self.payoff_cache[history]

    def new_initial_state(self) -> RandomState:
        return RandomState(self)


class RandomState(_State):
    def __init__(self, game: RandomGame):
        self.game = game
        self.history: tuple = ()
        self.seen: tuple[tuple, tuple] = ((), ())
        self.ended = False

    def copy(self) -> RandomState:
        s = RandomState.__new__(RandomState)
        s.game, s.history, s.seen, s.ended = self.game, self.history, self.seen, self.ended
        return s

    @property
    def step(self):
        return self.game.steps[len(self.history)]

    @property
    def mover(self) -> int:
        if self.ended or len(self.history) == len(self.game.steps):
            return OVER
        step = self.step
        return CHANCE if step[0] == "chance" else step[1]

    def chance_outcomes(self):
        return list(enumerate(self.step[1]))

    def legal(self) -> list[int]:
        return list(range(self.step[2]))

    def apply(self, decision) -> None:
        step, k = self.step, len(self.history)
        seen = list(self.seen)
        if step[0] == "chance":
            for seat in (0, 1):
                if step[2][seat]:
                    seen[seat] = seen[seat] + ((k, decision),)
        else:
            seat = step[1]
            seen[seat] = seen[seat] + ((k, decision),)
            if step[3]:
                seen[1 - seat] = seen[1 - seat] + ((k, decision),)
            if step[4] and decision == 0:
                self.ended = True
        self.seen = (seen[0], seen[1])
        self.history = self.history + (decision,)

    def information_key(self, seat: int):
        return (len(self.history), self.seen[seat])

    def key(self):
        return self.history

    def payoffs(self) -> tuple[Fraction, Fraction]:
        v = self.game.payoff(self.history)
        return (v, -v)
