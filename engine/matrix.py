"""Exact solution of a two-player zero-sum matrix game, in rational arithmetic.

``solve_matrix(A)`` takes the row player's payoffs (the column player receives
their opposite) and returns the game's value and an optimal mixed strategy for
each player, every number a :class:`fractions.Fraction`. The row player
maximizes, the column player minimizes.

How, in order (each step keeps the value and the optimality of the strategies
it returns, so the answer is always an exact equilibrium of the whole matrix):

1. a pure saddle point (maximin = minimax) is answered at once;
2. rows and columns that are weakly dominated by another pure strategy are
   removed, repeatedly (iterated weak dominance may lose some equilibria of the
   full game but never its value: a strategy optimal in the reduced game stays
   optimal in the full one, since each removed strategy is no better against it
   than the one that dominated it);
3. a 2 × 2 remainder without a saddle point has a closed form;
4. anything larger is an exact simplex (Bland's rule, so degenerate pivots
   never cycle) on the column player's linear program after shifting every
   payoff to at least 1: maximize Σy subject to A·y ≤ 1, y ≥ 0. Then the value
   is 1/Σy - shift, the column strategy is y/Σy, and the row strategy is read
   from the dual (the slack columns of the final objective row).

Deterministic: ties are broken by the lowest index everywhere (the first
saddle point, the first dominating strategy, Bland's smallest entering and
leaving indices), so the same matrix always gives the same strategies.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

# Games are solved in integers while their common denominator has at most
# this many bits, in Fractions beyond.
INTEGER_BITS = 1024

# A payoff, and a game's matrix of them (rows: the maximizer's choices).
Number = int | Fraction
Matrix = Sequence[Sequence[Number]]
# A game's value with each player's mixed strategy (empty when not asked for).
Solution = tuple[Fraction, tuple[Fraction, ...], tuple[Fraction, ...]]


@dataclass(frozen=True)
class MatrixSolution:
    value: Fraction                 # what the row player can guarantee
    row: tuple[Fraction, ...]       # the row player's optimal mixed strategy
    col: tuple[Fraction, ...]       # the column player's optimal mixed strategy
    method: str                     # "saddle", "2x2" or "simplex" (for statistics)


def solve_matrix(payoffs: Matrix) -> MatrixSolution:
    """The exact value and optimal mixed strategies of the zero-sum game
    ``payoffs`` (rows: the maximizer's choices; entries int or Fraction)."""
    A = [[x if type(x) is Fraction else Fraction(x) for x in row] for row in payoffs]
    m = len(A)
    if m == 0 or not A[0] or any(len(r) != len(A[0]) for r in A):
        raise ValueError("a matrix game needs a non-empty rectangular payoff matrix")
    n = len(A[0])
    pure = _saddle(A, range(m), range(n))
    if pure is not None:
        i, j = pure
        return MatrixSolution(A[i][j], _unit(m, i), _unit(n, j), "saddle")
    rows, cols = _undominated(A)
    sub = [[A[i][j] for j in cols] for i in rows]
    if len(rows) < m or len(cols) < n:
        pure = _saddle(sub, range(len(rows)), range(len(cols)))
        if pure is not None:
            i, j = pure
            return MatrixSolution(sub[i][j], _unit(m, rows[i]), _unit(n, cols[j]), "saddle")
    if len(rows) == 2 and len(cols) == 2:
        value, x, y = _two_by_two(sub)
        method = "2x2"
    else:
        value, x, y = _simplex(sub)
        method = "simplex"
    row = [Fraction(0)] * m
    col = [Fraction(0)] * n
    for k, i in enumerate(rows):
        row[i] = x[k]
    for k, j in enumerate(cols):
        col[j] = y[k]
    return MatrixSolution(value, tuple(row), tuple(col), method)


def game_value(payoffs: Matrix) -> tuple[Number, str]:
    """The value alone of the zero-sum game ``payoffs`` and how it was found
    (``saddle``, ``2x2`` or ``simplex``), by the same steps as
    :func:`solve_matrix` but without its strategies: what a search needs at
    every position but the root.

    Entries are int or Fraction. A matrix of small fractions is solved in
    integers: multiplied by the least common multiple of their denominators
    (which orders and weighs every choice alike), its value divided back at
    the end; an all-integer matrix with a saddle point (most positions of a
    search) gives an int and never touches a Fraction. Fractions of hundreds
    of digits stay Fractions (see ``_simplex``).
    """
    scale = _denominator(payoffs)
    if scale.bit_length() > INTEGER_BITS:
        return _value(payoffs, 1)
    return _value(payoffs if scale == 1 else _scaled(payoffs, scale), scale)


def _value(A: Matrix, scale: int) -> tuple[Number, str]:
    """The value of the game ``A / scale`` (A in integers, or scale 1)."""
    lower = max(min(row) for row in A)
    if lower == min(max(col) for col in zip(*A)):
        return (lower if scale == 1 else Fraction(lower, scale)), "saddle"
    rows, cols = _undominated(A)
    sub = [[A[i][j] for j in cols] for i in rows]
    if len(rows) < len(A) or len(cols) < len(A[0]):
        lower = max(min(row) for row in sub)
        if lower == min(max(col) for col in zip(*sub)):
            return (lower if scale == 1 else Fraction(lower, scale)), "saddle"
    if len(rows) == 2 and len(cols) == 2:
        (a, b), (c, d) = sub
        return Fraction(a * d - b * c, (a - b - c + d) * scale), "2x2"   # as _two_by_two
    value = _simplex(sub, strategies=False)[0]
    return (value if scale == 1 else value / scale), "simplex"


def _denominator(A: Matrix) -> int:
    """The least common multiple of the entries' denominators (1: all ints)."""
    dens = [x.denominator for row in A for x in row if type(x) is not int]
    return math.lcm(*dens) if dens else 1


def _scaled(A: Matrix, scale: int) -> list[list[int]]:
    """``A`` times ``scale``, a multiple of every denominator: integers."""
    return [[x * scale if type(x) is int else x.numerator * (scale // x.denominator)
             for x in row] for row in A]


def _unit(size: int, index: int) -> tuple[Fraction, ...]:
    return tuple(Fraction(1) if k == index else Fraction(0) for k in range(size))


def _saddle(A: Matrix, rows: Iterable[int], cols: Iterable[int]) -> tuple[int, int] | None:
    """(row, col) of the first pure saddle point, or None."""
    rows, cols = list(rows), list(cols)
    row_mins = [min(A[i][j] for j in cols) for i in rows]
    col_maxs = [max(A[i][j] for i in rows) for j in cols]
    lower, upper = max(row_mins), min(col_maxs)
    if lower != upper:
        return None
    return rows[row_mins.index(lower)], cols[col_maxs.index(upper)]


def _undominated(A: Matrix) -> tuple[list[int], list[int]]:
    """Indices of the rows and columns left after iterated weak dominance by
    pure strategies. Of two equal rows (columns) the first is kept."""
    rows = list(range(len(A)))
    cols = list(range(len(A[0])))
    changed = True
    while changed:
        changed = False
        # A row is dropped when another row is at least as good everywhere.
        for i in list(rows):
            for k in rows:
                if k != i and all(A[k][j] >= A[i][j] for j in cols) and (
                        k < i or any(A[k][j] > A[i][j] for j in cols)):
                    rows.remove(i)
                    changed = True
                    break
        for j in list(cols):
            for k in cols:
                if k != j and all(A[i][k] <= A[i][j] for i in rows) and (
                        k < j or any(A[i][k] < A[i][j] for i in rows)):
                    cols.remove(j)
                    changed = True
                    break
    return rows, cols


def _two_by_two(A: Matrix) -> Solution:
    """Closed form of a 2 × 2 game without a saddle point (both players mix)."""
    (a, b), (c, d) = A
    den = a - b - c + d
    p = Fraction(d - c, den)          # probability of the first row
    q = Fraction(d - b, den)          # probability of the first column
    value = Fraction(a * d - b * c, den)
    return value, (p, 1 - p), (q, 1 - q)


def _simplex(A: Matrix, strategies: bool = True) -> Solution:
    """Exact simplex on max Σy s.t. (A + shift)·y ≤ 1, y ≥ 0 (Bland's rule).

    (value, row strategy, column strategy); with ``strategies`` False the
    integer way leaves the strategies out. Two ways to the same pivots and
    the same answer: in integers when the payoffs' common denominator is
    small (a search's games: several times faster), else in Fractions (games
    whose payoffs are already fractions of hundreds of digits, as deep in
    Goofspiel, where one common denominator for all of them would make every
    integer far longer than any entry).
    """
    shift = 1 - min(min(r) for r in A)
    shifted = [[x + shift for x in row] for row in A]
    scale = _denominator(shifted)
    if scale.bit_length() > INTEGER_BITS:
        return _rational_simplex(A, shift)
    return _integer_simplex(shifted, scale, shift, strategies)


def _integer_simplex(shifted: Matrix, scale: int, shift: Number,
                     strategies: bool) -> Solution:
    """The simplex in integers (fraction-free pivoting, as in Bareiss'
    elimination): the constraints are multiplied by ``scale``, a common
    denominator of ``shifted`` (the same program, with slacks ``scale``
    times as large), and the tableau T is kept in integers with one common
    denominator ``det`` (the last pivot): every true entry is T / det, and
    each pivot's division by the previous one is exact. Signs, ratios and so
    Bland's choices are those of the rational tableau, pivot for pivot.
    """
    m, n = len(shifted), len(shifted[0])
    # Tableau rows: [y_1..y_n, s_1..s_m | rhs]; basis starts at the slacks.
    T = [row + [1 if k == i else 0 for k in range(m)] + [scale]
         for i, row in enumerate(_scaled(shifted, scale))]
    obj = [-1] * n + [0] * m + [0]
    basis = [n + i for i in range(m)]
    width = n + m
    det = 1
    while True:
        enter = next((j for j in range(width) if obj[j] < 0), None)
        if enter is None:
            break
        leave = None
        for i in range(m):
            a = T[i][enter]
            if a > 0:
                if leave is None:
                    leave = i
                    continue
                # ratio T[i][-1] / a against the best, T[leave][-1] / T[leave][enter]
                lhs, rhs = T[i][-1] * T[leave][enter], T[leave][-1] * a
                if lhs < rhs or (lhs == rhs and basis[i] < basis[leave]):
                    leave = i
        # Every payoff is positive after the shift, so the program is bounded
        # and a leaving row always exists.
        assert leave is not None
        pivot_row = T[leave]
        p = pivot_row[enter]
        for i in range(m):
            if i != leave:
                f = T[i][enter]
                T[i] = [(x * p - f * y) // det for x, y in zip(T[i], pivot_row)]
        f = obj[enter]
        obj = [(x * p - f * y) // det for x, y in zip(obj, pivot_row)]
        det = p
        basis[leave] = enter
    total = obj[-1]                     # max Σy = total / det = 1 / (value + shift)
    if not strategies:
        return Fraction(det, total) - shift, (), ()
    y = [Fraction(0)] * n
    for i, b in enumerate(basis):
        if b < n:
            y[b] = Fraction(T[i][-1], total)
    # the dual's optimum (Σx = Σy) from the slack columns, scaled back
    x = tuple(Fraction(scale * obj[n + i], total) for i in range(m))
    return Fraction(det, total) - shift, x, tuple(y)


def _rational_simplex(A: Matrix, shift: Number) -> Solution:
    """The simplex in Fractions, each entry kept in lowest terms."""
    m, n = len(A), len(A[0])
    # Tableau rows: [y_1..y_n, s_1..s_m | rhs]; basis starts at the slacks.
    T = [[Fraction(A[i][j] + shift) for j in range(n)]
         + [Fraction(1) if k == i else Fraction(0) for k in range(m)] + [Fraction(1)]
         for i in range(m)]
    obj = [Fraction(-1)] * n + [Fraction(0)] * m + [Fraction(0)]
    basis = [n + i for i in range(m)]
    width = n + m
    while True:
        enter = next((j for j in range(width) if obj[j] < 0), None)
        if enter is None:
            break
        leave, best = None, None
        for i in range(m):
            a = T[i][enter]
            if a > 0:
                # the least ratio, ties to the least basic variable (Bland's rule)
                key = (T[i][-1] / a, basis[i])
                if best is None or key < best:
                    leave, best = i, key
        # Every payoff is positive after the shift, so the program is bounded
        # and a leaving row always exists.
        assert leave is not None
        pivot_row = T[leave]
        p = pivot_row[enter]
        if p != 1:
            pivot_row = [x / p for x in pivot_row]
            T[leave] = pivot_row
        for i in range(m):
            if i != leave:
                f = T[i][enter]
                if f:
                    row = T[i]
                    T[i] = [x - f * y for x, y in zip(row, pivot_row)]
        f = obj[enter]
        obj = [x - f * y for x, y in zip(obj, pivot_row)]
        basis[leave] = enter
    total = obj[-1]                     # max Σy = 1 / (value + shift)
    y = [Fraction(0)] * n
    for i, b in enumerate(basis):
        if b < n:
            y[b] = T[i][-1]
    x = [obj[n + i] for i in range(m)]  # the dual's optimum, Σx = Σy
    return 1 / total - shift, tuple(v / total for v in x), tuple(v / total for v in y)
