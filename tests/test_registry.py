"""Every registered game is a whole kit: rules, data, look and both locales.

Walks the registry (like OpenSpiel's random_sim_test walks its games): adding
a game to ``engine/games.py`` without its database, examples, catalogs or
generator-side module fails here, naming what is missing.
"""
from __future__ import annotations

import random

import pytest
from herald.engine.bots import make_bot, play_game
from herald.engine.games import GAMES
from herald.engine.interface import SpecError
from herald.engine.runner import run_example
from herald.generator.database import database_path, load_database
from herald.generator.examples import builtin_examples, load_example, run
from herald.generator.i18n import locale_gaps
from herald.generator.kits import kit
from herald.generator.paths import ASSETS, ROOT

GENERIC = ["engine/interface.py", "engine/runner.py", "engine/replay.py", "engine/solver.py",
           "engine/bots.py", "generator/cli.py", "generator/examples.py", "generator/database.py",
           "generator/i18n.py", "generator/kits.py", "generator/cmd_verify.py",
           "generator/cmd_cards.py", "generator/cmd_rules.py", "generator/cmd_build.py",
           "generator/cmd_i18n.py", "generator/cmd_diagram.py", "generator/cmd_solve.py",
           "generator/render/booklet.py", "generator/render/imposition.py",
           "generator/render/deck.py", "generator/render/text.py", "generator/progress.py",
           "generator/workers.py", "generator/cmd_play.py", "engine/ismcts.py",
           "generator/balance.py", "generator/balance_report.py", "generator/cmd_balance.py"]


# The games that bring their own look (card database, catalogs, drawing code);
# a game package without one (examples/games/goofspiel) still takes every test
# of the engine side below.
LOOKED = sorted(g for g in GAMES if getattr(GAMES[g], "look", None))


def test_several_games_are_registered():
    assert {"oriflamme", "aset", "lenormand"} <= set(GAMES)


@pytest.mark.parametrize("name", LOOKED)
def test_game_has_database_examples_and_look(name):
    db = load_database(database_path(name))
    assert db.game == name
    assert {"fr", "en"} <= set(db.locales)
    assert isinstance(db, kit(name).Database)
    assert type(kit(name)).__abstractmethods__ == frozenset()     # a whole look
    assert kit(name).RULE_OPTIONS, f"{name}: the kit lists no rule options"
    examples = builtin_examples(name)
    assert len(examples) >= 1
    for path in examples:
        assert load_example(path).spec["game"] == name


@pytest.mark.parametrize("name", LOOKED)
@pytest.mark.parametrize("locale", ["fr", "en"])
def test_game_catalogs_are_complete(name, locale):
    assert (ASSETS / name / "locales" / locale).is_dir()
    assert locale_gaps(name, locale) == []


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_builtin_example_holds(name):
    failed = {}
    for path in builtin_examples(name):
        example = load_example(path)
        outcome = run(example)
        if not outcome.ok:
            failed[example.id] = outcome.problems[0]
    assert not failed


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_reads_the_runners_fields(name):
    """``checks:`` (and every field the runner reads) is read alike for every
    game (engine/specs.py): a bad check is reported where it is, a misspelt
    field is refused naming it."""
    example = next(ex for ex in map(load_example, builtin_examples(name))
                   if ex.spec.get("play"))
    with pytest.raises(SpecError) as e:
        run_example(GAMES[name], dict(example.spec,
                                      checks=[{"after": 1, "expect": {"bogus": 1}}]))
    assert e.value.path == ("checks", 1, "expect", "bogus") and "illegal" in e.value.message
    with pytest.raises(SpecError) as e:
        run_example(GAMES[name], dict(example.spec, chekcs=[]))
    assert e.value.path == ("chekcs",) and "checks" in e.value.message


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_games_of_every_variant_end(name):
    """Random bots play each variant to the end through the generic interface."""
    game = GAMES[name]
    for variant in game.variants:
        for seed in range(5):
            state = game.new_game(_players(game, variant, seed), variant=variant, seed=seed)
            bots = [make_bot("random", seed * 8 + k) for k in range(len(state.players))]
            play_game(state, bots)
            assert state.over and state.winners()


def _players(game, variant, seed) -> int:
    return random.Random(seed).choice(game.player_counts[variant])


def test_generic_modules_name_no_game():
    for rel in GENERIC:
        text = (ROOT / rel).read_text(encoding="utf-8").lower()
        for name in GAMES:
            assert f"herald.engine.{name}" not in text and f"games.{name}" not in text \
                and f'"{name}"' not in text, f"{rel} names the game {name}"
