"""The Lenormand duel: its card database, attack table, rule options, notation,
worked examples, solver and bots."""
from __future__ import annotations

import copy

import pytest
import yaml
from herald.engine.bots import make_bot, play_game
from herald.engine.evaluation import LOST, WON, split
from herald.engine.games import GAMES
from herald.engine.interface import DecisionError, SpecError
from herald.engine.lenormand import LENORMAND
from herald.engine.lenormand.cards import CIVILISATION, NATURE, NO_HOUSE
from herald.engine.lenormand.combinations import DEFAULT_TABLE
from herald.engine.lenormand.notation import format_decision
from herald.engine.lenormand.options import INTERPRETATIONS, RULE_OPTIONS
from herald.engine.lenormand.state import DEFAULT_CONFIG, EXCHANGE, HEAL
from herald.engine.runner import run_example
from herald.engine.solver import solve
from herald.generator.database import database_path, load_database
from herald.generator.errors import InputError
from herald.generator.examples import builtin_examples, load_example, run

EXAMPLES = builtin_examples("lenormand")
DB_PATH = database_path("lenormand")


@pytest.fixture(scope="module")
def db():
    return load_database(DB_PATH)


# -- the card database -----------------------------------------------------------

def test_the_36_insets_are_36_distinct_cards_from_6_to_ace(db):
    insets = [c.inset for c in db.cards]
    ranks = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    assert len(set(insets)) == 36
    assert sorted(insets) == sorted(r + s for r in ranks for s in "♥♦♠♣")
    traditional = {1: "9♥", 2: "6♦", 3: "10♠", 4: "K♥", 13: "J♠", 24: "J♥", 36: "6♣"}
    assert {n: db.card(n).inset for n in traditional} == traditional


def test_names_roles_and_houses(db):
    assert db.game == "lenormand" and db.locales == ["fr", "de", "en", "es"]
    assert [c.number for c in db.cards] == list(range(1, 37))
    assert (db.card(1).name["en"], db.card(36).name["fr"]) == ("Rider", "La Croix")
    assert db.role_cards("weapon") == (10, 11)
    assert db.role_cards("support") == (4, 6)
    assert db.house_of(12).id == "civilisation" and db.house_of(35).id == "nature"


def test_the_database_table_is_the_engines_default(db):
    assert db.setup_config() == DEFAULT_CONFIG


def test_a_line_added_to_the_yaml_changes_the_game(tmp_path):
    data = yaml.safe_load(DB_PATH.read_text(encoding="utf-8"))
    data["duel"]["combinations"].insert(0, {
        "id": "coffin_scythe_cross", "cards": [8, 10, 12], "amount": 5,
        "name": {"fr": "Le Cercueil, la Faux, les Oiseaux", "en": "Coffin, Scythe, Birds"}})
    path = tmp_path / "database.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    config = load_database(path).setup_config()
    assert config.table.value((8, 10, 12), CIVILISATION) == ("coffin_scythe_cross", 5)
    assert DEFAULT_TABLE.value((8, 10, 12), CIVILISATION) == ("", 0)
    spec = _spec(hands={"adele": [8, 10, 12, 17], "valentin": [3, 6, 20, 13]},
                 reserve=[19, 2, 11, 15, 5, 1])
    state = LENORMAND.from_spec(spec, config=config)
    state.apply(LENORMAND.parse_decision(state, "adele attack 8 10 12"))
    assert state.life == [8, 3]


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["cards"][4].update(inset="9♥"), "cards.5.inset: inset 9♥ is already card 1's"),
    (lambda d: d["cards"][4].update(inset="5♥"), "cards.5.inset: inset '5♥'"),
    (lambda d: d["duel"]["combinations"][0].update(cards=[10, 30]),
     "duel.combinations.1.cards.2: card 30 is not a play card"),
    (lambda d: d["cards"][0]["name"].pop("fr"), "cards.1.name.fr: missing the fr text"),
])
def test_a_bad_database_is_one_line_with_its_field(tmp_path, edit, message):
    data = yaml.safe_load(DB_PATH.read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / "database.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_database(path)
    assert message in str(e.value)
    assert str(e.value).count("\n") == 0


# -- the attack table ----------------------------------------------------------------

@pytest.mark.parametrize("cards, house, expected", [
    ((11, 12), CIVILISATION, ("other_weapon", 1)),      # 004's example: 1, not 2
    ((11, 12), NATURE, ("pair_in_sequence", 2)),        # nature's weapon, even partner
    ((3, 11), NATURE, ("own_weapon", 2)),
    ((10, 11), NATURE, ("both_weapons", 3)),
    ((4, 6), CIVILISATION, ("both_supports", 3)),
    ((4, 6), NATURE, ("", 0)),
    ((5, 6, 7), NATURE, ("", 0)),                       # a support spoils a sequence
    ((5, 6, 7), CIVILISATION, ("run_of_three", 3)),
    ((10, 15), CIVILISATION, ("", 0)),                  # the partner must be even
    ((4, 6), NO_HOUSE, ("both_supports", 3)),            # no malus for the third player
    ((2, 10), NO_HOUSE, ("other_weapon", 1)),            # and no bonus
    ((7, 8, 9, 10), CIVILISATION, ("", 0)),             # never more than three cards
    # line 18 read as any two cards in a row, no weapon or support needed
    ((16, 17), CIVILISATION, ("pair_in_sequence", 2)),
    ((12, 13), NATURE, ("pair_in_sequence", 2)),
])
def test_attack_table(cards, house, expected):
    assert DEFAULT_TABLE.value(cards, house) == expected


def test_bonus_only_frees_the_supports_but_their_pair():
    assert DEFAULT_TABLE.value((5, 6, 7), NATURE, barred=False) == ("run_of_three", 3)
    assert DEFAULT_TABLE.value((4, 6), NATURE, barred=False) == ("", 0)
    assert DEFAULT_TABLE.value((4, 6), CIVILISATION, barred=False) == ("both_supports", 3)


# -- readings ----------------------------------------------------------------------

def test_every_reading_quotes_004_in_every_locale():
    load_database(DB_PATH)      # fills the engine's readings in from the PO files
    assert {o.name for o in RULE_OPTIONS} == {"first_player", "turn", "heal", "other_supports",
                                              "third_player"}
    for item in RULE_OPTIONS:
        for reading in (item.default,) + item.alternatives:
            assert reading.source == "004" and reading.section
            assert set(reading.summary) == {"fr", "de", "en", "es"}
    assert len(INTERPRETATIONS) >= 12
    for item in INTERPRETATIONS:
        assert item.default.section, item.name
        assert set(item.default.summary) == set(item.alternatives[0].summary) == {
            "fr", "de", "en", "es"}


def test_unknown_option_is_a_spec_error():
    with pytest.raises(SpecError) as e:
        LENORMAND.from_spec(_spec(options={"heal": "never"}))
    assert e.value.path == ("options",) and "pair_one, combination" in e.value.message


# -- positions, notation and turns ---------------------------------------------------

def _spec(**changes):
    spec = {"game": "lenormand", "players": {"adele": "civilisation", "valentin": "nature"},
            "first": "adele", "hands": {"adele": [19, 2, 12, 11], "valentin": [6, 3, 20, 13]},
            "reserve": [8, 5, 15, 10, 17, 1], "draw": [4, 7, 9, 14, 16, 18]}
    spec.update(changes)
    return spec


def test_a_new_game_deals_every_card_and_civilisation_starts():
    for players, hand in ((2, 4), (3, 4), (4, 3)):
        state = LENORMAND.new_game(players, seed=3)
        assert sorted(state.cards()) == list(range(1, 37))
        assert [len(h) for h in state.hands] == [hand] * players
        assert all(not up for _, up in state.reserve)
        assert state.houses[state.mover] == CIVILISATION
    assert LENORMAND.new_game(2, seed=5).key() == LENORMAND.new_game(2, seed=5).key()
    assert LENORMAND.new_game(2, seed=5).key() != LENORMAND.new_game(2, seed=6).key()


@pytest.mark.parametrize("first, players, order", [
    # 004 l.7: the even cards go to « le premier joueur »; the third player plays third
    ("civilisation", 2, ["civilisation", "nature"]),
    ("civilisation", 3, ["civilisation", "nature", "wanderer"]),
    ("civilisation", 4, ["civilisation", "nature", "civilisation2", "nature2"]),
    ("nature", 2, ["nature", "civilisation"]),
    ("nature", 3, ["nature", "civilisation", "wanderer"]),
    ("nature", 4, ["nature", "civilisation", "nature2", "civilisation2"]),
])
def test_who_plays_first_and_the_order_of_turns(first, players, order):
    options = {} if first == "civilisation" else {"first_player": first}
    state = LENORMAND.new_game(players, seed=1, options=options)
    movers = []
    for _ in range(players + 1):
        movers.append(state.players[state.mover])
        exchange = next(d for d in state.legal() if d[0] == EXCHANGE)
        state.apply(exchange)
    assert movers == order + order[:1]


def test_an_example_without_first_starts_with_the_house_the_rules_name():
    spec = _spec()
    del spec["first"]
    assert LENORMAND.from_spec(spec).players[LENORMAND.from_spec(spec).mover] == "adele"
    spec["options"] = {"first_player": "nature"}
    assert LENORMAND.from_spec(spec).players[LENORMAND.from_spec(spec).mover] == "valentin"


def _three(**options):
    return LENORMAND.from_spec({
        "game": "lenormand", "options": options,
        "players": {"adele": "civilisation", "valentin": "nature", "camille": "none"},
        "first": "camille", "life": {"civilisation": 5, "nature": 2},
        "hands": {"adele": [2, 9, 12, 17], "valentin": [3, 5, 19, 20],
                  "camille": [4, 6, 10, 15]},
        "reserve": [8, 7, 13, 14, 16, 1], "draw": [11, 18]})


def test_the_third_player_cannot_win_by_default():
    # 004 l.23 (« le dernier joueur à posséder des cartes de vie ») and l.31 (the
    # third player has no life): Camille takes nature's last card, civilisation wins
    state = _three()
    state.apply(LENORMAND.parse_decision(state, "camille attack 4 6 on nature"))
    assert state.over and state.life == [5, 0]
    assert [state.players[p] for p in state.winners()] == ["adele"]
    spoiler = _three(third_player="spoiler")
    spoiler.apply(LENORMAND.parse_decision(spoiler, "camille attack 4 6 on nature"))
    assert [spoiler.players[p] for p in spoiler.winners()] == ["camille"]


def test_no_third_player_wins_a_three_player_game_by_default():
    last_blows = 0
    for seed in range(40):
        state = LENORMAND.new_game(3, seed=seed)
        play_game(state, [make_bot("random", seed * 8 + k) for k in range(3)])
        assert state.over
        assert all(state.houses[p] != NO_HOUSE for p in state.winners())
        last_blows += state.ended[0] == "life" and state.houses[state.ended[1]] == NO_HOUSE
    assert last_blows >= 5      # games where the third player took the last life card


def _heals(state) -> list[str]:
    return [format_decision(state, d, player=False) for d in state.legal()
            if d[0] == HEAL]


def test_only_two_cards_in_a_row_heal_and_by_one():
    # 004 l.29: with his 13, Valentin « lui faudrait le 12 ou le 14 » to heal;
    # his weapon, the 11, attacks with the 13 but does not heal with it
    spec = _spec(first="valentin", life={"nature": 5},
                 hands={"adele": [2, 4, 7, 10], "valentin": [3, 11, 12, 13]},
                 reserve=[8, 6, 15, 19, 17, 1], draw=[9, 14, 16, 18, 20, 5])
    state = LENORMAND.from_spec(spec)
    assert _heals(state) == ["heal 11 12", "heal 12 13"]
    plays = [format_decision(state, d, player=False) for d in state.legal()]
    assert "attack 11 13" in plays and "attack 3 11" in plays
    state.apply(LENORMAND.parse_decision(state, "valentin heal 12 13"))
    assert state.life[NATURE] == 6
    # the other reading: every combination heals, by what it would take
    combination = LENORMAND.from_spec({**spec, "options": {"heal": "combination"}})
    assert _heals(combination) == ["heal 3 11", "heal 11 12", "heal 11 13", "heal 12 13",
                                   "heal 11 12 13"]
    combination.apply(LENORMAND.parse_decision(combination, "valentin heal 3 11"))
    assert combination.life[NATURE] == 7


def test_legal_decisions_of_the_first_turn():
    state = LENORMAND.from_spec(_spec())
    texts = [LENORMAND.format_decision(state, d) for d in state.legal()]
    plays = [t for t in texts if "exchange" not in t]
    # The 11 (nature's weapon) with an even card: the 19 is odd, no partner.
    assert plays == ["adele attack 2 11", "adele attack 11 12"]
    assert len(texts) - len(plays) == 4 * 6 * 2      # every card, slot and face
    assert texts[2] == "adele exchange 2 at 1 down"


def test_an_illegal_decision_lists_the_legal_ones():
    state = LENORMAND.from_spec(_spec())
    with pytest.raises(DecisionError) as e:
        LENORMAND.parse_decision(state, "adele attack 2 19")
    assert str(e.value) == ("adele cannot 'attack 2 19'; legal: attack 2 11, attack 11 12, "
                            "exchange 2|11|12|19 at 1-6 up|down")
    with pytest.raises(DecisionError, match="it is adele's decision"):
        LENORMAND.parse_decision(state, "valentin exchange 6 at 1 up")
    assert LENORMAND.parse_decision(state, "adele attack 12 11") == \
        LENORMAND.parse_decision(state, "adele attack 11 12")


@pytest.mark.parametrize("change, path, message", [
    ({"hands": {"adele": [19, 2, 12], "valentin": [6, 3, 20, 13]}}, ("hands", "adele"),
     "a hand holds 4 cards, not 3"),
    ({"reserve": [8, 5, 15, 10, 17, 19]}, ("reserve", 6), "card 19 is already at hands.adele.1"),
    ({"reserve": [8, 5, 15, 10, 17, 21]}, ("reserve", 6), "21: the cards in play are"),
    ({"reserve": [8, 5, 15, 10, 17]}, ("reserve",), "the reserve is 6 cards"),
    ({"life": {"nature": 9}}, ("life", "nature"), "from 1 to 8"),
    ({"players": {"adele": "civilisation", "valentin": "civilisation"}}, ("players",),
     "2 players are civilisation and nature"),
])
def test_bad_positions_name_their_field(change, path, message):
    with pytest.raises(SpecError) as e:
        LENORMAND.from_spec(_spec(**change))
    assert e.value.path == path
    assert message in e.value.message


def test_unlisted_cards_are_in_the_discard_and_to_spec_round_trips():
    state = LENORMAND.from_spec(_spec(draw=[4, 7]))
    assert state.discard == (9, 14, 16, 18)
    again = LENORMAND.from_spec(LENORMAND.to_spec(state))
    assert again.key() == state.key()


def test_life_cards_hide_from_the_top_and_come_back_in_order():
    state = LENORMAND.from_spec(_spec(life={"nature": 5}))
    assert state.life_showing(NATURE) == (21, 23, 25, 27, 29)
    assert state.life_hidden(NATURE) == (31, 33, 35)


# -- worked examples ----------------------------------------------------------------

def test_at_least_twelve_examples_with_004s():
    ids = {load_example(p).id for p in EXAMPLES}
    assert len(ids) >= 12
    assert {"adele-valentin", "both-weapons", "both-supports", "supports-barred", "heal",
            "run-of-three", "reshuffle", "solve-last-blow", "three-players",
            "four-players"} <= ids


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_verifies(path):
    outcome = run(load_example(path))
    assert outcome.ok, outcome.problems


def test_004s_example_takes_exactly_one_life_card():
    example = load_example(next(p for p in EXAMPLES if p.stem == "adele-valentin"))
    outcome = run(example)
    first = outcome.steps[0].events[0]
    assert (first["type"], first["cards"], first["amount"], first["lost"]) == \
        ("attack", [11, 12], 1, [35])
    spec = copy.deepcopy(example.spec)
    spec["expect"]["life"]["nature"] = 6
    wrong = run_example(example.game, spec)
    assert wrong.problems == ["life of nature: expected 6, computed 7"]


# -- solver and bots ---------------------------------------------------------------

def test_the_solver_searches_a_round():
    state = LENORMAND.from_spec(_spec(life={"civilisation": 2, "nature": 3},
                                      hands={"adele": [2, 10, 11, 12],
                                             "valentin": [3, 18, 19, 20]},
                                      reserve=[8, 5, 15, 13, 17, 1],
                                      draw=[4, 7, 9, 14, 16, 6]))
    result = solve(state, depth="round", mode="maxn")
    assert LENORMAND.format_decision(state, result.line[0]) == "adele attack 10 11"
    # (life margin, result): the blow takes nature's last two life cards
    assert [split(state, v) for v in result.value] == [(2, WON), (-2, LOST)]
    values = {LENORMAND.format_decision(state, d): v for d, v in result.root}
    # Taking 2 leaves nature one life card, and its 18 19 takes civilisation's
    # last two: nature wins with 1 life card left, rather than heal with
    # 18 19 20 for a margin of 2 (what a solver scoring the margin alone chose).
    assert [split(state, v) for v in values["adele attack 2 10"]] == [(-1, LOST), (1, WON)]
    phase = solve(state, depth="phase", mode="paranoid", player=0)
    assert split(state, phase.value[0]) == (2, WON) and len(phase.line) == 1


def test_scores_are_zero_sum_between_houses():
    state = LENORMAND.from_spec(_spec(life={"civilisation": 3, "nature": 6}))
    assert state.scores() == (-3, 3)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_to_the_end(players):
    for seed in range(3):
        state = GAMES["lenormand"].new_game(players, seed=seed)
        bots = [make_bot(b, seed * 8 + k) for k, b in
                enumerate(["greedy", "random", "greedy", "random"][:players])]
        play_game(state, bots)
        assert state.over and state.winners()
        assert sorted(state.cards()) == list(range(1, 37))


def test_the_greedy_bot_strikes_when_it_can():
    state = LENORMAND.from_spec(_spec())
    # Two attacks take 1 each: the first in legal order wins the tie.
    d = make_bot("greedy", 0)(state)
    assert d[0] != EXCHANGE
    assert LENORMAND.format_decision(state, d) == "adele attack 2 11"


def test_a_turn_of_two_decisions_is_told_as_one_turn(db):
    """``turn: exchange_then_attack``: the exchange and the attack are one turn,
    numbered as the engine counts turns, drawn at the attack."""
    from herald.generator.games.lenormand.narration import narrate
    by_stem = {p.stem: p for p in EXAMPLES}
    outcome = run(load_example(by_stem["exchange-then-attack"]))
    assert len(outcome.steps) == 2
    [turn] = narrate(outcome, db, "en")
    assert (turn.step_index, turn.label_number) == (1, 1)
    assert turn.sentences[0].startswith("Adèle lays the 17 face down")
    assert turn.sentences[1].startswith("Adèle attacks nature with the 2 and the 10")
    # one decision a turn: one story each, numbered from the file's turn
    told = narrate(run(load_example(by_stem["adele-valentin"])), db, "en")
    assert [(t.step_index, t.label_number) for t in told] == [(0, 1), (1, 2), (2, 3), (3, 4)]
    late = narrate(run(load_example(by_stem["turn-limit"])), db, "en")
    assert [t.label_number for t in late] == [200]
