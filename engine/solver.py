"""Exhaustive depth-limited search over a game's decisions, all cards known.

Like a bridge double-dummy solver, it sees every hidden card. It searches every
decision to a horizon, memoizing positions in a transposition table keyed by
the game's canonical ``state.key()``.

Modes:

* ``maxn``: every player maximizes their own influence at the horizon; a
  position's value is the vector of all players' influence.
* ``paranoid``: one player (``for``) maximizes their influence and everyone
  else minimizes it; a position's value is that player's influence.

Horizons: ``"phase"`` (until the current phase ends), ``"round"``, ``"game"``,
or a whole number of decisions (forced ones count).

Tie-break (deterministic): among decisions of equal value for the player to
move, the first in the engine's legal order wins. The engine lists decisions
in a fixed order (placements by card then position, targets and moves by
position), so the same position always gives the same line.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

HORIZONS = ("phase", "round", "game")
MODES = ("maxn", "paranoid")


@dataclass
class SolveResult:
    value: tuple            # influence of every player at the horizon, on the line
    line: list              # the principal variation (decisions)
    root: list              # [(decision, value tuple)] for every root option
    nodes: int
    seconds: float
    mode: str
    depth: Any
    player: int | None = None
    line_texts: list = field(default_factory=list)

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else float("inf")


def parse_depth(depth):
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


class _Search:
    def __init__(self, depth, mode, player):
        self.depth = depth
        self.counted = isinstance(depth, int)
        self.mode = mode
        self.player = player
        self.tt: dict = {}
        self.nodes = 0

    def terminal(self, state, marker, remaining):
        if state.over:
            return True
        if self.counted:
            return remaining <= 0
        return state.horizon(self.depth) != marker

    def value(self, state, marker, remaining):
        """(value tuple, best decision) of ``state``; value is the score vector."""
        if self.terminal(state, marker, remaining):
            return state.scores(), None
        state.resume()   # a phase boundary inside the horizon: go on
        key = (state.key(), remaining) if self.counted else state.key()
        hit = self.tt.get(key)
        if hit is not None:
            return hit
        mover = state.mover
        paranoid = self.mode == "paranoid"
        maximize = not paranoid or mover == self.player
        best = best_d = None
        for d in state.legal():
            child = state.copy()
            child.apply(d)
            self.nodes += 1
            v, _ = self.value(child, marker, remaining - 1)
            if best is None or self._better(v, best, mover, maximize):
                best, best_d = v, d
        self.tt[key] = (best, best_d)
        return best, best_d

    def _better(self, v, best, mover, maximize):
        if self.mode == "maxn":
            return v[mover] > best[mover]
        a, b = v[self.player], best[self.player]
        return a > b if maximize else a < b


def solve(state, depth="phase", mode="maxn", player=None) -> SolveResult:
    """Search from ``state`` (left unchanged) and return values and the best line."""
    depth = parse_depth(depth)
    if mode not in MODES:
        raise ValueError(f"mode must be maxn or paranoid, not {mode!r}")
    if mode == "paranoid" and player is None:
        player = state.mover if state.mover >= 0 else 0
    search = _Search(depth, mode, player)
    start = time.perf_counter()
    root_state = state.copy()
    root_state.log = None
    # Stop at phase boundaries so that a horizon's value never includes the
    # automatic effects of the phase after it.
    root_state.halt_at_phase_end = True
    root_state.resume()
    marker = state.horizon(depth) if not isinstance(depth, int) else None
    remaining = depth if isinstance(depth, int) else 0
    root = []
    if not search.terminal(root_state, marker, remaining):
        for d in root_state.legal():
            child = root_state.copy()
            child.apply(d)
            search.nodes += 1
            v, _ = search.value(child, marker, remaining - 1)
            root.append((d, v))
    value, line = _line(search, root_state, marker, remaining, root)
    seconds = time.perf_counter() - start
    return SolveResult(value=value, line=line, root=root, nodes=search.nodes,
                       seconds=seconds, mode=mode, depth=depth, player=player)


def _line(search, state, marker, remaining, root):
    """Follow best decisions from the root to the horizon."""
    if not root:
        return state.scores(), []
    mover = state.mover
    maximize = search.mode == "maxn" or mover == search.player
    best_d, best_v = root[0]
    for d, v in root[1:]:
        if search._better(v, best_v, mover, maximize):
            best_d, best_v = d, v
    line = [best_d]
    s = state.copy()
    s.apply(best_d)
    remaining -= 1
    while not search.terminal(s, marker, remaining):
        s.resume()
        _, d = search.value(s, marker, remaining)
        line.append(d)
        s.apply(d)
        remaining -= 1
    return best_v, line


def enumerate_values(state, depth, mode="maxn", player=None):
    """Naive full enumeration without a table: the solver's reference in tests."""
    depth = parse_depth(depth)
    marker = state.horizon(depth) if not isinstance(depth, int) else None
    counted = isinstance(depth, int)

    def rec(s, remaining):
        if s.over or (remaining <= 0 if counted else s.horizon(depth) != marker):
            return s.scores()
        s.resume()
        mover = s.mover
        values = []
        for d in s.legal():
            c = s.copy()
            c.apply(d)
            values.append(rec(c, remaining - 1))
        if mode == "maxn":
            best = values[0]
            for v in values[1:]:
                if v[mover] > best[mover]:
                    best = v
            return best
        pick = max if mover == player else min
        target = pick(v[player] for v in values)
        return next(v for v in values if v[player] == target)

    s = state.copy()
    s.log = None
    s.halt_at_phase_end = True
    s.resume()
    return rec(s, depth if counted else 0)
