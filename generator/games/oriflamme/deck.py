"""Oriflamme's deck options (``herald cards --ink``, ``--cards``): their values,
checked before any deck is written, and the database and name of the deck
they deal. Imports no drawing code (the faces check their ink here)."""
from __future__ import annotations

from herald.engine.oriflamme.boxes import KINDS_PER_GAME, PRESETS, parse_box

# The deck options print_cards takes (``herald cards --ink saver``), each with
# the values the command's help lists for this deck.
CARD_OPTIONS = {"ink": "", "cards": f"{', '.join(PRESETS)}, or {KINDS_PER_GAME} card ids "
                                    "separated by commas"}

INKS = ("full", "saver")

# The decks 'herald build' prints beside the base one: the Alliance box.
EXTRA_DECKS = ({"cards": "alliance"},)

def check_card_options(options) -> None:
    """The deck options' values, checked before any deck is written: the
    ink, and the cards' set name or ids (the engine's check; the database
    having data for each card is checked when the deck is dealt)."""
    from ...errors import InputError
    ink = options.get("ink", "full")
    if ink not in INKS:
        raise InputError(f"--ink: unknown value {ink!r}; choose one of: {', '.join(INKS)}")
    if options.get("cards") is not None:
        try:
            parse_box(options["cards"])
        except ValueError as e:
            raise InputError(f"--cards: {e}") from None

def deck_database(db, options):
    """The database as the deck of ``options`` deals it (``--cards``)."""
    from ...errors import InputError
    if options.get("cards") is None:
        return db
    check_card_options(options)
    try:
        return db.select(options["cards"])
    except ValueError as e:     # a card the database has no data for
        raise InputError(f"--cards: {e}") from None

def deck_name(options) -> str:
    """The deck's folder and file name: ``oriflamme``, ``oriflamme-alliance``…"""
    cards = options.get("cards")
    if cards is None or cards == "base":
        return "oriflamme"
    return f"oriflamme-{cards if cards in PRESETS else 'mix'}"
