"""``herald cards GAME --printer SERVICE``: a built-in game's (or an installed
game package's) deck as a print-on-demand service takes it.

The game draws its cards as for its print-shop file; only the cards dealt
from a deck go to the service (a sheet of tokens is no card). Every card
size of every game asked for is checked against the sizes the service sells
before anything is written (the Lenormand deck at ``--size poker`` or
``bridge`` is; a 61 x 112 mm deck is not, and is refused with the sizes the
service offers; with no game named, such a game is left out with a warning
and the others are printed), then each locale's files are written beside
the home kit,
in ``OUT/<game>/<service>/<locale>/``, staged and renamed into place.
"""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from ..database import database_path, load_database
from ..decks import card_options
from ..errors import InputError
from ..kits import kit
from .presets import Preset, check_size, write_files


def build_games(plans: list[tuple[str, str, dict]], printer: Preset, out: Path, *,
                named: bool = True, warn=None) -> list[Path]:
    """``plans``: (game, locale, the game's deck options) for each deck asked
    for; ``named``: the games were named (else every game: one the service
    cannot print is left out, ``warn(message)`` saying so)."""
    prepared = []
    unsold: set[str] = set()
    for game, locale, options in plans:         # every size checked before a file is written
        if game in unsold:
            continue
        db = load_database(database_path(game))
        game_kit = kit(game)
        chosen = card_options(game, options)
        if game_kit.deck_database is not None:
            db = game_kit.deck_database(db, chosen)
        cards = [c for c in game_kit.print_cards(db, locale, **chosen) if c.deck]
        if not cards:
            raise InputError(f"{game}: --printer: the game has no deck of cards to print")
        try:
            for size in dict.fromkeys((c.width, c.height) for c in cards):
                check_size(printer, size, f"{game}: --printer")
        except InputError as e:
            if named or warn is None:
                raise
            unsold.add(game)
            warn(f"{e}; left out")
            continue
        name = game_kit.deck_name(chosen) if game_kit.deck_name is not None else game
        prepared.append((game, locale, name, db.name[locale], cards))
    if not prepared:
        raise InputError(f"--printer: {printer.title} prints none of these decks at its "
                         "sizes")
    written: list[Path] = []
    for game, locale, name, title, cards in prepared:
        final = Path(out) / game / printer.name / locale
        if name != game:
            final = final / name
        final.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".herald-deck-", dir=final.parent))
        try:
            files = write_files(printer, cards, staging, name, title, locale)
            if final.exists():
                shutil.rmtree(final)
            staging.rename(final)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        written += [final / p.relative_to(staging) for p in files]
    return written
