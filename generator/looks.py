"""What a look is: the class every game's look is read as, each capability
declared once with what a look that lacks it gets.

A game's look is the generator-side module its game object names in
``look`` (Herald's games: ``herald.generator.games.<game>``), or the generic
look (:mod:`herald.generator.look`) for a game that names none.
:func:`herald.generator.kits.kit` reads that module into a :class:`Look`: its
names over the defaults below, so that every command asks ``look.cover_notes
is None`` rather than probing the module with ``hasattr``.
"""
from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

# An optional hook: a function, or None where the look has none.
Hook = Callable[..., Any] | None


class Look:
    """A game's look: what the generic commands ask of it.

    Required (every look has them):

    ``Database``
        the pydantic schema of the game's ``database.yaml`` (built from
        :mod:`herald.generator.schema_types`), with ``locales`` and ``name``;
    ``print_cards(db, locale, **options) -> list[PrintCard]``
        every card of the deck, front and back, each with its own trim size;
    ``write_reference(path, db, locale, paper, rules_text)``
        the quick reference;
    ``narrate``, ``player_names``, ``step_view``, ``diagram_size``, ``draw_diagram``
        the worked examples' narration and diagrams;
    ``draw_cover_art(canvas, db, width, height)``
        the game's picture on a booklet's cover;
    ``colour_sets(db) -> {name: {label: colour}}``
        every set of colours a player must tell apart
        (``tests/test_colour_sets.py`` holds each set apart in every vision).
    """

    # -- data ----------------------------------------------------------------------------
    Database: type
    # the rule options and readings the rulings table prints
    RULE_OPTIONS: tuple = ()
    INTERPRETATIONS: tuple = ()
    # the deck options print_cards takes as keyword arguments (``herald cards
    # --size``), each mapped to the values the command's help lists
    CARD_OPTIONS: dict[str, str] = {}
    # the decks ``herald build`` prints beside the base one (Oriflamme's Alliance box)
    EXTRA_DECKS: tuple = ()
    # the per-locale YAML catalogs under assets/<game>/locales/
    catalogs: tuple[str, ...] = ()
    # the printed words written in the look's code (its words.py), for
    # ``herald i18n extract``: herald.generator.words.SourceTexts blocks
    WORDS: tuple = ()

    # -- required --------------------------------------------------------------------------
    print_cards: Callable[..., Any]
    write_reference: Callable[..., Any]
    narrate: Callable[..., Any]
    player_names: Callable[..., Any]
    step_view: Callable[..., Any]
    diagram_size: Callable[..., Any]
    draw_diagram: Callable[..., Any]
    draw_cover_art: Callable[..., Any]
    colour_sets: Callable[..., Any]

    # -- optional hooks (None: the look has none) ------------------------------------------
    # raises InputError (one line) for a bad value among the deck options
    check_card_options: Hook = None
    # the database as the deck of some options deals it, and that deck's name
    deck_database: Hook = None
    deck_name: Hook = None
    # the contents and collation-code guide of the card sheets' cover
    # (render.cover.CoverNotes); without it, the rules' components
    cover_notes: Hook = None
    # the quick reference's flowables, which the web edition reads back
    reference_story: Hook = None
    # the quick reference of each other box (Oriflamme's Alliance):
    # (folder, db, locale, paper, rules_text) -> the files written
    write_more_references: Hook = None
    # the web edition: the gallery's cards, a diagram's text alternative
    web_gallery: Hook = None
    describe_position: Hook = None
    # the booklet: the key to the diagrams, whether a diagram shows nothing,
    # and the look's own elements (<cards/>, <figure/>) laid out from the
    # booklet's context (render.booklet's builder)
    diagram_key: Hook = None
    diagram_empty: Hook = None
    booklet_cards: Hook = None
    booklet_figure: Hook = None
    # the card checklist a player ticks once the cards are cut out:
    # (db, locale) -> (words, groups) for render.checklist
    checklist: Hook = None
    # ``herald balance``: the names of the facts the engine records
    balance_labels: Hook = None

    def __init__(self, name: str, module: ModuleType):
        self.name = name              # the module it was read from
        self.module = module
        for key in _CAPABILITIES:
            if hasattr(module, key):
                setattr(self, key, getattr(module, key))

    def booklet_element(self, tag: str) -> Hook:
        """The look's own layout of the booklet element ``<tag>``, if any."""
        return {"cards": self.booklet_cards, "figure": self.booklet_figure}.get(tag)

    def __repr__(self) -> str:
        return f"<Look {self.name}>"


# every name a look module may define
_CAPABILITIES = tuple(name for name in (*Look.__annotations__, *vars(Look))
                      if not name.startswith("_") and name not in ("booklet_element",))
