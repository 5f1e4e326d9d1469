"""Bots and the solver try to win: a won game is worth more than any margin
(engine/evaluation.py) in every game, and partners play for their team.

Each game has a position where a decision wins the game at once while a
decision that does not win scores at least as well on the game's own measure
(what the greedy bot and the solver compared before a win had a worth of its
own); the greedy bot and ``herald solve`` both take the win.
"""
from __future__ import annotations

import json

import pytest
import yaml
from conftest import herald_here
from herald.engine.bots import make_bot
from herald.engine.evaluation import LOST, SHARED, WON, margin, results, split, values
from herald.engine.games import GAMES
from herald.engine.lenormand.state import ATTACK, HEAL

# Civilisation (5 life cards) against nature (1): any attack takes nature's
# last life card, while healing with 10 11 brings civilisation back to 7, a
# life margin of 6 (7 - 1) against the win's 5 (5 - 0).
LENORMAND_WIN = """game: lenormand
players: {adele: civilisation, valentin: nature}
options: {heal: combination}
first: adele
life: {civilisation: 5, nature: 1}
hands: {adele: [2, 10, 11, 12], valentin: [3, 18, 19, 20]}
reserve: [8, 5, 15, 13, 17, 1]
draw: [4, 7, 9, 14, 16, 6]
"""

# The last card of the last round: red's Assassination eliminates any card,
# and Red gains 1 whichever it is (5, level with Blue). Ties go to the most
# cards in the queue: eliminating a blue card (2 or 4) leaves Red 2 cards to
# Blue's 1, a win; the green Lord (1) leaves 2 each, a shared win; a red card,
# Blue's win.
ORIFLAMME_WIN = """game: oriflamme
players: [red, blue, green]
round: 6
phase: resolution
at: 6
influence: {red: 4, blue: 5, green: 3}
queue: [green lord up, blue heir up, red lord up, blue archer up, red soldier up,
        red assassination up]
"""

# The last combat: Arthur's 7 wins it unless Charles turns up his Renfort, a 7,
# which cancels it and lets Brunehaut's 5 win instead. Passing keeps the
# Renfort, which joins Charles's treasure at the end: 7 points, level with
# Arthur's (a shared win); turning it up leaves him 5, ahead of Brunehaut's 4
# and Arthur's 3 (a win).
ASET_WIN = """game: aset
players: {arthur: yellow, brunehaut: red, charles: purple}
meneur: arthur
round: 10
phase: combat
hands: {arthur: [7], brunehaut: [5], charles: [3]}
renforts: {charles: 7}
treasures:
  arthur: [purple 4]
  brunehaut: [yellow 3, purple 6]
  charles: [purple 5, yellow 5, red 3]
"""


def _position(game, text):
    """The position of ``text``, forced decisions played (a bot plays them at once)."""
    state = GAMES[game].from_spec(yaml.safe_load(text), log=False)
    while not state.over and len(state.legal()) == 1:
        state.apply(state.legal()[0])
    return state


def _outcomes(game, state):
    """Each decision in legal order: (text, wins at once, score margin against
    the best other player, own score) right after it."""
    game = GAMES[game]
    me = state.mover
    out = []
    for d in state.legal():
        child = state.copy()
        child.apply(d)
        scores = child.scores()
        won = child.over and results(child)[me] == WON
        out.append((game.format_decision(state, d), won,
                    margin(scores, state.sides(), me), scores[me]))
    return out


def test_lenormand_greedy_strikes_instead_of_healing():
    state = _position("lenormand", LENORMAND_WIN)
    rows = _outcomes("lenormand", state)
    wins = {text for text, won, _, _ in rows if won}
    best_win = max(m for _, won, m, _ in rows if won)
    # the heal's life margin beats every winning blow's
    assert max(m for text, won, m, _ in rows if not won) > best_win
    assert "adele heal 10 11" not in wins
    for seed in range(8):
        d = make_bot("greedy", seed)(state)
        assert d[0] == ATTACK and GAMES["lenormand"].format_decision(state, d) in wins


def test_oriflamme_greedy_breaks_the_tie_for_the_win():
    state = _position("oriflamme", ORIFLAMME_WIN)
    rows = _outcomes("oriflamme", state)
    assert [won for _, won, _, _ in rows] == [False, True, False, True, False, False]
    # every target scores the same influence and margin: only the win tells them
    # apart (the first in legal order, which a tie used to pick, is a shared win)
    assert {(m, own) for _, _, m, own in rows} == {(0, 5)}
    for seed in range(8):
        d = make_bot("greedy", seed)(state)
        assert GAMES["oriflamme"].format_decision(state, d) == "red target 2"


def test_aset_greedy_turns_up_the_renfort_for_the_win():
    state = _position("aset", ASET_WIN)
    rows = _outcomes("aset", state)
    assert [(text, won, own) for text, won, _, own in rows] == \
        [("charles renfort", True, 5), ("charles pass", False, 7)]
    for seed in range(8):
        d = make_bot("greedy", seed)(state)
        assert GAMES["aset"].format_decision(state, d) == "charles renfort"


@pytest.mark.parametrize("game, text, win", [
    ("lenormand", LENORMAND_WIN, "adele attack 2 10"),
    ("oriflamme", ORIFLAMME_WIN, "red target 2"),
], ids=["lenormand", "oriflamme"])
@pytest.mark.parametrize("mode", ["maxn", "paranoid"])
def test_solve_at_depth_phase_takes_the_win(tmp_path, game, text, win, mode):
    path = tmp_path / "win.yaml"
    path.write_text(text)
    r = herald_here("solve", path, "--depth", "phase", "--mode", mode, "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["line"][0] == win
    mover = doc["to_move"]
    assert doc["result"][mover] == "won"
    # the options that win are marked so, the others are not
    by_text = {o["decision"]: o for o in doc["options"]}
    assert by_text[win]["result"][mover] == "won"
    assert all(o["result"].get(mover) != "won" for t, o in by_text.items()
               if t.startswith((f"{mover} heal", f"{mover} target 1")))
    # the text report names the game's own measure and who won
    out = herald_here("solve", path, "--depth", "phase", "--mode", mode).stdout
    measure = GAMES[game].score_name
    assert f"options ({measure} at the horizon;" in out
    assert f"value ({measure} at the horizon): {mover} " in out and "(won)" in out
    assert "influence" not in out or game == "oriflamme"


def test_aset_solve_plays_the_renfort_for_the_win(tmp_path):
    # The combat's round is settled by each player maximizing their own value:
    # Charles turns up his Renfort (5 points and the win) rather than keep it
    # (7 points, shared with Arthur).
    path = tmp_path / "win.yaml"
    path.write_text(ASET_WIN)
    r = herald_here("solve", path)
    assert r.returncode == 0, r.stderr
    assert ("→  arthur 3 (lost), brunehaut 4 (lost), charles 5 (won)" in r.stdout)
    assert "maximizes their own score, a won game first" in r.stdout
    doc = json.loads(herald_here("solve", path, "--json").stdout)
    assert doc["equilibria"][0]["scores"] == {"arthur": 3, "brunehaut": 4, "charles": 5}


def test_values_put_results_above_scores():
    state = _position("oriflamme", ORIFLAMME_WIN)
    outcomes = []
    for d in state.legal():
        child = state.copy()
        child.apply(d)
        outcomes.append((results(child), [split(child, v) for v in values(child)]))
    shared, won = outcomes[0], outcomes[1]
    assert shared[0] == (SHARED, SHARED, LOST)
    assert won[0] == (WON, LOST, LOST)
    assert won[1] == [(5, WON), (5, LOST), (3, LOST)]
    assert shared[1] == [(5, SHARED), (5, SHARED), (3, LOST)]
    # a game that goes on: values are the scores
    assert values(state) == state.scores() and results(state) == (SHARED,) * 3


# -- the four-player Lenormand game: partners ----------------------------------------

FOUR = """game: lenormand
players: {adele: civilisation, valentin: nature, bruno: civilisation, camille: nature}
first: valentin
life: {civilisation: 4, nature: 6}
hands:
  adele: [2, 9, 12]
  valentin: [3, 11, 16]
  bruno: [4, 6, 17]
  camille: [5, 19, 20]
reserve: [8, 7, 13, 14, 10, 1]
draw: [15, 18]
"""


def test_four_player_greedy_attacks_for_its_team():
    state = _position("lenormand", FOUR)
    assert state.sides() == (0, 1, 0, 1)
    # Valentin's 3 11 takes civilisation's life: his house's margin grows,
    # and so does his partner Camille's; an exchange changes nothing.
    for seed in range(8):
        d = make_bot("greedy", seed)(state)
        assert GAMES["lenormand"].format_decision(state, d) == "valentin attack 3 11"
    child = state.copy()
    child.apply(make_bot("greedy", 0)(state))
    assert child.life == [2, 6]
    me, partner = 1, 3
    sides = state.sides()
    assert margin(values(state), sides, me) == 4
    assert margin(values(child), sides, me) == margin(values(child), sides, partner) == 8
    # Counting the partner as an opponent, nothing Valentin does would improve
    # his margin (the partner's score is his own): every option scored 0.
    alone = (0, 1, 2, 3)
    assert margin(values(state), alone, me) == margin(values(child), alone, me) == 0


def test_paranoid_search_plays_with_the_partner():
    # Paranoid for Valentin: Camille, his partner, maximizes his value too.
    from herald.engine.solver import solve
    state = _position("lenormand", FOUR)
    result = solve(state, 3, "paranoid", player=1)
    line = []
    replay = state.copy()
    for d in result.line:
        line.append(GAMES["lenormand"].format_decision(replay, d))
        replay.apply(d)
    camille = next(t for t in line if t.startswith("camille"))
    assert camille.startswith("camille attack")


# -- self-play: how often greedy passes up a win, how often it attacks -----------------

def _self_play(players: int, games: int):
    """Every turn of greedy self-play: (the position, the bot's decision)."""
    for seed in range(games):
        state = GAMES["lenormand"].new_game(players, seed=seed)
        bots = [make_bot("greedy", seed * 8 + k) for k in range(players)]
        while not state.over:
            d = bots[state.mover](state)
            yield state, d
            state.apply(d)


def _immediate_wins(state):
    me = state.mover
    out = []
    for d in state.legal():
        child = state.copy()
        child.apply(d)
        if child.over and results(child)[me] == WON:
            out.append(d)
    return out


def test_greedy_never_passes_up_an_immediate_win_in_self_play():
    chances = taken = 0
    for state, d in _self_play(2, 40):
        wins = _immediate_wins(state)
        chances += bool(wins)
        taken += d in wins
    assert chances >= 30 and taken == chances


def test_four_player_greedy_attacks_or_heals_whenever_it_can():
    could = did = 0
    for state, d in _self_play(4, 12):
        if any(x[0] in (ATTACK, HEAL) for x in state.legal()):
            could += 1
            did += d[0] in (ATTACK, HEAL)
    assert could >= 50 and did == could
