"""``herald new``: start something of your own from a working example."""
from __future__ import annotations

from pathlib import Path

import click

from .paths import display


@click.group()
def new():
    """Start a deck of your own from a working example."""


@new.command("deck")
@click.argument("folder", type=click.Path(path_type=Path))
def deck(folder):
    """Make FOLDER a deck to edit with no Python: a card list (cards.csv), a
    layout (layout.yaml), an icon and a README; 'herald cards --deck FOLDER'
    prints it at once."""
    from .deck.scaffold import new_deck
    for path in new_deck(folder):
        click.echo(f"wrote {display(path)}")
    click.echo(f"next: herald cards --deck {folder}")
    return 0
