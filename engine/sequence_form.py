"""The exact value of a two-player zero-sum game of hidden information and chance.

The sequence form (Koller, Megiddo and von Stengel 1996; von Stengel,
"Efficient computation of behavior strategies", 1996): the game tree is walked
once from a root (interface 2: ``mover`` is a seat, ``CHANCE`` or ``OVER``;
``chance_outcomes``, ``information_key``, ``payoffs``). Each seat's
*sequences* are the paths of its own decisions through its information sets
(the states where it decides with equal ``information_key``); a leaf adds its
payoff, weighed by the chance of reaching it, to the entry of the pair of
sequences that lead to it (a step with a single legal decision or a single
chance outcome is played through: it is no choice). A strategy is then a *realization plan* (each
sequence's probability of being played through), and the game's value is one
linear program:

    max q_root  over x ≥ 0, q ≥ 0
    s.t. E x = e                        (x is seat 0's realization plan)
         F^T q ≤ A^T x                  (q: seat 1's best reply, by information set)

with A shifted so that every payoff is at least 1 (then the best reply's
values q are never negative, and all variables are non-negative). The same
program with the seats exchanged gives seat 1's plan. Solved:

* ``exact``: an exact simplex in Fractions over sparse rows (Bland's rule, so
  degenerate pivots never cycle), started from the basis of a pure strategy
  (always feasible here, so no first phase): small trees (Kuhn poker: −1/18);
* ``float``: HiGHS's dual simplex through SciPy (``scipy.optimize.linprog``,
  tolerances 1e-10): well kept, sparse, and it solves Leduc hold'em's two
  programs in a fraction of a second, far faster than the exact simplex on
  any tree past a hundred sequences; the strategies it returns are rounded
  to fractions of small denominators (so a 0.3333333333 is 1/3) when the
  rounded pair checks as an exact equilibrium, else kept as the floats' own
  binary fractions. Where no rounding is an equilibrium, the vertex HiGHS
  found is solved again exactly (the variables it leaves above zero and the
  inequalities it leaves tight, as equations in Fractions): Leduc hold'em's
  value, -1454920850547486749701863871533/16995463438839962469905132501930,
  certified with exploitability 0. Without SciPy, ``auto`` takes the exact
  simplex;
* ``cfr``: counterfactual regret minimisation (engine/cfr.py) for trees too
  large for a linear program, with the exploitability of what it returns.

Whatever the method, the strategies are checked the same way, exactly: a best
reply to each is computed in Fractions over the same sequences, giving the
interval ``bounds`` the value lies in and the ``exploitability`` (what the two
best replies gain together, halved, as OpenSpiel reports it); 0 means an
exact equilibrium, and then the value is a Fraction.

Payoffs: a constant-sum game (the win/loss games: 1 shared among the winners)
is solved for seat 0's payoff, seat 1's being the constant less it. A game of
more than two seats, or whose payoffs do not sum to one constant, has no
single value: a clear ValueError says why.
"""
from __future__ import annotations

import functools
import gc
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import Any, TypeVar

from .interface import CHANCE, OVER
from .simultaneous import SearchLimit

METHODS = ("auto", "exact", "float", "cfr")
# ``auto`` takes the exact simplex up to this many sequences (both seats),
# HiGHS beyond: the exact simplex's pivots cost a Fraction row operation each
# and its rows fill in: Kuhn poker (26 sequences) takes 0.03 s, Goofspiel of
# 4 cards (350) 26 s where HiGHS takes 0.1 s and its rounded strategies
# certify as an exact equilibrium all the same.
EXACT_SEQUENCES = 120
# The denominators HiGHS's floating strategies are rounded to, in turn, until
# the exact best replies find the rounded pair an equilibrium (None: the
# floats' own binary fractions, when no rounding is one).
ROUNDINGS = (1000, 10**6, None)
# shared constants of the linear programs' rows (Fractions are immutable)
_ZERO, _ONE, _MINUS_ONE = Fraction(0), Fraction(1), Fraction(-1)
# Nodes between two looks at the clock while walking the tree.
_CHECK_EVERY = 1024
# The node budget unless one is given (None: no budget): the walk keeps a
# payoff entry per leaf, a few hundred bytes each, so a million nodes is
# within a few hundred megabytes; and a game that never ends stops here.
DEFAULT_MAX_NODES = 1_000_000


class TreeLimit(SearchLimit):
    """The tree is larger than a budget allows (a SearchLimit, as the other
    exact solvers raise, so a command catches all of them alike)."""

    def __init__(self, nodes: int, seconds: float, reason: str, infosets: int = 0):
        Exception.__init__(
            self, f"not solved within the {reason}: the tree reached {nodes:,} nodes "
                  f"and {infosets:,} information sets in {seconds:.1f} s")
        self.nodes, self.seconds, self.reason, self.infosets = nodes, seconds, reason, infosets


_F = TypeVar("_F", bound=Callable[..., Any])


def _uncollected(func: _F) -> _F:
    """``func`` run with Python's cyclic garbage collector held off. A walk
    makes hundreds of thousands of tuples (trails, keys, payoff entries) and
    no reference cycle (reference counting frees all it drops); the
    collector's passes over them, more and longer as they pile up, over the
    rest of the process's objects too, took a third of the walk's time. It
    runs again afterwards, and collects then whatever it was held off from."""
    @functools.wraps(func)
    def run(*args: Any, **kwargs: Any) -> Any:
        if not gc.isenabled():
            return func(*args, **kwargs)
        gc.disable()
        try:
            return func(*args, **kwargs)
        finally:
            gc.enable()
    return run  # type: ignore[return-value]


# ------------------------------------------------------------------ the sequence form
@dataclass
class InfoSet:
    key: Hashable           # the seat's information_key
    parent: int             # the seat's sequence leading here (0: none yet)
    actions: tuple          # the legal decisions, in the state's order
    first: int              # the sequence of actions[0]; actions[k] is first + k


@dataclass
class Treeplex:
    """One seat's information sets and sequences (sequence 0 is the empty one)."""
    infosets: list[InfoSet] = field(default_factory=list)
    index: dict = field(default_factory=dict)           # information key -> infoset number
    seq_infoset: list[int] = field(default_factory=lambda: [-1])   # owner infoset (-1: empty)
    children: list[list[int]] = field(default_factory=lambda: [[]])  # infosets after a sequence

    @property
    def sequences(self) -> int:
        return len(self.seq_infoset)

    def add(self, key, parent: int, actions: tuple) -> int:
        number = len(self.infosets)
        first = len(self.seq_infoset)
        self.infosets.append(InfoSet(key, parent, actions, first))
        self.index[key] = number
        self.seq_infoset.extend([number] * len(actions))
        self.children.extend([] for _ in actions)
        self.children[parent].append(number)
        return number

    def plan(self, behaviour: list[list]) -> list:
        """The realization plan of a behaviour strategy (per infoset, the
        probability of each action): each sequence's probability."""
        x: list = [1] + [0] * (self.sequences - 1)
        for number, info in enumerate(self.infosets):       # parents come first
            reach = x[info.parent]
            for k, p in enumerate(behaviour[number]):
                x[info.first + k] = reach * p
        return x

    def behaviour(self, x: list) -> list[list[Fraction]]:
        """Per infoset, each action's probability given the plan ``x`` (uniform
        where the seat's own play never reaches the infoset)."""
        out = []
        for info in self.infosets:
            n = len(info.actions)
            reach = x[info.parent]
            if reach > 0:
                out.append([x[info.first + k] / reach for k in range(n)])
            else:
                out.append([Fraction(1, n)] * n)
        return out


@dataclass
class SequenceForm:
    """The game as two treeplexes and a sparse payoff: ``payoff[(s0, s1)]`` is
    seat 0's payoff summed over the leaves the two sequences lead to, each
    weighed by its chance probability; ``weight[(s0, s1)]`` the chance alone."""
    seats: tuple[Treeplex, Treeplex]
    payoff: dict[tuple[int, int], Fraction]
    weight: dict[tuple[int, int], Fraction]
    nodes: int
    leaves: int
    total: Fraction          # seat 0's payoff plus seat 1's at every leaf
    players: tuple
    roots: int = 1           # the deals the root chooses among (build_deals)

    @property
    def sequences(self) -> tuple[int, int]:
        return (self.seats[0].sequences, self.seats[1].sequences)

    @property
    def infosets(self) -> tuple[int, int]:
        return (len(self.seats[0].infosets), len(self.seats[1].infosets))


def build(state, *, max_nodes: int | None = DEFAULT_MAX_NODES, time_limit: float | None = None,
          started: float | None = None) -> SequenceForm:
    """Walk the whole tree from ``state`` (left unchanged) into its sequence form.

    Raises TreeLimit past ``max_nodes`` nodes or ``time_limit`` seconds, and
    ValueError for a game that has no single value (not two seats, payoffs of
    no constant sum) or whose information keys break perfect recall.
    """
    return build_deals([(state, Fraction(1))], max_nodes=max_nodes, time_limit=time_limit,
                       started=started)


@_uncollected
def build_deals(deals, *, max_nodes: int | None = DEFAULT_MAX_NODES,
                time_limit: float | None = None, started: float | None = None) -> SequenceForm:
    """:func:`build` from a root that is a chance node given as its outcomes:
    ``deals``, an iterable of ``(state, probability)`` (a position's hidden
    cards dealt every way they may lie: engine/hidden_position.py), read one
    at a time, so that a budget stops a long one before it is all made. The
    probabilities must sum to 1."""
    began = time.perf_counter() if started is None else started
    walk = _Walk(max_nodes, None if time_limit is None else began + time_limit, began)
    players: tuple = ()
    total = Fraction(0)
    roots = 0
    for state, p in deals:
        if type(p) not in (int, Fraction) or p < 0:
            raise ValueError("a deal's probability is not an exact Fraction ≥ 0")
        players = tuple(getattr(state, "players", ()))
        if len(players) != 2:
            raise ValueError(
                f"an exact value with hidden cards is defined for two players with opposed "
                f"interests; this game seats {len(players)}, and with more than two no "
                f"single value exists (players may gang up)")
        total += p
        roots += 1
        if not p:
            continue
        root = state.copy()
        if hasattr(root, "log"):
            root.log = None
        if hasattr(root, "halt_at_phase_end"):
            root.halt_at_phase_end = False
        walk.expand(root, Fraction(p), 0, 0)
    if roots and total != 1:
        raise ValueError(f"the deals' probabilities sum to {total}, not 1")
    if walk.leaves == 0:
        raise ValueError("the game tree has no end: no leaf was reached")
    assert walk.total is not None
    return SequenceForm((walk.seats[0], walk.seats[1]), walk.payoff, walk.weight,
                        walk.nodes, walk.leaves, walk.total, players, roots)


def _outcomes(s) -> list[tuple[Any, Fraction]]:
    """A chance node's outcomes, checked: pairs of an outcome and an exact
    probability (int or Fraction: a float's 1/3 would not sum to 1), none
    negative, summing to 1."""
    try:
        outcomes = [(o, p) for o, p in s.chance_outcomes()]
    except (TypeError, ValueError):
        raise ValueError("chance_outcomes() did not give (outcome, probability) "
                         "pairs") from None
    if any(type(p) not in (int, Fraction) for _, p in outcomes):
        raise ValueError("a chance probability is not an exact Fraction")
    if sum(p for _, p in outcomes) != 1 or any(p < 0 for _, p in outcomes):
        raise ValueError("a chance node's probabilities are not a distribution "
                         "(negative, or not summing to 1)")
    return outcomes


class _Walk:
    def __init__(self, max_nodes, deadline, began):
        self.seats = (Treeplex(), Treeplex())
        self.payoff: dict[tuple[int, int], Fraction] = {}
        self.weight: dict[tuple[int, int], Fraction] = {}
        self.nodes = 0
        self.leaves = 0
        self.total: Fraction | None = None
        self._checked: dict[int, Fraction | int] = {}    # id of a payoffs tuple -> seat 0's
        self._kept: list[tuple] = []                      # those tuples
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.began = began

    def count(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            self.stop(f"node budget ({self.max_nodes:,} nodes)")
        if self.deadline is not None and self.nodes % _CHECK_EVERY == 0 \
                and time.perf_counter() > self.deadline:
            self.stop(f"time budget ({self.deadline - self.began:g} s)")

    def stop(self, reason: str):
        raise TreeLimit(self.nodes, time.perf_counter() - self.began, reason,
                        sum(len(t.infosets) for t in self.seats))

    def expand(self, s, reach: Fraction, s0: int, s1: int) -> None:
        # forced steps (one legal decision, one chance outcome) are played in
        # this loop, not by recursion, so a long game does not go deep
        while True:
            self.count()
            while getattr(s, "halted", False) and s.mover != OVER:
                s.resume()
            mover = s.mover
            if mover == OVER:
                self.leaf(s, reach, s0, s1)
                return
            if mover == CHANCE:
                outcomes = _outcomes(s)
                outcomes = [(o, p) for o, p in outcomes if p]
                if len(outcomes) == 1:
                    s.apply(outcomes[0][0])
                    continue
                for outcome, p in outcomes:
                    child = s.copy()
                    child.apply(outcome)
                    self.expand(child, reach * p, s0, s1)
                return
            legal = list(s.legal())
            if not legal:
                raise ValueError("a seat is to decide with no legal decision, the game not over")
            if len(legal) == 1:                 # forced: no choice, no sequence
                s.apply(legal[0])
                continue
            seq = s0 if mover == 0 else s1
            first = self.infoset(mover, s.information_key(mover), seq, tuple(legal))
            for k, d in enumerate(legal):
                child = s.copy()
                child.apply(d)
                if mover == 0:
                    self.expand(child, reach, first + k, s1)
                else:
                    self.expand(child, reach, s0, first + k)
            return

    def infoset(self, seat: int, key, parent: int, actions: tuple) -> int:
        """The first sequence of ``seat``'s information set ``key``, created
        at its first visit; later visits must agree (perfect recall)."""
        plex = self.seats[seat]
        try:
            number = plex.index.get(key)
        except TypeError:
            raise ValueError(f"seat {seat}'s information key is not hashable: "
                             f"{type(key).__name__}") from None
        if number is None:
            try:
                for a in actions:
                    hash(a)
            except TypeError:
                raise ValueError("a decision is not hashable: the solver names strategies "
                                 "by decision") from None
            number = plex.add(key, parent, actions)
        info = plex.infosets[number]
        if info.parent != parent:
            raise ValueError(f"seat {seat}'s information key {key!r} is reached after "
                             f"different decisions of its own (the seat forgot what it "
                             f"did: no perfect recall)")
        if info.actions != actions:
            raise ValueError(f"seat {seat}'s information key {key!r} has different legal "
                             f"decisions in two positions (the key leaves out something "
                             f"the seat sees)")
        return info.first

    def leaf(self, s, reach: Fraction, s0: int, s1: int) -> None:
        try:
            raw = s.payoffs()
        except (TypeError, ValueError):
            raise ValueError("payoffs() gave something other than numbers") from None
        # a game that shares its payoff tuples (interface.win_loss_payoffs)
        # has each one checked once: seat 0's payoff, as taken, by the tuple's
        # identity (the tuple is kept in ``_kept``, so its id stays its own;
        # a game that makes new tuples has only its first few kept)
        pay0 = self._checked.get(id(raw))
        if pay0 is None:
            pay0 = self.check_payoffs(raw)
            if type(raw) is tuple and len(self._kept) < 64:
                self._checked[id(raw)] = pay0
                self._kept.append(raw)
        self.leaves += 1
        pair = (s0, s1)
        payoff = self.payoff
        if pay0:
            # (exact sums in any order are the same Fraction; a payoff of 1
            # needs no product)
            gain = reach if pay0 == 1 else reach * pay0
            old = payoff.get(pair)
            payoff[pair] = gain if old is None else old + gain
        elif pair not in payoff:
            payoff[pair] = _ZERO
        old = self.weight.get(pair)
        self.weight[pair] = reach if old is None else old + reach

    def check_payoffs(self, raw) -> Fraction | int:
        """Seat 0's payoff in ``raw`` (a leaf's payoffs), checked: two exact
        numbers (an int or a Fraction is taken as it is), summing to the
        same total at every leaf."""
        try:
            pay = tuple(p if type(p) in (int, Fraction) else Fraction(p) for p in raw)
        except (TypeError, ValueError):
            raise ValueError("payoffs() gave something other than numbers") from None
        if len(pay) != 2:
            raise ValueError(f"payoffs() gave {len(pay)} values for two seats")
        total = pay[0] + pay[1]
        if self.total is None:
            self.total = Fraction(total)
        elif total != self.total:
            raise ValueError(
                f"the payoffs do not always sum to the same amount ({self.total} and "
                f"{total}): the game is not zero-sum, and has no single value")
        return pay[0]


# -------------------------------------------------------------------- the answer
@dataclass
class HiddenSolution:
    """A solved game of hidden information (values are seat 0's payoff)."""
    value: Fraction | float      # a Fraction when ``exact``
    exact: bool                  # the strategies are an exact equilibrium
    strategies: tuple[dict, dict]   # per seat: information key -> {decision: probability}
    exploitability: Fraction     # (best reply to seat 1 - best reply to seat 0) / 2
    bounds: tuple[Fraction, Fraction]   # seat 0's value lies in [low, high]
    nodes: int
    infosets: tuple[int, int]
    sequences: tuple[int, int]
    method: str                  # "exact", "float" or "cfr"
    seconds: float
    players: tuple = ()
    iterations: int = 0          # CFR's
    total: Fraction = Fraction(0)   # the payoffs' constant sum (seat 1's = total - seat 0's)

    def value_for(self, seat: int) -> Fraction | float:
        return self.value if seat == 0 else self.total - self.value

    def first_decisions(self, seat: int) -> dict:
        """The seat's strategy at the information sets it may meet before any
        decision of its own (its first decision, for each thing it may see)."""
        return {k: v for k, v in self.strategies[seat].items()
                if self._parents[seat].get(k) == 0}

    _parents: tuple[dict, dict] = field(default_factory=lambda: ({}, {}), repr=False)


def solve(state, *, method: str = "auto", max_nodes: int | None = DEFAULT_MAX_NODES,
          time_limit: float | None = None, iterations: int | None = None) -> HiddenSolution:
    """Solve the two-player zero-sum (or constant-sum) game whose root is ``state``.

    ``method``: ``exact`` (rational simplex), ``float`` (HiGHS), ``cfr``
    (CFR+, ``iterations`` or until ``time_limit``) or ``auto`` (exact up to
    EXACT_SEQUENCES sequences, float beyond). ``max_nodes``/``time_limit``
    bound the walk and the linear program: past them, TreeLimit (a
    SearchLimit) names the budget and the tree size reached. CFR stops at its
    time limit with what it has, as its answer is an estimate anyway.
    """
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}, not {method!r}")
    began = time.perf_counter()
    form = build(state, max_nodes=max_nodes, time_limit=time_limit, started=began)
    return solve_form(form, method=method, time_limit=time_limit, iterations=iterations,
                      started=began)


@_uncollected
def solve_form(form: SequenceForm, *, method: str = "auto", time_limit: float | None = None,
               iterations: int | None = None, started: float | None = None) -> HiddenSolution:
    """:func:`solve` on a tree already walked (``build``); ``time_limit``
    counts from ``started`` (default: now)."""
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}, not {method!r}")
    began = time.perf_counter() if started is None else started
    if method == "cfr":
        from .cfr import cfr_solve
        return cfr_solve(form, iterations=iterations, time_limit=time_limit, started=began)
    if method == "auto":
        method = "exact" if sum(form.sequences) <= EXACT_SEQUENCES or not _has_scipy() \
            else "float"
    deadline = None if time_limit is None else began + time_limit
    if method == "exact":
        behaviours = [form.seats[seat].behaviour(_exact_plan(form, seat, deadline, began))
                      for seat in (0, 1)]
    else:
        solutions = [_float_plan(form, seat, deadline, began) for seat in (0, 1)]
        plans = [solutions[seat][:form.seats[seat].sequences] for seat in (0, 1)]
        # the plans rounded to small denominators where that gives an exact
        # equilibrium (checked by the exact best replies), else the vertex
        # HiGHS found solved exactly, else the floats kept whole
        # (the best replies that check a pair are kept for certify, which
        # would compute them again)
        replies = None
        for limit in ROUNDINGS:
            if limit is None:
                x = _support_plan(form, 0, solutions[0], deadline, began)
                y = _support_plan(form, 1, solutions[1], deadline, began)
                if x is not None and y is not None:
                    behaviours = [form.seats[0].behaviour(x), form.seats[1].behaviour(y)]
                    replies = _replies(form, behaviours)
                    if replies[1] == replies[3]:
                        break
            behaviours = [rational_behaviour(form.seats[seat], plans[seat], limit)
                          for seat in (0, 1)]
            replies = None
            if limit is None:
                break
            replies = _replies(form, behaviours)
            if replies[1] == replies[3]:
                break
        return certify(form, behaviours, method, began, replies=replies)
    return certify(form, behaviours, method, began)


def _replies(form: SequenceForm, behaviours) -> tuple:
    """The pair's plans and each seat's exact best reply to the other's:
    (plans, low, seat 1's picks, high, seat 0's picks), as value_bounds and
    certify read them."""
    plans = [form.seats[seat].plan(behaviours[seat]) for seat in (0, 1)]
    low, picks1 = _reply(form, 1, plans[0])
    high, picks0 = _reply(form, 0, plans[1])
    return plans, low, picks1, high, picks0


def certify(form: SequenceForm, behaviours, method: str, began: float,
            iterations: int = 0, replies: tuple | None = None) -> HiddenSolution:
    """The solution of ``behaviours`` (per seat, per infoset, exact action
    probabilities), its value interval and exploitability computed exactly.

    Where a seat's own play never reaches an information set, any choice
    there keeps the equilibrium; the seat's best reply to the other's
    strategy is put there (first in legal order among equals), rather than
    the solver's arbitrary one: a strategy printed whole never calls a bet
    with a hand that would fold it, were the position ever reached.
    ``replies``: :func:`_replies` of these behaviours, when already made.
    """
    plans, low, picks1, high, picks0 = replies or _replies(form, behaviours)
    behaviours = [_completed(form.seats[seat], behaviours[seat], plans[seat], picks)
                  for seat, picks in ((0, picks0), (1, picks1))]
    exact = low == high
    # not exact: the middle of the certified interval, within exploitability of the value
    value: Fraction | float = low if exact else float((low + high) / 2)
    strategies = tuple(
        {info.key: dict(zip(info.actions, behaviours[seat][n]))
         for n, info in enumerate(form.seats[seat].infosets)} for seat in (0, 1))
    parents = tuple({info.key: info.parent for info in form.seats[seat].infosets}
                    for seat in (0, 1))
    return HiddenSolution(
        value=value, exact=exact, strategies=(strategies[0], strategies[1]),
        exploitability=(high - low) / 2, bounds=(low, high), nodes=form.nodes,
        infosets=form.infosets, sequences=form.sequences, method=method,
        seconds=time.perf_counter() - began, players=form.players, iterations=iterations,
        total=form.total, _parents=(parents[0], parents[1]))


def _completed(plex: Treeplex, behaviour: list, plan: list, picks: list[int]) -> list:
    """``behaviour`` with the pure best reply ``picks`` at every information
    set the seat's own ``plan`` never reaches."""
    out = []
    for number, info in enumerate(plex.infosets):
        if plan[info.parent]:
            out.append(behaviour[number])
        else:
            n = len(info.actions)
            out.append([Fraction(1 if k == picks[number] else 0) for k in range(n)])
    return out


# ------------------------------------------------------------- best replies, exactly
def value_bounds(form: SequenceForm, behaviours) -> tuple[Fraction, Fraction]:
    """(what seat 1's best reply holds seat 0 to against seat 0's strategy,
    what seat 0's best reply wins against seat 1's): every equilibrium value
    lies between; equal when the pair is an equilibrium."""
    x = form.seats[0].plan(behaviours[0])
    y = form.seats[1].plan(behaviours[1])
    return best_reply(form, 1, x), best_reply(form, 0, y)


def best_reply(form: SequenceForm, seat: int, other_plan: list) -> Any:
    """Seat 0's payoff when ``seat`` replies best to the other seat's plan
    (seat 0 maximizes it, seat 1 minimizes it)."""
    return _reply(form, seat, other_plan)[0]


def _reply(form: SequenceForm, seat: int, other_plan: list) -> tuple[Any, list[int]]:
    """:func:`best_reply`'s value, and the action it picks at each of the
    seat's information sets (the first in legal order among equals)."""
    plex = form.seats[seat]
    gain: list = [0] * plex.sequences
    if seat == 0:
        for (s0, s1), v in form.payoff.items():
            p = other_plan[s1]
            if p:
                gain[s0] += v * p
    else:
        for (s0, s1), v in form.payoff.items():
            p = other_plan[s0]
            if p:
                gain[s1] += v * p
    sign = 1 if seat == 0 else -1
    value: list = [0] * len(plex.infosets)
    picks = [0] * len(plex.infosets)
    for number in range(len(plex.infosets) - 1, -1, -1):     # children before parents
        info = plex.infosets[number]
        best, pick = None, 0
        for k in range(len(info.actions)):
            seq = info.first + k
            v = gain[seq] + sum(value[c] for c in plex.children[seq])
            if best is None or sign * v > sign * best:
                best, pick = v, k
        value[number], picks[number] = best, pick
    return gain[0] + sum(value[c] for c in plex.children[0]), picks


def rational_behaviour(plex: Treeplex, plan: list[float],
                       limit: int | None = None) -> list[list[Fraction]]:
    """Floating realization plan -> exact behaviour: each infoset's action
    probabilities as Fractions summing to 1, of denominators at most
    ``limit`` (so that an LP's 0.333333333 is 1/3), or with ``limit`` None
    the floats' own binary fractions (nothing lost)."""
    out = []
    near: dict[float, Fraction] = {}     # a probability -> its rounding (most are 0 or 1)
    for info in plex.infosets:
        n = len(info.actions)
        reach = plan[info.parent]
        if reach <= 1e-12:
            out.append([Fraction(1, n)] * n)
            continue
        probs = [min(1.0, max(0.0, plan[info.first + k] / reach)) for k in range(n)]
        out.append(_rational(probs, limit, near))
    return out


def _rational(probs: list[float], limit: int | None,
              near: dict[float, Fraction]) -> list[Fraction]:
    """``probs`` as Fractions summing to 1 (rational_behaviour); ``near``
    keeps each probability's rounding, for the next information sets."""
    total = sum(probs)
    probs = [p / total for p in probs]
    big = max(range(len(probs)), key=lambda k: probs[k])
    if limit is not None:
        fr = []
        for p in probs:
            f = near.get(p)
            if f is None:
                f = near[p] = Fraction(p).limit_denominator(limit)
            fr.append(f)
        fr[big] = Fraction(1) - sum(f for k, f in enumerate(fr) if k != big)
        if fr[big] >= 0:
            return fr
    fr = [Fraction(p) for p in probs]       # exact binary fractions: never negative
    fr[big] = Fraction(1) - sum(f for k, f in enumerate(fr) if k != big)
    return fr


# --------------------------------------------------------- the linear program
def _program(form: SequenceForm, seat: int):
    """The LP of ``seat`` as the maximizer, in sparse rows over the columns
    [x (seat's sequences) | q (opponent's infosets, then its root)]:
    ``equalities`` (E x = e) and ``inequalities`` (F^T q - A'^T x ≤ 0), A' the
    seat's payoff shifted to at least 1 at every leaf; and the shift."""
    me, other = form.seats[seat], form.seats[1 - seat]
    sign = 1 if seat == 0 else -1
    # The payoffs and weights as integers over one common denominator: the
    # same exact numbers, but an int's arithmetic costs a fraction of a
    # Fraction's (the rows are made of thousands of them).
    pairs = list(form.payoff)
    values = [form.payoff[k] for k in pairs]
    weights = [form.weight[k] for k in pairs]
    den = lcm(*[v.denominator for v in values], *[w.denominator for w in weights])
    nums = [sign * v.numerator * (den // v.denominator) for v in values]
    wnums = [w.numerator * (den // w.denominator) for w in weights]
    # every leaf's payoff at least 1 after the shift: v + shift * w >= w (the
    # lowest v / w, by cross products: every weight is above 0)
    lowest = Fraction(0)
    if pairs:
        low_n, low_w = nums[0], wnums[0]
        for n, w in zip(nums, wnums):
            if n * low_w < low_n * w:
                low_n, low_w = n, w
        lowest = Fraction(low_n, low_w)
    shift = 1 - lowest
    shift_n, shift_d = shift.numerator, shift.denominator
    nx = me.sequences
    nq = len(other.infosets) + 1           # q_root is the last column
    root_q = nx + nq - 1
    eq: list[dict[int, Fraction]] = [{0: _ONE}]
    rhs_eq = [_ONE]
    for info in me.infosets:
        row = {info.first + k: _ONE for k in range(len(info.actions))}
        row[info.parent] = _MINUS_ONE
        eq.append(row)
        rhs_eq.append(_ZERO)
    ub: list[dict[int, Fraction]] = []
    columns: list[dict[int, Fraction]] = [{} for _ in range(other.sequences)]
    # -(v + shift * w), over den * shift_d
    below = den * shift_d
    for (s0, s1), n, w in zip(pairs, nums, wnums):
        sx, so = (s0, s1) if seat == 0 else (s1, s0)
        columns[so][sx] = Fraction(-(n * shift_d + shift_n * w), below)
    for t in range(other.sequences):
        row = dict(columns[t])
        owner = other.seq_infoset[t]
        row[root_q if owner < 0 else nx + owner] = _ONE
        for child in other.children[t]:
            old = row.get(nx + child)
            row[nx + child] = _MINUS_ONE if old is None else old - 1
        ub.append(row)
    return eq, rhs_eq, ub, nx, nq, root_q, shift


def _exact_plan(form: SequenceForm, seat: int, deadline, began) -> list[Fraction]:
    """``seat``'s optimal realization plan, by the exact simplex."""
    eq, rhs_eq, ub, nx, nq, root_q, shift = _program(form, seat)
    me = form.seats[seat]
    # Tableau: rows eq then ub (slack columns nx+nq+i), each a sparse dict with
    # its right-hand side under key -1.
    slack0 = nx + nq
    rows: list[dict[int, Fraction]] = []
    for row, r in zip(eq, rhs_eq):
        d = dict(row)
        d[-1] = r
        rows.append(d)
    for i, row in enumerate(ub):
        d = dict(row)
        d[slack0 + i] = Fraction(1)
        d[-1] = Fraction(0)
        rows.append(d)
    basis = [-1] * len(eq) + [slack0 + i for i in range(len(ub))]
    obj: dict[int, Fraction] = {root_q: Fraction(-1), -1: Fraction(0)}   # z - q_root = 0
    lp = _Tableau(rows, obj, basis, deadline, began, form.nodes)
    # The basis of a pure plan (every infoset's first action), parents first:
    # feasible, since then every slack is A'^T x ≥ 0 with q = 0.
    lp.pivot(0, 0)
    for n, info in enumerate(me.infosets):
        lp.pivot(n + 1, info.first)
    lp.optimize()
    x = [Fraction(0)] * nx
    for i, b in enumerate(lp.basis):
        if 0 <= b < nx:
            x[b] = lp.rows[i].get(-1, Fraction(0))
    return x


class _Tableau:
    """A simplex tableau of sparse rows (column -> coefficient, -1 the rhs)."""

    def __init__(self, rows, obj, basis, deadline, began, nodes):
        self.rows, self.obj, self.basis = rows, obj, basis
        self.deadline, self.began, self.nodes = deadline, began, nodes
        self.pivots = 0

    def pivot(self, r: int, c: int) -> None:
        row = self.rows[r]
        p = row[c]
        if p != 1:
            row = {k: v / p for k, v in row.items()}
            self.rows[r] = row
        for i, other in enumerate(self.rows):
            if i != r:
                f = other.get(c)
                if f:
                    _eliminate(other, row, f)
        f = self.obj.get(c)
        if f:
            _eliminate(self.obj, row, f)
        self.basis[r] = c
        self.pivots += 1
        if self.deadline is not None and self.pivots % 16 == 0 \
                and time.perf_counter() > self.deadline:
            raise TreeLimit(self.nodes, time.perf_counter() - self.began,
                            f"time budget ({self.deadline - self.began:g} s) in the "
                            f"linear program ({len(self.rows):,} rows)")

    def optimize(self) -> None:
        while True:
            enter = min((c for c, v in self.obj.items() if c >= 0 and v < 0), default=None)
            if enter is None:
                return
            leave, best = None, None
            for i, row in enumerate(self.rows):
                a = row.get(enter)
                if a is not None and a > 0:
                    ratio = row.get(-1, Fraction(0)) / a
                    if best is None or ratio < best or (
                            ratio == best and self.basis[i] < self.basis[leave]):
                        leave, best = i, ratio
            if leave is None:
                raise ValueError("the sequence-form program is unbounded (a payoff is "
                                 "not finite?)")
            self.pivot(leave, enter)


def _eliminate(target: dict, row: dict, f: Fraction) -> None:
    """target -= f * row, dropping the zeros."""
    for k, v in row.items():
        nv = target.get(k, 0) - f * v
        if nv:
            target[k] = nv
        else:
            target.pop(k, None)


def _has_scipy() -> bool:
    """Whether HiGHS is at hand (SciPy comes with pygambit in the test extras;
    without it ``auto`` takes the exact simplex, slower but as right)."""
    try:
        import scipy.optimize  # noqa: F401
    except ImportError:
        return False
    return True


def _float_plan(form: SequenceForm, seat: int, deadline, began) -> list[float]:
    """``seat``'s optimal realization plan, by HiGHS (floating point)."""
    try:
        import numpy as np
        from scipy.optimize import linprog
        from scipy.sparse import csr_matrix
    except ImportError as err:      # scipy comes with the test extras, see pyproject
        raise ValueError(f"the floating solver needs SciPy ({err}); use method "
                         f"'exact' or 'cfr'") from None
    eq, rhs_eq, ub, nx, nq, root_q, shift = _program(form, seat)
    n = nx + nq

    def matrix(rows):
        data, ri, ci = [], [], []
        for i, row in enumerate(rows):
            # a Fraction's float is its numerator over its denominator, the
            # int division rounded correctly (float() takes a slower path to it)
            data.extend([v.numerator / v.denominator for v in row.values()])
            ri.extend([i] * len(row))
            ci.extend(row)
        return csr_matrix((data, (ri, ci)), shape=(len(rows), n))

    c = np.zeros(n)
    c[root_q] = -1.0
    options: dict[str, Any] = {"primal_feasibility_tolerance": 1e-10,
                               "dual_feasibility_tolerance": 1e-10}
    if deadline is not None:
        options["time_limit"] = max(0.1, deadline - time.perf_counter())
    res = linprog(c, A_ub=matrix(ub), b_ub=np.zeros(len(ub)), A_eq=matrix(eq),
                  b_eq=np.array([float(v) for v in rhs_eq]), bounds=(0, None),
                  method="highs-ds", options=options)
    if res.status == 1:
        raise TreeLimit(form.nodes, time.perf_counter() - began,
                        f"time budget ({deadline - began:g} s) in the linear program "
                        f"({len(eq) + len(ub):,} rows)" if deadline else "iteration limit")
    if res.status != 0:
        raise ValueError(f"the linear program failed: {res.message}")
    return [float(v) for v in res.x]


def _support_plan(form: SequenceForm, seat: int, solution: list[float], deadline,
                  began) -> list[Fraction] | None:
    """``seat``'s plan in exact fractions from HiGHS's optimum: the variables
    it leaves above zero and the inequalities it leaves tight, taken as
    equations and solved exactly (sparse elimination, the other variables
    at 0): the vertex the floating solver found, without its rounding. None
    when the equations have no non-negative solution (a float's support
    misread)."""
    eq, rhs_eq, ub, nx, nq, root_q, shift = _program(form, seat)
    support = {j for j, v in enumerate(solution) if v > 1e-9}
    rows: list[tuple[dict[int, Fraction], Fraction]] = [
        ({c: v for c, v in row.items() if c in support}, r) for row, r in zip(eq, rhs_eq)]
    for row in ub:
        if abs(sum(float(v) * solution[c] for c, v in row.items())) < 1e-7:
            rows.append(({c: v for c, v in row.items() if c in support}, Fraction(0)))
    pivots: list[tuple[int, dict[int, Fraction], Fraction]] = []
    for n, (row, rhs) in enumerate(rows):
        if deadline is not None and n % 64 == 0 and time.perf_counter() > deadline:
            raise TreeLimit(form.nodes, time.perf_counter() - began,
                            f"time budget ({deadline - began:g} s) in the exact solution")
        row = dict(row)
        for col, prow, prhs in pivots:     # in the order made
            f = row.get(col)
            if f:
                _eliminate(row, prow, f)
                rhs -= f * prhs
        if not row:
            if rhs:
                return None                 # inconsistent: the support was misread
            continue
        col = min(row)
        p = row[col]
        prow = {c: v / p for c, v in row.items()}
        pivots.append((col, prow, rhs / p))
    x: dict[int, Fraction] = {}
    for col, prow, prhs in reversed(pivots):
        value = prhs - sum(v * x.get(c, Fraction(0)) for c, v in prow.items() if c != col)
        if value < 0:
            return None
        x[col] = value
    return [x.get(j, Fraction(0)) for j in range(nx)]
