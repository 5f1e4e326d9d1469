"""Every built-in worked example verifies, and verification really checks."""
import copy

import pytest
from herald.engine.runner import run_example
from herald.generator.examples import builtin_examples, load_example, run

EXAMPLES = builtin_examples("oriflamme")


def test_the_printed_examples_and_rulings_are_all_there():
    ids = {load_example(p).id for p in EXAMPLES}
    required = {
        "placement-abc", "resolution-example", "pile-covers-shapeshifter",
        "cascade-assassination", "ambush-opponent-soldier", "ambush-own-soldier",
        "ambush-own-archer-fan", "conspiracy-doubles", "shapeshifter-copies-heir",
        "ambush-revealed", "heir-rivals", "shapeshifter-heir-rival",
        "shapeshifter-no-neighbour", "lord-family", "spy-robs-self", "spy-empty-purse",
        "archer-itself", "assassination-itself", "royal-decree-after",
        "royal-decree-before", "royal-decree-pile", "no-target", "shapeshifter-ambush",
        "pile-below-resolves", "duo-lord", "duo-sibling-ambush", "tie-break",
    }
    assert required <= ids


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_verifies(path):
    outcome = run(load_example(path))
    assert outcome.ok, outcome.problems


@pytest.mark.parametrize("path", [p for p in EXAMPLES if "influence" in
                                  (load_example(p).spec.get("expect") or {})],
                         ids=lambda p: p.stem)
def test_a_wrong_influence_is_caught(path):
    example = load_example(path)
    spec = copy.deepcopy(example.spec)
    who, value = next(iter(spec["expect"]["influence"].items()))
    spec["expect"]["influence"][who] = value + 1
    outcome = run_example(example.game, spec)
    assert not outcome.ok
    assert outcome.problems[0] == (f"influence of {who}: expected {value + 1}, "
                                   f"computed {value}")


def replay_with_step(stem, index, text):
    """Replay the built-in example ``stem`` with its play step ``index`` replaced."""
    example = load_example(next(p for p in EXAMPLES if p.stem == stem))
    spec = copy.deepcopy(example.spec)
    spec["play"][index] = text
    return run_example(example.game, spec)


def test_an_illegal_step_names_the_legal_options():
    outcome = replay_with_step("resolution-example", 2, "blue target 4")
    assert outcome.problems == ["step 3: blue cannot 'target 4'; legal: target 1, target 3"]


def test_a_wrong_player_is_reported():
    outcome = replay_with_step("resolution-example", 0, "green bank")
    assert outcome.problems == ["step 1: it is red's decision, not green's; legal: reveal, bank"]


def test_forced_decisions_may_be_left_out():
    # cascade-assassination leaves out the Spy's single target.
    example = load_example(next(p for p in EXAMPLES if p.stem == "cascade-assassination"))
    outcome = run(example)
    forced = [s.text for s in outcome.steps if s.forced]
    assert forced == ["red target 1"]   # the Spy's single target, left out of the file

