"""Exact solver for games with simultaneous moves (states implementing
:class:`~herald.engine.interface.JointState`), all cards known.

Like a bridge double-dummy solver it sees every hidden card, and it treats
chance as already drawn: a shuffled pile (a decree draw) is taken in the order
the position holds it, so every line has one known continuation.

Two players: :func:`solve_joint`
    The exact value of the zero-sum game whose payoff is the difference
    ``scores()[0] - scores()[1]`` when the horizon is reached (whatever the
    game's ``scores()`` counts: cards for a duel that is won on cards, points
    otherwise), by backward induction. The payoff is the scores' difference,
    not the values of :mod:`herald.engine.evaluation` (a won game above any
    score): in a duel won by the higher score and ended after a fixed number
    of combats, a won game already has a larger difference than any other at
    the same horizon, so best pure play takes a win; a mixed strategy
    maximizes the expected difference, the number a booklet prints:

    * at a simultaneous step (``at_joint()``) the continuation values of every
      pair of choices form a payoff matrix, solved exactly in rational numbers
      by :mod:`herald.engine.matrix` (the row player is player 0);
    * at an ordinary decision (``mover``/``legal()``) player 0 maximizes and
      player 1 minimizes (the first best option in the engine's order wins).

    ``depth`` counts combats (simultaneous steps; a simultaneous choice at
    setup, like Asèt's Renforts, counts as one); after the last counted one
    the search plays on the ordinary decisions that belong to the same round
    (``horizon("round")`` unchanged: a Renfort, a share of a tie) and stops at
    the next round, the next simultaneous step or the end of the game. Without
    a depth it searches to the end of the game. Positions are memoized in a
    size-capped LRU transposition table keyed by ``state.future_key()``'s key
    (with the combats left under a depth), a position's value stored less its
    banked score difference: since the payoff is a difference of scores,
    points already won add to it unchanged, and positions that differ only in
    them share one entry. Values are ints until a mixed strategy makes a
    Fraction. The result carries the value (a Fraction), the optimal mixed
    strategy of each player at the root (decision -> probability), the nodes
    (positions created by applying a step) and the time.

Three to five players: :func:`analyze_combat`
    No single value exists, so the solver answers one combat: it plays every
    profile of choices (one per player) at the root's simultaneous step,
    settles the rest of that round's ordinary decisions by maxn (each player
    maximizes their own value, first best option wins) and records every
    player's value when the round ends: their score, a won game counting more
    than any score when the round ends the game
    (:func:`herald.engine.evaluation.values`; ``evaluation.split`` splits
    them back). From that table it gives each player's best responses to every
    combination of the others' announced choices, and every pure-strategy Nash
    equilibrium (profiles where each choice is a best response), possibly none.

Nothing here names a game.
"""
from __future__ import annotations

import itertools
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeGuard

from .evaluation import values as evaluate
from .interface import JointState
from .matrix import game_value, solve_matrix
from .solver import paused_gc

TABLE_SIZE = 1_000_000      # positions kept in the transposition table (LRU)


class SearchLimit(Exception):
    """The search passed its node or time budget before it was solved (an
    exact value has no "best so far")."""

    def __init__(self, nodes: int, seconds: float, reason: str):
        super().__init__(f"not solved within {reason}: {nodes:,} nodes in {seconds:.1f} s")
        self.nodes, self.seconds, self.reason = nodes, seconds, reason


# Nodes between two looks at the clock: a node here copies a position and plays a
# whole simultaneous step (about a millisecond), so the clock is read often
# enough that a time budget is overrun by a fraction of a second, not seconds.
CHECK_EVERY = 256
_NEVER = 1 << 62            # a node count no search reaches


def is_joint(state: object) -> TypeGuard[JointState]:
    """Whether ``state`` follows the JointState interface."""
    return all(callable(getattr(state, name, None))
               for name in ("at_joint", "joint_legal", "apply_joint", "future_key"))


def parse_combats(depth) -> int | None:
    """``game`` (or None): to the end; ``round``: one combat; or a positive
    whole number of combats."""
    if depth is None or depth == "game":
        return None
    if depth == "round":
        return 1
    if isinstance(depth, int) and not isinstance(depth, bool):
        if depth < 1:
            raise ValueError("depth must be at least 1 combat")
        return depth
    text = str(depth)
    if text.isdigit() and int(text) > 0:
        return int(text)
    raise ValueError(f"depth must be game, round or a number of combats, not {depth!r}")


@dataclass
class JointSolveResult:
    """The exact solution of a two-player position."""
    value: Fraction             # player 0's score minus player 1's at the horizon
    strategies: tuple           # per player: [(decision, probability)] at the root
    joint: bool                 # the root is a simultaneous step (else one mover)
    mover: int | None           # the root's mover when it is an ordinary decision
    options: list               # [(decision, value)] of that mover's options
    matrix: list | None         # the root's payoff matrix (rows: player 0's choices)
    forced: list                # forced decisions played before the root
    nodes: int
    seconds: float
    depth: int | None           # combats searched (None: to the end of the game)
    position: Any = None        # the root (after the forced decisions), for notation
    matrices: int = 0           # matrix games solved
    methods: dict = field(default_factory=dict)   # how they were solved
    mode: str = "exact"
    player: int | None = None

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else float("inf")


def _prepare(state):
    s = state.copy()
    s.log = None
    s.halt_at_phase_end = False
    s.resume()
    return s


def _advance_forced(s):
    """Play single-option ordinary decisions up to a real choice."""
    forced = []
    while not s.over and not s.at_joint():
        legal = s.legal()
        if len(legal) != 1:
            break
        forced.append(legal[0])
        s.apply(legal[0])
    return forced


class _Search:
    """One two-player search: its table, counters and budgets.

    The table maps ``(key, combats left)`` to a position's value less its
    banked difference (see ``JointState.future_key``); values are ints until a
    mixed strategy makes a Fraction, so that most of a search never pays for
    Fraction arithmetic.
    """

    def __init__(self, table_size, max_nodes=None, time_limit=None, progress=None):
        self.table: OrderedDict = OrderedDict()
        self.progress = progress    # called with {"nodes", "seconds"} at each time check
        self.table_size = table_size
        self.nodes = 0
        self.max_nodes = max_nodes
        self.time_limit = time_limit
        self.started = time.perf_counter()
        self.next_check = CHECK_EVERY
        self.check_at = self._check_at()    # the node count of the next look at a budget
        self.matrices = 0
        self.methods: dict = {}

    @staticmethod
    def leaf(s) -> int:
        a, b = s.scores()[:2]
        return a - b

    def _check_at(self) -> int:
        at = _NEVER
        if self.max_nodes is not None:
            at = self.max_nodes + 1
        if (self.time_limit is not None or self.progress is not None) \
                and self.next_check < at:
            at = self.next_check
        return at

    def budget(self):
        """Raise SearchLimit past the node or time budget (time checked every
        CHECK_EVERY nodes)."""
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise SearchLimit(self.nodes, time.perf_counter() - self.started,
                              f"{self.max_nodes:,} nodes")
        if self.nodes >= self.next_check and (self.time_limit is not None
                                              or self.progress is not None):
            self.next_check = self.nodes + CHECK_EVERY
            elapsed = time.perf_counter() - self.started
            if self.time_limit is not None and elapsed > self.time_limit:
                raise SearchLimit(self.nodes, elapsed, f"{self.time_limit:g} s")
            if self.progress is not None:
                self.progress({"nodes": self.nodes, "seconds": elapsed})
        self.check_at = self._check_at()

    def value(self, s, remaining, marker):
        """The exact value (int or Fraction) of ``s`` with ``remaining`` combats
        left (None: to the end of the game)."""
        if s.over or (remaining == 0 and (s.at_joint() or _round(s) != marker)):
            return self.leaf(s)
        if self.nodes >= self.check_at:
            self.budget()
        key, banked = s.future_key()
        if remaining is not None:
            key = (key, remaining)
        banked = banked[0] - banked[1]
        table = self.table
        hit = table.get(key)
        if hit is not None:
            table.move_to_end(key)
            return hit + banked if banked else hit
        if s.at_joint():
            v = self.step_value(s, remaining)
        else:
            v = self.best_option(s, remaining, marker)[1]
            if v is None:           # nobody can decide: score it as it stands
                v = self.leaf(s)
        table[key] = v - banked if banked else v
        if len(table) > self.table_size:
            table.popitem(last=False)
        return v

    def step_matrix(self, s, remaining):
        """(rows, cols, payoff matrix) of the simultaneous step at ``s``."""
        legal = s.joint_legal()
        rows = list(legal[0]) or [None]
        cols = list(legal[1]) or [None]
        nxt = None if remaining is None else remaining - 1
        marker = _round(s) if nxt == 0 else None
        value = self.value
        matrix = []
        for r in rows:
            line = []
            for c in cols:
                child = s.copy()
                child.apply_joint((r, c))
                self.nodes += 1
                line.append(value(child, nxt, marker))
            matrix.append(line)
        return rows, cols, matrix

    def step_value(self, s, remaining):
        """The value of the matrix game of the simultaneous step at ``s``."""
        v, method = game_value(self.step_matrix(s, remaining)[2])
        self.matrices += 1
        self.methods[method] = self.methods.get(method, 0) + 1
        return v

    def solve_step(self, s, remaining):
        """The root's matrix game, with its strategies: (solution, rows, cols,
        matrix), every number a Fraction."""
        rows, cols, matrix = self.step_matrix(s, remaining)
        matrix = [[Fraction(x) for x in line] for line in matrix]
        solution = solve_matrix(matrix)
        self.matrices += 1
        self.methods[solution.method] = self.methods.get(solution.method, 0) + 1
        return solution, rows, cols, matrix

    def best_option(self, s, remaining, marker):
        """(options with values, best value, best decision) of an ordinary
        decision: player 0 maximizes the difference, player 1 minimizes it."""
        maximize = s.mover == 0
        options = []
        best = best_d = None
        for d in s.legal():
            child = s.copy()
            child.apply(d)
            self.nodes += 1
            v = self.value(child, remaining, marker)
            options.append((d, v))
            if best is None or (v > best if maximize else v < best):
                best, best_d = v, d
        return options, best, best_d


def _round(s):
    try:
        return s.horizon("round")
    except (ValueError, KeyError, NotImplementedError):
        return None


def solve_joint(state, depth=None, *, table_size: int = TABLE_SIZE,
                max_nodes: int | None = None,
                time_limit: float | None = None,
                progress: Callable[[dict], None] | None = None) -> JointSolveResult:
    """Solve the two-player position ``state`` (left unchanged) exactly.

    ``depth``: combats to search (see :func:`parse_combats`); None: the game.
    Past ``max_nodes`` nodes or ``time_limit`` seconds it raises SearchLimit;
    ``progress`` is called with a dict (``nodes``, ``seconds``) as it goes.
    """
    if len(state.players) != 2:
        raise ValueError("solve_joint needs exactly two players; "
                         "see analyze_combat for three to five")
    combats = parse_combats(depth)
    start = time.perf_counter()
    search = _Search(table_size, max_nodes, time_limit, progress)
    s = _prepare(state)
    forced = _advance_forced(s)
    strategies: tuple = ([], [])
    options, matrix, mover = [], None, None
    joint = not s.over and s.at_joint()
    with paused_gc():
        if s.over:
            value = Fraction(search.leaf(s))
        elif joint:
            solution, rows, cols, matrix = search.solve_step(s, combats)
            value = solution.value
            strategies = (list(zip(rows, solution.row)), list(zip(cols, solution.col)))
        else:
            mover = s.mover
            options, value, _ = search.best_option(s, combats, _round(s))
            if not options:
                raise ValueError("nobody has a legal decision here and the game is not over")
            options = [(d, Fraction(v)) for d, v in options]
            value = Fraction(value)
            first = next(k for k, (_, v) in enumerate(options) if v == value)
            picks = [(d, Fraction(1 if k == first else 0)) for k, (d, _) in enumerate(options)]
            strategies = (picks, []) if mover == 0 else ([], picks)
        search.table.clear()    # freed now, not walked by the collector once it resumes
    seconds = time.perf_counter() - start
    return JointSolveResult(value=value, strategies=strategies, joint=joint, mover=mover,
                            options=options, matrix=matrix, forced=forced,
                            nodes=search.nodes, seconds=seconds, depth=combats,
                            position=s, matrices=search.matrices, methods=dict(search.methods))


# -- three to five players -------------------------------------------------------------

@dataclass
class CombatAnalysis:
    """One combat among any number of players, in pure strategies."""
    choices: list               # per player: their legal choices ([None]: no choice)
    payoffs: dict               # profile (choice indices) -> values when the round ends
    best_responses: list        # per player: {others' indices: [best own indices]}
    equilibria: list            # profiles (choice indices) that are pure Nash equilibria
    forced: list                # forced decisions played before the combat
    nodes: int
    seconds: float
    position: Any = None        # the combat's position, for notation

    def profile(self, indices) -> tuple:
        return tuple(self.choices[p][k] for p, k in enumerate(indices))


def analyze_combat(state, *, max_nodes: int | None = None,
                   time_limit: float | None = None,
                   progress: Callable[[dict], None] | None = None) -> CombatAnalysis:
    """Best responses and pure equilibria of the combat at ``state`` (see the
    module's docstring). Raises ValueError when the position is not at a
    simultaneous step once forced decisions are played, and SearchLimit past
    ``max_nodes`` nodes or ``time_limit`` seconds (checked between profiles)."""
    start = time.perf_counter()
    s = _prepare(state)
    forced = _advance_forced(s)
    if s.over or not s.at_joint():
        raise ValueError("the position is not at a combat: a player has a choice to make first"
                         if not s.over else "the game is already over")
    n = len(s.players)
    choices = [list(c) or [None] for c in s.joint_legal()]
    marker = _round(s)
    nodes = [0]
    payoffs = {}
    table: dict = {}            # positions after the reveal, shared by all profiles
    for indices in itertools.product(*(range(len(c)) for c in choices)):
        child = s.copy()
        child.apply_joint([choices[p][k] for p, k in enumerate(indices)])
        nodes[0] += 1
        payoffs[indices] = _maxn(child, marker, nodes, table)
        elapsed = time.perf_counter() - start
        if max_nodes is not None and nodes[0] > max_nodes:
            raise SearchLimit(nodes[0], elapsed, f"{max_nodes:,} nodes")
        if time_limit is not None and elapsed > time_limit:
            raise SearchLimit(nodes[0], elapsed, f"{time_limit:g} s")
        if progress is not None:
            progress({"nodes": nodes[0], "seconds": elapsed})
    best_responses = []
    for p in range(n):
        replies: dict[Any, list] = {}
        for indices, scores in payoffs.items():
            others = indices[:p] + indices[p + 1:]
            replies.setdefault(others, []).append((scores[p], indices[p]))
        best = {}
        for others, pairs in replies.items():
            top = max(v for v, _ in pairs)
            best[others] = [k for v, k in pairs if v == top]
        best_responses.append(best)
    equilibria = [indices for indices in payoffs
                  if all(indices[p] in best_responses[p][indices[:p] + indices[p + 1:]]
                         for p in range(n))]
    return CombatAnalysis(choices=choices, payoffs=payoffs, best_responses=best_responses,
                          equilibria=equilibria, forced=forced, nodes=nodes[0],
                          seconds=time.perf_counter() - start, position=s)


def _maxn(s, marker, nodes, table):
    """Values (evaluation.py) when the round of ``marker`` ends, each mover
    maximizing their own."""
    if s.over or s.at_joint() or _round(s) != marker:
        return tuple(evaluate(s))
    key = s.key()
    hit = table.get(key)
    if hit is not None:
        return hit
    mover, best = s.mover, None
    legal = s.legal()
    if not legal:                       # nobody can decide: score it as it stands
        return tuple(evaluate(s))
    for d in legal:
        child = s.copy()
        child.apply(d)
        nodes[0] += 1
        v = _maxn(child, marker, nodes, table)
        if best is None or v[mover] > best[mover]:
            best = v
    table[key] = best
    return best
