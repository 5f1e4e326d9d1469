"""What a seat remembers and where the table shuffles, in the Lenormand duel
(issue 30): a seat's information key and its determinizations keep the
face-down cards it laid itself; in the tree of ``new_initial_state`` a
reshuffle of the discard is chance nodes, while a position dealt from a seed
keeps drawing its reshuffles from the seed."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
from herald.engine.games import GAMES
from herald.engine.interface import CHANCE
from herald.engine.lenormand.state import EXCHANGE, SHUFFLE

GAME = GAMES["lenormand"]


def _laid_face_down():
    """A duel after civilisation (seat 0) laid a card face down in slot 0."""
    state = GAME.new_game(2, seed=3)
    card = state.hands[0][0]
    state.apply((EXCHANGE, card, 0, False))
    assert state.reserve[0] == (card, False)
    return state, card


def test_a_seat_s_key_holds_the_face_down_card_it_laid_and_hides_it_from_the_others():
    a, card = _laid_face_down()
    # the same position with that card swapped for the draw pile's top card
    b = a.copy()
    b.reserve[0] = (b.draw[0], False)
    b.draw = (card,) + b.draw[1:]
    assert a.information_key(0) != b.information_key(0)     # civilisation laid it
    assert a.information_key(1) == b.information_key(1)     # nature never saw it


def test_determinize_keeps_the_face_down_card_for_the_seat_that_laid_it_only():
    state, card = _laid_face_down()
    rng = random.Random(1)
    assert all(state.determinize(0, rng).reserve[0] == (card, False) for _ in range(30))
    assert any(state.determinize(1, rng).reserve[0] != (card, False) for _ in range(30))


def _to_reshuffle(seed):
    """A game of the tree, played at random until a reshuffle starts."""
    rng = random.Random(seed)
    state = GAME.new_initial_state(2)
    while not state.over:
        if state.mover == CHANCE:
            if state.pending is not None:
                return state, rng
            state.apply(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply(rng.choice(state.legal()))
    raise AssertionError("no reshuffle")


def test_a_reshuffle_in_the_tree_is_chance_laying_the_discard_one_card_a_step():
    state, rng = _to_reshuffle(0)
    drawer = state.pending[0]
    discard, turn = state.discard, state.turn
    assert state.draw == () and discard
    steps = 0
    while state.mover == CHANCE:
        outcomes = state.chance_outcomes()
        assert sorted(c for (verb, c), _ in outcomes) == sorted(state.discard)
        assert {verb for (verb, _), _ in outcomes} == {SHUFFLE}
        assert {p for _, p in outcomes} == {Fraction(1, len(outcomes))}
        state.apply(rng.choice(outcomes)[0])
        steps += 1
    assert steps == len(discard)
    # the drawer drew its hand full from the top of the new pile; the next turn began
    assert len(state.hands[drawer]) == GAME.new_game(2).config.hand_size(2) or state.over
    assert state.turn == turn + 1 and state.shuffles == 1
    assert set(state.draw) | set(state.hands[drawer]) >= set(discard)


def test_a_reshuffle_in_a_seeded_game_comes_from_the_seed():
    state = GAME.new_game(2, seed=5)
    rng = random.Random(5)
    while not state.over:
        assert state.mover != CHANCE
        state.apply(rng.choice(state.legal()))
    assert state.shuffles > 0


# -- perfect recall (the sequence-form solver's need) ---------------------------

def _tree_game(name, players, variant, seed):
    """A random game of ``name``'s tree, each seat's (information key,
    decision) pairs at its decisions, and the positions it decided in."""
    game = GAMES[name]
    rng = random.Random(seed)
    state = game.new_initial_state(players, variant=variant)
    steps = 0
    mine: list[list] = [[] for _ in range(players)]
    while not state.over and steps < 400:
        if state.mover == CHANCE:
            state.apply(rng.choice(state.chance_outcomes())[0])
        else:
            move = rng.choice(state.legal())
            mine[state.mover].append((state.information_key(state.mover), move))
            state.apply(move)
        steps += 1
    return mine


@pytest.mark.parametrize("name, players, variant", [("oriflamme", 3, "base"),
                                                    ("aset", 2, "duel"),
                                                    ("lenormand", 2, "base")])
def test_a_seat_s_key_in_the_tree_holds_its_earlier_keys_and_decisions(name, players,
                                                                       variant):
    for seat_pairs in _tree_game(name, players, variant, 7):
        assert len(seat_pairs) > 2
        keys = [k for k, _ in seat_pairs]
        assert len(set(keys)) == len(keys)       # the same position twice: told apart
        # each later key holds the earlier ones' history as its beginning, and
        # the seat's own decisions in it
        for (k1, d1), (k2, _) in zip(seat_pairs, seat_pairs[1:]):
            now1, past1 = k1
            past2 = k2[1]
            assert past2[:len(past1)] == past1
            assert past2[len(past1)][0] == d1


def test_a_tree_key_holds_the_deal_as_seen_and_a_seeded_position_s_only_the_present():
    # in the tree, the key after the deal lists each deal step as the seat
    # saw it; a seeded position (the bots' and the examples') has no past
    state = GAME.new_initial_state(2)
    rng = random.Random(0)
    while state.mover == CHANCE:
        state.apply(rng.choice(state.chance_outcomes())[0])
    now, past = state.information_key(0)
    assert now == state.observation(0) and len(past) == 20     # the 20 cards dealt
    assert [own for own, _ in past] == [None] * 20             # chance's steps, not its own
    seeded = GAME.new_game(2, seed=0)
    assert seeded.information_key(0) == seeded.observation(0)
