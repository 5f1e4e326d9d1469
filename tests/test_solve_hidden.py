"""A position solved as its players know it: the deals of its hidden cards
(Game.hidden_deals, engine/hidden_position.py), ``herald solve``'s hidden-card
answer and its bad input, and the worked examples that print one."""
from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from herald.engine.games import GAMES
from herald.engine.hidden_position import (
    NoHiddenValue,
    arrangements,
    count_arrangements,
    solve_position,
    written_deals,
)
from herald.engine.lenormand.state import CHANCE
from herald.generator.examples import find_example, position
from in_process import one_line_error, run_herald

ROOT = Path(__file__).resolve().parent.parent
PRINTED = (("aset", "duel-hidden-renforts"), ("lenormand", "hidden-reserve-gamble"),
           ("oriflamme", "duo-hidden-cards"))


def _state(game: str, ident: str):
    return position(find_example(f"{game}:{ident}"), log=False)


# -- dealing ------------------------------------------------------------------------------
def test_arrangements_weigh_equal_cards_and_orders():
    # the cards 1, 1, 2 shuffled into a hand of two and a slot of one
    deals = dict(arrangements([((1, 2), False), ((1,), True)]))
    assert deals == {((1, 1), (2,)): Fraction(1, 3), ((1, 2), (1,)): Fraction(2, 3)}
    # an ordered pile of three distinct cards: six orders, each 1/6
    rows = dict(arrangements([((3, 1, 2), True)]))
    assert len(rows) == 6 and set(rows.values()) == {Fraction(1, 6)}
    places = [((1, 2, 3, 4), False), ((5, 6), False), ((7,), True)]
    got = list(arrangements(places))
    assert sum(p for _, p in got) == 1
    assert len(got) == count_arrangements(places) == 35 * 3


@pytest.mark.parametrize("game, ident", PRINTED)
def test_each_game_deals_what_its_seats_cannot_see(game, ident):
    state = _state(game, ident)
    deals = list(GAMES[game].hidden_deals(state))
    assert sum(p for _, p in deals) == 1 and len(deals) > 1
    # the deals differ only in cards: what every seat sees of the table is
    # the same, and the written deal is among them, as each seat sees it
    assert written_deals(GAMES[game], state)
    keys = Counter(d.key() for d, _ in deals)
    assert max(keys.values()) == 1


def test_shown_seats_keep_their_cards():
    state = _state("aset", "duel-hidden-renforts")
    for deal, _ in GAMES["aset"].hidden_deals(state, shown=(0,)):
        assert deal.hands[0] == state.hands[0] and deal.renfort[0] == state.renfort[0]
    assert len(list(GAMES["aset"].hidden_deals(state, shown=(0, 1)))) == 1


def test_lenormand_draws_by_chance_in_a_dealt_tree():
    # Two turns left, three cards in the draw pile: the pile is one deal (no
    # order yet), and Adèle's draw after her attack is a chance node over it.
    example = find_example("lenormand:solve-last-blow")
    state = position(example, log=False)
    state.reserve = [(c, True) for c, _ in state.reserve]
    state.draw, state.discard = (4, 7, 9), tuple(sorted(state.discard + (14, 16, 6)))
    [(deal, p)] = list(GAMES["lenormand"].hidden_deals(state, shown=(0, 1)))
    assert p == 1 and deal.draw == (4, 7, 9) and deal.draw_by_chance
    attack = next(d for d in deal.legal() if d[0] == 0 and len(d[1]) == 2)
    deal.apply(attack)
    assert deal.mover == CHANCE
    assert sorted(o[1] for o, _ in deal.chance_outcomes()) == [4, 7, 9]


def test_lenormand_sees_only_its_own_cards():
    state = _state("lenormand", "hidden-reserve-gamble")
    other = state.copy()
    other.hands[1] = state.hands[1][:-1] + (5,)          # another card in Valentin's hand
    other.discard = tuple(sorted(set(state.discard) - {5} | {state.hands[1][-1]}))
    assert other.observation(0) != state.observation(0)   # the discard shows it
    swapped = state.copy()
    swapped.reserve = state.reserve[:4] + [state.reserve[5], state.reserve[4]]
    assert swapped.observation(0) == state.observation(0)   # face down: unseen
    assert swapped.observation(1) == state.observation(1)


# -- solving ------------------------------------------------------------------------------
def test_the_aset_duel_with_hidden_renforts():
    state = _state("aset", "duel-hidden-renforts")
    answer = solve_position(GAMES["aset"], state)
    s = answer.solution
    assert s.exact and s.value == Fraction(1, 3) and s.exploitability == 0
    assert answer.deals == 9
    first = {state.players[p.seat]: dict(p.played()) for p in answer.lines if p.first}
    assert first["yellow"] == {"yellow play 1": Fraction(1, 4), "yellow play 6": Fraction(3, 4)}
    assert first["blue"] == {"blue play 2": Fraction(1, 2), "blue play 6": Fraction(1, 2)}


def test_hidden_cards_change_the_answer():
    # Every card known, the same position is another game: the open solver's
    # card margin, and with it a different strategy.
    code, out, _ = run_herald("solve", "duel-hidden-renforts", "--open", cwd=ROOT)
    assert code == 0 and "all cards known" in out
    assert "as the players know it" not in out


def test_more_than_two_players_has_no_hidden_value():
    state = _state("oriflamme", "solve-last-round")
    with pytest.raises(NoHiddenValue, match="seats 3"):
        solve_position(GAMES["oriflamme"], state)


# -- herald solve ---------------------------------------------------------------------------
def test_herald_solve_hidden_is_the_default_for_two_players():
    code, out, err = run_herald("solve", "duel-hidden-renforts", cwd=ROOT)
    assert code == 0, err
    assert "as the players know it, each player sees only their own cards (9 deals" in out
    assert "yellow 1/3 ≈ 0.333333, blue 2/3 ≈ 0.666667" in out
    assert "yellow play 6                    0.750000  3/4" in out
    assert "blue, first decision, after yellow play 1 | yellow play 6:" in out
    assert "exploitability: 0 (an exact equilibrium)" in out
    assert "tree: 355 nodes" in out
    code, every, _ = run_herald("solve", "duel-hidden-renforts", "--strategy", cwd=ROOT)
    assert code == 0 and every.count("decision") > out.count("decision")


def test_herald_solve_hidden_json():
    code, out, err = run_herald("solve", "duel-hidden-renforts", "--json", cwd=ROOT)
    assert code == 0, err
    doc = json.loads(out)
    assert doc["cards"] == "hidden" and doc["value"] == {"yellow": "1/3", "blue": "2/3"}
    assert doc["exact"] and doc["exploitability"] == "0" and doc["deals"] == 9
    assert doc["strategies"][0] == {"player": "yellow", "first": True, "after": [[]],
                                    "strategy": {"yellow play 1": "1/4", "yellow play 6": "3/4"}}


def test_herald_solve_over_budget_is_one_line():
    code, _, err = run_herald("solve", "duel-hidden-renforts", "--max-nodes", "100", cwd=ROOT)
    one_line_error(code, err, "node budget (100 nodes)", "reached 101 nodes")


def test_herald_solve_cfr_estimates_with_its_exploitability():
    # CFR+ runs until --time plus --cfr seconds from the start (30 s by
    # default); the tree's 355 nodes are walked in milliseconds, so a second
    # of --time leaves CFR over a thousand iterations, as many as it needs
    code, out, err = run_herald("solve", "duel-hidden-renforts", "--cfr", "0.2", "--time", "1",
                                "--json", cwd=ROOT)
    assert code == 0, err
    doc = json.loads(out)
    assert doc["method"] == "cfr" and doc["iterations"] >= 1
    low, high = Fraction(doc["bounds"]["low"]), Fraction(doc["bounds"]["high"])
    assert low <= Fraction(1, 3) <= high
    assert Fraction(doc["exploitability"]) == (high - low) / 2


def test_herald_solve_hidden_three_players_is_one_line():
    code, _, err = run_herald("solve", "solve-last-round", "--hidden", cwd=ROOT)
    one_line_error(code, err, "two players", "seats 3", "--open")
    # without --hidden, a three-player position is searched with every card known
    code, out, _ = run_herald("solve", "solve-last-round", cwd=ROOT)
    assert code == 0 and "line:" in out


def test_herald_solve_hidden_only_options_need_hidden_cards():
    code, _, err = run_herald("solve", "duel-hidden-renforts", "--open", "--strategy",
                              cwd=ROOT)
    one_line_error(code, err, "--show/--strategy/--cfr")
    code, _, err = run_herald("solve", "duel-hidden-renforts", "--show", "nobody", cwd=ROOT)
    one_line_error(code, err, "--show", "'nobody'")


# -- the printed examples ---------------------------------------------------------------------
def test_the_printed_hidden_examples_hold():
    code, out, err = run_herald("verify", "--lang", "fr", *(
        ROOT / "assets" / g / "examples" / f"{i}.yaml" for g, i in PRINTED), cwd=ROOT)
    assert code == 0, out + err
    assert "3 of 3 examples hold" in out


def test_a_wrong_hidden_expectation_fails(tmp_path):
    text = (ROOT / "assets/aset/examples/duel-hidden-renforts.yaml").read_text()
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("value: {yellow: 1/3}", "value: {yellow: 1/2}")
                   .replace("yellow play 6: 3/4, yellow play 1: 1/4",
                            "yellow play 6: 1/2, yellow play 1: 1/2"))
    code, out, _ = run_herald("verify", "--lang", "fr", bad, cwd=ROOT)
    assert code == 1
    assert "value for yellow: expected 1/2, computed 1/3" in out


@pytest.mark.parametrize("old, new, field", [
    ("solve: {cards: hidden}", "solve: {cards: secret}", "solve.cards"),
    ("solve: {cards: hidden}", "solve: {cards: hidden, depth: game}", "solve.depth"),
    ("solve: {cards: hidden}", "solve: {cards: hidden, shown: [red]}", "solve.shown"),
    ("value: {yellow: 1/3}", "value: {yellow: x/3}", "expect.value.yellow"),
])
def test_an_unreadable_hidden_solve_is_one_line(tmp_path, old, new, field):
    text = (ROOT / "assets/aset/examples/duel-hidden-renforts.yaml").read_text()
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace(old, new))
    code, _, err = run_herald("verify", "--lang", "fr", bad, cwd=ROOT)
    one_line_error(code, err, field)
