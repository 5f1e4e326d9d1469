"""The Lenormand duel's look: the 36 pictures, card faces and backs, the
position diagrams, narration, the rules sheet's own figures (setup, attack
table, marks) and the quick reference (see :mod:`herald.generator.kits` for
what a game's module provides).

Rendering modules are imported when first used, so that loading the
database (every command does) stays cheap.
"""

from herald.engine.lenormand.options import INTERPRETATIONS, RULE_OPTIONS

from .schema import Database

__all__ = ["CARD_OPTIONS", "Database", "INTERPRETATIONS", "RULE_OPTIONS", "booklet_diagram_key",
           "booklet_figure", "diagram_empty", "diagram_size", "draw_cover_art", "draw_diagram",
           "narrate", "player_names", "print_cards", "step_view", "write_reference"]

# The deck options print_cards takes (``herald cards --plain --size poker``).
CARD_OPTIONS = ("plain", "size")


def print_cards(db, locale, *, plain=False, size="tarot"):
    from .faces import print_cards as cards
    return cards(db, locale, plain=plain, size=size)


def write_reference(*args, **kwargs):
    from .reference import write_reference as write
    return write(*args, **kwargs)


def booklet_figure(builder, el):
    from .booklet import booklet_figure as figure
    return figure(builder, el)


def booklet_diagram_key(builder, el):
    from .booklet import booklet_diagram_key as key
    return key(builder, el)


def draw_cover_art(canvas, db, width, height):
    from .diagram import draw_cover_art as draw
    return draw(canvas, db, width, height)


def diagram_empty(*args, **kwargs):
    from .diagram import diagram_empty as empty
    return empty(*args, **kwargs)


def diagram_size(*args, **kwargs):
    from .diagram import diagram_size as size
    return size(*args, **kwargs)


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
