"""L'Ordre d'Asèt's look: its database schema, its deck of two card sizes
(numbered cards and aids at tarot size, decrees and Order cards small), the
Order diagrams, narration, booklet pages (errata, decree reference, a solved
duel endgame) and the quick reference (see :mod:`herald.generator.kits` for
what a game's module provides).

Rendering modules are imported when first used, so that loading the
database (every command does) stays cheap.
"""
from herald.engine.aset.options import INTERPRETATIONS, RULE_OPTIONS

from ...lazy import lazy
from .deck import CARD_OPTIONS, check_card_options, deck_database, deck_name, print_cards
from .schema import Database
from .words import ALL as WORDS

__all__ = ["WORDS", "CARD_OPTIONS", "Database", "INTERPRETATIONS", "RULE_OPTIONS", "booklet_figure",
           "check_card_options", "colour_sets", "deck_database", "deck_name", "diagram_empty",
           "diagram_size", "draw_cover_art", "draw_diagram", "narrate", "player_names",
           "print_cards", "step_view", "write_reference"]


write_reference = lazy(__name__, "reference", "write_reference")

reference_story = lazy(__name__, "reference", "reference_story")

booklet_figure = lazy(__name__, "booklet", "booklet_figure")
# the kit's card checklist (render/checklist.py)
checklist = lazy(__name__, "booklet", "checklist")

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
__all__ += ["web_gallery", "describe_position", "reference_story", "checklist"]
