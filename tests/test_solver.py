"""The solver against naive full enumeration, on many random small positions."""
import random

import pytest
from herald.engine.evaluation import values
from herald.engine.oriflamme.state import RESOLUTION, new_game
from herald.engine.solver import enumerate_values, parse_depth, solve


def random_position(seed, variant="base"):
    """A position part-way through a seeded random game."""
    rng = random.Random(seed)
    state = new_game(2 if variant == "duo" else rng.choice([3, 4]), variant=variant, seed=seed)
    for _ in range(rng.randrange(5, 60)):
        if state.over:
            break
        legal = state.legal()
        state.apply(legal[rng.randrange(len(legal))])
    if state.over:   # too far: take another deal
        return random_position(seed + 100_003, variant)
    return state


def replay_value(state, line):
    s = state.copy()
    s.log = None
    s.halt_at_phase_end = True
    for d in line:
        s.resume()
        s.apply(d)
    return values(s)


@pytest.mark.parametrize("seed", range(60))
def test_maxn_matches_enumeration(seed):
    state = random_position(seed, "duo" if seed % 4 == 0 else "base")
    depth = 1 + seed % 4
    result = solve(state, depth, "maxn")
    assert result.value == enumerate_values(state, depth, "maxn")
    assert replay_value(state, result.line) == result.value
    assert result.line and len(result.line) <= depth


@pytest.mark.parametrize("seed", range(40))
def test_paranoid_matches_enumeration(seed):
    state = random_position(1000 + seed)
    player = seed % len(state.players)
    depth = 1 + seed % 4
    result = solve(state, depth, "paranoid", player)
    assert result.value[player] == enumerate_values(state, depth, "paranoid", player)[player]
    assert replay_value(state, result.line)[player] == result.value[player]


@pytest.mark.parametrize("seed", range(15))
def test_phase_horizon_matches_enumeration(seed):
    # Late in a resolution phase, so the phase is small enough to enumerate.
    rng = random.Random(seed)
    state = random_position(2000 + seed)
    while not state.over and not (state.phase == RESOLUTION and
                                  state.cursor >= len(state.queue) - 3):
        legal = state.legal()
        state.apply(legal[rng.randrange(len(legal))])
    assert not state.over
    result = solve(state, "phase", "maxn")
    assert result.value == enumerate_values(state, "phase", "maxn")
    # the root options' values are each the enumeration of that child
    for d, v in result.root:
        child = state.copy()
        child.halt_at_phase_end = True
        child.apply(d)
        assert v == enumerate_values(child, "phase", "maxn") if not child.halted \
            else v == values(child)


def test_transposition_table_saves_work():
    state = random_position(7)
    result = solve(state, 5, "maxn")
    plain = [0]

    def count(s, k):
        if k == 0 or s.over:
            return
        for d in s.legal():
            c = s.copy()
            c.apply(d)
            plain[0] += 1
            count(c, k - 1)
    count(state, 5)
    assert result.nodes <= plain[0]


def test_deterministic_tie_break_and_same_result_twice():
    state = random_position(11)
    a, b = solve(state, 4, "maxn"), solve(state, 4, "maxn")
    assert a.line == b.line and a.value == b.value and a.root == b.root


def test_depth_parsing():
    assert parse_depth("phase") == "phase" and parse_depth("7") == 7
    for bad in ("0", "turn", -1):
        with pytest.raises(ValueError):
            parse_depth(bad)
