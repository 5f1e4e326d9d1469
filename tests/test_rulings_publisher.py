"""The publisher's rulebook (002) wins by default: the rulings of issue 11, each
asserted on the engine, the rule options' texts and sources, and the
worked-example format that expresses them (refused decisions, checkpoints)."""
import copy
import os
import re
from pathlib import Path

import pytest
from conftest import position
from herald.engine.games import GAMES
from herald.engine.interface import SpecError
from herald.engine.oriflamme.notation import format_decision, format_queue
from herald.engine.oriflamme.options import (
    OPTIONS_BY_NAME,
    RULE_OPTIONS,
    WRITTEN_RULINGS,
    Options,
)
from herald.engine.runner import run_example
from herald.generator.translations import fill_engine

GAME = GAMES["oriflamme"]
SOURCES = Path(os.environ.get("HERALD_RULES_SOURCES",
                              Path(__file__).resolve().parents[2] / "shared" / "rules-sources"))
SOURCE_FILE = {"002": "002_697ed417c728e07c.txt", "000": "000_fbae317d6d1ad5ca.txt"}


def play(state, *decisions):
    for text in decisions:
        state.apply(GAME.parse_decision(state, text))
    return state


def legal(state):
    return [format_decision(state, d, player=False) for d in state.legal()]


def duo(**spec):
    return position(variant="duo", players={"north": ["red", "green"],
                                            "south": ["blue", "yellow"]}, **spec)


# -- defaults ------------------------------------------------------------------------

def test_defaults_follow_the_publisher():
    o = Options()
    assert (o.lord_pile, o.own_family_target, o.spy_self_target, o.ambush_spy,
            o.royal_decree_onto_card) == ("each_card", "last_resort", "forced",
                                          "eliminated", "forbidden")


def test_soldier_and_archer_take_their_own_family_only_as_a_last_resort():
    s = position(round=2, phase="resolution", at=2,
                 queue=["red heir", "red soldier up", "blue lord"])
    assert legal(s) == ["target 3"]
    s = position(round=2, phase="resolution", at=2, queue=["red heir", "red soldier up"])
    assert legal(s) == ["target 1"]                       # no other choice
    play(s, "red target 1")
    assert s.influence[0] == 2                            # still gains 1


def test_duo_your_other_family_counts_as_an_opponent_for_archer_and_soldier():
    s = duo(round=2, phase="resolution", at=2, queue=["green heir", "red soldier up", "red lord"])
    assert legal(s) == ["target 1"]                       # green is "adverse" (l. 449-451)


def test_assassination_may_always_target_your_own_family():
    s = play(position(round=2, phase="resolution",
                      queue=["red assassination", "red heir", "blue lord"]), "red reveal")
    assert legal(s) == ["target 1", "target 2", "target 3"]


def test_spy_robs_its_owner_only_when_forced_in_both_variants():
    s = duo(round=2, phase="resolution", at=2, influence={"south": 2},
            queue=["green heir", "red spy up", "blue lord"])
    assert legal(s) == ["target 3"]                       # green is the same purse
    s = duo(round=2, phase="resolution", at=2, queue=["green heir", "red spy up", "red lord"])
    assert legal(s) == ["target 1", "target 3"]           # all yours: forced, no effect
    play(s, "north target 1")
    assert s.influence == [1, 1]


def test_spy_next_to_an_opponents_ambush_both_readings():
    spec = dict(round=3, phase="resolution", influence={"red": 1, "blue": 3},
                queue=["red spy up", "blue ambush +1", "green heir"])
    s = play(position(**spec), "red target 2")
    assert s.influence[:2] == [2, 2] and format_queue(s.queue)[:2] == ["red spy up",
                                                                         "blue ambush +1"]
    s = play(position(options={"ambush_spy": "targeted"}, **spec), "red target 2")
    assert s.influence[:2] == [2, 6] and format_queue(s.queue) == ["green heir"]
    assert s.discard[0] == ((0, 2),) and s.discard[1] == ((1, 8),)
    events = [e["type"] + ":" + e.get("reason", "") for e in s.log if e["type"] in
              ("steal", "discard", "gain")]
    assert events == ["steal:", "discard:ambush_trap", "gain:ambush_trap", "discard:ambush"]


def test_targeted_ambush_spares_your_other_family_and_catches_a_copying_shapeshifter():
    s = play(duo(options={"ambush_spy": "targeted"}, round=3, phase="resolution",
                 queue=["red spy up", "green ambush", "green heir"]), "north target 2")
    assert format_queue(s.queue)[:2] == ["red spy up", "green ambush"]   # not adverse
    s = play(position(options={"ambush_spy": "targeted"}, round=3, phase="resolution",
                      influence={"blue": 2},
                      queue=["blue ambush", "red shapeshifter up", "green spy up"]),
             "blue bank", "red copy 3", "red target 1")
    assert s.discard[0] == ((0, 4),) and s.discard[1] == ((1, 8),)
    assert s.influence[:2] == [2, 5]


def test_royal_decree_onto_a_card_keeps_piles_to_one_family():
    s = play(duo(options={"royal_decree_onto_card": "allowed"}, round=3, phase="resolution",
                 queue=["red royal_decree", "green heir", "red lord up", "green spy"]),
             "north reveal")
    onto = [m for m in legal(s) if " on " in m]
    # the green Heir onto the green Spy, the green Spy onto the green Heir; never onto red
    assert onto == ["move 2 on 3", "move 4 on 2"]


def test_a_revealed_intrigue_is_only_the_card_being_resolved():
    with pytest.raises(SpecError) as e:
        position(round=3, phase="resolution", at=2,
                 queue=["red ambush up", "blue shapeshifter up"])
    assert e.value.path == ("queue", 1)
    s = position(round=3, phase="resolution", at=1,
                 queue=["red royal_decree up", "blue heir", "green lord"])
    assert legal(s)[0].startswith("move")                 # acting now: fine


# -- the rulings' texts and sources ----------------------------------------------------

def _printed(entry):
    """Every text of an option or ruling that the booklet prints to players."""
    texts = list(entry.title.values()) + list(entry.reasoning.values())
    if hasattr(entry, "default"):
        for r in (entry.default, *entry.alternatives):
            texts += list(r.summary.values())
    else:
        texts += list(entry.ruling.values())
    return texts


@pytest.mark.parametrize("entry", RULE_OPTIONS + WRITTEN_RULINGS, ids=lambda o: o.name)
def test_each_ruling_has_sources_lines_and_reasoning_in_player_words(entry):
    cites = [c for r in (entry.default, *entry.alternatives) for c in r.cites] \
        if hasattr(entry, "default") else list(entry.cites)
    assert cites and all(re.fullmatch(r"\d+(-\d+)?(, \d+(-\d+)?)*", c.lines) for c in cites)
    # the English comes from the PO file, filled in when a database is loaded:
    # fill it here, so the test holds whatever ran before it in this process
    fill_engine("oriflamme", ["en"])
    for locale in ("fr", "en"):
        assert entry.title[locale].strip() and entry.reasoning[locale].strip()
    for text in _printed(entry):    # no ids (they all hold an underscore), no file numbers
        assert "_" not in text and not re.search(r"\b00\d\b", text), text


@pytest.mark.skipif(not SOURCES.is_dir(), reason="rules sources not beside the repository")
@pytest.mark.parametrize("entry", RULE_OPTIONS + WRITTEN_RULINGS, ids=lambda o: o.name)
def test_quoted_words_are_in_the_cited_lines(entry):
    cites = [c for r in (entry.default, *entry.alternatives) for c in r.cites] \
        if hasattr(entry, "default") else list(entry.cites)

    def squeeze(t):
        return re.sub(r"[\s\u00a0\u202f]+", " ", t.replace("\u2019", "'")).lower()

    for c in cites:
        if c.source not in SOURCE_FILE:     # the Alliance box's scan is checked elsewhere
            continue
        lines = (SOURCES / SOURCE_FILE[c.source]).read_text(encoding="utf-8").splitlines()
        wanted = []
        for part in c.lines.split(", "):
            a, _, b = part.partition("-")
            wanted += lines[int(a) - 1:int(b or a)]
        text = squeeze(" ".join(wanted))
        assert text.strip(), c
        for quote in re.findall(r"«\s*([^»]+?)\s*»", c.section):
            assert squeeze(quote) in text, (c, quote)


def test_option_examples_cover_both_readings_of_every_option():
    from herald.generator.examples import builtin_examples, load_example
    used = {}
    for p in builtin_examples("oriflamme"):
        for name, value in (load_example(p).spec.get("options") or {}).items():
            used.setdefault(name, set()).add(value)
    for name in ("lord_pile", "own_family_target", "spy_self_target", "ambush_spy",
                 "royal_decree_onto_card", "own_ambush", "heir_rivals"):
        assert set(OPTIONS_BY_NAME[name].values) - {OPTIONS_BY_NAME[name].default.value} \
            <= used.get(name, set()), name


# -- the worked-example format -----------------------------------------------------------

BASE = {"game": "oriflamme", "players": ["red", "blue", "green"], "round": 2,
        "phase": "resolution", "at": 2, "queue": ["red heir", "red soldier up", "blue lord"]}


def test_expect_illegal_holds_only_for_a_refused_decision():
    spec = dict(BASE, expect={"illegal": "red target 1"})
    assert run_example(GAME, spec).ok
    spec = dict(BASE, options={"own_family_target": "free"}, expect={"illegal": "red target 1"})
    assert run_example(GAME, spec).problems == ["illegal 'red target 1': the engine accepts it"]
    spec = dict(BASE, expect={"illegal": ["blue target 1"]})
    problems = run_example(GAME, spec).problems
    assert len(problems) == 1 and "red's" in problems[0]
    with pytest.raises(SpecError) as e:
        run_example(GAME, dict(BASE, expect={"illegal": 3}))
    assert e.value.path[:2] == ("expect", "illegal")


def test_checks_after_given_steps():
    spec = {"game": "oriflamme", "players": ["red", "blue", "green"], "round": 3,
            "phase": "resolution", "queue": ["red spy", "blue lord +1", "green heir"],
            "play": ["red reveal", "red target 2", "blue bank", "green bank"],
            "checks": [{"after": 0, "expect": {"influence": {"red": 1}}},
                       {"after": 1, "expect": {"illegal": "red target 3"}},
                       {"after": 2, "expect": {"influence": {"red": 2, "blue": 0}}}],
            "expect": {"influence": {"red": 2, "blue": 0, "green": 1}}}
    assert run_example(GAME, spec).ok
    wrong = copy.deepcopy(spec)
    wrong["checks"][2]["expect"]["influence"]["red"] = 3
    assert run_example(GAME, wrong).problems == [
        "at step 2: influence of red: expected 3, computed 2"]
    for bad, path in (([{"after": 9, "expect": {}}], ("checks", 1, "after")),
                      ([{"after": 1}], ("checks", 1)),
                      ([{"after": 1, "expect": {"bogus": 1}}], ("checks", 1, "expect", "bogus"))):
        with pytest.raises(SpecError) as e:
            run_example(GAME, dict(spec, checks=bad))
        assert e.value.path == path


def test_expect_first_round_draw_and_set_aside():
    spec = {"game": "oriflamme", "variant": "duo",
            "players": {"north": ["red", "green"], "south": ["blue", "yellow"]},
            "round": 2, "phase": "resolution", "queue": ["red lord up"],
            "set_aside": {"north": ["red ambush"]},
            "draw": {"north": ["red spy", "green heir", "red archer"], "south": ["blue heir"]},
            "expect": {"first": "south", "round": 3,
                       "draw": {"north": ["red archer"], "south": []},
                       "set_aside": {"north": ["red ambush"]}}}
    assert run_example(GAME, spec).ok
    spec["expect"] = {"first": "north", "round": 2,
                      "draw": {"north": ["red spy"]}, "set_aside": {"south": ["blue spy"]}}
    problems = run_example(GAME, spec).problems
    assert any(p.startswith("first player: expected north") for p in problems)
    assert any(p.startswith("round: expected 2, computed 3") for p in problems)
    assert any(p.startswith("draw pile of north (top first)") for p in problems)
    assert any(p.startswith("set-aside cards of south") for p in problems)
