"""Oriflamme's look: its database schema, card faces and backs, coats of arms,
queue diagrams, narration, booklet pages and quick reference (see
:mod:`herald.generator.kits` for what a game's module provides).

Rendering modules are imported when first used, so that loading the
database (every command does) stays cheap.
"""
from herald.engine.oriflamme.alliance import RECONSTRUCTIONS
from herald.engine.oriflamme.boxes import KINDS_PER_GAME, PRESETS, parse_box
from herald.engine.oriflamme.options import RULE_OPTIONS, WRITTEN_RULINGS

from ...kits import lazy
from .schema import Database
from .words import ALL as WORDS

# The rulings table: the rule options (the Alliance box's among them), then the
# written rulings and the Alliance texts reconstructed once for all (those
# that are rule options are in the table already).
INTERPRETATIONS = WRITTEN_RULINGS + tuple(r for r in RECONSTRUCTIONS if not r.option)

__all__ = ["WORDS", "colour_sets", "Database", "INTERPRETATIONS", "RULE_OPTIONS", "booklet_cards",
           "diagram_key", "booklet_figure", "diagram_empty", "diagram_size", "draw_cover_art",
           "draw_diagram", "narrate", "player_names", "print_cards", "step_view",
           "check_card_options", "cover_notes",
           "write_reference"]


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


def print_cards(db, locale, cards=None, **options):
    """The deck; ``cards`` (``herald cards --cards alliance``) deals another
    box or a mix of ten kinds (engine/oriflamme/boxes.py)."""
    from .faces import print_cards as deck
    if cards is None:
        return deck(db, locale, **options)
    chosen = deck_database(db, {"cards": cards})
    # the Magistrate's five shared Condemnation tokens, at the foot of the tile sheet
    condemnation = db.boxes["alliance"].tokens["condemnation"][locale] \
        if "magistrate" in chosen.card_ids else None
    return deck(chosen, locale, condemnation=condemnation, **options)


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

cover_notes = lazy(__name__, "cover", "cover_notes")

write_reference = lazy(__name__, "reference", "write_reference")

reference_story = lazy(__name__, "reference", "reference_story")

booklet_cards = lazy(__name__, "booklet", "booklet_cards")

draw_cover_art = lazy(__name__, "booklet", "draw_cover_art")

diagram_size = lazy(__name__, "diagram", "diagram_size")

diagram_empty = lazy(__name__, "diagram", "diagram_empty")

booklet_figure = lazy(__name__, "booklet", "booklet_figure")

diagram_key = lazy(__name__, "booklet", "diagram_key")

draw_diagram = lazy(__name__, "diagram", "draw_diagram")

step_view = lazy(__name__, "diagram", "step_view")

narrate = lazy(__name__, "narration", "narrate")

player_names = lazy(__name__, "narration", "player_names")

# ``herald balance``: the report's names for the facts the engine records
balance_labels = lazy(__name__, "balance", "balance_labels")
colour_sets = lazy(__name__, "palette", "colour_sets")
# the web edition (generator/render/web.py): the gallery's cards and each
# diagram's text alternative, told from the engine's state
web_gallery = lazy(__name__, "web", "web_gallery")
describe_position = lazy(__name__, "web", "describe_position")
__all__ += ["web_gallery", "describe_position", "reference_story"]
