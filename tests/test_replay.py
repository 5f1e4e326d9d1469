"""Replaying a worked example's ``play:`` list (engine/replay.py): decisions
made at the same time in any order, forced decisions listed or left out, and
refusals in the game's words (issue 19)."""
from __future__ import annotations

import dataclasses
import types
import typing

import pytest
from goofspiel import GAME as GOOFSPIEL
from herald.engine.games import GAMES
from herald.engine.interface import SpecError
from herald.engine.runner import Outcome, run_example
from herald.generator.examples import load_example
from herald.generator.paths import game_assets

ASET = GAMES["aset"]


def combat(play, **fields):
    """Arthur (the Meneur), Brunehaut and Charles at a combat of L'Ordre d'Asèt."""
    spec = {"game": "aset", "players": {"arthur": "yellow", "brunehaut": "red",
                                        "charles": "purple"},
            "meneur": "arthur", "phase": "combat",
            "hands": {"arthur": [6, 2], "brunehaut": [5, 1], "charles": [2, 4]},
            "play": play}
    spec.update(fields)
    return run_example(ASET, spec)


SEAT_ORDER = ["arthur play 6", "brunehaut play 5", "charles play 2"]


@pytest.mark.parametrize("play", [
    SEAT_ORDER,
    ["charles play 2", "arthur play 6", "brunehaut play 5"],
    ["brunehaut play 5", "charles play 2", "arthur play 6"],
    ["charles play 2", "brunehaut play 5", "arthur play 6"],
])
def test_a_combat_s_cards_are_listed_in_any_order(play):
    outcome = combat(play, expect={"treasures": {"arthur": ["yellow 6", "red 5",
                                                            "purple 2"]},
                                   "hands": {"arthur": [2], "brunehaut": [1],
                                             "charles": [4]}})
    assert outcome.ok, outcome.problems
    # played in the engine's seat order whatever the listed order
    assert [s.text for s in outcome.steps][:3] == SEAT_ORDER


def test_a_player_listed_twice_in_one_combat_fails():
    outcome = combat(["charles play 2", "charles play 4", "arthur play 6"])
    assert outcome.problems == [
        ("step 2: 'charles play 4': charles already decided at step 1; arthur, brunehaut "
        "and charles decide at the same time, once each")]


def test_a_player_missing_from_a_combat_fails():
    outcome = combat(["charles play 2", "arthur play 6", "arthur reveal"])
    assert outcome.problems == [
        ("steps 1-2: arthur, brunehaut and charles decide at the same time: brunehaut's "
        "decision is missing before step 3")]
    outcome = combat(["charles play 2"])
    assert outcome.problems == [
        ("step 1: arthur, brunehaut and charles decide at the same time: arthur and "
        "brunehaut's decisions are missing")]


def test_a_wrong_card_is_refused_at_its_own_step():
    outcome = combat(["charles play 2", "brunehaut play 7", "arthur play 6"])
    assert outcome.problems == ["step 2: brunehaut cannot 'play 7'; legal: play 1, play 5"]


def test_a_prefix_in_seat_order_still_stops_mid_combat():
    # the state waits for brunehaut: refusing her impossible card proves something
    outcome = combat(["arthur play 6"], expect={"illegal": "brunehaut play 7"})
    assert outcome.ok, outcome.problems


def goofspiel(play, **fields):
    # the game package's Goofspiel: the runner knows no game, so a
    # simultaneous game it has never seen replays the same way
    spec = {"game": "goofspiel", "players": ["ann", "bob", "cy"],
            "hands": {"ann": [1, 2], "bob": [1, 3], "cy": [2, 3]}, "prizes": [5, 1],
            "play": play}
    spec.update(fields)
    return run_example(GOOFSPIEL, spec)


def test_any_simultaneous_game_takes_its_decisions_in_any_order():
    outcome = goofspiel(["cy bid 3", "ann bid 1", "bob bid 1", "bob bid 3", "cy bid 2"],
                        expect={"won": {"ann": 0, "bob": 1, "cy": 5}})
    assert outcome.ok, outcome.problems      # ann's last bid (2) is forced, left out
    assert [s.text for s in outcome.steps] == ["ann bid 1", "bob bid 1", "cy bid 3",
                                               "ann bid 2", "bob bid 3", "cy bid 2"]
    assert goofspiel(["cy bid 3", "cy bid 2"]).problems == [
        ("step 2: 'cy bid 2': cy already decided at step 1; ann, bob and cy decide at the "
        "same time, once each")]


def test_a_check_between_decisions_still_waiting_is_bad_input():
    with pytest.raises(SpecError) as e:
        goofspiel(["cy bid 3", "ann bid 1", "bob bid 1"],
                  checks=[{"after": 1, "expect": {}}])
    assert e.value.path == ("checks", 1, "after")
    assert "wait for their turn" in e.value.message
    # in seat order, each decision is played at once: a check may fall between them
    outcome = goofspiel(["ann bid 1", "bob bid 1", "cy bid 3"],
                        checks=[{"after": 2, "expect": {"won": {"ann": 0, "bob": 0,
                                                                "cy": 0}}}])
    assert outcome.ok, outcome.problems


def test_a_forced_combat_listed_in_any_order_is_taken_as_listed():
    # one card each: every play is forced, and the listed ones are those plays
    hands = {"arthur": [6], "brunehaut": [5], "charles": [2]}
    outcome = combat(["charles play 2", "arthur play 6", "brunehaut play 5"],
                     hands=hands, rounds=1,
                     expect={"treasures": {"arthur": ["yellow 6", "red 5", "purple 2"]},
                             "winner": "arthur"})
    assert outcome.ok, outcome.problems
    assert not any(s.forced for s in outcome.steps[:3])
    wrong = combat(["charles play 4", "arthur play 6", "brunehaut play 5"], hands=hands,
                   rounds=1)
    assert wrong.problems == ["step 1: charles cannot 'play 4'; legal: play 2"]


def test_forced_plays_left_out_are_still_played():
    outcome = combat(["charles play 2", "arthur play 6"],
                     hands={"arthur": [6, 2], "brunehaut": [5, 5], "charles": [2, 4]},
                     expect={"treasures": {"arthur": ["yellow 6", "red 5", "purple 2"]}})
    assert outcome.ok, outcome.problems
    assert [s.forced for s in outcome.steps[:3]] == [False, True, False]


def test_a_renfort_that_cancels_nothing_says_so():
    played = ["arthur play 6", "brunehaut play 5", "charles play 2"]
    outcome = combat(played + ["charles renfort"], renforts={"charles": 7})
    assert outcome.problems == ["step 4: charles's Renfort (7) cancels no card played"]
    outcome = combat(played + ["brunehaut renfort"], renforts={"charles": 7})
    assert outcome.problems == ["step 4: brunehaut has no Renfort to turn up"]
    # a Renfort that does cancel is asked, after the Meneur's reveal left out
    outcome = combat(played + ["charles renfort"], renforts={"charles": 6},
                     expect={"treasures": {"brunehaut": ["yellow 6", "red 5", "purple 2"]}})
    assert outcome.ok, outcome.problems


def test_a_refusal_is_reported_where_the_step_stands():
    last = {"hands": {"arthur": [6], "brunehaut": [5], "charles": [2]}, "rounds": 1}
    played = ["charles play 2", "arthur play 6", "brunehaut play 5"]
    # the forced reveal left out would end the game: the step is refused where it stands
    outcome = combat(played + ["arthur play 3"], **last)
    assert outcome.problems == ["step 4: arthur cannot 'play 3'; legal: reveal"]
    outcome = combat(played + ["arthur reveal", "arthur play 3"], **last)
    assert outcome.problems == ["step 5: 'arthur play 3' comes after the end of the game"]


def test_an_illegal_card_of_any_player_choosing_at_the_same_time():
    # at the start of a combat, any player's card can be proven illegal
    outcome = combat([], expect={"illegal": ["charles play 7", "brunehaut play 2",
                                             "arthur play 5"]})
    assert outcome.ok, outcome.problems
    outcome = combat([], expect={"illegal": "charles play 4"})
    assert outcome.problems == ["illegal 'charles play 4': the engine accepts it"]


def _conforms(value, hint) -> bool:
    """Whether ``value`` is of the type ``hint`` (a class, a union of them with
    None, or a generic such as ``list[str]``, checked by its bare class)."""
    if isinstance(hint, types.UnionType):
        return any(_conforms(value, h) for h in typing.get_args(hint))
    if hint is types.NoneType:
        return value is None
    if hint is object:
        return True
    return isinstance(value, typing.get_origin(hint) or hint)


@pytest.mark.parametrize("game, spec", [
    # a search's best line: the Lenormand duel's last blow
    ("lenormand",
     load_example(game_assets("lenormand") / "examples" / "solve-last-blow.yaml").spec),
    # a simultaneous game's exact value (examples/games/goofspiel's solve-by-hand)
    ("goofspiel", {"game": "goofspiel", "players": ["ann", "bob"],
                   "hands": {"ann": [1, 3], "bob": [2, 3]}, "prizes": [2, 1],
                   "solve": {"depth": "game"}, "expect": {"value": {"ann": -1, "bob": 1}}}),
], ids=["search", "exact"])
def test_a_solved_outcome_holds_what_its_fields_declare(game, spec):
    # An exact solve's JointSolveResult once went into ``solved``, declared a
    # SolveResult: a reader of the field trusting its type would have broken.
    outcome = run_example(GAMES[game] if game in GAMES else GOOFSPIEL, spec)
    assert outcome.ok and outcome.solved is not None
    hints = typing.get_type_hints(Outcome)
    for f in dataclasses.fields(Outcome):
        assert _conforms(getattr(outcome, f.name), hints[f.name]), f.name


def _replayed(game, outcome, steps: int):
    """The position after ``steps`` decisions, replayed from the start."""
    from herald.engine.replay import resume
    state = outcome.initial.copy()
    for step in outcome.steps[:steps]:
        resume(state)
        state.apply(game.parse_decision(state, step.text))
    return state


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_runner_keeps_each_position_as_a_replay_from_the_start_gives_it(name):
    """Each step keeps the position right after its decision (the diagrams and
    narration read it instead of replaying): the same as replaying the
    decisions from the start, and left as it was by the rest of the run."""
    game = GAMES[name]
    paths = sorted((game_assets(name) / "examples").glob("*.yaml"))[:12]
    checked = 0
    for path in paths:
        outcome = run_example(game, load_example(path).spec)
        if not outcome.steps:
            continue
        for k in range(len(outcome.steps) + 1):
            kept = outcome.after(k)
            assert kept.key() == _replayed(game, outcome, k).key(), (path.name, k)
            assert (kept.log or []) == (_replayed(game, outcome, k).log or []), (path.name, k)
        assert outcome.after(0) is outcome.initial
        assert len({id(outcome.after(k)) for k in range(len(outcome.steps) + 1)}) == \
            len(outcome.steps) + 1                     # a copy each, not one state changed
        checked += 1
    assert checked >= 3


def test_ready_crosses_a_phase_boundary_on_a_copy():
    from herald.engine.replay import ready
    outcome = combat(SEAT_ORDER)
    halted = [k for k in range(len(outcome.steps) + 1)
              if outcome.after(k).halted and not outcome.after(k).over]
    assert halted                                      # the combat's end waits
    for k in range(len(outcome.steps) + 1):
        state = outcome.after(k)
        before = state.key()
        crossed = ready(state)
        assert state.key() == before                   # the kept position unchanged
        assert (crossed is state) == (k not in halted)
        assert not crossed.halted or crossed.over
