"""The Lenormand duel's look: the 36 pictures, card faces and backs, the two
player-aid cards (one per house; not in a plain deck), the
position diagrams, narration, the rules sheet's own figures (setup, attack
table, marks) and the quick reference.

Its class, named by the game object's ``look``, is what
:func:`herald.generator.kits.kit` makes; its rendering modules are
imported when first used (inside each method), so that loading the
database (every command does) stays cheap.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from herald.engine.lenormand.options import INTERPRETATIONS, RULE_OPTIONS

from ...looks import Checklist, Look, RulesText
from .deck import CARD_OPTIONS
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


__all__ = ["LenormandLook", "Database", "WORDS"]


class LenormandLook(Look):
    """the Lenormand duel's look (see :class:`herald.generator.looks.Look` for what
    each capability is); each method imports its module when first called."""

    Database = Database
    RULE_OPTIONS = RULE_OPTIONS
    INTERPRETATIONS = INTERPRETATIONS
    CARD_OPTIONS = CARD_OPTIONS
    WORDS = WORDS

    def print_cards(self, db: Any, locale: str, **options: Any) -> list[PrintCard]:
        from .deck import print_cards
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
        from .diagram import draw_cover_art
        draw_cover_art(canvas, db, width, height)

    def colour_sets(self, db: Any) -> dict[str, dict[str, Any]]:
        from .palette import colour_sets
        return colour_sets(db)

    # -- optional hooks ----------------------------------------------------------------------
    def check_card_options(self, options: dict[str, Any]) -> None:
        from .deck import check_card_options
        check_card_options(options)

    def reference_story(self, db: Any, locale: str, rules_text: RulesText) -> list[Any]:
        from .reference import reference_story
        return reference_story(db, locale, rules_text)

    def cover_notes(self, db: Any, locale: str, **options: Any) -> CoverNotes:
        from .cover import cover_notes
        return cover_notes(db, locale, **options)

    def booklet_figure(self, builder: BookletContext, el: Element) -> list[Any]:
        from .booklet import booklet_figure
        return booklet_figure(builder, el)

    def checklist(self, db: Any, locale: str) -> Checklist:
        from .booklet import checklist
        return checklist(db, locale)

    def diagram_key(self, builder: BookletContext, el: Element) -> list[Any]:
        from .booklet import diagram_key
        return diagram_key(builder, el)

    def diagram_empty(self, state: Any, notes: Any) -> bool:
        from .diagram import diagram_empty
        return diagram_empty(state, notes)

    def balance_labels(self, db: Any, locale: str) -> dict[str, Any]:
        from .balance import balance_labels
        return balance_labels(db, locale)

    def web_gallery(self, db: Any, locale: str) -> list[GalleryCard]:
        from .web import web_gallery
        return web_gallery(db, locale)

    def describe_position(self, state: Any, notes: Any, db: Any, locale: str) -> str:
        from .web import describe_position
        return describe_position(state, notes, db, locale)
