"""What a look is: the class every game's look derives from, each capability
declared once, typed, with what a look that lacks it gets.

A game's look is a subclass of :class:`Look`: Herald's generic look
(:class:`herald.generator.look.GenericLook`, for a game that names none) and
its three games' (``herald.generator.games.<game>``: ``OriflammeLook``…).
The game object names its look's class in ``look`` (``"package.module:Class"``);
:func:`herald.generator.kits.kit` makes one per game. The required
capabilities are abstract methods (a class that lacks one cannot be made, and
mypy checks every override's signature against the one declared here); the
optional hooks are attributes that are ``None`` until a look defines the
method, so that a command asks ``look.cover_notes is None``, never ``hasattr``.

Before the class form, a look was a module of functions; a game that still
names a module (``"package.module"``, no class) is read through
:class:`ModuleLook`, which is kept for those packages only.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from .errors import InputError

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

    from .catalogs import StepText
    from .render.booklet import BookletContext
    from .render.cards import PrintCard
    from .render.cover import CoverNotes
    from .render.web import GalleryCard

# the rules text of a locale (documents.rules_text): the words a
# reference page reads
RulesText = dict[str, Any]
# a card checklist: its words and the groups of card names (render.checklist)
Checklist = tuple[dict[str, Any], list[tuple[str, list[str]]]]


class CoverNotesHook(Protocol):
    """``cover_notes(db, locale, **deck_options)``: the contents and
    collation-code guide of the card sheets' cover."""
    def __call__(self, db: Any, locale: str, **options: Any) -> CoverNotes: ...


# A booklet element the look lays out itself (<cards/>, <figure/>, the key to
# its diagrams): given the booklet's context and the template's element.
BookletHook = Callable[["BookletContext", "Element"], list[Any]]


class Look(ABC):
    """A game's look: what the generic commands ask of it.

    ``game`` is the name of the game it is the look of (a look class may
    serve several games: the generic one serves every package without one).
    """

    # -- data ----------------------------------------------------------------------------
    # the rule options and readings the rulings table prints
    RULE_OPTIONS: tuple[Any, ...] = ()
    INTERPRETATIONS: tuple[Any, ...] = ()
    # the deck options print_cards takes as keyword arguments (``herald cards
    # --size``), each mapped to the values the command's help lists
    CARD_OPTIONS: ClassVar[Mapping[str, str]] = {}
    # the decks ``herald build`` prints beside the base one (Oriflamme's Alliance box)
    EXTRA_DECKS: ClassVar[tuple[dict[str, Any], ...]] = ()
    # the per-locale YAML catalogs under assets/<game>/locales/
    catalogs: ClassVar[tuple[str, ...]] = ()
    # the printed words written in the look's code (its words.py), for
    # ``herald i18n extract``: herald.generator.words.SourceTexts blocks
    WORDS: ClassVar[tuple[Any, ...]] = ()

    def __init__(self, game: str):
        self.game = game

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.game}>"

    # -- required ----------------------------------------------------------------------------
    @property
    @abstractmethod
    def Database(self) -> type[Any]:  # noqa: N802  the schema class, named as one
        """The pydantic schema of the game's ``database.yaml`` (built from
        :mod:`herald.generator.schema_types`), with ``locales`` and ``name``;
        a look sets it as a class attribute."""

    @abstractmethod
    def print_cards(self, db: Any, locale: str, **options: Any) -> list[PrintCard]:
        """Every card of the deck, front and back, each with its own trim
        size; ``options``: the deck options of :attr:`CARD_OPTIONS`."""

    @abstractmethod
    def write_reference(self, path: Path, db: Any, locale: str, paper: str,
                        rules_text: RulesText) -> int:
        """Write the quick reference; return its page count."""

    @abstractmethod
    def narrate(self, outcome: Any, db: Any, locale: str) -> list[StepText]:
        """A verified example's steps told in ``locale``."""

    @abstractmethod
    def player_names(self, state: Any, db: Any, locale: str) -> list[str]:
        """The players of ``state`` as the booklet names them."""

    @abstractmethod
    def step_view(self, example: Any, outcome: Any, step: int) -> tuple[Any, Any]:
        """The position a diagram shows after ``step`` decisions of the
        example, and the notes it draws on it (what changed)."""

    @abstractmethod
    def diagram_size(self, state: Any, notes: Any = None, db: Any = None,
                     locale: str = "en") -> tuple[float, float]:
        """The diagram's natural width and height, in points."""

    @abstractmethod
    def draw_diagram(self, canvas: Any, state: Any, db: Any, locale: str, notes: Any,
                     x: float, y: float, width: float) -> float:
        """Draw the diagram at (x, y) ``width`` wide; return its height."""

    @abstractmethod
    def draw_cover_art(self, canvas: Any, db: Any, width: float, height: float) -> None:
        """The game's picture on a booklet's cover."""

    @abstractmethod
    def colour_sets(self, db: Any) -> dict[str, dict[str, Any]]:
        """Every set of colours a player must tell apart, ``{name: {label:
        colour}}`` (``tests/test_colour_sets.py`` holds each set apart in
        every vision)."""

    # -- optional hooks (None: the look has none) ------------------------------------------
    # raises InputError (one line) for a bad value among the deck options
    check_card_options: Callable[[dict[str, Any]], None] | None = None
    # the database as the deck of some options deals it, and that deck's name
    deck_database: Callable[[Any, dict[str, Any]], Any] | None = None
    deck_name: Callable[[dict[str, Any]], str] | None = None
    # the contents and collation-code guide of the card sheets' cover;
    # without it, the rules' components
    cover_notes: CoverNotesHook | None = None
    # the quick reference's flowables, which the web edition reads back
    reference_story: Callable[[Any, str, RulesText], list[Any]] | None = None
    # the quick reference of each other box (Oriflamme's Alliance):
    # (folder, db, locale, paper, rules_text) -> the files written
    write_more_references: Callable[[Path, Any, str, str, RulesText], list[Path]] | None = None
    # the web edition: the gallery's cards, a diagram's text alternative
    web_gallery: Callable[[Any, str], list[GalleryCard]] | None = None
    describe_position: Callable[[Any, Any, Any, str], str] | None = None
    # the booklet: the key to the diagrams, whether a diagram shows nothing,
    # and the look's own elements (<cards/>, <figure/>) laid out from the
    # booklet's context (render.booklet.BookletContext)
    diagram_key: BookletHook | None = None
    diagram_empty: Callable[[Any, Any], bool] | None = None
    booklet_cards: BookletHook | None = None
    booklet_figure: BookletHook | None = None
    # the card checklist a player ticks once the cards are cut out:
    # (db, locale) -> (words, groups) for render.checklist
    checklist: Callable[[Any, str], Checklist] | None = None
    # ``herald balance``: the names of the facts the engine records
    balance_labels: Callable[[Any, str], dict[str, Any]] | None = None

    def booklet_element(self, tag: str) -> BookletHook | None:
        """The look's own layout of the booklet element ``<tag>``, if any."""
        return {"cards": self.booklet_cards, "figure": self.booklet_figure}.get(tag)


# every name a look declares: the capabilities a module look may define
CAPABILITIES = tuple(name for name in (*Look.__annotations__, *vars(Look))
                     if not name.startswith("_")
                     and name not in ("booklet_element", "game"))
REQUIRED = tuple(sorted(Look.__abstractmethods__))


class ModuleLook(Look):
    """A look written the old way, as a module of functions: kept so that a
    game package whose ``look`` names a module still prints. Its functions
    and data are read from the module's namespace, once, here; a required
    function it lacks is one line when a command asks for it. New looks are
    classes (docs/game-packages.md)."""

    def __init__(self, game: str, module: ModuleType):
        super().__init__(game)
        self.module = module
        self._own = dict(vars(module))
        # the data and the optional hooks: the module's over the defaults
        self.__dict__.update({k: v for k, v in self._own.items()
                              if k in CAPABILITIES and k not in REQUIRED})

    def _required(self, name: str) -> Any:
        if name not in self._own:
            raise InputError(f"game {self.game!r}: its look module {self.module.__name__} "
                             f"has no {name}")
        return self._own[name]

    @property
    def Database(self) -> type[Any]:  # noqa: N802
        return self._required("Database")

    def print_cards(self, db: Any, locale: str, **options: Any) -> list[PrintCard]:
        return self._required("print_cards")(db, locale, **options)

    def write_reference(self, path: Path, db: Any, locale: str, paper: str,
                        rules_text: RulesText) -> int:
        return self._required("write_reference")(path, db, locale, paper, rules_text)

    def narrate(self, outcome: Any, db: Any, locale: str) -> list[StepText]:
        return self._required("narrate")(outcome, db, locale)

    def player_names(self, state: Any, db: Any, locale: str) -> list[str]:
        return self._required("player_names")(state, db, locale)

    def step_view(self, example: Any, outcome: Any, step: int) -> tuple[Any, Any]:
        return self._required("step_view")(example, outcome, step)

    def diagram_size(self, state: Any, notes: Any = None, db: Any = None,
                     locale: str = "en") -> tuple[float, float]:
        return self._required("diagram_size")(state, notes, db, locale)

    def draw_diagram(self, canvas: Any, state: Any, db: Any, locale: str, notes: Any,
                     x: float, y: float, width: float) -> float:
        return self._required("draw_diagram")(canvas, state, db, locale, notes, x, y, width)

    def draw_cover_art(self, canvas: Any, db: Any, width: float, height: float) -> None:
        self._required("draw_cover_art")(canvas, db, width, height)

    def colour_sets(self, db: Any) -> dict[str, dict[str, Any]]:
        return self._required("colour_sets")(db)

    def __repr__(self) -> str:
        return f"<ModuleLook {self.module.__name__} of {self.game}>"
