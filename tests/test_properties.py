"""Properties of the Oriflamme engine over thousands of seeded games between bots.

Every game is deterministic (its deal and its bots come from a seed), so a
failure names the seed that reproduces it. Checked:

* every card is in exactly one place (hand, set aside, draw pile, queue,
  discard): the union of all places is exactly each player's families × 10
  cards, without duplicates — after every decision in a subset of games, at
  the end in all of them;
* no influence and no token is ever negative, and no face-up card holds tokens;
* the game ends after exactly ``rounds`` rounds, rounds follow one another,
  and each player places once a round (twice in duo);
* every hand ends with the right size (base 1 card, duo 2) and the duo draw
  piles are empty;
* a recorded game (its starting position, every decision in notation)
  replays through the example runner to the same influence and queue.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest
import yaml
from herald.engine.bots import make_bot, play_game
from herald.engine.oriflamme import ORIFLAMME
from herald.engine.oriflamme.options import RULE_OPTIONS
from herald.engine.oriflamme.state import PLACE
from herald.engine.runner import run_example
from hypothesis import given, settings
from hypothesis import strategies as st

ROUNDS = 6
SETUPS = ((3, "base"), (4, "base"), (5, "base"), (2, "duo"))
BASE_GAMES = 500            # per player count: 1,500 base games
DUO_GAMES = 500
STEPWISE = 60               # games per setup checked after every decision
REPLAYED = 40               # games per setup recorded and replayed


def new(players, variant, seed, options=None):
    return ORIFLAMME.new_game(players, variant=variant, seed=seed, options=options)


def all_cards(state) -> Counter:
    """Every card ``(family, card)`` of every place, counted."""
    cards: Counter = Counter()
    for places in (state.hands, state.set_aside, state.draw, state.discard):
        for place in places:
            cards.update(place)
    for pile in state.queue:
        cards.update(c[:2] for c in pile)
    return cards


def problems(state) -> list[str]:
    """What is wrong with ``state`` (empty when every invariant holds)."""
    out = []
    cards = all_cards(state)
    expected = {(f, c) for fams in state.families for f in fams for c in state.box}
    twice = sorted(k for k, n in cards.items() if n > 1)
    if twice:
        out.append(f"cards in two places: {twice}")
    if set(cards) != expected:
        out.append(f"missing {sorted(expected - set(cards))}, "
                   f"foreign {sorted(set(cards) - expected)}")
    if any(v < 0 for v in state.influence):
        out.append(f"negative influence {state.influence}")
    tokens = [c for pile in state.queue for c in pile if c[3] < 0]
    if tokens:
        out.append(f"negative tokens {tokens}")
    up = [c for pile in state.queue for c in pile if c[2] and c[3]]
    if up:
        out.append(f"tokens on face-up cards {up}")
    if not 1 <= state.round <= state.rounds:
        out.append(f"round {state.round} of {state.rounds}")
    return out


def play_checked(state, bots, *, stepwise: bool, label: str):
    """Play to the end with the bots, checking invariants as we go; return the
    placements per (round, player) and the decisions in notation."""
    placements: Counter = Counter()
    decisions: list[str] = []
    rounds_seen = [state.round]
    assert not problems(state), f"{label}: at the start: {problems(state)}"
    guard = 0
    while not state.over:
        legal = state.legal()
        assert legal, f"{label}: no legal decision at round {state.round}, phase {state.phase}"
        d = bots[state.mover](state)
        assert d in legal, f"{label}: the bot chose an illegal {d!r}"
        if d[0] == PLACE:
            placements[(state.round, state.mover)] += 1
        decisions.append(ORIFLAMME.format_decision(state, d))
        state.apply(d)
        if state.round != rounds_seen[-1]:
            assert state.round == rounds_seen[-1] + 1, \
                f"{label}: round {rounds_seen[-1]} followed by {state.round}"
            rounds_seen.append(state.round)
        if stepwise:
            found = problems(state)
            assert not found, f"{label}: after {decisions[-1]!r} " \
                              f"(decision {len(decisions)}): {found}"
        guard += 1
        assert guard < 2000, f"{label}: the game does not end"
    return placements, decisions


def check_end(state, placements, label):
    found = problems(state)
    assert not found, f"{label}: at the end: {found}"
    assert state.over and state.mover == -1
    assert state.round == state.rounds == ROUNDS, f"{label}: ended at round {state.round}"
    duo = state.variant == "duo"
    per_round = 2 if duo else 1
    for r in range(1, ROUNDS + 1):
        for p in range(len(state.players)):
            assert placements[(r, p)] == per_round, \
                f"{label}: {state.players[p]} placed {placements[(r, p)]} in round {r}"
    sizes = [len(h) for h in state.hands]
    assert sizes == [2 if duo else 1] * len(state.players), f"{label}: hands {sizes}"
    if duo:
        assert all(not d for d in state.draw), f"{label}: cards left to draw {state.draw}"
    assert state.winners() and set(state.winners()) <= set(range(len(state.players)))


def bots_for(state, name, seed):
    return [make_bot(name, seed * 8 + k, depth=2) for k in range(len(state.players))]


def replay_holds(initial, decisions, final, label):
    """Replay the recorded game from its spec (through YAML, like a file)."""
    spec = ORIFLAMME.to_spec(initial)
    spec["play"] = decisions
    spec["expect"] = {"influence": dict(zip(final.players, final.influence)),
                      "queue": ORIFLAMME.to_spec(final)["queue"]}
    spec = yaml.safe_load(yaml.safe_dump(spec, allow_unicode=True, sort_keys=False))
    outcome = run_example(ORIFLAMME, spec)
    assert outcome.ok, f"{label}: the replay differs: {outcome.problems}"
    assert outcome.state.over, f"{label}: the replay does not reach the end"
    assert outcome.state.influence == final.influence, label
    assert outcome.state.queue == final.queue, label
    assert [s.text for s in outcome.steps] == decisions, f"{label}: other decisions"
    assert not any(s.forced for s in outcome.steps), label


@pytest.mark.parametrize("players,variant", SETUPS, ids=[f"{v}{p}" for p, v in SETUPS])
def test_random_games(players, variant):
    games = DUO_GAMES if variant == "duo" else BASE_GAMES
    for seed in range(games):
        label = f"{variant} {players} players, seed {seed}"
        state = new(players, variant, seed)
        initial = state.copy()
        bots = bots_for(state, "random", seed)
        placements, decisions = play_checked(state, bots, stepwise=seed < STEPWISE,
                                             label=label)
        check_end(state, placements, label)
        if seed < REPLAYED:
            replay_holds(initial, decisions, state, label)


@pytest.mark.parametrize("players,variant", SETUPS, ids=[f"{v}{p}" for p, v in SETUPS])
def test_greedy_and_solver_games(players, variant):
    """Bots that aim at influence reach other positions than random ones."""
    for seed in range(40):
        name = "solver" if seed % 8 == 0 else "greedy"
        label = f"{variant} {players} players, seed {seed}, {name}"
        state = new(players, variant, seed)
        initial = state.copy()
        bots = bots_for(state, name, seed)
        bots[0] = make_bot("random", seed)
        placements, decisions = play_checked(state, bots, stepwise=True, label=label)
        check_end(state, placements, label)
        if seed % 4 == 0:
            replay_holds(initial, decisions, state, label)


OPTION_VALUES = st.fixed_dictionaries({o.name: st.sampled_from(o.values) for o in RULE_OPTIONS})


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), setup=st.sampled_from(SETUPS), options=OPTION_VALUES)
def test_any_seed_and_rule_options(seed, setup, options):
    """Any deal under any combination of rule options keeps every invariant,
    and its record replays identically."""
    players, variant = setup
    label = f"{variant} {players} players, seed {seed}, options {options}"
    state = new(players, variant, seed, options)
    initial = state.copy()
    placements, decisions = play_checked(state, bots_for(state, "random", seed),
                                         stepwise=True, label=label)
    check_end(state, placements, label)
    replay_holds(initial, decisions, state, label)


def test_play_game_records_what_it_plays():
    state = new(4, "base", 11)
    record: list[str] = []
    final = play_game(state.copy(), bots_for(state, "greedy", 11), game=ORIFLAMME,
                      record=record)
    again = state.copy()
    bots = bots_for(state, "greedy", 11)
    played = []
    while not again.over:
        d = bots[again.mover](again)
        played.append(ORIFLAMME.format_decision(again, d))
        again.apply(d)
    assert record == played
    assert final.influence == again.influence and final.queue == again.queue


@pytest.mark.parametrize("name", ["random", "greedy", "solver"])
def test_bots_are_deterministic(name):
    def one(seed):
        state = new(3, "base", 5)
        record: list[str] = []
        play_game(state, bots_for(state, name, seed), game=ORIFLAMME, record=record)
        return record, state.influence
    assert one(1) == one(1)
    if name == "random":
        assert one(1) != one(2)


def test_greedy_beats_random():
    """A sanity check of the greedy bot (not a rule): over 200 duo games it wins
    more than half against a random opponent."""
    wins = 0.0
    for seed in range(200):
        state = new(2, "duo", seed)
        play_game(state, [make_bot("greedy", seed), make_bot("random", seed + 1)])
        won = state.winners()
        wins += (0 in won) / len(won)
    assert wins > 110


def test_bot_rng_is_per_bot():
    """Two bots with the same seed make the same choices; the module's
    ``random`` state plays no part."""
    state = new(3, "base", 2)
    a, b = make_bot("random", 9), make_bot("random", 9)
    random.seed(0)
    x = [a(state) for _ in range(20)]
    random.seed(1)
    y = [b(state) for _ in range(20)]
    assert x == y


def test_make_bot_rejects_unknown_names():
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("oracle", 1)
