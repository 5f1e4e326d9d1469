"""Oriflamme's look: its database schema, card faces and backs, coats of arms,
queue diagrams, narration, booklet pages and quick reference.

Its class, named by the game object's ``look``, is what
:func:`herald.generator.kits.kit` makes; its rendering modules are
imported when first used (inside each method), so that loading the
database (every command does) stays cheap.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from herald.engine.oriflamme.alliance import RECONSTRUCTIONS
from herald.engine.oriflamme.options import RULE_OPTIONS, WRITTEN_RULINGS

from ...looks import Checklist, Look, RulesText
from .deck import CARD_OPTIONS, EXTRA_DECKS
from .schema import Database
from .words import ALL as WORDS

if TYPE_CHECKING:
    from pathlib import Path
    from xml.etree.ElementTree import Element

    from ...catalogs import StepText
    from ...render.booklet import BookletContext
    from ...render.cards import PrintCard
    from ...render.cover import CoverNotes
    from ...render.web import GalleryCard

# The rulings table: the rule options (the Alliance box's among them), then the
# written rulings and the Alliance texts reconstructed once for all (those
# that are rule options are in the table already).
INTERPRETATIONS = WRITTEN_RULINGS + tuple(r for r in RECONSTRUCTIONS if not r.option)

__all__ = ["OriflammeLook", "Database", "WORDS"]


class OriflammeLook(Look):
    """Oriflamme's look (see :class:`herald.generator.looks.Look` for what
    each capability is); each method imports its module when first called."""

    Database = Database
    RULE_OPTIONS = RULE_OPTIONS
    INTERPRETATIONS = INTERPRETATIONS
    CARD_OPTIONS = CARD_OPTIONS
    EXTRA_DECKS = EXTRA_DECKS
    WORDS = WORDS

    def print_cards(self, db: Any, locale: str, **options: Any) -> list[PrintCard]:
        from .cards import print_cards
        return print_cards(db, locale, **options)

    def write_reference(self, path: Path, db: Any, locale: str, paper: str,
                        rules_text: RulesText) -> int:
        from .reference import write_reference
        return write_reference(path, db, locale, paper, rules_text)

    def narrate(self, outcome: Any, db: Any, locale: str) -> list[StepText]:
        from .narration import narrate
        return narrate(outcome, db, locale)

    def player_names(self, state: Any, db: Any, locale: str) -> list[str]:
        from .narration import player_names
        return player_names(state, db, locale)

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

    def draw_cover_art(self, canvas: Any, db: Any, width: float, height: float) -> None:
        from .booklet import draw_cover_art
        draw_cover_art(canvas, db, width, height)

    def colour_sets(self, db: Any) -> dict[str, dict[str, Any]]:
        from .palette import colour_sets
        return colour_sets(db)

    # -- optional hooks ----------------------------------------------------------------------
    def check_card_options(self, options: dict[str, Any]) -> None:
        from .deck import check_card_options
        check_card_options(options)

    def deck_database(self, db: Any, options: dict[str, Any]) -> Any:
        from .deck import deck_database
        return deck_database(db, options)

    def deck_name(self, options: dict[str, Any]) -> str:
        from .deck import deck_name
        return deck_name(options)

    def cover_notes(self, db: Any, locale: str, **options: Any) -> CoverNotes:
        from .cover import cover_notes
        return cover_notes(db, locale, **options)

    def write_more_references(self, folder: Path, db: Any, locale: str, paper: str,
                              rules_text: RulesText) -> list[Path]:
        from .reference import write_more_references
        return write_more_references(folder, db, locale, paper, rules_text)

    def reference_story(self, db: Any, locale: str, rules_text: RulesText) -> list[Any]:
        from .reference import reference_story
        return reference_story(db, locale, rules_text)

    def booklet_cards(self, builder: BookletContext, el: Element) -> list[Any]:
        from .booklet import booklet_cards
        return booklet_cards(builder, el)

    def diagram_empty(self, state: Any, notes: Any) -> bool:
        from .diagram import diagram_empty
        return diagram_empty(state, notes)

    def booklet_figure(self, builder: BookletContext, el: Element) -> list[Any]:
        from .booklet import booklet_figure
        return booklet_figure(builder, el)

    def checklist(self, db: Any, locale: str) -> Checklist:
        from .booklet import checklist
        return checklist(db, locale)

    def diagram_key(self, builder: BookletContext, el: Element) -> list[Any]:
        from .booklet import diagram_key
        return diagram_key(builder, el)

    def balance_labels(self, db: Any, locale: str) -> dict[str, Any]:
        from .balance import balance_labels
        return balance_labels(db, locale)

    def web_gallery(self, db: Any, locale: str) -> list[GalleryCard]:
        from .web import web_gallery
        return web_gallery(db, locale)

    def describe_position(self, state: Any, notes: Any, db: Any, locale: str) -> str:
        from .web import describe_position
        return describe_position(state, notes, db, locale)
