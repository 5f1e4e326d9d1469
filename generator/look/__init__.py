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

A package may replace any part of it with a look of its own, a subclass of
:class:`GenericLook` (or of :class:`herald.generator.looks.Look`, as
Herald's games do). Rendering modules are imported when first used, inside
each method, so that loading the database (every command does) stays cheap.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..looks import Look, RulesText
from .schema import Database

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

    from ..catalogs import StepText
    from ..render.booklet import BookletContext
    from ..render.cards import PrintCard
    from ..render.cover import CoverNotes
    from ..render.web import GalleryCard

__all__ = ["Database", "GenericLook"]


class GenericLook(Look):
    """The look of a game package without drawing code: everything from its
    assets folder. A package's deck has no options (what it prints is its
    layout file's business), its printed words are the generic ones
    (translations.generic_words) and it has no per-locale YAML catalogs (its
    texts are rules.md, the card list and PO files): the defaults."""

    Database = Database

    def __init__(self, game: str):
        super().__init__(game)
        from herald.engine.games import GAMES

        # the rulings table prints the game object's own rule options and
        # readings; both are optional attributes of a game object
        obj = GAMES[game]
        self.RULE_OPTIONS = tuple(getattr(obj, "rule_options", None) or ())
        self.INTERPRETATIONS = tuple(getattr(obj, "interpretations", None) or ())

    # -- the deck, its gallery and its colours (.cards), the covers (.cover) --------------
    def print_cards(self, db: Any, locale: str, **options: Any) -> list[PrintCard]:
        from .cards import print_cards
        return print_cards(db, locale, **options)

    def web_gallery(self, db: Any, locale: str) -> list[GalleryCard]:
        from .cards import web_gallery
        return web_gallery(db, locale)

    def colour_sets(self, db: Any) -> dict[str, dict[str, Any]]:
        from .cards import colour_sets
        return colour_sets(db)

    def draw_cover_art(self, canvas: Any, db: Any, width: float, height: float) -> None:
        from .cover import draw_cover_art
        draw_cover_art(canvas, db, width, height)

    def cover_notes(self, db: Any, locale: str, **options: Any) -> CoverNotes:
        from .cover import cover_notes
        return cover_notes(db, locale, **options)

    # -- the quick reference, from the rules text (.reference) ------------------------------
    def write_reference(self, path: Path, db: Any, locale: str, paper: str,
                        rules_text: RulesText) -> int:
        from .reference import write_reference
        return write_reference(path, db, locale, paper, rules_text)

    def reference_story(self, db: Any, locale: str, rules_text: RulesText) -> list[Any]:
        from .reference import reference_story
        return reference_story(db, locale, rules_text)

    # -- the worked examples' diagrams, from the states' zones (.diagram), and their
    # -- narration and text alternatives (.story) -----------------------------------------
    def step_view(self, example: Any, outcome: Any, step: int) -> tuple[Any, Any]:
        from .diagram import step_view
        return step_view(example, outcome, step)

    def diagram_size(self, state: Any, notes: Any = None, db: Any = None,
                     locale: str = "en") -> tuple[float, float]:
        from .diagram import diagram_size
        return diagram_size(state, notes, db, locale)

    def draw_diagram(self, canvas: Any, state: Any, db: Any, locale: str, notes: Any,
                     x: float, y: float, width: float) -> float:
        from .diagram import draw_diagram
        return draw_diagram(canvas, state, db, locale, notes, x, y, width)

    def diagram_key(self, builder: BookletContext, el: Element) -> list[Any]:
        from .diagram import diagram_key
        return diagram_key(builder, el)

    def diagram_empty(self, state: Any, notes: Any) -> bool:
        from .diagram import diagram_empty
        return diagram_empty(state, notes)

    def narrate(self, outcome: Any, db: Any, locale: str) -> list[StepText]:
        from .story import narrate
        return narrate(outcome, db, locale)

    def describe_position(self, state: Any, notes: Any, db: Any, locale: str) -> str:
        from .story import describe_position
        return describe_position(state, notes, db, locale)

    def player_names(self, state: Any, db: Any, locale: str) -> list[str]:
        from .words import player_names
        return player_names(state, db, locale)

    # ``herald balance``: the report's names for the facts the engine records
    def balance_labels(self, db: Any, locale: str) -> dict[str, Any]:
        from .balance import balance_labels
        return balance_labels(db, locale)
