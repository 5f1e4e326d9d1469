"""Worked examples verified once (generator/verified.py): the documents and
``herald build``'s workers are given the verified examples, and the diagrams
read the positions the runner kept instead of replaying the decisions."""
from __future__ import annotations

import pytest
from herald.engine import runner
from herald.generator import examples as examples_module
from herald.generator import verified as verified_module
from herald.generator.booklet_plan import load_plan
from herald.generator.kits import kit
from herald.generator.verified import verify_examples, verify_game


@pytest.fixture(scope="module")
def aset():
    return verify_game("aset")


def test_the_shown_examples_follow_the_plan_and_every_one_is_kept(aset):
    ids = [v.example.id for v in aset]
    plan = load_plan("aset", {v.example.id for v in aset.every})
    filed = [i for chapter in plan.chapters.values() for i in chapter]
    assert ids[:len(filed)] == filed
    assert ids[len(filed):] == sorted(ids[len(filed):])
    every = {v.example.id for v in aset.every}
    # the booklet omits these, the errata page and the scoring table read them
    assert plan.omit and plan.omit <= every and not plan.omit & set(ids)
    assert aset.find("scoring-table").outcome.erratum is not None
    assert aset.find("no-such-example") is None
    assert all(o.ok for _, o in aset.results())


def test_a_failing_example_blocks_unless_allowed(monkeypatch):
    real = verified_module.run

    def failing(example, *config):
        outcome = real(example, *config)
        if example.id == "heal":
            outcome.problems.append("life: expected 7, computed 6")
        return outcome
    monkeypatch.setattr(verified_module, "run", failing)
    with pytest.raises(verified_module.BuildBlocked, match="heal does not verify: life"):
        verify_examples("lenormand", allow_unverified=False)
    shown = verify_examples("lenormand", allow_unverified=True)
    assert [v.example.id for v in shown if not v.outcome.ok] == ["heal"]


@pytest.mark.parametrize("game", ["aset", "lenormand", "oriflamme"])
def test_a_diagram_shows_the_position_the_runner_kept(game):
    """No replay per step: each step's diagram is drawn from the very position
    the runner kept (Lenormand draws the position before the step's decision)."""
    look = kit(game)
    shown = verify_game(game)
    v = next(v for v in shown if len(v.outcome.steps) >= 3)
    for step in range(len(v.outcome.steps) + 1):
        state, _ = look.step_view(v.example, v.outcome, step)
        kept = v.outcome.after(max(step - 1, 0) if game == "lenormand" else step)
        assert state is kept, (v.example.id, step)


def test_a_locale_is_printed_from_the_examples_it_is_given(tmp_path, monkeypatch):
    """herald build's worker (``_locale_kit``) plays no example: the rules,
    the compendium and the web edition read the verified ones."""
    from herald.generator import cmd_build
    given = verify_game("lenormand")

    def played(*args, **kwargs):
        raise AssertionError("an example was played again")
    monkeypatch.setattr(runner, "run_example", played)
    monkeypatch.setattr(examples_module, "run", played)
    monkeypatch.setattr(verified_module, "run", played)
    written = cmd_build._locale_kit("lenormand", "en", given, "a4", tmp_path)
    names = {p.name for p in written}
    assert {"lenormand-rules-a4.pdf", "lenormand-examples-a4.pdf", "index.html"} <= names
