"""Exhaustive depth-limited search over a game's decisions, all cards known.

Like a bridge double-dummy solver, it sees every hidden card. It searches every
decision to a horizon, memoizing positions in a bounded transposition table
keyed by the game's canonical ``state.key()``.

Values: a position at the horizon is worth to each player their score (the
game's measure: influence, points, life margin), a won game counting more than
any score and a lost one less (:func:`herald.engine.evaluation.values`).

Modes:

* ``maxn``: every player maximizes their own value at the horizon; a
  position's value is the vector of all players' values.
* ``paranoid``: one player (``for``) and their partners maximize that player's
  value and everyone else minimizes it; a position's value is that player's.

Horizons: ``"phase"`` (until the current phase ends), ``"round"``, ``"game"``,
or a whole number of decisions (forced ones count). A phase boundary where the
state halts is crossed (``resume()``) when the horizon lies beyond it, and
costs no decision.

Budgets: with ``max_nodes`` or ``time_limit`` the search deepens iteratively
(1 decision, 2, 3…), each iteration a complete search to that many decisions
or the horizon, whichever comes first. When a budget runs out mid-iteration,
the last complete iteration gives the value and the line, and the result says
how far it is proven (``proven`` False, ``reached`` decisions). An iteration
that meets the horizon everywhere before its decision limit is the exact
answer, and the search ends there. Without a budget the search is one exact
pass. The transposition table never holds more than ``tt_size`` positions (it
is emptied when full), so memory stays bounded whatever the position.

Tie-break (deterministic): among decisions of equal value for the player to
move, the first in the engine's legal order wins. The engine lists decisions
in a fixed order (placements by card then position, targets and moves by
position), so the same position always gives the same line.
"""
from __future__ import annotations

import contextlib
import gc
import itertools
import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from .evaluation import values as evaluate
from .interface import GameState

HORIZONS = ("phase", "round", "game")
MODES = ("maxn", "paranoid")
DEFAULT_TT_SIZE = 200_000      # positions; about 150 MB at most on Oriflamme
_UNLIMITED = 1 << 40           # "no decision limit" (a horizon ends the search)
_CHECK_EVERY = 4096            # nodes between two looks at the clock
_PROGRESS_EVERY = 1 << 18      # nodes between two progress reports inside an iteration

Depth: TypeAlias = "int | str"          # a number of decisions, or a horizon of HORIZONS
Values: TypeAlias = "tuple[int, ...]"   # every player's value (engine/evaluation.py)
# A principal variation as a linked list: (decision, the rest), None at its end.
Line: TypeAlias = "tuple[Any, Line] | None"
# A root option searched: (decision, values, its line, plies used).
Row: TypeAlias = "tuple[Any, Values, Line, int]"
Progress: TypeAlias = "Callable[[dict[str, Any]], None]"


@dataclass
class SolveResult:
    value: Values           # every player's value at the horizon, on the line (evaluation.py)
    line: list[Any]         # the principal variation (decisions)
    root: list[tuple[Any, Values]]   # (decision, values) for every root option
    nodes: int
    seconds: float
    mode: str
    depth: Depth
    player: int | None = None
    line_texts: list[str] = field(default_factory=list)
    proven: bool = True     # False: a budget stopped the search before the horizon
    reached: int = 0        # decisions deep of the last complete iteration (0: one pass)
    stopped: str = ""       # why the search stopped early ("" when proven)
    start: Any = field(default=None, repr=False)   # the root position searched (a copy)

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else float("inf")

    def status(self) -> str:
        """One line: proven, or how far the line is proven and why it stopped."""
        if self.proven:
            return "proven to the horizon"
        return (f"not proven beyond depth {self.reached} (decisions): stopped by the "
                f"{self.stopped}")


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    """Run a search with Python's cyclic garbage collector paused.

    A search's transposition table keeps hundreds of thousands of tuples alive,
    and every collection the allocations trigger walks all of them again: a
    third of the time of a solve went there. Searches make no reference
    cycles (positions, keys and values are lists and tuples), so reference
    counting frees everything they drop; the collector resumes afterwards.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def parse_depth(depth: object) -> Depth:
    """``phase|round|game`` or a positive whole number of decisions."""
    if isinstance(depth, int) and not isinstance(depth, bool):
        if depth < 1:
            raise ValueError("depth must be at least 1 decision")
        return depth
    text = str(depth)
    if text in HORIZONS:
        return text
    if text.isdigit() and int(text) > 0:
        return int(text)
    raise ValueError(f"depth must be phase, round, game or a number of decisions, not {depth!r}")


class _Stop(Exception):
    """A budget ran out; ``reason`` says which."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class _Search:
    """One search: its horizon, mode, table, counters and budgets.

    The loop is the solver's hot path (most nodes are leaves of the horizon),
    so it settles each child in place, where the child was made, rather than
    through a call per node, and looks at the budgets only at the node counts
    where one can run out (``check_at``).
    """

    def __init__(self, depth: Depth, mode: str, player: int | None, marker: Hashable, *,
                 max_nodes: int | None, deadline: float | None, tt_size: int,
                 progress: Progress | None, began: float, allies: Iterable[int] = ()):
        self.horizon = None if isinstance(depth, int) else depth
        self.marker = marker
        self.mode = mode
        self.maxn = mode == "maxn"
        # whose values paranoid mode maximizes (solve() always names one there;
        # maxn reads it nowhere)
        self.player = player if player is not None else 0
        self.allies = frozenset(allies)   # paranoid: the players maximizing for ``player``
        # key -> (values, line, remaining, plies used)
        self.tt: dict[Hashable, tuple[Values, Line, int, int]] = {}
        self.tt_size = max(1, tt_size)
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.check_at = _UNLIMITED  # the next node count at which a budget is looked at
        self.progress = progress
        self.began = began
        self.limit = 0              # decision limit of the current iteration

    def arm(self) -> None:
        """Budgets apply from now on (once a first iteration is complete)."""
        self.check_at = self._next_check(self.nodes)

    def _next_check(self, n: int) -> int:
        """The first node count after ``n`` where a budget can run out: the node
        budget, or the next multiple of _CHECK_EVERY (a look at the clock)."""
        at = (n // _CHECK_EVERY + 1) * _CHECK_EVERY
        if self.max_nodes is not None and self.max_nodes < at:
            at = max(self.max_nodes, n + 1)
        return at

    def check(self) -> None:
        """At ``check_at`` nodes: raise _Stop when a budget is spent."""
        n = self.nodes
        if self.max_nodes is not None and n >= self.max_nodes:
            raise _Stop(f"node budget ({self.max_nodes:,} nodes)")
        if n % _CHECK_EVERY == 0:
            if self.deadline is not None and time.perf_counter() >= self.deadline:
                raise _Stop(f"time budget ({self.deadline - self.began:g} s)")
            if self.progress is not None and n % _PROGRESS_EVERY == 0:
                self.progress({"depth": self.limit, "nodes": n, "done": False,
                               "seconds": time.perf_counter() - self.began})
        self.check_at = self._next_check(n)

    def play(self, state: GameState, d: Any) -> GameState:
        """A copy of ``state`` after ``d``, counted as a node (the root's
        children: ``node`` does the same inline for all others)."""
        child = state.copy()
        child.apply(d)
        self.nodes += 1
        if self.nodes >= self.check_at:
            self.check()
        return child

    def settle(self, state: GameState) -> bool:
        """Cross phase boundaries inside the horizon; True when ``state`` is a leaf
        of the horizon (game over, or the horizon's marker changed)."""
        while True:
            if state.over:
                return True
            if self.horizon is not None and state.horizon(self.horizon) != self.marker:
                return True
            if not state.halted:
                return False
            state.resume()

    def value(self, state: GameState, remaining: int) -> tuple[Values, Line, int]:
        """(value, principal variation, plies used) of ``state`` just played into.

        The variation is a linked list ``(decision, rest)`` or None. Plies used
        is how deep the subtree reaches the horizon everywhere, or -1 when the
        decision limit cut it somewhere (the value is then only as deep as the
        limit).
        """
        if self.settle(state):
            return evaluate(state), None, 0
        # Past this point the game goes on, so a position's values are its scores.
        if remaining <= 0:
            return state.scores(), None, -1
        return self.node(state, remaining)

    def node(self, state: GameState, remaining: int) -> tuple[Values, Line, int]:
        """``value`` of a settled position inside the horizon, ``remaining`` >= 1."""
        key = state.key()
        tt = self.tt
        hit = tt.get(key)
        if hit is not None:
            val, pv, rem, used = hit
            if rem == remaining or 0 <= used <= remaining:
                return val, pv, used
        legal = state.legal()
        if not legal:   # no decision and not over: nothing more can happen here
            return state.scores(), None, 0
        mover = state.mover
        if self.maxn:
            me, maximize = mover, True
        else:
            me = self.player
            maximize = mover in self.allies
        horizon, marker = self.horizon, self.marker
        below = remaining - 1
        best = best_pv = None
        top = 0                     # best[me]
        used = 0
        for d in legal:
            child = state.copy()
            child.apply(d)
            self.nodes += 1
            if self.nodes >= self.check_at:
                self.check()
            # settle() inline: most children are leaves of the horizon
            while True:
                if child.over or (horizon is not None and child.horizon(horizon) != marker):
                    # a finished game is worth its result too (engine/evaluation.py)
                    v, pv = (evaluate(child) if child.over else child.scores()), None
                    if used == 0:
                        used = 1
                    break
                if not child.halted:
                    if below <= 0:
                        v, pv = child.scores(), None
                        used = -1
                    else:
                        v, pv, u = self.node(child, below)
                        if u < 0:
                            used = -1
                        elif used >= 0 and u + 1 > used:
                            used = u + 1
                    break
                child.resume()
            score = v[me]
            if best is None or (score > top if maximize else score < top):
                best, best_pv, top = v, (d, pv), score
        assert best is not None     # ``legal`` is not empty
        if len(tt) >= self.tt_size:
            tt.clear()
        tt[key] = (best, best_pv, remaining, used)
        return best, best_pv, used

    def better(self, v: Values, best: Values, mover: int) -> bool:
        if self.maxn:
            return v[mover] > best[mover]
        a, b = v[self.player], best[self.player]
        return a > b if mover in self.allies else a < b


def solve(state: GameState, depth: object = "phase", mode: str = "maxn",
          player: int | None = None, *, max_nodes: int | None = None,
          time_limit: float | None = None, tt_size: int = DEFAULT_TT_SIZE,
          progress: Progress | None = None) -> SolveResult:
    """Search from ``state`` (left unchanged) and return values and the best line.

    ``max_nodes`` and ``time_limit`` (seconds) bound the search (see the module
    docstring); ``progress`` is called with a dict (``depth``, ``nodes``,
    ``seconds``, ``done``, and after each complete iteration ``value`` and
    ``line``) as the search goes.
    """
    depth = parse_depth(depth)
    if mode not in MODES:
        raise ValueError(f"mode must be maxn or paranoid, not {mode!r}")
    began = time.perf_counter()
    root_state = state.copy()
    root_state.log = None
    # Stop at phase boundaries so that a horizon's value never includes the
    # automatic effects of the phase after it; a root at a boundary goes on.
    root_state.halt_at_phase_end = True
    while root_state.halted and not root_state.over:
        root_state.resume()
    if mode == "paranoid" and player is None:
        player = max(root_state.mover, 0)
    marker = None if isinstance(depth, int) else root_state.horizon(depth)
    search = _Search(depth, mode, player, marker, max_nodes=max_nodes,
                     deadline=None if time_limit is None else began + time_limit,
                     tt_size=tt_size, progress=progress, began=began,
                     allies=() if player is None else _partners(root_state, player))
    budgeted = max_nodes is not None or time_limit is not None
    final = depth if isinstance(depth, int) else _UNLIMITED
    plan = (range(1, final + 1) if final != _UNLIMITED else itertools.count(1)) \
        if budgeted else (final,)

    legal = [] if search.settle(root_state.copy()) else list(root_state.legal())
    done: tuple[list[Row], int] | None = None   # (root rows, limit) of the last complete iteration
    proven, stopped = not budgeted, ""
    with paused_gc():
        for limit in plan:
            search.limit = limit
            rows = []
            try:
                for d in legal:
                    rows.append((d,) + search.value(search.play(root_state, d), limit - 1))
            except _Stop as stop:
                stopped = stop.reason
                break
            done = (rows, limit)
            search.arm()
            exact = all(u >= 0 for *_, u in rows)
            if progress is not None:
                value, line = _best(search, root_state, rows)
                progress({"depth": limit, "nodes": search.nodes, "done": True,
                          "seconds": time.perf_counter() - began, "value": value,
                          "line": line, "exact": exact})
            if exact or limit == final:
                proven = True
                break
        search.tt.clear()    # freed now, not walked by the collector once it resumes
    rows, limit = done if done is not None else ([], 0)
    value, line = _best(search, root_state, rows)
    seconds = time.perf_counter() - began
    return SolveResult(value=value, line=line, root=[(d, v) for d, v, _, _ in rows],
                       nodes=search.nodes, seconds=seconds, mode=mode, depth=depth,
                       player=player, proven=proven,
                       reached=0 if proven and not budgeted else limit,
                       stopped="" if proven else stopped, start=root_state)


def _partners(state: GameState, player: int) -> tuple[int, ...]:
    """``player`` and the players on their side."""
    sides = state.sides()
    return tuple(p for p, side in enumerate(sides) if side == sides[player])


def _best(search: _Search, state: GameState, rows: list[Row]) -> tuple[Values, list[Any]]:
    """The best root option's value and its line (the first of equal values)."""
    if not rows:
        return evaluate(state), []
    mover = state.mover
    best = rows[0]
    for row in rows[1:]:
        if search.better(row[1], best[1], mover):
            best = row
    line = [best[0]]
    pv = best[2]
    while pv is not None:
        line.append(pv[0])
        pv = pv[1]
    return best[1], line


def enumerate_values(state: GameState, depth: object, mode: str = "maxn",
                     player: int | None = None) -> Values:
    """Naive full enumeration without a table: the solver's reference in tests."""
    depth = parse_depth(depth)
    if mode != "maxn" and player is None:
        raise ValueError("paranoid mode needs the player it plays for")
    horizon = depth if isinstance(depth, str) else None
    counted = horizon is None
    s = state.copy()
    s.log = None
    s.halt_at_phase_end = True
    while s.halted and not s.over:
        s.resume()
    marker = None if horizon is None else s.horizon(horizon)
    allies = () if player is None else _partners(s, player)

    def leaf(s: GameState) -> bool:
        while True:
            if s.over or (horizon is not None and s.horizon(horizon) != marker):
                return True
            if not s.halted:
                return False
            s.resume()

    def rec(s: GameState, remaining: int) -> Values:
        if leaf(s) or (counted and remaining <= 0):
            return evaluate(s)
        mover = s.mover
        values = []
        for d in s.legal():
            c = s.copy()
            c.apply(d)
            values.append(rec(c, remaining - 1))
        if not values:
            return evaluate(s)
        if mode == "maxn":
            best = values[0]
            for v in values[1:]:
                if v[mover] > best[mover]:
                    best = v
            return best
        assert player is not None       # paranoid: checked above
        pick = max if mover in allies else min
        target = pick(v[player] for v in values)
        return next(v for v in values if v[player] == target)

    return rec(s, depth if isinstance(depth, int) else 0)
