"""A game's print-and-play deck for one locale: the deck options its look
takes, its database as that deck deals it, its printed cards, and every file
written from them (:func:`herald.generator.render.deck.write_kit`)."""
from __future__ import annotations

from pathlib import Path

from .database import database_path, load_database
from .documents import cover_notes
from .errors import InputError
from .kits import kit
from .render.deck import write_kit


def card_options(game: str, options: dict) -> dict:
    """The deck options asked for (``{"plain": True, "size": "poker"}``),
    passed to the game's ``print_cards`` as keyword arguments; an option the
    game's kit does not list in ``CARD_OPTIONS``, or a value its
    ``check_card_options`` refuses, is bad input."""
    game_kit = kit(game)
    accepted = game_kit.CARD_OPTIONS
    for name in options:
        if name not in accepted:
            takes = ", ".join(f"--{o}" for o in accepted) or "none"
            raise InputError(f"--{name}: the {game} deck has no such option (its options: "
                             f"{takes})")
    if game_kit.check_card_options is not None:
        game_kit.check_card_options(options)
    return dict(options)


def deck_options(games: list[str], options: dict, *, named: bool) -> dict[str, dict]:
    """Each game's share of the deck options asked for, every value checked
    for every deck (:func:`card_options`) before any deck is built: a bad
    value writes nothing, not the decks before the one refusing it. A game ``named`` on the
    command line must take every option; when every built-in deck is
    printed, each takes the options its kit lists and prints as usual
    without the others (``herald cards --plain``), and only an option no
    deck takes is bad input."""
    if named:
        return {game: card_options(game, options) for game in games}
    accepted = {game: kit(game).CARD_OPTIONS for game in games}
    for name in options:
        if not any(name in takes for takes in accepted.values()):
            decks = "; ".join(f"{game}: {', '.join(f'--{o}' for o in takes)}"
                              for game, takes in accepted.items() if takes) or "none"
            raise InputError(f"--{name}: no built-in deck has such an option (deck "
                             f"options: {decks})")
    return {game: card_options(game, {name: value for name, value in options.items()
                                      if name in takes})
            for game, takes in accepted.items()}


def build_deck(game: str, locale: str, *, paper: str, backs: str, bleed_mm: float,
               back_offset_mm: tuple[float, float], out: Path,
               color: str = "rgb", ink: str = "full",
               options: dict | None = None, images: bool = True,
               cut_lines: bool = False) -> list[Path]:
    """Write the deck of ``game`` in ``locale`` under ``out/<game>/<locale>/``
    (with ``images``, also every card as a PNG and the Tabletop Simulator decks);
    ``color`` "cmyk" makes the print-shop file CMYK PDF/X-1a; ``ink`` "saver"
    (the same as ``options={"ink": "saver"}``) asks the game for its
    ink-saving variant (white borders, no colour flood on backs); ``options`` are
    the game's own deck options (see :func:`card_options`); ``cut_lines`` draws
    the cut lines through the home sheets' gutters. Each card size gets a print-shop file of its own
    (a print shop runs one size at a time): ``<name>-cards-printshop.pdf``
    for the first, ``<name>-cards-printshop-<W>x<H>.pdf`` for the others;
    a deck whose sheets hold tokens and tiles has ``<name>-tokens-printshop.pdf``
    besides, those pieces at their real size for a die-cutter."""
    db = load_database(database_path(game))
    game_kit = kit(game)
    options = card_options(game, {**(options or {}), **({} if ink == "full" else {"ink": ink})})
    if game_kit.deck_database is not None:
        # the database as this deck deals it (another box: its cards, its name)
        db = game_kit.deck_database(db, options)
    cards = game_kit.print_cards(db, locale, **options)   # lays out every text first: fails early
    # A game dealing other cards (oriflamme --cards alliance) names that deck,
    # printed in a folder of its own inside the locale's.
    name = game_kit.deck_name(options) if game_kit.deck_name is not None else game
    folder = Path(out) / game / locale
    if name != game:
        folder = folder / name
    title = f"{db.name[locale]}"
    notes = cover_notes(game_kit, db, locale, **options)
    return write_kit(cards, folder, name, title=title, locale=locale, paper=paper, backs=backs,
                     bleed_mm=bleed_mm, back_offset_mm=back_offset_mm, color=color,
                     notes=notes, images=images, cut_lines=cut_lines)
