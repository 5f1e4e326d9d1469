"""``herald new``: start something of your own from a working example."""
from __future__ import annotations

from pathlib import Path

import click

from .paths import display
from .terminal import echo


@click.group()
def new():
    """Start a deck or a game of your own from a working example."""


@new.command("deck")
@click.argument("folder", type=click.Path(path_type=Path))
def deck(folder):
    """Make FOLDER a deck to edit with no Python: a card list (cards.csv), a
    layout (layout.yaml), an icon and a README; 'herald cards --deck FOLDER'
    prints it at once."""
    from .deck.scaffold import new_deck
    for path in new_deck(folder):
        echo(f"wrote {display(path)}")
    echo(f"next: herald cards --deck {folder}")
    return 0


@new.command("game")
@click.argument("folder", type=click.Path(path_type=Path))
@click.option("--name", required=True, metavar="NAME",
              help="The game's name, as every command takes it: lower-case letters, digits "
              "and underscores, like mygame.")
def game(folder, name):
    """Make FOLDER a game package that works at once: a small playable engine,
    two worked examples that verify, a card list and layout, a rules text and
    a README; 'pip install -e FOLDER' then 'herald verify NAME' and 'herald
    build NAME'."""
    from .scaffold_game import new_game
    written = new_game(folder, name)
    echo(f"wrote {len(written)} files into {display(folder)}")
    echo(f"next: pip install -e {folder} && herald verify {name} && herald build {name}")
    return 0
