"""L'Ordre d'Asèt's printed deck and its option ``--decrees`` (Herald's own
decrees, or the box's to write in): the option checked before any deck is
written, the database and name of the deck it deals, the cards."""
from __future__ import annotations

from herald.engine.aset.decrees import DECKS

# The set of decrees the deck prints, the same values as the engine's rule
# option decree_deck: Herald's own decrees (the default), or the box's with
# the cards whose text the owner of the box writes in.
CARD_OPTIONS = {"decrees": f"{DECKS[0]} (Herald's own, the default) or {DECKS[1]} "
                           "(the box's, to write in)"}

def check_card_options(options) -> None:
    from ...errors import InputError
    if options.get("decrees") is not None and options["decrees"] not in DECKS:
        raise InputError(f"--decrees: unknown set of decrees {options['decrees']!r}; choose "
                         f"one of: {', '.join(DECKS)}")

def deck_database(db, options):
    """The database with the decrees of the set ``--decrees`` picks (default:
    the one rule option decree_deck deals by default)."""
    deck = options.get("decrees") or DECKS[0]
    return db.model_copy(update={"decrees": [d for d in db.decrees
                                             if d.deck in (None, deck)]})

def deck_name(options) -> str:
    """``aset`` for the default set of decrees, ``aset-box`` for the box's."""
    decrees = options.get("decrees")
    return "aset" if decrees in (None, DECKS[0]) else f"aset-{decrees}"

def print_cards(db, locale, decrees=None):
    from .faces import print_cards as deck
    return deck(deck_database(db, {"decrees": decrees}), locale)
