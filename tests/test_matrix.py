"""The exact matrix-game solver: classic games by hand, and Gambit's exact LP as
the reference on random matrices."""
import random
from fractions import Fraction as F

import pytest
from herald.engine.matrix import solve_matrix


def optimal(A, sol):
    """The strategies are distributions that guarantee the value to each side."""
    m, n = len(A), len(A[0])
    assert sum(sol.row) == 1 and sum(sol.col) == 1
    assert min(sol.row) >= 0 and min(sol.col) >= 0
    assert len(sol.row) == m and len(sol.col) == n
    for j in range(n):
        assert sum(sol.row[i] * A[i][j] for i in range(m)) >= sol.value
    for i in range(m):
        assert sum(sol.col[j] * A[i][j] for j in range(n)) <= sol.value
    return True


def test_matching_pennies():
    A = [[1, -1], [-1, 1]]
    sol = solve_matrix(A)
    assert sol.value == 0
    assert sol.row == (F(1, 2), F(1, 2)) and sol.col == (F(1, 2), F(1, 2))
    assert all(type(x) is F for x in sol.row + sol.col + (sol.value,))


def test_rock_paper_scissors():
    A = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    sol = solve_matrix(A)
    assert sol.value == 0 and sol.method == "simplex"
    assert sol.row == (F(1, 3),) * 3 and sol.col == (F(1, 3),) * 3


def test_weighted_rock_paper_scissors():
    # Winning with rock pays 2: the value stays 0 but the mix changes.
    A = [[0, -1, 2], [1, 0, -1], [-2, 1, 0]]
    sol = solve_matrix(A)
    assert sol.value == 0
    assert sol.row == (F(1, 4), F(1, 2), F(1, 4)) and sol.col == (F(1, 4), F(1, 2), F(1, 4))


def test_saddle_point():
    A = [[3, 1, 4], [2, 0, 1], [5, 2, 6]]
    sol = solve_matrix(A)
    assert (sol.value, sol.method) == (2, "saddle")
    assert sol.row == (0, 0, 1) and sol.col == (0, 1, 0)


def test_two_by_two_closed_form():
    A = [[F(1, 3), -1], [-1, 1]]
    sol = solve_matrix(A)
    assert (sol.value, sol.method) == (F(-1, 5), "2x2")
    assert sol.row == (F(3, 5), F(2, 5)) and sol.col == (F(3, 5), F(2, 5))


def test_dominated_strategies_are_removed():
    # Row 3 is dominated by row 1, column 3 by column 1: matching pennies remains.
    A = [[1, -1, 2], [-1, 1, 3], [0, -2, 1]]
    sol = solve_matrix(A)
    assert sol.value == 0 and sol.row == (F(1, 2), F(1, 2), 0)
    assert sol.col == (F(1, 2), F(1, 2), 0)


def test_degenerate_games():
    # A constant game: every strategy is optimal; ties go to the first index.
    sol = solve_matrix([[2, 2], [2, 2]])
    assert (sol.value, sol.row, sol.col) == (2, (1, 0), (1, 0))
    # Equal rows and columns, and a pure row as good as the mix: value 0.
    A = [[1, -1, -1], [-1, 1, 1], [1, -1, -1], [0, 0, 0]]
    sol = solve_matrix(A)
    assert sol.value == 0 and optimal(A, sol)
    # Scaled rock-paper-scissors: every ratio of the simplex ties (degenerate
    # pivots, Bland's rule).
    A = [[0, 2, -2], [-2, 0, 2], [2, -2, 0], [0, 0, 0]]
    sol = solve_matrix(A)
    assert sol.value == 0 and optimal(A, sol)
    # One row, one column.
    assert solve_matrix([[5, 3, 4]]).value == 3
    assert solve_matrix([[5], [3], [4]]).value == 5


def test_deterministic():
    rng = random.Random(7)
    A = [[rng.randint(-3, 3) for _ in range(5)] for _ in range(5)]
    assert solve_matrix(A) == solve_matrix([row[:] for row in A])


def test_bad_matrices():
    for bad in ([], [[]], [[1, 2], [3]]):
        with pytest.raises(ValueError):
            solve_matrix(bad)


def gambit_value(A):
    import pygambit as gbt  # here, not at collection: every worker would import it
    game = gbt.StrategicGame.from_arrays(A, [[-x for x in row] for row in A])
    profile = gbt.nash.lp_solve(game, rational=True).equilibrium
    return F(str(profile.payoffs["1"]))      # from_arrays labels the players "1", "2"


def test_agrees_with_gambit_on_random_matrices():
    """250 random matrices up to 7 × 7: small integers (many ties, degenerate
    programs) and fractions; the value equals Gambit's exact LP value, and
    the strategies guarantee it."""
    rng = random.Random(2024)
    methods = set()
    for k in range(250):
        m, n = rng.randint(1, 7), rng.randint(1, 7)
        if k % 2:
            A = [[rng.randint(-2, 2) for _ in range(n)] for _ in range(m)]
        else:
            A = [[F(rng.randint(-9, 9), rng.randint(1, 4)) for _ in range(n)]
                 for _ in range(m)]
        sol = solve_matrix(A)
        methods.add(sol.method)
        assert sol.value == gambit_value(A), A
        assert optimal(A, sol)
    assert methods == {"saddle", "2x2", "simplex"}
