"""The Alliance readings of issue 21, asserted on the engine: the Insurrection
beside an Ambush and the order of its two eliminations, and the two-player
variant's "your other family is an opponent" for the Alliance cards."""
from __future__ import annotations

import pytest
from conftest import position
from herald.engine.oriflamme.notation import format_queue
from herald.engine.oriflamme.state import P_REVEAL

DUO = {"variant": "duo", "players": {"north": ["red", "green"], "south": ["blue", "yellow"]}}


def at(queue, *, cards="alliance", place=1, **spec):
    return position(cards=cards, round=3, phase="resolution", at=place, queue=queue, **spec)


def play(state, *decisions):
    from herald.engine.games import GAMES
    game = GAMES["oriflamme"]
    for text in decisions:
        state.apply(game.parse_decision(state, text))
    return state


def legal(state):
    from herald.engine.oriflamme.notation import format_decision
    return [format_decision(state, d) for d in state.legal()]


def infl(state):
    return dict(zip(state.players, state.influence, strict=True))


def discards(state):
    return {state.players[p]: sorted(c for _, c in d) for p, d in enumerate(state.discard) if d}


# -- the Insurrection beside an Ambush (001 l. 293-295, 164-168) --------------------------
ISSUE = ["blue ambush +1", ["red empress", "red insurrection +1"], "green heir up"]


@pytest.mark.parametrize("first", ["red target 1", "red target 3"])
def test_insurrection_on_a_pile_eliminates_its_real_right_neighbour(first):
    s = play(at(ISSUE, cards="mixed", place=2), "red reveal")
    assert legal(s) == ["red target 1", "red target 3"]      # never its own covered Empress
    play(s, first)
    # Blue's trap: +4 and the Insurrection discarded; Green's Heir eliminated all the same
    assert infl(s) == {"red": 3, "blue": 5, "green": 1}
    assert format_queue(s.queue) == ["red empress"]
    assert discards(s) == {"red": [16], "blue": [8], "green": [3]}
    # the Empress, uncovered, resolves next: red may reveal her (+2, no target left)
    assert s.pending == P_REVEAL and s.players[s.mover] == "red"
    play(s, "red reveal")
    assert infl(s)["red"] == 5 and format_queue(s.queue) == ["red empress up"]


def test_insurrection_between_two_ambushes_springs_both_and_harms_nothing_below():
    s = play(at(["blue ambush", ["red empress", "red insurrection +1"], "green ambush"],
                cards="mixed", place=2), "red reveal", "red target 3")
    assert infl(s) == {"red": 3, "blue": 5, "green": 5}
    assert format_queue(s.queue) == ["red empress"] and discards(s)["red"] == [16]


def test_insurrection_springing_its_own_ambush_still_eliminates_the_other_side():
    # own Ambush, the publisher's reading: +1 more, and the attacker is discarded
    s = play(at(["red ambush +2", ["red empress", "red insurrection +1"], "green heir up"],
                cards="mixed", place=2), "red reveal", "red target 1")
    assert infl(s) == {"red": 4, "blue": 1, "green": 1}
    assert format_queue(s.queue) == ["red empress"]
    assert discards(s) == {"red": [8, 16], "green": [3]}


def test_queue_order_reading_acts_at_once_with_the_same_outcome():
    s = play(at(ISSUE, cards="mixed", place=2, options={"insurrection_order": "queue_order"}),
             "red reveal")
    assert infl(s) == {"red": 3, "blue": 5, "green": 1}
    assert format_queue(s.queue) == ["red empress"]


# -- the order of the two eliminations ------------------------------------------------------
@pytest.mark.parametrize("first, blue", [("red target 1", 3), ("red target 3", 5)])
def test_the_owner_chooses_the_order_and_the_extortion_counts_what_is_left(first, blue):
    s = play(at(["red zealot up", "red insurrection +1", "blue extortion"], place=2),
             "red reveal")
    assert legal(s) == ["red target 1", "red target 3"]
    play(s, first)
    assert infl(s) == {"red": 3, "blue": blue, "green": 1}
    assert format_queue(s.queue) == ["red insurrection"]


def test_queue_order_reading_takes_the_earlier_neighbour_first():
    queue = ["blue extortion", "red insurrection +1", "red zealot up"]
    s = play(at(queue, place=2, options={"insurrection_order": "queue_order"}), "red reveal")
    assert infl(s) == {"red": 3, "blue": 5, "green": 1}
    s = play(at(queue, place=2), "red reveal", "red target 3")   # the owner's choice: 2
    assert infl(s) == {"red": 3, "blue": 3, "green": 1}


def test_one_neighbour_asks_no_order():
    s = play(at(["red insurrection +1", "blue zealot up"]), "red reveal")
    assert infl(s)["red"] == 2 and format_queue(s.queue) == ["red insurrection"]


# -- two players: your other family is an opponent (002 l. 449-451) ------------------------
def test_duo_empress_may_favour_your_other_family():
    queue = ["red empress", "green zealot", "red deserter", "blue magistrate"]
    s = play(at(queue, **DUO), "north reveal")
    assert legal(s) == ["north target 2", "north target 4"]   # never her own family
    play(s, "north target 2")
    assert infl(s) == {"north": 3, "south": 1}
    assert format_queue(s.queue)[1] == "green zealot +1"
    s = play(at(queue, options={"duo_opponents": "other_player"}, **DUO), "north reveal")
    assert legal(s) == ["north target 4"]


@pytest.mark.parametrize("reading, gain", [("other_family", 3), ("other_player", 1)])
def test_duo_informant_counts_your_other_familys_points(reading, gain):
    s = play(at(["green diplomat +2", "red informant up", "blue zealot +1"], place=2,
                options={"duo_opponents": reading}, **DUO), "north gain")
    assert infl(s) == {"north": 1 + gain, "south": 1}


@pytest.mark.parametrize("reading, north, trade", [("other_family", 6, "+1"),
                                                    ("other_player", 2, "+2")])
def test_duo_your_other_family_springs_your_extortion(reading, north, trade):
    s = play(at(["blue zealot +1", "red deserter up", "green extortion +1", "green trade +2"],
                place=2, options={"duo_opponents": reading}, **DUO), "north target 3")
    assert infl(s) == {"north": north, "south": 1}
    assert format_queue(s.queue) == ["blue zealot +1", f"green trade {trade}"]


def test_extortion_eliminated_by_its_own_family_does_not_spring():
    s = play(at(["blue zealot +1", "green deserter up", "green extortion +1", "green trade +2"],
                place=2, **DUO), "north target 3")
    assert infl(s) == {"north": 2, "south": 1}


# -- two players: the Informant's swap (002 l. 438-442) -------------------------------------
HANDS = {"hands": {"north": ["red zealot", "green magistrate"], "south": ["blue empress"]}}


@pytest.mark.parametrize("queue, reading, swaps", [
    (["red informant up", "blue deserter +1"], "in_piles",
     ["north swap red zealot", "north swap green magistrate"]),
    ([["red diplomat", "red informant up"], "blue deserter +1"], "in_piles",
     ["north swap red zealot"]),
    (["red informant up", "blue deserter +1"], "always", ["north swap red zealot"]),
])
def test_duo_informant_swaps_with_either_family_only_alone(queue, reading, swaps):
    s = at(queue, options={"duo_swap_family": reading}, **DUO, **HANDS)
    assert legal(s) == ["north gain"] + swaps


def test_duo_lone_informant_swapped_for_the_other_family():
    s = play(at(["red informant up", "blue deserter +1"], **DUO, **HANDS),
             "north swap green magistrate")
    assert format_queue(s.queue) == ["green magistrate", "blue deserter +1"]
    assert sorted(s.hands[0]) == [(0, 11), (0, 12)]       # red zealot, red informant back
