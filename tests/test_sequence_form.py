"""The hidden-card solver (engine/sequence_form.py, engine/cfr.py) and the
equilibrium bot (engine/equilibrium_bot.py), on games whose values are known:
Kuhn poker (-1/18, with its known family of equilibria), imperfect-information
Goofspiel of 4 cards (0, by symmetry), and random trees with chance and
information sets against Gambit's own exact solvers on the same tree."""
from __future__ import annotations

from fractions import Fraction

import pytest
from gambit_tree import gambit_hidden_values
from herald.engine.equilibrium_bot import EquilibriumBot, game_root
from herald.engine.interface import OVER
from herald.engine.sequence_form import TreeLimit, build, solve, value_bounds
from herald.engine.simultaneous import SearchLimit
from hidden_games import GoofspielState, Kuhn, KuhnState, RandomGame, RandomState

KUHN = Fraction(-1, 18)


def kuhn_family(alpha: Fraction) -> dict:
    """The first player's strategy of Kuhn's family of equilibria (bet the
    Jack with alpha, the King with 3 alpha, call with the Queen alpha + 1/3
    after checking) and the second player's unique one, as probabilities of
    betting (or calling) per information key."""
    third = Fraction(1, 3)
    return {
        0: {("J", ""): alpha, ("Q", ""): Fraction(0), ("K", ""): 3 * alpha,
            ("J", "pb"): Fraction(0), ("Q", "pb"): alpha + third, ("K", "pb"): Fraction(1)},
        1: {("J", "p"): third, ("Q", "p"): Fraction(0), ("K", "p"): Fraction(1),
            ("J", "b"): Fraction(0), ("Q", "b"): third, ("K", "b"): Fraction(1)},
    }


@pytest.mark.parametrize("method", ["exact", "float"])
def test_kuhn_poker_is_minus_one_eighteenth_with_a_known_equilibrium(method):
    result = solve(KuhnState(), method=method)
    assert result.value == KUHN and result.exact
    assert result.exploitability == 0 and result.bounds == (KUHN, KUHN)
    first = result.strategies[0]
    alpha = first[("J", "")]["b"]
    assert 0 <= alpha <= Fraction(1, 3)
    assert first[("K", "")]["b"] == 3 * alpha
    assert first[("Q", "")]["b"] == 0
    second = result.strategies[1]
    assert second[("J", "b")]["b"] == 0 and second[("K", "b")]["b"] == 1
    assert second[("J", "p")]["b"] == Fraction(1, 3)
    assert (result.nodes, result.infosets, result.sequences) == (55, (6, 6), (13, 13))
    assert set(result.first_decisions(0)) == {("J", ""), ("Q", ""), ("K", "")}


@pytest.mark.parametrize("alpha, equilibrium", [
    (Fraction(0), True), (Fraction(1, 6), True), (Fraction(1, 3), True),
    (Fraction(1, 2), False)])
def test_the_exact_best_reply_certifies_kuhns_family_and_nothing_else(alpha, equilibrium):
    form = build(KuhnState())
    family = kuhn_family(alpha if alpha <= Fraction(1, 3) else Fraction(1, 3))
    if not equilibrium:
        family[0][("J", "")] = alpha          # bluffs too often with the Jack
    behaviours = [[[1 - family[seat][info.key], family[seat][info.key]]
                   for info in form.seats[seat].infosets] for seat in (0, 1)]
    low, high = value_bounds(form, behaviours)
    if equilibrium:
        assert low == high == KUHN
    else:
        assert low < KUHN <= high and high > low


@pytest.mark.parametrize("seed", range(60))
def test_random_games_of_hidden_information_agree_with_gambit(seed):
    state = RandomGame(seed).new_initial_state()
    result = solve(state)
    assert result.exact and result.exploitability == 0
    reference = gambit_hidden_values(state)
    assert reference and set(reference.values()) == {result.value}


def test_random_games_are_not_all_trivial():
    """The cross-check above means something: many of the random games need
    both seats to mix (bluff) at equilibrium."""
    both = 0
    for seed in range(60):
        result = solve(RandomGame(seed).new_initial_state())
        both += all(any(0 < p < 1 for d in st.values() for p in d.values())
                    for st in result.strategies)
    assert both >= 15


def test_imperfect_information_goofspiel_of_four_cards_is_worth_nothing():
    result = solve(GoofspielState(4))
    assert result.value == 0 and result.exploitability == 0
    assert result.exact and result.infosets[0] == result.infosets[1]


def test_cfr_approaches_kuhns_value_and_reports_its_exploitability():
    rough = solve(KuhnState(), method="cfr", iterations=20)
    fine = solve(KuhnState(), method="cfr", iterations=400)
    for r in (rough, fine):
        assert r.method == "cfr" and r.bounds[0] <= KUHN <= r.bounds[1]
        assert r.exploitability == (r.bounds[1] - r.bounds[0]) / 2
    assert fine.exploitability < rough.exploitability and fine.exploitability < Fraction(1, 1000)
    assert abs(fine.value - KUHN) < 0.001


def test_a_tree_past_the_node_budget_names_the_budget_and_the_size_reached():
    with pytest.raises(TreeLimit) as err:
        solve(KuhnState(), max_nodes=20)
    assert str(err.value).startswith("not solved within the node budget (20 nodes): "
                                     "the tree reached 21 nodes")
    assert isinstance(err.value, SearchLimit)     # what the other exact solvers raise


def test_a_tree_past_the_time_budget_says_so():
    with pytest.raises(TreeLimit, match=r"time budget \(0 s\).* 1,024 nodes"):
        solve(GoofspielState(4), time_limit=0)


class ThreeKuhn(KuhnState):
    players = ("P0", "P1", "P2")


class Cooperative(KuhnState):
    def payoffs(self):
        a, _ = super().payoffs()
        return (a, a)              # both gain together: no single value


class Forgetful(KuhnState):
    def information_key(self, seat):
        return self.cards[seat] if self.cards else None    # forgets the betting


class FloatChance(KuhnState):
    def chance_outcomes(self):
        return [(d, 1 / 6) for d, _ in super().chance_outcomes()]


class WordyPayoffs(KuhnState):
    def payoffs(self):
        return ("won", "lost")


class BrokenPayoffs(KuhnState):
    def payoffs(self):
        raise TypeError("a bug in the package")


SHARED = {}


class SharedNonZeroSum(KuhnState):
    """Its payoff tuples are shared (as win_loss_payoffs's are), one of them
    summing to another total: checked once each, the odd one still seen."""
    def payoffs(self):
        a, b = super().payoffs()
        pay = (a, b) if a < 0 else (a, b + 1)
        return SHARED.setdefault(pay, pay)


@pytest.mark.parametrize("state, words", [
    (ThreeKuhn(), "two players"), (Cooperative(), "not zero-sum"),
    (Forgetful(), "perfect recall"), (FloatChance(), "not an exact Fraction"),
    (WordyPayoffs(), "other than numbers"), (BrokenPayoffs(), "other than numbers"),
    (SharedNonZeroSum(), "not zero-sum")])
def test_a_game_with_no_single_value_is_refused_with_the_reason(state, words):
    with pytest.raises(ValueError, match=words):
        solve(state)


def kuhn_dealt(cards, history=""):
    s = KuhnState()
    s.apply(cards)
    for h in history:
        s.apply(h)
    return s


def test_the_equilibrium_bot_plays_the_solved_strategy():
    bot = EquilibriumBot(lambda s: pytest.fail("no fallback expected"), seed=3,
                         root=lambda s: KuhnState())
    # the second player folds the Jack to a bet and calls with the King, always
    assert {bot(kuhn_dealt(("Q", "J"), "b")) for _ in range(50)} == {"p"}
    assert {bot(kuhn_dealt(("Q", "K"), "b")) for _ in range(50)} == {"b"}
    # and bluffs the Jack after a check one time in three
    bets = sum(bot(kuhn_dealt(("Q", "J"), "p")) == "b" for _ in range(600))
    assert 150 < bets < 250
    again = EquilibriumBot(lambda s: None, seed=3, root=lambda s: KuhnState())
    first = EquilibriumBot(lambda s: None, seed=3, root=lambda s: KuhnState())
    assert [again(kuhn_dealt(("Q", "J"), "p")) for _ in range(30)] == \
        [first(kuhn_dealt(("Q", "J"), "p")) for _ in range(30)]


def test_the_equilibrium_bot_falls_back_past_its_budget_or_without_a_tree():
    small = EquilibriumBot(lambda s: "fallback", root=lambda s: KuhnState(), max_nodes=10)
    assert small(kuhn_dealt(("Q", "J"), "b")) == "fallback"
    assert "node budget" in small.why_not
    rootless = EquilibriumBot(lambda s: "fallback", root=lambda s: None)
    assert rootless(kuhn_dealt(("Q", "J"), "b")) == "fallback"


def test_a_games_tree_starts_at_its_initial_state():
    """``game_root``: the tree of a game of interface 2 from its
    ``new_initial_state``; a game of interface 1 has none (the bot falls back)."""
    bot = EquilibriumBot(lambda s: "fallback", root=game_root(Kuhn()))
    assert bot(kuhn_dealt(("Q", "J"), "b")) == "p"

    class Old(Kuhn):
        interface_version = 1
    old = EquilibriumBot(lambda s: "fallback", root=game_root(Old()))
    assert old(kuhn_dealt(("Q", "J"), "b")) == "fallback" and "interface 2" in old.why_not


def test_random_states_end():
    """The random games' states follow the interface: every path ends."""
    s: RandomState = RandomGame(5).new_initial_state()
    while s.mover != OVER:
        s.apply(s.chance_outcomes()[0][0] if s.mover < 0 else s.legal()[-1])
    assert isinstance(s.payoffs()[0], Fraction)


def test_two_equilibrium_bots_win_kuhns_value_on_average():
    """As ``herald balance kuhn --bots equilibrium`` should: over 4,000 deals
    the first player's mean is -1/18 within three standard errors (a fixed
    stream of deals and draws: the same figure every run)."""
    from herald.engine.rng import Stream

    bots = [EquilibriumBot(lambda s: pytest.fail("no fallback expected"), seed=seat + 1,
                           root=lambda s: KuhnState()) for seat in (0, 1)]
    deals = Stream(7)
    payoffs = []
    for _ in range(4000):
        s = KuhnState()
        outcomes = s.chance_outcomes()
        s.apply(outcomes[int(deals.random() * len(outcomes))][0])
        while s.mover != OVER:
            s.apply(bots[s.mover](s))
        payoffs.append(float(s.payoffs()[0]))
    n = len(payoffs)
    mean = sum(payoffs) / n
    error = (sum((p - mean) ** 2 for p in payoffs) / (n - 1) / n) ** 0.5
    assert abs(mean - float(KUHN)) < 3 * error and error < 0.025


class WinLossGoofspiel(GoofspielState):
    """The same game scored as the win/loss games are: 1 to the winner, a
    half each on a tie (constant sum 1)."""

    def payoffs(self):
        s, _ = super().payoffs()
        return ((1 + s) / 2, (1 - s) / 2)


def test_a_constant_sum_game_is_solved_for_the_first_seats_payoff():
    result = solve(WinLossGoofspiel(3))
    assert result.value == Fraction(1, 2) and result.value_for(1) == Fraction(1, 2)
    assert result.exploitability == 0 and result.total == 1


def test_highs_rounded_strategies_certify_as_the_exact_equilibrium():
    """The floating solver's answers, rounded and checked by the exact best
    replies, are the exact simplex's values on the random games."""
    for seed in range(0, 60, 3):
        state = RandomGame(seed).new_initial_state()
        fast = solve(state, method="float")
        assert fast.exact and fast.value == solve(state, method="exact").value


def test_leduc_value_is_an_exact_fraction():
    # No rounding of HiGHS's strategies is an equilibrium here; the vertex it
    # found, solved again in fractions, is one: OpenSpiel's and Gambit's
    # -0.085606424078, exactly, with exploitability 0.
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from leduc import LEDUC
    s = solve(LEDUC.new_initial_state(), method="float")
    assert s.exact and s.exploitability == 0 and isinstance(s.value, Fraction)
    assert s.value == Fraction(-1454920850547486749701863871533,
                               16995463438839962469905132501930)
    assert abs(float(s.value) + 0.085606424078) < 1e-12
