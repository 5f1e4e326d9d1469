"""``herald check GAME``: the conformance check (engine/conformance.py) on a
game, from its starts and from every worked example it ships."""
from __future__ import annotations

import click
from herald.engine.checked import unwrap
from herald.engine.conformance import check_game
from herald.engine.games import GAMES

from .examples import builtin_examples, game_config, load_example
from .kits import known_game


@click.command()
@click.argument("game")
@click.option("--seeds", type=click.IntRange(1, 100), default=3, show_default=True,
              metavar="N", help="Random games from new_game with seeds 0 to N-1, for each "
              "variant and player count.")
@click.option("--games", "playouts", type=click.IntRange(1, 100), default=3,
              show_default=True, metavar="N",
              help="Random games from each worked example and from new_initial_state.")
def check(game, seeds, playouts):
    """Check that GAME keeps the rules Herald's solver, bots and example
    runner rely on, by playing random games from its starts (new_game, and
    new_initial_state for a game of interface 2) and from each of its worked
    examples: key() hashable, the same for the same position and complete
    (positions with equal keys play alike); copies independent; the example
    round trip (from_spec of to_spec); legal moves never empty before the
    end; every game over within its declared length; chance probabilities
    exact and summing to 1; an information key that never changes with a
    card its seat cannot see; payoffs within the declared range; winners()
    seats of the game.

    Prints one line per rule broken, naming the package's file and line at
    fault and the start that shows it (the seed or the example), then a
    summary. Exit status: 0 when the game passes, 1 when a rule is broken,
    2 on unreadable input.
    """
    name = known_game(game, "GAME: ")
    examples = [load_example(path) for path in builtin_examples(name)]
    specs = [(ex.id, ex.spec) for ex in examples if ex.spec.get("game") == name]
    failures = check_game(unwrap(GAMES[name]), examples=specs, seeds=seeds,
                          playouts=playouts, config=game_config(name))
    for line in failures:
        click.echo(f"✗ {line}")
    starts = f"{len(specs)} example{'s' if len(specs) != 1 else ''}"
    if failures:
        click.echo(f"{name}: {len(failures)} rule{'s' if len(failures) != 1 else ''} broken "
                   f"(random games from its starts and {starts})")
        return 1
    click.echo(f"{name}: every rule holds (random games from its starts and {starts})")
    return 0
