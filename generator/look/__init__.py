"""Herald's generic look: the kit of a game package that brings no drawing
code (its game object names no ``look``; see :mod:`herald.generator.kits`).

Everything is read from the package's assets folder (the game object's
``assets``), through ``db.game``; nothing here names a game:

* ``database.yaml``: the game's title and where its deck is (:mod:`.schema`);
* ``deck/cards.csv`` and ``deck/layout.yaml``: the card faces, drawn by the
  own-deck code of :mod:`herald.generator.deck` (:mod:`.cards`);
* ``rules.md`` (or ``rules.yaml``) and ``booklet.yaml``: the rules booklet
  and the quick reference (:mod:`.rules`, :mod:`.reference`);
* the states' ``zones()``: the diagrams of the worked examples and their
  narration (:mod:`.diagram`, :mod:`.story`);
* ``locales/<lang>.po``: every other language.

A package may replace any of it with its own look, as Herald's games do.
Rendering modules are imported when first used, so that loading the
database (every command does) stays cheap.
"""
from __future__ import annotations

from functools import cache
from types import ModuleType

from ..lazy import lazy
from .schema import Database

__all__ = ["WORDS", "CARD_OPTIONS", "Database", "INTERPRETATIONS", "RULE_OPTIONS", "balance_labels",
           "catalogs", "colour_sets", "cover_notes", "describe_position", "diagram_empty",
           "diagram_key", "diagram_size", "draw_cover_art", "draw_diagram", "for_game", "narrate",
           "player_names", "print_cards", "reference_story", "step_view", "web_gallery",
           "write_reference"]

# a package's deck has no options: what it prints is its layout file's business
CARD_OPTIONS: dict[str, str] = {}
# the rule options and readings the rulings table prints: the game object's
# own (``rule_options``), set per game by :func:`for_game`
RULE_OPTIONS: tuple = ()
# its printed words are the generic ones (translations.generic_words)
WORDS: tuple = ()
INTERPRETATIONS: tuple = ()
# the per-locale YAML catalogs under assets/<game>/locales/: a package has
# none (its texts are rules.md, the card list and PO files)
catalogs: tuple[str, ...] = ()

# the deck, its gallery and its colours (.cards), the covers (.cover)
print_cards = lazy(__name__, "cards", "print_cards")
web_gallery = lazy(__name__, "cards", "web_gallery")
colour_sets = lazy(__name__, "cards", "colour_sets")
draw_cover_art = lazy(__name__, "cover", "draw_cover_art")
cover_notes = lazy(__name__, "cover", "cover_notes")
# the quick reference, from the rules text (.reference)
write_reference = lazy(__name__, "reference", "write_reference")
reference_story = lazy(__name__, "reference", "reference_story")
# the worked examples' diagrams, from the states' zones (.diagram), and
# their narration and text alternatives (.story)
step_view = lazy(__name__, "diagram", "step_view")
diagram_size = lazy(__name__, "diagram", "diagram_size")
draw_diagram = lazy(__name__, "diagram", "draw_diagram")
diagram_key = lazy(__name__, "diagram", "diagram_key")
diagram_empty = lazy(__name__, "diagram", "diagram_empty")
narrate = lazy(__name__, "story", "narrate")
describe_position = lazy(__name__, "story", "describe_position")
player_names = lazy(__name__, "words", "player_names")
# ``herald balance``: the report's names for the facts the engine records
balance_labels = lazy(__name__, "balance", "balance_labels")


@cache
def for_game(game: str) -> ModuleType:
    """The generic look as ``game``'s kit: this module's names, with the
    game object's own rule options (``rule_options``, ``interpretations``)
    for the rulings table. One module object per game, so that
    ``kit(game) is kit(game)``."""
    from herald.engine.games import GAMES
    own = ModuleType(__name__, __doc__)
    for name in __all__:
        setattr(own, name, globals()[name])
    own.__file__ = __file__
    obj = GAMES[game]
    vars(own).update(RULE_OPTIONS=tuple(getattr(obj, "rule_options", None) or ()),
                     INTERPRETATIONS=tuple(getattr(obj, "interpretations", None) or ()))
    return own
