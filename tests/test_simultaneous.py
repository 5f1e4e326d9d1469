"""The exact solver for simultaneous moves: Goofspiel anchors, Gambit as the
reference on random small positions (Goofspiel and L'Ordre d'Asèt duels), the
three-to-five-player combat analysis, and the command line."""
import json
import random
from fractions import Fraction as F

import pytest
from conftest import herald_here
from duel_positions import RAND5_4
from gambit_tree import gambit_value
from goofspiel import Goofspiel
from herald.engine.games import GAMES
from herald.engine.matrix import solve_matrix
from herald.engine.simultaneous import (
    SearchLimit,
    analyze_combat,
    is_joint,
    parse_combats,
    solve_joint,
)

ASET = GAMES["aset"]

# -- Goofspiel anchors ---------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_symmetric_goofspiel_is_worth_zero(n):
    # Both players hold 1..n and the prizes are known: a symmetric zero-sum
    # game, worth exactly 0, with the same optimal strategy for both.
    result = solve_joint(Goofspiel.standard(n))
    assert result.value == 0
    assert [q for _, q in result.strategies[0]] == [q for _, q in result.strategies[1]]
    assert sum(q for _, q in result.strategies[0]) == 1


def test_goofspiel_4_root_strategy():
    # Prizes 1, 2, 3, 4 in that order: bid 2 on the first prize most of the
    # time, 1 or 3 now and then, never 4 (checked against Gambit below).
    result = solve_joint(Goofspiel.standard(4))
    assert result.strategies[0] == [(1, F(3, 185)), (2, F(179, 185)), (3, F(3, 185)),
                                    (4, 0)]
    # The strategy guarantees the value against every reply in the root matrix.
    A = result.matrix
    for j in range(4):
        assert sum(q * A[i][j] for i, (_, q) in enumerate(result.strategies[0])) >= 0


def test_goofspiel_by_hand():
    # A holds 1, 3 and B 2, 3; prizes 2 then 1. A's 3 on the first prize wins
    # it only if B does not tie with 3; every line gives B the edge: value -1.
    #        B 2   B 3
    #  A 1   -2    -1
    #  A 3   +1    -1      (saddle point: A 3 / B 3)
    result = solve_joint(Goofspiel([[1, 3], [2, 3]], [2, 1]))
    assert result.value == -1
    assert result.matrix == [[-2, -1], [1, -1]]
    assert result.strategies == ([(1, 0), (3, 1)], [(2, 0), (3, 1)])
    # A hopeless hand loses every prize.
    assert solve_joint(Goofspiel([[1, 2], [3, 6]], [4, 2])).value == -6


def test_goofspiel_asymmetric_value():
    result = solve_joint(Goofspiel([[1, 2, 3], [1, 2, 4]], [1, 2, 3]))
    assert result.value == F(-31, 20)
    assert result.strategies[0] == [(1, F(1, 4)), (2, F(3, 4)), (3, 0)]
    assert gambit_value(Goofspiel([[1, 2, 3], [1, 2, 4]], [1, 2, 3])) == F(-31, 20)


def test_depth_counts_combats():
    g = Goofspiel.standard(3, prizes=[3, 1, 2])
    # One combat: the matrix of the first prize alone (win 3, lose 3, tie 0).
    one = solve_joint(g, 1)
    assert one.depth == 1 and one.matrix == [[0, -3, -3], [3, 0, -3], [3, 3, 0]]
    assert one.value == solve_matrix(one.matrix).value == 0
    h = Goofspiel([[1, 2, 5], [2, 3, 4]], [3, 1, 2])
    values = [solve_joint(h, d).value for d in (1, 2, 3, "game")]
    assert values[2] == values[3] == gambit_value(h)
    assert values[0] == solve_matrix([[-3, -3, -3], [0, -3, -3], [3, 3, 3]]).value == 3
    assert parse_combats("round") == 1 and parse_combats("game") is None
    with pytest.raises(ValueError):
        parse_combats("phase")
    with pytest.raises(ValueError):
        parse_combats(0)


def test_table_cap_and_budget():
    g = Goofspiel.standard(4)
    full = solve_joint(g)
    small = solve_joint(g, table_size=8)
    assert small.value == full.value and small.strategies == full.strategies
    assert small.nodes > full.nodes           # fewer transpositions kept, more work
    with pytest.raises(SearchLimit):
        solve_joint(g, max_nodes=50)
    assert solve_joint(g).nodes == full.nodes  # deterministic


def test_goofspiel_7():
    # N = 7 (3,432 positions once the prizes won are banked): worth 0, the
    # same mix for both; never bid above 3 on the first prize, mostly 2.
    result = solve_joint(Goofspiel.standard(7))
    mix = [q for _, q in result.strategies[0]]
    assert result.value == 0 and mix == [q for _, q in result.strategies[1]]
    assert mix[3:] == [0, 0, 0, 0] and max(mix) == mix[1]
    assert round(float(mix[1]), 3) == 0.556 and result.nodes == 45_276


# rand5-4's value as computed before the solver banked points won (2,058,398
# nodes then; 84,603 now).
RAND5_4_VALUE = F("-2415479643717412308956447914503160596631628924142733/"
                  "1215423012614790245201095866266508464177449398326111")


def test_rand5_4_value():
    result = solve_joint(ASET.from_spec(RAND5_4, log=False))
    # 85,825 nodes since Renforts are offered again after each one (l.61)
    assert result.value == RAND5_4_VALUE and result.nodes == 85_825
    assert [d[1] & 7 for d, q in result.strategies[0] if q] == [4, 5]    # arthur mixes 4, 5
    assert [d[1] & 7 for d, q in result.strategies[1] if q] == [2, 5]


def test_banked_cards_shift_the_value():
    # In the duel only the number of cards won counts: which cards they are,
    # or which wait in the Prison, changes nothing to come. Two positions
    # alike but for that share one key, and their values differ by exactly
    # the cards already won (here 2 more for brunehaut).
    spec = dict(RAND5_4, round=8, hands={"arthur": [1, 4, 7], "brunehaut": [2, 5, 6]})
    other = dict(spec, prison=["blue 3", "green 4"],
                 treasures={"arthur": ["green 5"], "brunehaut": ["blue 5", "green 2"]})
    a, b = (ASET.from_spec(x, log=False) for x in (spec, other))
    (key_a, banked_a), (key_b, banked_b) = a.future_key(), b.future_key()
    assert key_a == key_b and banked_a == (1, 0) and banked_b == (1, 2)
    assert solve_joint(a).value - solve_joint(b).value == 2
    # With 3 to 5 players a score is the points of the whole treasure: no bank.
    base = ASET.new_game(3, seed=1)
    assert base.future_key() == (base.key(), (0, 0, 0))


def test_decrees_that_play_alike_share_a_key():
    # Decrees without text play alike, and the Meneur may cover any Council
    # seat: a Council in another order, or other blank decrees, is the same
    # position to come; a decree with an effect is not.
    spec = dict(RAND5_4, round=8, hands={"arthur": [1, 4, 7], "brunehaut": [2, 5, 6]},
                phase="decree")
    alike = dict(spec, council=["the_call", "unnamed_20", "unnamed_14"],
                 decrees=["mystic_repulsion", "anti_parity", "rise_of_pairs", "unnamed_21",
                          "unnamed_10", "unnamed_25"])
    other = dict(alike, council=["the_call", "anti_parity", "unnamed_14"],
                 decrees=["mystic_repulsion", "unnamed_20", "rise_of_pairs", "unnamed_21",
                          "unnamed_10", "unnamed_25"])
    a, b, c = (ASET.from_spec(x, log=False) for x in (spec, alike, other))
    assert a.future_key() == b.future_key() != c.future_key()
    assert solve_joint(a).value == solve_joint(b).value != solve_joint(c).value


def test_state_left_unchanged():
    g = Goofspiel([[1, 2, 3], [1, 2, 4]], [1, 2, 3])
    before = g.key()
    solve_joint(g)
    assert g.key() == before and is_joint(g)


# -- Gambit on random small positions --------------------------------------------------


def random_goofspiel(rng, cards):
    g = Goofspiel([rng.sample(range(1, 8), cards) for _ in range(2)],
                  [rng.randint(1, 5) for _ in range(cards)])
    g.won = [rng.randint(0, 3), rng.randint(0, 3)]
    return g


DECREES = ["anti_parity", "rise_of_pairs", "mystic_repulsion", "the_call", "palindrome",
           "anarchy_2_0", "unnamed_10", "unnamed_11"]


def random_duel(rng, cards, decree):
    """An Asèt duel position with ``cards`` cards in each hand to the end of the
    game: a random Order, Renforts (some cancel a played value, asking for a
    decision), and with ``decree`` a full Council and one decree to draw (the
    Meneur's choice of the decree to cover)."""
    values = [rng.sample(range(1, 8), cards + 1) for _ in range(2)]
    order = list(range(1, 8))
    rng.shuffle(order)
    spec = {"game": "aset", "variant": "duel",
            "players": {"arthur": "yellow", "brunehaut": "red"},
            "round": 11 - cards, "order": order,
            "meneur": rng.choice(["arthur", "brunehaut"]),
            "hands": {"arthur": values[0][:cards], "brunehaut": values[1][:cards]},
            "renforts": {"arthur": values[0][cards], "brunehaut": values[1][cards]}}
    if decree:
        ids = rng.sample(DECREES, 4)
        spec.update(phase="decree", council=ids[:3], decrees=ids[3:])
    else:
        spec.update(phase="combat")
    return ASET.from_spec(spec, log=False)


def test_agrees_with_gambit_on_random_positions():
    """220 random small positions, each solved to the end of the game by the
    solver and by Gambit (the whole tree as an extensive game, exact LP):
    120 Goofspiel (2 and 3 cards each, scores already won) and 100 Asèt duels
    (simultaneous cards, Renfort decisions, the Meneur covering a decree)."""
    rng = random.Random(7)
    draws = [(random_goofspiel, 2, 100), (random_goofspiel, 3, 20),
             (lambda r, k: random_duel(r, k, False), 2, 40),
             (lambda r, k: random_duel(r, k, True), 2, 40),
             (lambda r, k: random_duel(r, k, True), 1, 20)]
    checked = sequential = 0
    for make, cards, count in draws:
        kept = 0
        while kept < count:
            s = make(rng, cards)
            # Positions whose strategic form is too large for Gambit to solve
            # quickly are drawn again (a few of the Asèt duels with a decree).
            wanted = gambit_value(s, max_cells=2_000)
            if wanted is None:
                continue
            result = solve_joint(s)
            assert result.value == wanted, s
            kept += 1
            sequential += not result.joint
        checked += kept
    assert checked == 220
    assert sequential >= 40          # the Meneur's cover choice at the root


# -- three to five players -------------------------------------------------------------


def test_three_player_goofspiel_combat():
    # Everyone holds 1, 2, 3; the first prize is worth 1, and it goes to a
    # lone highest bid. A pure equilibrium is any profile where nobody can win
    # by changing bid: two or three 3s (7 profiles), or a lone 3 (12).
    g = Goofspiel.standard(3, players=3)
    a = analyze_combat(g)
    assert len(a.payoffs) == 27
    assert len(a.equilibria) == 19
    assert (2, 2, 2) in a.equilibria and (2, 1, 0) in a.equilibria
    assert (1, 0, 0) not in a.equilibria      # 2 against two 1s: a 3 wins instead
    assert a.payoffs[(2, 1, 0)] == (1, 0, 0)
    # A's best responses: to two 1s, bid 2 or 3; to two 3s, anything.
    assert a.best_responses[0][(0, 0)] == [1, 2]
    assert a.best_responses[0][(2, 2)] == [0, 1, 2]
    assert a.profile((2, 1, 0)) == (3, 2, 1)


def test_pure_equilibria_with_own_scores():
    # Each player maximizes their own score (not a difference): a lost trick
    # is worth 0 whether tied or not, so ties make many equilibria.
    g = Goofspiel([[1, 3], [2, 3]], [1, 1])
    assert analyze_combat(g).equilibria == [(0, 1), (1, 0), (1, 1)]


def test_combat_without_pure_equilibrium():
    # Asèt, 3 players, two combats left, the starting Order 7→1. Every profile
    # tempts someone: e.g. Brunehaut's 1 beats Charles' 7 (last rank beats
    # first rank) and takes Yellow's Idole (3), the Assassin and the Commandeur
    # (2 each) less 2 for the pair: 5 points; so Charles plays 3 instead...
    s = GAMES["aset"].from_spec({
        "game": "aset", "variant": "base", "round": 9, "phase": "combat",
        "players": {"arthur": "yellow", "brunehaut": "red", "charles": "purple"},
        "hands": {"arthur": [2, 3], "brunehaut": [6, 1], "charles": [7, 3]}}, log=False)
    a = analyze_combat(s)
    assert a.equilibria == []
    assert len(a.payoffs) == 8
    assert a.payoffs[(0, 0, 1)] == (0, 5, 0)     # arthur 2, brunehaut 1, charles 7
    assert a.best_responses[2][(0, 0)] == [0]     # then Charles prefers his 3


def test_analysis_needs_a_combat():
    g = Goofspiel.standard(2)
    g.apply(1)                                 # A has bid; B decides alone
    with pytest.raises(ValueError):
        analyze_combat(g)


# -- the command line and the example runner ------------------------------------------

DUEL = """game: aset
id: duel-solve
variant: duel
players: {arthur: yellow, brunehaut: red}
round: 9
phase: combat
renforts: {arthur: 3, brunehaut: 5}
hands: {arthur: [1, 6], brunehaut: [1, 7]}
solve: {depth: game}
expect:
  value: {arthur: "%s"}
"""


def test_herald_solve_two_players(tmp_path):
    # Two combats left, the starting Order 7→1 (1 beats 7 when both are
    # played; a tie goes to the Prison, lost after the last combat). Arthur's
    # cards minus Brunehaut's at the end, by first combat:
    #              B 1   B 7
    #   A 1        -4    +4     (1-1 to the Prison, then 7 beats 6 and takes it)
    #   A 6        +4    -2     (6-7 lost, then 1-1 lost in the Prison)
    # is worth (8 - 16) / (-4 - 2 - 4 - 4) = 4/7, Arthur playing 1 with 3/7.
    path = tmp_path / "duel.yaml"
    path.write_text(DUEL % "4/7")
    r = herald_here("solve", path)
    assert r.returncode == 0, r.stderr
    assert "= 4/7 ≈ 0.571429" in r.stdout
    assert "arthur play 1     0.428571  3/7" in r.stdout
    assert "brunehaut play 7     0.571429  4/7" in r.stdout
    assert "nodes: 8 " in r.stdout
    r = herald_here("solve", path, "--json", "--depth", "1")
    doc = json.loads(r.stdout)
    # One combat: Arthur's cards minus Brunehaut's right after it.
    assert doc["depth"] == 1 and doc["matrix"] == [["0", "2"], ["2", "-2"]]
    assert doc["value"] == {"arthur": "2/3", "brunehaut": "-2/3"}
    assert herald_here("verify", path).returncode == 0
    path.write_text(DUEL % "1/3")
    r = herald_here("verify", path)
    assert r.returncode == 1 and "expected 1/3, computed 4/7" in r.stdout
    r = herald_here("solve", path, "--mode", "paranoid")
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    # Unreadable solve blocks: one line naming the file, line and field.
    for old, new, field in (("{depth: game}", "{depth: game, mode: maxn}", ":9: solve.mode:"),
                            ("{depth: game}", "{depth: phase}", ":9: solve.depth:"),
                            ('"1/3"', '"x/3"', ":11: expect.value.arthur:")):
        path.write_text((DUEL % "1/3").replace(old, new))
        r = herald_here("verify", path)
        assert r.returncode == 2 and field in r.stderr and r.stderr.count("\n") == 1


def test_herald_solve_four_players(tmp_path):
    path = tmp_path / "combat.yaml"
    path.write_text("""game: aset
variant: base
players: {arthur: yellow, brunehaut: red, charles: purple, denise: blue}
round: 10
phase: combat
hands: {arthur: [1, 7], brunehaut: [7], charles: [5], denise: [5]}
""")
    # The last combat: only Arthur has a choice. His 1 beats Brunehaut's 7
    # (the last rank beats the first) and takes 4 cards: Assassin 2 +
    # Commandeur 2 + 1 + Blue's Semi-homme 3, less 2 for Assassin + Commandeur.
    r = herald_here("solve", path)
    assert r.returncode == 0, r.stderr
    assert "pure equilibria: 1" in r.stdout
    # the last combat ends the game: its scores say who won
    assert ("→  arthur 6 (won), brunehaut 0 (lost), charles 0 (lost), denise 0 (lost)"
            in r.stdout)
    assert "arthur play 1 in 1, arthur play 7 in 0; always best: arthur play 1" in r.stdout
    doc = json.loads(herald_here("solve", path, "--json").stdout)
    assert doc["profiles"] == 2 and len(doc["equilibria"]) == 1
    assert doc["equilibria"][0]["profile"] == ["arthur play 1", "brunehaut play 7",
                                               "charles play 5", "denise play 5"]
    assert doc["equilibria"][0]["scores"] == {"arthur": 6, "brunehaut": 0, "charles": 0,
                                              "denise": 0}
    assert doc["equilibria"][0]["result"] == {"arthur": "won", "brunehaut": "lost",
                                              "charles": "lost", "denise": "lost"}


def test_the_exact_solvers_report_their_progress():
    # herald solve draws its bar from these reports (on a terminal only): the
    # node count grows, the seconds too, and the value is the same as unwatched
    reports = []
    result = solve_joint(ASET.from_spec(RAND5_4, log=False), progress=reports.append)
    assert len(reports) >= 100
    nodes = [r["nodes"] for r in reports]
    assert nodes == sorted(nodes) and nodes[-1] <= result.nodes
    assert all(r["seconds"] >= 0 for r in reports)
    assert result.value == RAND5_4_VALUE
    # three to five players: the combat's analysis reports once per profile
    state = ASET.new_game(3, seed=1)
    while not state.at_joint():
        state.apply(state.legal()[0])
    seen = []
    analysis = analyze_combat(state, progress=seen.append)
    assert seen and seen[-1]["nodes"] == analysis.nodes
