"""A game package's ``database.yaml``: the game's title and where its deck is.

::

    game: goofspiel          # the game's name (as in the entry point)
    language: en             # the language of every text the package holds
    title: Goofspiel         # as printed
    subtitle: A game of pure strategy for two or three players   # optional
    credits: "Game: Merrill Flood (1950s). Package: the Herald project."   # optional
    deck:
      cards: deck/cards.csv  # relative to this file, inside the assets folder
      layout: deck/layout.yaml

It is read and checked like every card database
(:func:`herald.generator.database.load_database`: one line naming the file,
the line and the field), the deck it names with it. Its texts are written
once, in ``language``; the other languages are the package's PO files
(``locales/<lang>.po``, see :mod:`.texts`), and a language joins
:attr:`Database.locales` when its PO file is complete.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import Annotated, ClassVar

from pydantic import Field, PrivateAttr, StringConstraints, ValidationInfo, model_validator

from ..paths import game_assets
from ..schema_types import Id, Locale, Located, Strict, Text

# a file of the package, named relative to database.yaml (checked to lie
# inside the assets folder: Database.file)
RelPath = Annotated[str, StringConstraints(min_length=1, max_length=200)]


class DeckFiles(Strict):
    cards: RelPath           # the card list: .csv, .xlsx or .yaml (herald.generator.deck)
    layout: RelPath          # the layout file of its faces and back


class Database(Strict):
    """The package's ``database.yaml``, with what every kit's database
    answers: ``game``, ``locales`` (the source language first) and ``name``
    (the title in each locale)."""

    # the loader fills in no locale from Herald's own PO files: this schema
    # finds the package's languages itself (:attr:`locales`)
    OWN_LOCALES: ClassVar[bool] = True

    game: Id
    language: Locale
    title: Text
    subtitle: Text | None = None
    credits: Text | Annotated[list[Text], Field(min_length=1, max_length=20)] | None = None
    deck: DeckFiles
    # whether a language has every text (game, lang) -> bool: the loader's
    # judge (herald.generator.translations.complete), handed in as the
    # validation context's "complete" (this schema imports no translation
    # machinery); without one, only the package's own language is listed
    _complete: Callable[[str, str], bool] | None = PrivateAttr(default=None)

    @model_validator(mode="after")
    def _judge(self, info: ValidationInfo) -> Database:
        self._complete = (info.context or {}).get("complete")
        return self

    @model_validator(mode="after")
    def _files(self) -> Database:
        """Both deck files exist, inside the assets folder (a package's files
        never lead outside it: no ``..``, no link out), and the deck reads:
        a bad layout or card list is one line when the database is first
        read, before any command writes a file."""
        for key in ("cards", "layout"):
            self.file(key)
        from .cards import load_package_deck
        load_package_deck(self)
        return self

    def setup_config(self) -> None:
        """The engine's setup from this file: none, a package's engine deals
        from its own numbers (what ``Game.from_spec`` gets as ``config``)."""
        return None

    # -- files ------------------------------------------------------------------------
    @property
    def assets(self) -> Path:
        return game_assets(self.game)

    def file(self, key: str) -> Path:
        """The deck file ``deck.<key>``, checked to lie inside the assets folder."""
        rel = getattr(self.deck, key)
        root = self.assets.resolve()
        path = (self.assets / rel).resolve()
        if Path(rel).is_absolute() or ".." in Path(rel).parts or not path.is_relative_to(root):
            raise Located(("deck", key), f"{rel!r}: only files inside the package's "
                          "assets folder may be named")
        if not path.is_file():
            raise Located(("deck", key), f"no such file {rel!r} beside database.yaml")
        return path

    @property
    def deck_folder(self) -> Path:
        """The folder of the card list: its pictures and icons come from it alone."""
        return self.file("cards").parent

    # -- texts (in the package's language; look/texts.py translates them) ------------
    @cached_property
    def locales(self) -> list[str]:
        """The package's language, then each language whose PO file has every
        text of the package and Herald's generic words (``herald i18n check
        GAME`` lists what the others lack)."""
        from ..translate import game_locales
        judge = self._complete
        return [self.language] + [lang for lang in game_locales(self.game) if lang != self.language
                                  and judge is not None and judge(self.game, lang)]

    @cached_property
    def name(self) -> dict[str, str]:
        """The title in each locale (what every kit's database calls ``name``)."""
        from .texts import database_texts
        return {lang: database_texts(self.game, lang)["title"] for lang in self.locales}

    def credit_lines(self, locale: str) -> list[str]:
        """``credits`` in ``locale``, one line each."""
        from .texts import database_texts
        return list(database_texts(self.game, locale)["credits"])
