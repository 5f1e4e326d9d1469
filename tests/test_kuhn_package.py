"""The Kuhn poker game package (examples/games/kuhn), the second example
package and the first of interface 2: its facts, the deal as chance with exact
probabilities, information keys, payoffs in chips and a value of -1/18 for the
first player (checked exactly against the known equilibrium by best
responses over information sets); then installed by pip as a designer would,
and driven through the command line: listed, verified, played, balanced and
built."""
from __future__ import annotations

import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import shared_folder
from herald.engine.bots import make_bot, play_game
from herald.engine.interface import CHANCE, OVER, DecisionError, NotationError, SpecError, facts_of
from herald.engine.rng import Stream
from kuhn import GAME, Kuhn

PACKAGE = Path(__file__).resolve().parents[1] / "examples" / "games" / "kuhn"
VERSION = tomllib.loads((PACKAGE / "pyproject.toml").read_text())["project"]["version"]
EXAMPLES = PACKAGE / "src" / "herald_kuhn" / "assets" / "examples"
F = Fraction


# -- the engine, in this process -----------------------------------------------------------

def test_its_facts_are_declared_as_data():
    facts = facts_of(GAME)
    assert GAME.interface_version == 2
    assert (facts.min_players, facts.max_players, facts.chance, facts.information,
            facts.utility, facts.payoff_range, facts.max_length) == \
        (2, 2, True, "imperfect", "zero_sum", (F(-2), F(2)), 5)


def test_the_deal_is_chance_one_card_at_a_time_with_exact_probabilities():
    root = GAME.new_initial_state(2)
    assert root.mover == CHANCE and not root.over
    assert root.chance_outcomes() == [("J", F(1, 3)), ("Q", F(1, 3)), ("K", F(1, 3))]
    root.apply("Q")
    assert root.mover == CHANCE
    assert root.chance_outcomes() == [("J", F(1, 2)), ("K", F(1, 2))]
    with pytest.raises(ValueError):
        root.apply("Q")                     # dealt already
    root.apply("K")
    assert root.mover == 0 and root.chance_outcomes() == [] and root.cards == ("Q", "K")


def _leaves(state, prob=F(1)):  # noqa: B008 (a Fraction is immutable)
    """Every end of the game tree under ``state`` with its chance probability,
    every decision taken (a pure walk: the players' choices are not weighed)."""
    if state.over:
        yield state, prob
        return
    if state.mover == CHANCE:
        for card, p in state.chance_outcomes():
            child = state.copy()
            child.apply(card)
            yield from _leaves(child, prob * p)
        return
    for d in state.legal():
        child = state.copy()
        child.apply(d)
        yield from _leaves(child, prob)


def test_every_hand_ends_within_its_length_with_zero_sum_payoffs_in_range():
    ends = list(_leaves(GAME.new_initial_state(2)))
    assert len(ends) == 6 * 5                      # six deals, five ways to bet
    assert sum(p for _, p in ends) == 5            # each deal's chance sums to 1
    for state, _ in ends:
        steps = len(state.cards) + len(state.history)
        assert steps <= GAME.facts.max_length and state.mover == OVER
        pay = state.payoffs()
        assert sum(pay) == 0 and all(F(-2) <= x <= F(2) for x in pay)
        assert state.scores() == tuple(int(x) for x in pay)
        assert state.winners() == [0 if pay[0] > 0 else 1]


def test_an_information_key_never_shows_the_other_card_until_the_showdown():
    a, b = Kuhn(("K", "J"), ("bet",)), Kuhn(("K", "Q"), ("bet",))
    assert a.information_key(0) == b.information_key(0)       # ann cannot see bob's card
    assert a.information_key(1) != b.information_key(1)       # bob sees his own
    assert Kuhn(("Q", "J"), ("bet",)).information_key(1) == a.information_key(1)
    folded = [Kuhn((c, "J"), ("bet", "fold")) for c in "QK"]
    assert folded[0].information_key(1) == folded[1].information_key(1)  # never shown
    shown = [Kuhn((c, "J"), ("bet", "call")) for c in "QK"]
    assert shown[0].information_key(1) != shown[1].information_key(1)    # the showdown
    # before the deal ends, a seat has seen that a card was dealt, not which
    assert Kuhn(("J",)).information_key(1) == Kuhn(("K",)).information_key(1)
    assert Kuhn(("J",)).information_key(0) != Kuhn(("K",)).information_key(0)


def test_a_determinization_deals_only_the_card_the_seat_has_not_seen():
    state = Kuhn(("K", "J"), ("check",))
    worlds = [state.determinize(1, Stream(s)) for s in range(40)]
    assert {w.cards[1] for w in worlds} == {"J"}               # bob's own card stays
    assert {w.cards[0] for w in worlds} == {"Q", "K"}          # ann's: any bob lacks
    assert all(w.history == ("check",) and w.log is None for w in worlds)
    other = Kuhn(("Q", "J"), ("check",))                       # differs in ann's card only
    assert [w.cards for w in worlds] == [other.determinize(1, Stream(s)).cards
                                         for s in range(40)]


def _value(state, strategy, prob=F(1)) -> Fraction:  # noqa: B008 (immutable)
    """The first player's expected payoff under ``strategy`` (information key
    -> probability of each move), chance weighed by its probabilities."""
    if state.over:
        return prob * state.payoffs()[0]
    if state.mover == CHANCE:
        moves = state.chance_outcomes()
    else:
        mix = strategy[state.information_key(state.mover)]
        moves = [(d, mix.get(d, F(0))) for d in state.legal()]
    total = F(0)
    for d, p in moves:
        if p:
            child = state.copy()
            child.apply(d)
            total += _value(child, strategy, prob * p)
    return total


def _equilibrium(alpha: Fraction) -> dict:
    """Kuhn's equilibrium family: the first player bets the Jack with
    ``alpha`` ≤ 1/3 and the King with 3·alpha, calls with the Queen with
    alpha + 1/3; the second bets the Jack after a check 1/3 of the time and
    calls with the Queen 1/3 of the time."""
    def key(card, history, seat):
        return (card, 2, tuple(history), ())
    def mix(a, b, p):
        return {a: p, b: 1 - p}
    s = {}
    for card, bet, call in (("J", alpha, F(0)), ("Q", F(0), alpha + F(1, 3)),
                            ("K", 3 * alpha, F(1))):
        s[key(card, [], 0)] = mix("bet", "check", bet)
        s[key(card, ["check", "bet"], 0)] = mix("call", "fold", call)
    for card, bet, call in (("J", F(1, 3), F(0)), ("Q", F(0), F(1, 3)), ("K", F(1), F(1))):
        s[key(card, ["check"], 1)] = mix("bet", "check", bet)
        s[key(card, ["bet"], 1)] = mix("call", "fold", call)
    return s


def _best_response(strategy, seat) -> Fraction:
    """The first player's payoff when ``seat`` plays its best pure strategy
    against the other seat's part of ``strategy``: every pure strategy of that
    seat (a move at each of its six information sets) tried."""
    mine = sorted((k, sorted(v)) for k, v in strategy.items()
                  if (k[2] in ((), ("check", "bet"))) == (seat == 0))
    best = None
    for moves in itertools.product(*[options for _, options in mine]):
        trial = dict(strategy)
        trial.update({k: {m: F(1)} for (k, _), m in zip(mine, moves)})
        v = _value(GAME.new_initial_state(2), trial)
        v = v if seat == 0 else -v
        best = v if best is None else max(best, v)
    assert best is not None
    return best if seat == 0 else -best


@pytest.mark.parametrize("alpha", [F(0), F(1, 6), F(1, 3)])
def test_the_first_player_is_worth_minus_one_eighteenth(alpha):
    eq = _equilibrium(alpha)
    assert _value(GAME.new_initial_state(2), eq) == F(-1, 18)
    # neither seat gains by leaving it: the value is the game's, not the profile's
    assert _best_response(eq, 0) == F(-1, 18)
    assert _best_response(eq, 1) == F(-1, 18)


def test_a_seed_deals_the_same_hand_and_hands_are_played_to_their_end():
    assert GAME.new_game(2, seed=5).cards == GAME.new_game(2, seed=5).cards
    deals = {GAME.new_game(2, seed=s).cards for s in range(60)}
    assert len(deals) == 6 and all(len(set(d)) == 2 for d in deals)
    for seed in range(12):
        state = GAME.new_game(2, seed=seed)
        play_game(state, [make_bot("random", seed * 8 + k) for k in range(2)])
        assert state.over and sum(state.payoffs()) == 0
    with pytest.raises(ValueError):
        GAME.new_game(3)


def test_bots_play_from_the_deal_itself():
    # a bot handed a chance node draws an outcome; play_game plays the deal too
    state = GAME.new_initial_state(2)
    assert make_bot("ismcts", 1, game=GAME)(state) in "JQK"
    play_game(state, [make_bot("ismcts", k, simulations=8, game=GAME) for k in range(2)])
    assert state.over and len(state.cards) == 2


def test_position_spec_round_trip_and_errors():
    spec = {"game": "kuhn", "players": ["ann", "bob"], "cards": {"ann": "K", "bob": "J"},
            "betting": ["check"]}
    state = GAME.from_spec(spec)
    assert state.cards == ("K", "J") and state.history == ("check",) and state.mover == 1
    assert GAME.to_spec(state) == spec
    dealing = GAME.from_spec({"players": ["ann", "bob"], "cards": {"ann": "Q"}})
    assert dealing.mover == CHANCE and GAME.to_spec(dealing)["cards"] == {"ann": "Q"}
    for bad, path in (({"cards": {"ann": "A", "bob": "J"}}, ("cards", "ann")),
                      ({"cards": {"ann": "J", "bob": "J"}}, ("cards", "bob")),
                      ({"cards": {"bob": "J"}}, ("cards",)),
                      ({"betting": ["call"]}, ("betting", 0)),
                      ({"players": ["ann"]}, ("players",)),
                      ({"pot": 3}, ("pot",))):
        with pytest.raises(SpecError) as e:
            GAME.from_spec({**spec, **bad})
        assert e.value.path == path


def test_notation_refusals_in_the_games_words():
    state = Kuhn(("K", "J"))
    assert GAME.parse_decision(state, "ann  bet") == "bet"
    assert GAME.format_decision(state, "bet") == "ann bet"
    with pytest.raises(NotationError):
        GAME.parse_decision(state, "ann raise")
    with pytest.raises(NotationError):
        GAME.parse_decision(state, "zoe bet")
    with pytest.raises(DecisionError, match="ann cannot call: with no bet to answer"):
        GAME.parse_decision(state, "ann call")
    with pytest.raises(DecisionError, match="it is ann's turn to act, not bob's"):
        GAME.parse_decision(state, "bob bet")
    deal = Kuhn(("K",))
    assert GAME.parse_decision(deal, "bob dealt Q") == "Q"
    assert GAME.format_decision(deal, "Q") == "bob dealt Q"
    with pytest.raises(DecisionError, match="already dealt"):
        GAME.parse_decision(deal, "bob dealt K")


# -- installed, through the command line --------------------------------------------------

def _install(out: Path) -> None:
    """``pip install`` the package into ``out/site`` from a copy: no network,
    no dependency fetched, nothing written into the repository."""
    source = out / "source"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns(
        "build", "*.egg-info", "__pycache__"))
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
         "--no-build-isolation", "--no-index", "--target", str(out / "site"), str(source)],
        capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    return shared_folder(tmp_path_factory, "kuhn-package", _install) / "site"


def herald(site: Path, *args, cwd=None):
    """The command line with the package installed (``site`` first on PYTHONPATH)."""
    path = os.pathsep.join([str(site)] + [p for p in os.environ.get("PYTHONPATH", "")
                                          .split(os.pathsep) if p])
    return subprocess.run([sys.executable, "-m", "herald.generator.cli", *map(str, args)],
                          capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=path),
                          cwd=cwd, timeout=600)


def test_it_is_listed_and_its_worked_examples_verify(site):
    listed = herald(site, "games")
    assert listed.returncode == 0, listed.stderr
    line = next(x for x in listed.stdout.splitlines() if x.startswith("kuhn "))
    assert line.split() == ["kuhn", "herald-kuhn", VERSION, "interface", "2"]
    done = herald(site, "verify", "kuhn", "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads(done.stdout)
    assert {r["id"] for r in results} == {p.stem for p in EXAMPLES.glob("*.yaml")}
    assert all(r["ok"] for r in results)
    assert all("site/herald_kuhn/assets/examples/" in r["file"] for r in results)


def test_a_wrong_payoff_fails_naming_it(site, tmp_path):
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text((EXAMPLES / "a-fold.yaml").read_text()
                     .replace("chips: {ann: -1, bob: 1}", "chips: {ann: -2, bob: 2}"))
    done = herald(site, "verify", wrong)
    assert done.returncode == 1
    assert "chips of ann: expected -2, computed -1" in done.stdout


def test_balance_reports_payoffs_to_three_decimals(site, tmp_path):
    out = tmp_path / "balance"
    done = herald(site, "balance", "kuhn", "--games", "50", "--jobs", "1",
                  "--bots", "ismcts,random", "--out", out)
    assert done.returncode == 0, done.stderr
    page = (out / "report.html").read_text()
    assert "The figures are payoffs (chips)" in page and "Payoff by seat" in page
    assert "Win rate by seat" not in page
    rows = (out / "results.csv").read_text().splitlines()
    assert rows[0].split(",")[-1] == "payoff" and len(rows) == 1 + 50 * 2
    payoffs = [float(r.split(",")[-1]) for r in rows[1:]]
    assert sum(payoffs) == 0 and set(payoffs) <= {-2.0, -1.0, 1.0, 2.0}
    first = sum(payoffs[0::2]) / 50              # seat 0 of each game
    assert f"the first seat wins {first:.3f} a game on average" in page


def test_equilibrium_bots_measure_minus_one_eighteenth(site, tmp_path):
    # both seats play a solved equilibrium: the first seat's mean payoff over
    # 2,000 hands is -1/18 within its interval (fixed seeds: the same figures
    # every run)
    out = tmp_path / "equilibrium"
    done = herald(site, "balance", "kuhn", "--games", "2000", "--jobs", "1",
                  "--bots", "equilibrium", "--out", out)
    assert done.returncode == 0, done.stderr
    page = (out / "report.html").read_text()
    found = re.search(r"the first seat wins (-?[0-9.]+) a game on average "
                      r"\(95% interval (-?[0-9.]+) to (-?[0-9.]+)\)", page)
    assert found, page[:2000]
    low, high = float(found[2]), float(found[3])
    assert low < -1 / 18 < high and high - low < 0.12


def test_herald_build_writes_its_kit(site, tmp_path):
    done = herald(site, "build", "kuhn", "--out", tmp_path / "kit", cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-1500:] + done.stderr[-1500:]
    names = " ".join(p.name for p in (tmp_path / "kit" / "kuhn").rglob("*.pdf"))
    for part in ("cards", "rules", "reference", "examples"):
        assert part in names, names
    assert (tmp_path / "kit" / "kuhn" / "en" / "web" / "index.html").is_file()
