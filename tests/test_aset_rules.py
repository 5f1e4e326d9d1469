"""L'Ordre d'Asèt: the rules engine, its worked examples and the errata."""
import copy
import json
import random

import pytest
from conftest import herald_here
from herald.engine.aset import ASET, new_game
from herald.engine.aset.decrees import DecreeError, apply_steps, compile_decree
from herald.engine.aset.state import CHOOSE, SETUP
from herald.engine.interface import SpecError
from herald.engine.runner import run_example
from herald.generator.catalogs import load_catalog
from herald.generator.examples import builtin_examples, load_example, run
from herald.generator.translations import game_locales

EXAMPLES = builtin_examples("aset")


def spec(**fields):
    fields.setdefault("game", "aset")
    return fields


def test_enough_examples_cover_every_rule():
    ids = {load_example(p).id for p in EXAMPLES}
    required = {
        "combat-lowest-beats-highest", "anti-parity", "tie-shared-surplus", "null-combat",
        "renfort-cancels-winner", "prison-lost-after-last-combat", "fourth-decree-covers",
        "scoring-combinations", "duel-tie", "scoring-table", "material-count-erratum",
        "rise-of-pairs", "mystic-repulsion-first", "the-call-first", "zero-twin",
        "palindrome-returned", "council-favourite", "discardable-decree", "zero-twin-duel",
        "blessing-renfort-kept", "blessing-no-shared-title", "duel-empty-treasure",
        "council-favourite-twice", "tie-meneur-first", "renfort-after-a-pass",
        "palindrome-alone-in-pile",
    }
    assert required <= ids and len(ids) >= 25


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_verifies(path):
    outcome = run(load_example(path))
    assert outcome.ok, outcome.problems


def test_a_wrong_treasure_is_caught():
    example = load_example(next(p for p in EXAMPLES if p.stem == "combat-lowest-beats-highest"))
    changed = copy.deepcopy(example.spec)
    changed["expect"]["treasures"]["arthur"] = ["yellow 1"]
    outcome = run_example(ASET, changed)
    assert not outcome.ok and "treasure of arthur" in outcome.problems[0]


def test_anti_parity_keeps_relative_order():
    odd_first = compile_decree({"id": "x", "effect1": [{"move": {"values": "odd",
                                                                 "to": "first"}}],
                                "effect2": "unknown"})
    assert apply_steps((6, 5, 7, 4, 3, 2, 1), odd_first.effect1) == (5, 7, 3, 1, 6, 4, 2)
    assert odd_first.missing == ("effect2",)


def test_decree_vocabulary_rejects_unknown_effects_and_values():
    with pytest.raises(DecreeError) as e:
        compile_decree({"id": "x", "effect1": [{"shuffle": True}], "effect2": []})
    assert e.value.path == ("effect1", 0, "shuffle") and "unknown decree effect" in str(e.value)
    with pytest.raises(DecreeError) as e:
        compile_decree({"id": "x", "effect1": [{"move": {"values": [8], "to": "first"}}],
                        "effect2": []})
    assert "1 to 7" in str(e.value)


def test_setup_then_combat_in_seat_order_from_the_meneur():
    s = new_game(3, seed=5)
    assert s.phase == SETUP and s.at_joint()
    assert [d[1] & 7 for d in s.legal()] == [1, 2, 3, 4, 5, 6, 7]
    for _ in range(3):
        s.apply(s.legal()[0])                       # each keeps an Assassin as Renfort
    assert [r & 7 for r in s.renfort] == [1, 1, 1]
    assert s.phase == CHOOSE and s.round == 1 and len(s.council) == 1
    assert [s.mover] == [0] and all(len(h) == 10 for h in s.hands)
    s.apply(s.legal()[-1])
    assert s.mover == 1                             # clockwise from the Meneur
    s.apply(s.legal()[-1])
    s.apply(s.legal()[-1])
    assert ASET.format_decision(s, s.legal()[0]) == "yellow reveal"


def test_joint_steps_play_everyone_at_once():
    s = new_game(4, seed=2)
    s.apply_joint([legal[0] for legal in s.joint_legal()])
    assert s.at_joint() and s.phase == CHOOSE
    before = s.copy()
    choices = [legal[-1] for legal in s.joint_legal()]
    s.apply_joint(choices)
    assert s.round == 2 or s.phase != CHOOSE
    assert sum(len(t) for t in s.treasure) + len(s.prison) + len(s.pool) >= 4 - 0
    assert before.key() != s.key() and before.copy().key() == before.key()
    hash(s.key())


def test_duel_scores_count_cards_and_points_otherwise():
    duel = ASET.from_spec(spec(variant="duel", players=["yellow", "red"], phase="over",
                               treasures={"yellow": ["yellow 1", "yellow 7"],
                                          "red": ["red 4", "red 5", "red 6"]}))
    assert duel.scores() == (2, 3) and duel.winners() == [1]
    base = ASET.from_spec(spec(players=["yellow", "red", "purple"], phase="over",
                               treasures={"yellow": ["yellow 1", "yellow 7"],
                                          "red": ["red 4", "red 5", "red 6"]}))
    assert base.scores() == (2, 3, 0)           # 2 + 2 - 2 (Assassin and Commander)
    # purple, alone with no card, is second to last: yellow is the lowest of the others
    assert base.blessed() == 2 and base.caporal() == [0] and base.winners() == [1]


def test_same_seed_same_game():
    def log(seed):
        s = new_game(4, seed=seed, log=True)
        s.play_random(random.Random(seed).random)
        return s.log
    assert log(3) == log(3) and log(3) != log(4)


def test_horizons():
    s = new_game(3, seed=1)
    assert s.horizon("phase") == (1, 0) and s.horizon("game") is False
    s.play_random(random.Random(1).random)
    assert s.horizon("round") == (10, True) and s.horizon("game") is True


def test_bad_spec_fields_name_the_field():
    with pytest.raises(SpecError) as e:
        ASET.from_spec(spec(players=["yellow", "red", "purple"], phase="combat",
                            hands={"yellow": [8]}))
    assert e.value.path == ("hands", "yellow", 1)
    with pytest.raises(SpecError) as e:
        ASET.from_spec(spec(players=["yellow", "red", "purple"], phase="combat",
                            hands={"yellow": [1, 1]}))
    assert "the box has 1" in e.value.message


def test_scoring_table_holds_as_printed_and_its_erratum_is_the_material():
    example = load_example(next(p for p in EXAMPLES if p.stem == "scoring-table"))
    outcome = run(example)
    assert outcome.ok and example.spec["expect"]["points"] == \
        {"arthur": 9, "brunehaut": 12, "charles": 15, "david": 12}      # 003's totals
    assert outcome.erratum["printed"] == {"material": {"assassin+commander": 16}}
    # the printed totals need every Assassin-Commander pair: counted once, they fail
    once = copy.deepcopy(example.spec)
    once["options"] = {"combinations": "once"}
    assert [p for p in run_example(ASET, once).problems if p.startswith("points")] == \
        ["points of brunehaut: expected 12, computed 16",
         "points of charles: expected 15, computed 17",
         "points of david: expected 12, computed 14"]
    printed = copy.deepcopy(example.spec)
    printed["expect"]["material"] = {"assassin+commander": 16}
    with pytest.raises(SpecError):             # printed = expected: no erratum left
        run_example(ASET, printed)
    wrong = copy.deepcopy(example.spec)
    del wrong["erratum"]
    wrong["expect"]["material"] = {"assassin+commander": 16}
    assert run_example(ASET, wrong).problems == \
        ["material: expected 16 assassin and commander, the families hold 10"]
    wrong["expect"]["material"] = {"assassin+knight": 10}
    with pytest.raises(SpecError) as e:
        run_example(ASET, wrong)
    assert e.value.path == ("expect", "material", "assassin+knight")
    wrong["expect"]["material"] = {"assassin": "five"}
    with pytest.raises(SpecError) as e:
        run_example(ASET, wrong)
    assert e.value.path == ("expect", "material", "assassin")
    wrong["expect"]["material"] = {"assassin": 5}
    assert run_example(ASET, wrong).ok


def test_verify_marks_errata(tmp_path):
    erratum = next(p for p in EXAMPLES if p.stem == "scoring-table")
    out = herald_here("verify", erratum)
    assert out.returncode == 0
    assert out.stdout.startswith("! erratum scoring-table: The rulebook's scoring table — "
                                 "printed material assassin+commander 16; the rules give "
                                 "material assassin+commander 10\n")
    data = json.loads(herald_here("verify", "--json", erratum).stdout)
    assert data[0]["erratum"]["corrected"] == {"material": {"assassin+commander": 10}}
    out = herald_here("verify", erratum.parent)      # only what really is an erratum
    assert [line.split(":")[0] for line in out.stdout.splitlines() if line.startswith("!")] \
        == ["! erratum material-count-erratum", "! erratum scoring-table"]
    broken = tmp_path / "e.yaml"
    broken.write_text(erratum.read_text(encoding="utf-8").replace("charles: 15", "charles: 19"),
                      encoding="utf-8")
    out = herald_here("verify", broken)              # the old reading's total: the rules deny it
    assert out.returncode == 1 and out.stdout.startswith("✗ erratum")


def test_play_and_record_replay(tmp_path):
    path = tmp_path / "game.yaml"
    out = herald_here("play", "--game", "aset", "--players", 2, "--bots", "random,greedy",
                 "--record", path)
    assert out.returncode == 0, out.stderr
    assert "variant: duel" in path.read_text(encoding="utf-8")
    check = herald_here("verify", path)
    assert check.returncode == 0 and check.stdout.startswith("✓")
    bad = herald_here("play", "--game", "aset", "--players", 6)
    assert bad.returncode == 2 and "--players 6" in bad.stderr


def test_every_event_has_a_sentence_in_every_catalog():
    types: dict = {}
    for seed in range(40):
        s = new_game(2 + seed % 4, variant="duel" if seed % 4 == 0 else "base", seed=seed,
                     log=True)
        s.play_random(random.Random(seed).random)
        for e in s.log:
            types.setdefault(e["type"], set()).add(e.get("reason") or e.get("effect"))
    for example in EXAMPLES:
        outcome = run(load_example(example))
        for step in outcome.steps:
            for e in step.events:
                types.setdefault(e["type"], set()).add(e.get("reason") or e.get("effect"))
    assert {"win", "tie", "take", "renfort", "cover", "effect", "null", "end"} <= set(types)
    for locale in game_locales("aset"):
        events = load_catalog("aset", locale)["events"]
        for kind, reasons in types.items():
            assert kind in events, (locale, kind)
            entry = events[kind]
            if isinstance(entry, dict) and not set(entry) <= {"one", "other"}:
                for reason in reasons - {None}:
                    assert str(reason) in entry, (locale, kind, reason)


def test_a_bad_example_is_one_line_with_file_line_and_field(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("game: aset\nplayers: [yellow, red, purple]\nphase: combat\n"
                    "hands:\n  yellow: [1, 9]\n", encoding="utf-8")
    out = herald_here("verify", path)
    assert out.returncode == 2
    line = out.stderr.strip()
    assert "\n" not in line and "bad.yaml:5: hands.yellow.2:" in line and "1 to 7" in line


def test_notation_errors_and_illegal_decisions():
    from herald.engine.interface import DecisionError, NotationError
    s = ASET.from_spec(spec(players=["yellow", "red", "purple"], phase="combat",
                            hands={"yellow": [1, 2], "red": [3, 4], "purple": [5, 6]}))
    with pytest.raises(NotationError):
        ASET.parse_decision(s, "yellow dance")
    with pytest.raises(NotationError):
        ASET.parse_decision(s, "yellow play 9")
    with pytest.raises(DecisionError) as e:
        ASET.parse_decision(s, "yellow play 7")
    assert not isinstance(e.value, NotationError) and "play 1, play 2" in str(e.value)
    assert ASET.parse_decision(s, "yellow play assassin") == s.legal()[0]
