"""The solver never crashes nor runs away: every built-in example at every
horizon, node and time budgets, iterative deepening, a bounded table, and the
`herald solve` command line around it."""
import json
import time

import pytest
from conftest import herald_here
from herald.engine.evaluation import values
from herald.engine.oriflamme.state import new_game
from herald.engine.solver import enumerate_values, solve
from herald.generator.examples import builtin_examples, load_example
from herald.generator.examples import position as example_position

EXAMPLES = builtin_examples("oriflamme")
DEPTHS = ("phase", "round", "game", 2, 99999)
BUDGET = 3000          # nodes per solve in the sweep: about 0.1 s at most


def replay(state, line, depth):
    """Play ``line`` from ``state`` the way the solver does (every decision must be
    legal), then cross the phase boundaries that lie inside the horizon."""
    s = state.copy()
    s.log = None
    s.halt_at_phase_end = True
    while s.halted and not s.over:
        s.resume()
    marker = s.horizon(depth) if isinstance(depth, str) else None
    for d in line:
        while s.halted and not s.over:
            s.resume()
        assert d in s.legal()
        s.apply(d)
    while s.halted and not s.over and (marker is None or s.horizon(depth) == marker):
        s.resume()
    return s


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_builtin_example_solves_at_every_depth(path):
    start = example_position(load_example(path), log=False)
    for depth in DEPTHS:
        for mode in ("maxn", "paranoid"):
            result = solve(start, depth, mode, max_nodes=BUDGET)
            if start.over:
                assert result.line == [] and result.root == []
                continue
            assert result.root and result.line, (depth, mode)
            end = replay(start, result.line, depth)
            if result.proven:
                # the line reaches the horizon and its end has the value announced
                assert values(end) == result.value, (depth, mode)
            else:
                assert result.reached >= 1 and len(result.line) <= result.reached
                assert "not proven beyond depth" in result.status()
            assert result.nodes <= BUDGET + 64   # the first iteration is never cut


def test_a_stop_by_nodes_keeps_the_deepest_complete_line():
    start = example_position(load_example(_example("benchmark-public-simulator")), log=False)
    result = solve(start, "game", "maxn", max_nodes=20_000)
    assert not result.proven and result.stopped.startswith("node budget")
    assert 1 <= result.reached < 30 and len(result.line) == result.reached
    # the same as an unbudgeted search to that many decisions
    exact = solve(start, result.reached, "maxn")
    assert exact.proven and exact.value == result.value and exact.line == result.line
    assert result.nodes <= 20_000


def test_a_stop_by_time_is_on_time():
    start = example_position(load_example(_example("benchmark-public-simulator")), log=False)
    began = time.perf_counter()
    result = solve(start, "game", "maxn", time_limit=0.3)
    assert time.perf_counter() - began < 2.0
    assert not result.proven and result.stopped.startswith("time budget") and result.line


def test_budgeted_iterative_deepening_equals_one_exact_pass():
    for seed in range(6):
        state = new_game(3, seed=seed)
        rng = __import__("random").Random(seed)
        for _ in range(12 + seed):
            legal = state.legal()
            state.apply(legal[rng.randrange(len(legal))])
        for depth in ("phase", 4):
            plain = solve(state, depth, "maxn")
            deep = solve(state, depth, "maxn", max_nodes=10**7)
            assert deep.proven and deep.value == plain.value and deep.line == plain.line
            assert deep.root == plain.root


def test_a_tiny_table_gives_the_same_answer():
    state = new_game(4, seed=3)
    for _ in range(9):
        state.apply(state.legal()[0])
    big = solve(state, 5, "maxn")
    small = solve(state, 5, "maxn", tt_size=8)
    assert small.value == big.value and small.line == big.line
    assert small.value == enumerate_values(state, 5, "maxn")


def test_progress_reports_each_complete_iteration():
    start = example_position(load_example(_example("benchmark-public-simulator")), log=False)
    seen = []
    solve(start, "game", "maxn", max_nodes=5_000, progress=seen.append)
    done = [r["depth"] for r in seen if r["done"]]
    assert done == list(range(1, len(done) + 1)) and len(done) >= 3
    assert all(len(r["value"]) == 3 and r["line"] for r in seen if r["done"])


def _example(stem):
    return next(p for p in EXAMPLES if p.stem == stem)


# -- the command line ---------------------------------------------------------------

def test_solve_accepts_a_builtin_name_and_reports_its_budget():
    result = herald_here("solve", "benchmark-public-simulator", "--depth", "game",
                    "--max-nodes", "3000", "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["proven"] is False and doc["reached"] >= 1 and doc["nodes"] <= 3100
    assert doc["stopped"].startswith("node budget") and doc["line"]
    text = herald_here("solve", "benchmark-public-simulator", "--depth", "game",
                  "--max-nodes", "3000")
    assert text.returncode == 0
    assert f"not proven beyond depth {doc['reached']} (decisions)" in text.stdout


def test_solve_game_depth_on_an_example_without_hands_is_proven():
    result = herald_here("solve", "cascade-assassination", "--depth", "game", "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["proven"] is True and doc["line"]


def test_for_needs_paranoid_mode():
    result = herald_here("solve", "solve-last-round", "--for", "blue")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "--mode paranoid" in result.stderr
    ok = herald_here("solve", "solve-last-round", "--for", "blue", "--mode", "paranoid")
    assert ok.returncode == 0 and "playing for blue" in ok.stdout


def test_unknown_example_name_is_one_line():
    result = herald_here("solve", "no-such-example")
    assert result.returncode == 2 and result.stderr.count("\n") == 1
