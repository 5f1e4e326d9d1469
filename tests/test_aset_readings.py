"""L'Ordre d'Asèt: the readings of 003 the engine follows where the text is
explicit (issue 21): the Blessing and the titles, the Favori du conseil drawn
twice, who chooses first in a tie, Renforts whenever you like, Palindrome
alone in the pile. Each test plays the position and checks what follows:
titles, points, who decides next, where the decrees are."""
import pytest
from herald.engine.aset import ASET
from herald.engine.aset.cards import card
from herald.engine.aset.state import CHOOSE, RENFORT, SHARE
from herald.engine.interface import DecisionError


def position(**fields):
    fields.setdefault("game", "aset")
    fields.setdefault("players", {"arthur": "yellow", "brunehaut": "red",
                                  "charles": "purple", "david": "blue"})
    return ASET.from_spec(fields)


def play(state, *decisions):
    for text in decisions:
        while state.halted:
            state.resume()
        state.apply(ASET.parse_decision(state, text))
    return state


def names(state, players):
    return sorted(state.players[p] for p in players)


# -- the Blessing and the titles (l.151-153, 170-172, 192) -----------------------------

# before the last combat (blessing-renfort-kept), and after it: Charles won it
START = {"arthur": ["red 1", "purple 3", "blue 2"], "brunehaut": ["yellow 4", "purple 5"]}
FINAL = dict(START, charles=["yellow 5", "red 2", "purple 7", "blue 4"])


def test_an_unused_renfort_is_no_card_won():
    """The same treasure, [blue 3], makes David second to last when it is his
    unused Renfort, and the Little Corporal when he won it."""
    kept = position(phase="over", treasures=FINAL, renforts={"david": 3})
    won = position(phase="over", treasures=dict(FINAL, david=["blue 3"]))
    assert kept.treasure == won.treasure
    for state in (kept, won):
        assert state.scores() == (4, 2, 3, 1)
        assert names(state, state.winners()) == ["arthur"]
    assert kept.won_no_card() == [3] and kept.blessed() == 3
    assert names(kept, kept.caporal()) == ["brunehaut"]     # the lowest of the others
    assert won.won_no_card() == [] and won.blessed() == -1
    assert names(won, won.caporal()) == ["david"]


def test_the_blessed_player_shares_no_title_on_equal_points():
    state = position(players=["yellow", "red", "purple"], phase="over",
                     treasures={"yellow": ["yellow 3", "red 6"], "red": ["purple 2", "red 5"]})
    assert state.scores() == (0, 0, 0) and state.blessed() == 2
    assert state.winners() == [0, 1] and state.caporal() == [0, 1]


def test_several_players_without_a_card_won_get_no_blessing():
    state = position(players=["yellow", "red", "purple"], phase="over",
                     treasures={"yellow": ["red 1"]}, renforts={"red": 2})
    assert state.won_no_card() == [1, 2] and state.blessed() == -1
    assert state.winners() == [0] and state.caporal() == [2]   # red kept a 1-point Renfort


def test_the_duel_has_no_blessing_the_fewest_cards_is_the_corporal():
    state = position(variant="duel", players=["yellow", "red"], phase="over",
                     treasures={"yellow": ["yellow 1", "red 7"]})
    assert state.won_no_card() == [1] and state.blessed() == -1
    assert state.winners() == [0] and state.caporal() == [1]


def test_the_end_of_the_game_tells_the_blessing():
    state = position(phase="combat", round=10, treasures=START, renforts={"david": 3},
                     hands={"arthur": [5], "brunehaut": [2], "charles": [7], "david": [4]})
    play(state, "arthur play 5", "brunehaut play 2", "charles play 7", "david play 4",
         "arthur reveal")
    assert state.over
    events = [e for e in state.log if e["type"] in ("blessing", "end")]
    assert events[0] == {"type": "blessing", "player": "david"}
    assert events[1]["caporal"] == ["brunehaut"] and events[1]["winners"] == ["arthur"]
    assert events[1]["scores"] == {"arthur": 4, "brunehaut": 2, "charles": 3, "david": 1}


# -- the Favori du conseil drawn a second time (l.253) ---------------------------------

def test_a_second_copy_of_the_favourite_is_discarded_and_another_decree_drawn():
    state = position(players=["yellow", "red", "purple"], meneur="purple",
                     council=["anti_parity"], held={"purple": ["council_favourite"]},
                     decrees=["council_favourite", "unnamed_10", "unnamed_11"],
                     hands={"yellow": [1], "red": [1], "purple": [1]})
    ids = [d.id for d in state.config.decrees]
    assert [ids[d] for d in state.held[2]] == ["council_favourite"]
    assert [ids[d] for d in state.council] == ["anti_parity", "unnamed_10"]
    assert [ids[d] for d in state.spent] == ["council_favourite"]
    assert [ids[d] for d in state.deck] == ["unnamed_11"]
    assert any(e["type"] == "discard_decree" and e["reason"] == "held_twice"
               for e in state.log)


def test_the_favourite_held_by_another_player_is_kept_by_the_meneur():
    state = position(players=["yellow", "red", "purple"], meneur="purple",
                     held={"yellow": ["council_favourite"]},
                     decrees=["council_favourite", "unnamed_10"],
                     hands={"yellow": [1], "red": [1], "purple": [1]})
    assert state.held[0] == state.held[2] == (state.config.decree_index("council_favourite"),)
    assert state.council == ()


# -- who chooses first in a tie (l.135) -----------------------------------------------

@pytest.mark.parametrize("option, first", [(None, "brunehaut"), ("meneur", "arthur")])
def test_the_tied_player_nearest_the_meneur_clockwise_chooses_first(option, first):
    state = position(meneur="arthur", phase="combat",
                     options={"tie_first": option} if option else {},
                     hands={"arthur": [6], "brunehaut": [6], "charles": [2], "david": [3]})
    play(state, "arthur play 6", "brunehaut play 6", "charles play 2", "david play 3",
         "arthur reveal")
    assert state.phase == SHARE and state.players[state.mover] == first
    takers = [state.players[p] for p in state.takers]
    assert takers == ([first] * 2 + [p for p in ("arthur", "brunehaut") if p != first] * 2)


def test_the_meneur_untied_changes_nothing_the_next_clockwise_chooses_first():
    state = position(meneur="brunehaut", phase="combat",
                     hands={"arthur": [4], "brunehaut": [3], "charles": [4], "david": [1]})
    play(state, "brunehaut play 3", "charles play 4", "david play 1", "arthur play 4",
         "brunehaut reveal")
    assert [state.players[p] for p in state.takers] == ["charles", "charles", "arthur",
                                                        "arthur"]


# -- Renforts whenever you like (l.61-63, 127) ------------------------------------------

RENFORTS = {"players": {"arthur": "yellow", "brunehaut": "red", "charles": "purple"},
            "meneur": "arthur", "phase": "combat",
            "hands": {"arthur": [2, 3], "brunehaut": [5, 3], "charles": [7, 3]},
            "renforts": {"arthur": 5, "brunehaut": 7}}


def test_a_player_who_passed_may_answer_a_renfort_turned_up_after_him():
    state = play(position(**RENFORTS), "arthur play 2", "brunehaut play 5",
                 "charles play 7", "arthur reveal", "arthur pass")
    assert state.players[state.mover] == "brunehaut"
    play(state, "brunehaut renfort")
    assert state.players[state.mover] == "arthur"           # offered again
    play(state, "arthur renfort")
    assert [len(t) for t in state.treasure] == [3, 0, 0]     # his 2 is the only card left
    assert state.prison == (card(0, 5), card(1, 7))           # both Renforts


def test_without_a_renfort_turned_up_each_is_offered_once():
    state = play(position(**RENFORTS), "arthur play 2", "brunehaut play 5",
                 "charles play 7", "arthur reveal", "arthur pass", "brunehaut pass")
    assert state.phase != RENFORT                            # the combat is settled
    assert [len(t) for t in state.treasure] == [0, 0, 3]     # Charles's 7 wins


def test_a_renfort_that_cancels_nothing_is_not_offered():
    state = play(position(**dict(RENFORTS, renforts={"arthur": 4, "brunehaut": 7})),
                 "arthur play 2", "brunehaut play 5", "charles play 7", "arthur reveal")
    assert state.players[state.mover] == "brunehaut"         # Arthur's 4 cancels nothing
    play(state, "brunehaut renfort")
    assert [len(t) for t in state.treasure] == [0, 3, 0]     # and he is not asked after


# -- Palindrome (l.257) ----------------------------------------------------------------

def test_palindrome_goes_back_under_at_least_one_decree():
    state = position(players=["yellow", "red", "purple"], council=["unnamed_10"],
                     decrees=["palindrome", "unnamed_11", "unnamed_12"],
                     hands={"yellow": [1], "red": [1], "purple": [1]})
    assert [ASET.format_decision(state, d) for d in state.legal()] == \
        ["yellow return 1", "yellow return 2"]
    with pytest.raises(DecisionError):
        ASET.parse_decision(state, "yellow return 0")


def test_palindrome_alone_in_the_pile_enters_the_council():
    state = position(players=["yellow", "red", "purple"], council=["unnamed_10"],
                     decrees=["palindrome"], hands={"yellow": [1], "red": [1], "purple": [1]})
    ids = [d.id for d in state.config.decrees]
    assert [ids[d] for d in state.council] == ["unnamed_10", "palindrome"]
    assert state.deck == () and state.phase == CHOOSE        # on to the combat
    assert [e["type"] for e in state.log][-2:] == ["return_impossible", "enter"]
