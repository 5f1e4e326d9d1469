"""Random bots draw from engine/rng.Stream; `play_game` hands an all-random
game to the engine's inline loop, which must play exactly the same game."""
from herald.engine.bots import RandomBot, make_bot, play_game
from herald.engine.games import GAMES
from herald.engine.oriflamme import new_game
from herald.engine.oriflamme.state import RNG_A1, RNG_A2, RNG_M1, RNG_M2, RNG_SCALE
from herald.engine.rng import A1, A2, M1, M2, SCALE, Stream

GAME = GAMES["oriflamme"]


def test_the_inline_loop_uses_the_streams_constants():
    assert (RNG_M1, RNG_A1, RNG_M2, RNG_A2, RNG_SCALE) == (M1, A1, M2, A2, SCALE)


def test_streams_are_deterministic_spread_and_in_range():
    a, b = Stream(7), Stream(7)
    draws = [a.random() for _ in range(2000)]
    assert draws == [b.random() for _ in range(2000)]
    assert all(0.0 < x < 1.0 for x in draws)
    assert 0.45 < sum(draws) / len(draws) < 0.55
    # neighbouring seeds (seat k and k+1) start unrelated
    firsts = [Stream(s).random() for s in range(1000)]
    assert len({int(x * 10) for x in firsts}) == 10
    assert abs(sum(firsts) / 1000 - 0.5) < 0.05


def test_fast_path_plays_the_same_games_as_one_bot_call_per_decision():
    for seed in range(60):
        for players, variant in ((3, "base"), (4, "base"), (5, "base"), (2, "duo")):
            fast = new_game(players, variant=variant, seed=seed)
            slow = fast.copy()
            fast_bots = [make_bot("random", seed * 8 + k) for k in range(players)]
            slow_bots = [make_bot("random", seed * 8 + k) for k in range(players)]
            play_game(fast, fast_bots)
            record: list = []   # recording takes the per-decision path
            play_game(slow, slow_bots, game=GAME, record=record)
            assert fast.over and fast.key() == slow.key()
            assert fast.influence == slow.influence and fast.discard == slow.discard
            assert [b.rng.state() for b in fast_bots] == [b.rng.state() for b in slow_bots]


def test_one_bot_for_every_seat_shares_one_stream():
    fast, slow = new_game(4, seed=5), new_game(4, seed=5)
    play_game(fast, make_bot("random", 3))
    bot = make_bot("random", 3)
    while not slow.over:
        slow.apply(bot(slow))
    assert fast.key() == slow.key()


def test_mixed_bots_take_the_per_decision_path():
    state = new_game(3, seed=2)
    bots = [make_bot("greedy", 1), make_bot("random", 2), make_bot("random", 3)]
    play_game(state, bots)
    assert state.over and isinstance(bots[1], RandomBot)
