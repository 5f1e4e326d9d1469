"""Oriflamme's look: its database schema, card faces and backs, coats of arms,
queue diagrams, narration, booklet pages and quick reference (see
:mod:`herald.generator.kits` for what a game's module provides).

Rendering modules are imported when first used, so that loading the
database (every command does) stays cheap.
"""
from herald.engine.oriflamme.alliance import RECONSTRUCTIONS
from herald.engine.oriflamme.options import RULE_OPTIONS, WRITTEN_RULINGS

from ...lazy import lazy
from .cards import print_cards
from .deck import CARD_OPTIONS, EXTRA_DECKS, check_card_options, deck_database, deck_name
from .schema import Database
from .words import ALL as WORDS

# The rulings table: the rule options (the Alliance box's among them), then the
# written rulings and the Alliance texts reconstructed once for all (those
# that are rule options are in the table already).
INTERPRETATIONS = WRITTEN_RULINGS + tuple(r for r in RECONSTRUCTIONS if not r.option)

__all__ = ["WORDS", "colour_sets", "Database", "INTERPRETATIONS", "RULE_OPTIONS", "booklet_cards",
           "diagram_key", "booklet_figure", "diagram_empty", "diagram_size", "draw_cover_art",
           "draw_diagram", "narrate", "player_names", "print_cards", "step_view",
           "check_card_options", "cover_notes", "CARD_OPTIONS", "EXTRA_DECKS",
           "deck_database", "deck_name",
           "write_reference", "write_more_references"]


cover_notes = lazy(__name__, "cover", "cover_notes")

write_reference = lazy(__name__, "reference", "write_reference")
# the quick reference of each other box (Alliance), beside the base game's
write_more_references = lazy(__name__, "reference", "write_more_references")

reference_story = lazy(__name__, "reference", "reference_story")

booklet_cards = lazy(__name__, "booklet", "booklet_cards")

draw_cover_art = lazy(__name__, "booklet", "draw_cover_art")

diagram_size = lazy(__name__, "diagram", "diagram_size")

diagram_empty = lazy(__name__, "diagram", "diagram_empty")

booklet_figure = lazy(__name__, "booklet", "booklet_figure")
# the kit's card checklist (render/checklist.py)
checklist = lazy(__name__, "booklet", "checklist")

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
__all__ += ["web_gallery", "describe_position", "reference_story", "checklist"]
