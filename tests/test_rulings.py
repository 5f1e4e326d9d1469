"""The rulings Herald follows, one test each, asserted on the engine directly."""
from conftest import position
from herald.engine.oriflamme.notation import format_queue
from herald.engine.oriflamme.state import new_game


def play(state, *decisions):
    game_players = state.players
    from herald.engine.games import GAMES
    game = GAMES["oriflamme"]
    for text in decisions:
        assert text.split()[0] in game_players
        state.apply(game.parse_decision(state, text))
    return state


def infl(state):
    return dict(zip(state.players, state.influence))


def legal_texts(state):
    from herald.engine.oriflamme.notation import format_decision
    return [format_decision(state, d, player=False) for d in state.legal()]


def test_ambush_by_opponent_pays_four_and_discards_both():
    s = position(round=2, phase="resolution", queue=["red soldier up", "blue ambush +3"])
    play(s, "red target 2")
    assert infl(s) == {"red": 2, "blue": 5, "green": 1}
    assert s.queue == [] and s.discard[0] == ((0, 1),) and s.discard[1] == ((1, 8),)


def test_own_ambush_publisher_and_fan_readings():
    spec = dict(round=2, phase="resolution", queue=["red soldier up", "red ambush", "blue heir"])
    s = play(position(**spec), "red target 2")
    assert s.influence[0] == 3 and format_queue(s.queue) == ["blue heir"]
    s = play(position(options={"own_ambush": "fan"}, **spec), "red target 2")
    assert s.influence[0] == 2 and format_queue(s.queue) == ["red soldier up", "blue heir"]


def test_conspiracy_pays_double_and_revealed_ambush_drops_its_tokens():
    s = play(position(round=4, phase="resolution",
                      queue=["red conspiracy +3", "blue ambush +2"]), "red reveal", "blue reveal")
    assert infl(s) == {"red": 7, "blue": 2, "green": 1}
    assert s.queue == []


def test_heir_counts_only_revealed_uncovered_rivals():
    s = play(position(round=3, phase="resolution",
                      queue=["red heir up", ["blue heir up", "blue spy"], "green heir"]),
             "blue bank", "green bank")
    assert s.influence[0] == 3          # covered and face-down Heirs do not count
    s = position(round=3, phase="resolution", queue=["red heir up", "blue heir up"])
    assert s.influence == [1, 1, 1]     # both revealed: neither scores


def test_shapeshifter_keeps_its_name_and_compares_with_shapeshifters():
    s = play(position(round=3, phase="resolution",
                      queue=["green heir up", "red shapeshifter up", "blue heir"]),
             "red copy 1", "blue bank")
    assert s.influence == [3, 1, 3]     # red scores as the only revealed Shapeshifter
    s = play(position(round=3, phase="resolution",
                      queue=["blue shapeshifter up", "green heir up", "red shapeshifter up"]),
             "blue copy 2")
    # blue copied the Heir but red's Shapeshifter is revealed: no gain; red has
    # one neighbour, the Heir: forced copy, no gain either (blue's is revealed).
    assert s.influence == [1, 1, 3]


def test_shapeshifter_copies_only_revealed_uncovered_personnages():
    s = position(round=3, phase="resolution", at=2,
                 queue=[["blue lord up", "blue heir"], "red shapeshifter up", "green spy"])
    assert legal_texts(s) == ["reveal", "bank"]   # no copy possible: straight to green
    s = position(round=3, phase="resolution", at=2,
                 queue=["blue lord up", "red shapeshifter up", "green spy up"])
    assert legal_texts(s) == ["copy 1", "copy 3"]


def test_copying_a_shapeshifter_does_nothing():
    s = play(position(round=3, phase="resolution", at=2,
                      queue=["blue shapeshifter up", "red shapeshifter up"]), "red copy 1")
    assert s.influence[0] == 1


def test_lord_counts_adjacent_family_face_down_and_every_card_of_a_pile():
    spec = dict(round=3, phase="resolution", at=2,
                queue=["red soldier", "red lord up", ["red spy up", "red heir"], "blue lord"])
    s = position(**spec)
    assert s.influence[0] == 5          # 1 + the Soldier + both cards of the pile (002)
    s = position(options={"lord_pile": "once"}, **spec)
    assert s.influence[0] == 4          # the pile counts once (000)


def test_spy_robs_the_owner_never_below_zero_and_never_itself():
    s = play(position(round=3, phase="resolution", at=2, influence={"blue": 0},
                      queue=["blue lord +2", "red spy up", "red heir"]), "red target 1")
    assert s.influence[:2] == [1, 0]
    s = position(round=3, phase="resolution", at=2, queue=["blue lord +2", "red spy up",
                                                        "red heir"])
    assert legal_texts(s) == ["target 1"]     # robbing yourself only when forced (002)
    s = play(position(options={"spy_self_target": "free"}, round=3, phase="resolution", at=2,
                      queue=["blue lord +2", "red spy up", "red heir"]), "red target 3")
    assert s.influence[:2] == [1, 1]
    s = play(position(round=3, phase="resolution", at=2, queue=["blue lord +2", "red spy up",
                                                             "red heir"]), "red target 1")
    assert s.influence[:2] == [2, 0] and s.queue[0] == ((1, 5, False, 2),)  # tokens untouched


def test_archer_targets_first_or_last_itself_included():
    s = position(round=3, phase="resolution", queue=["red archer up", "blue heir", "green spy"])
    assert legal_texts(s) == ["target 3"]     # itself only as a last resort (002)
    s = position(round=3, phase="resolution", queue=["red archer up", "blue heir", "red spy"])
    assert legal_texts(s) == ["target 1", "target 3"]
    play(s, "red target 1")
    assert s.influence[0] == 2 and s.discard[0] == ((0, 0),)
    s = position(options={"own_family_target": "free"}, round=3, phase="resolution",
                 queue=["red archer up", "blue heir", "green spy"])
    assert legal_texts(s) == ["target 1", "target 3"]


def test_assassination_targets_anywhere_itself_included():
    s = play(position(round=3, phase="resolution", queue=["red assassination", "blue heir"]),
             "red reveal")
    assert legal_texts(s) == ["target 1", "target 2"]


def test_eliminating_a_face_down_card_loses_its_tokens():
    s = play(position(round=3, phase="resolution", queue=["red soldier up", "blue conspiracy +4"]),
             "red target 2")
    assert s.influence == [2, 1, 1] and s.discard[1] == ((1, 9),)


def test_royal_decree_moves_top_card_with_tokens_but_never_onto_a_card():
    s = play(position(round=3, phase="resolution",
                      queue=["red royal_decree", ["blue spy", "blue heir +2"], "green lord"]),
             "red reveal")
    moves = legal_texts(s)
    assert "move 2 to 4" in moves and not any(" on " in m for m in moves)
    assert "move 1 to 2" not in moves            # the Decree does not move itself
    play(s, "red move 2 to 4")
    assert format_queue(s.queue)[:3] == ["blue spy", "green lord", "blue heir +2"]


def test_royal_decree_onto_card_option():
    s = play(position(options={"royal_decree_onto_card": "allowed"}, round=3,
                      phase="resolution", queue=["red royal_decree", "blue heir", "green lord",
                                                 "blue spy"]),
             "red reveal")
    moves = legal_texts(s)
    # onto a card of its own family only: the blue Heir onto the blue Spy (index 3 once
    # the Heir is lifted), never onto the green Lord; the Lord onto nothing
    assert [m for m in moves if " on " in m] == ["move 2 on 3", "move 4 on 2"][:1] + \
        [m for m in moves if m.startswith("move 4 on")]
    assert "move 2 on 2" not in moves and not any(m.startswith("move 3 on") for m in moves)


def test_moved_after_the_decree_acts_again_moved_before_does_not():
    s = play(position(round=3, phase="resolution",
                      queue=["blue lord up", "red royal_decree", "green lord up"]),
             "red reveal", "red move 1 to 2")
    assert s.influence == [1, 3, 2]   # blue Lord acted twice; green Lord once
    s = play(position(round=3, phase="resolution",
                      queue=["red royal_decree", "blue lord up", "green lord up"]),
             "red reveal", "red move 3 to 1")
    assert s.influence == [1, 2, 1]   # green Lord moved before the Decree: no action


def test_no_legal_target_does_nothing():
    s = position(round=3, phase="resolution", queue=["red soldier up"])
    assert s.influence == [1, 1, 1] and format_queue(s.queue) == ["red soldier up"]


def test_first_player_passes_left_and_placement_rules():
    s = new_game(3, seed=5)
    assert s.players[s.mover] == "red" and s.first == 0
    assert {d[3] for d in s.legal()} == {-1}     # empty queue: one place only
    while s.round == 1:
        legal = s.legal()
        s.apply(legal[-1] if s.phase == 1 else legal[0])   # bank everything
    assert s.first == 1 and s.players[s.mover] == "blue"
    places = {d[3] for d in s.legal()}
    own = {i for i, pile in enumerate(s.queue) if pile[-1][0] == 1}
    assert places == {-1, -2} | own           # round 2: piles on your own cards only


def test_duo_piles_never_mix_families():
    s = position(variant="duo", round=2, hands={"north": ["red heir", "green spy"]},
                 queue=["red lord up", "green soldier up", "blue archer"])
    texts = legal_texts(s)
    assert "place red heir on 1" in texts and "place green spy on 2" in texts
    assert "place red heir on 2" not in texts and "place green spy on 1" not in texts


def test_tokens_on_cards_do_not_count_and_tie_break_by_cards_in_queue():
    s = position(round=6, phase="resolution", influence={"red": 4, "blue": 4},
                 queue=["red lord +5", "blue heir +1", "blue spy +1"])
    play(s, "red bank", "blue bank", "blue bank")
    s.resume()
    assert s.over and s.influence[:2] == [4, 4] and s.winners() == [1]


def test_players_see_only_their_own_hidden_cards_and_the_log_tells_gains():
    s = position(round=2, phase="resolution", queue=["red soldier up", "blue ambush +1",
                                                    "green heir"])
    view = s.view(2)                              # green's view
    assert view["queue"][1] == [{"family": "blue", "card": None, "up": False, "tokens": 1}]
    assert view["queue"][2][0]["card"] == "heir"  # green sees its own face-down card
    assert view["hand_sizes"] == {"red": 0, "blue": 0, "green": 0}
    play(s, "red target 2")
    gains = [(e["player"], e["amount"], e["reason"]) for e in s.log if e["type"] == "gain"]
    assert gains == [("red", 1, "elimination"), ("blue", 4, "ambush_trap")]
    assert any(e["type"] == "discard" and e["card"] == (0, 1) for e in s.log)


def test_copy_is_independent_and_key_is_canonical():
    a = new_game(4, seed=9)
    b = a.copy()
    b.apply(b.legal()[0])
    assert a.key() != b.key() and a.copy().key() == a.key()
    assert hash(a.key()) == hash(new_game(4, seed=9).key())


def test_play_random_is_the_python_loop_compiled():
    import random
    for seed in range(20):
        a = new_game(3 + seed % 3, seed=seed)
        b = a.copy()
        decisions = a.play_random(random.Random(seed).random)
        r = random.Random(seed).random
        n = 0
        while not b.over:
            legal = b.legal()
            b.apply(legal[int(r() * len(legal))])
            n += 1
        assert decisions == n and a.key() == b.key() and a.over
        assert all(len(h) == 1 for h in a.hands)
