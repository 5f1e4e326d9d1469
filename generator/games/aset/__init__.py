"""L'Ordre d'Asèt's look: its database schema, its deck of two card sizes
(numbered cards and aids at tarot size, decrees and Order cards small), the
Order diagrams, narration, booklet pages (errata, decree reference, a solved
duel endgame) and the quick reference (see :mod:`herald.generator.kits` for
what a game's module provides).

Rendering modules are imported when first used, so that loading the
database (every command does) stays cheap.
"""
from herald.engine.aset.decrees import DECKS
from herald.engine.aset.options import INTERPRETATIONS, RULE_OPTIONS

from ...kits import lazy
from .schema import Database
from .words import ALL as WORDS

__all__ = ["WORDS", "CARD_OPTIONS", "Database", "INTERPRETATIONS", "RULE_OPTIONS", "booklet_figure",
           "check_card_options", "colour_sets", "deck_database", "deck_name", "diagram_empty",
           "diagram_size", "draw_cover_art", "draw_diagram", "narrate", "player_names",
           "print_cards", "step_view", "write_reference"]

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

write_reference = lazy(__name__, "reference", "write_reference")

reference_story = lazy(__name__, "reference", "reference_story")

booklet_figure = lazy(__name__, "booklet", "booklet_figure")

draw_cover_art = lazy(__name__, "diagram", "draw_cover_art")

diagram_empty = lazy(__name__, "diagram", "diagram_empty")

diagram_size = lazy(__name__, "diagram", "diagram_size")

draw_diagram = lazy(__name__, "diagram", "draw_diagram")

step_view = lazy(__name__, "diagram", "step_view")

narrate = lazy(__name__, "narration", "narrate")

player_names = lazy(__name__, "narration", "player_names")

colour_sets = lazy(__name__, "palette", "colour_sets")
# the web edition (generator/render/web.py): the gallery's cards and each
# diagram's text alternative, told from the engine's state
web_gallery = lazy(__name__, "web", "web_gallery")
describe_position = lazy(__name__, "web", "describe_position")
__all__ += ["web_gallery", "describe_position", "reference_story"]
