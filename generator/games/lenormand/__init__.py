"""The Lenormand duel's look: the 36 pictures, card faces and backs, the two
player-aid cards (one per house; not in a plain deck), the
position diagrams, narration, the rules sheet's own figures (setup, attack
table, marks) and the quick reference (see :mod:`herald.generator.kits` for
what a game's module provides).

Rendering modules are imported when first used, so that loading the
database (every command does) stays cheap.
"""

from herald.engine.lenormand.options import INTERPRETATIONS, RULE_OPTIONS

from ...lazy import lazy
from .deck import CARD_OPTIONS, check_card_options, print_cards
from .schema import Database
from .words import ALL as WORDS

__all__ = ["WORDS", "colour_sets", "CARD_OPTIONS", "Database", "check_card_options",
           "INTERPRETATIONS",
           "RULE_OPTIONS", "diagram_key", "booklet_figure", "cover_notes", "diagram_empty",
           "diagram_size", "draw_cover_art", "draw_diagram", "narrate", "player_names",
           "print_cards", "step_view", "write_reference"]


write_reference = lazy(__name__, "reference", "write_reference")

reference_story = lazy(__name__, "reference", "reference_story")
cover_notes = lazy(__name__, "cover", "cover_notes")
booklet_figure = lazy(__name__, "booklet", "booklet_figure")
# the kit's card checklist (render/checklist.py)
checklist = lazy(__name__, "booklet", "checklist")
diagram_key = lazy(__name__, "booklet", "diagram_key")
draw_cover_art = lazy(__name__, "diagram", "draw_cover_art")
diagram_empty = lazy(__name__, "diagram", "diagram_empty")
diagram_size = lazy(__name__, "diagram", "diagram_size")
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
