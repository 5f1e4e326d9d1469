"""Oriflamme's look: its database schema, card faces and backs, coats of arms,
queue diagrams, narration, booklet pages and quick reference (see
:mod:`herald.generator.kits` for what a game's module provides).

Rendering modules are imported when first used, so that loading the
database (every command does) stays cheap.
"""
from herald.engine.oriflamme.options import RULE_OPTIONS
from herald.engine.oriflamme.options import WRITTEN_RULINGS as INTERPRETATIONS

from herald.engine.oriflamme.boxes import PRESETS

from .schema import Database

__all__ = ["Database", "INTERPRETATIONS", "RULE_OPTIONS", "booklet_cards", "booklet_diagram_key", "booklet_figure",
           "diagram_empty", "diagram_size", "draw_cover_art",
           "draw_diagram", "narrate", "player_names", "print_cards", "step_view",
           "cover_notes",
           "write_reference"]


# The deck options print_cards takes (``herald cards --ink saver``).
CARD_OPTIONS = ("ink", "cards")


def print_cards(db, locale, cards=None, **options):
    """The deck; ``cards`` (``herald cards --cards alliance``) deals another
    box or a mix of ten kinds (engine/oriflamme/boxes.py)."""
    from ...errors import InputError
    from .faces import print_cards as deck
    if cards is None:
        return deck(db, locale, **options)
    try:
        chosen = db.select(cards)
    except ValueError as e:
        raise InputError(f"--cards: {e}") from None
    printed = deck(chosen, locale, **options)
    if "magistrate" in chosen.card_ids:
        # the Magistrate's five shared Condemnation tokens, after the other tokens
        from .alliance_art import condemnation_cards
        name = db.boxes["alliance"].tokens["condemnation"][locale]
        printed += condemnation_cards(name, locale, saver=options.get("ink") == "saver")
    return printed


def deck_name(options) -> str:
    """The deck's folder and file name: ``oriflamme``, ``oriflamme-alliance``…"""
    cards = options.get("cards")
    if cards is None or cards == "base":
        return "oriflamme"
    return f"oriflamme-{cards if cards in PRESETS else 'mix'}"


def cover_notes(db, locale):
    from .cover import cover_notes as notes
    return notes(db, locale)


def write_reference(*args, **kwargs):
    from .reference import write_reference as write
    return write(*args, **kwargs)


def booklet_cards(builder, el):
    from .booklet import booklet_cards as cards
    return cards(builder, el)


def draw_cover_art(canvas, db, width, height):
    from .booklet import draw_cover_art as draw
    return draw(canvas, db, width, height)


def diagram_size(*args, **kwargs):
    from .diagram import diagram_size as size
    return size(*args, **kwargs)


def diagram_empty(*args, **kwargs):
    from .diagram import diagram_empty as empty
    return empty(*args, **kwargs)


def booklet_figure(builder, el):
    from .booklet import booklet_figure as figure
    return figure(builder, el)


def booklet_diagram_key(builder, el):
    from .booklet import booklet_diagram_key as key
    return key(builder, el)


def draw_diagram(*args, **kwargs):
    from .diagram import draw_diagram as draw
    return draw(*args, **kwargs)


def step_view(example, outcome, step):
    from .diagram import step_view as view
    return view(example, outcome, step)


def narrate(outcome, db, locale):
    from .narration import narrate as tell
    return tell(outcome, db, locale)


def player_names(state, db, locale):
    from .narration import player_names as names
    return names(state, db, locale)
