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
the line and the field). Its texts are written once, in ``language``; the
other languages are the package's PO files (``locales/<lang>.po``), and a
language joins :attr:`Database.locales` when its PO file translates every
text the look prints from the package's files (:func:`source_texts`). A
text's context in the PO file (``msgctxt``) says where it appears:
``card database title``, ``card list p1.name``.
"""
from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Annotated, ClassVar

from pydantic import Field, StringConstraints, model_validator

from ..database import Id, Locale, Located, Strict, Text
from ..paths import game_assets

# a file of the package, named relative to database.yaml (checked to lie
# inside the assets folder: Database.file)
RelPath = Annotated[str, StringConstraints(min_length=1, max_length=200)]
# database.yaml's texts, in the order of the PO file
TEXT_FIELDS = ("title", "subtitle", "credits")
CONTEXT = "card database "


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

    # -- texts ------------------------------------------------------------------------
    def own_texts(self) -> list[tuple[str, str]]:
        """(msgctxt, text) of each text of this file, in the source language."""
        out = []
        for key in TEXT_FIELDS:
            value = getattr(self, key)
            for i, text in enumerate([value] if isinstance(value, str) else value or []):
                suffix = f".{i}" if isinstance(value, list) else ""
                out.append((f"{CONTEXT}{key}{suffix}", text))
        return out

    @cached_property
    def locales(self) -> list[str]:
        """The source language, then each language whose PO file translates
        every text the look prints from the package (sorted)."""
        return [self.language] + [lang for lang in po_languages(self.game)
                                  if lang != self.language and self.translates(lang)]

    def translates(self, lang: str) -> bool:
        """Whether ``lang``'s PO file has every text of :func:`source_texts`."""
        table = po_table(self.game, lang)
        return table is not None and all(table.get(ctx, text) is not None
                                         for ctx, text in source_texts(self))

    def text(self, ctx: str, source: str, locale: str) -> str:
        """``source`` (the text whose context is ``ctx``) in ``locale``: itself
        in the source language, else the PO file's translation (the source
        where it has none: :attr:`locales` holds only complete languages)."""
        if locale == self.language:
            return source
        table = po_table(self.game, locale)
        got = table.get(ctx, source) if table is not None else None
        return source if got is None else got

    def localized(self, key: str) -> dict[str, str] | None:
        """A text field of this file in every locale (``{"en": …, "fr": …}``)."""
        value = getattr(self, key)
        if not isinstance(value, str):
            return None
        return {loc: self.text(f"{CONTEXT}{key}", value, loc) for loc in self.locales}

    @cached_property
    def name(self) -> dict[str, str]:
        """The title in each locale (what every kit's database calls ``name``)."""
        return self.localized("title") or {}

    def credit_lines(self, locale: str) -> list[str]:
        value = self.credits
        texts = [value] if isinstance(value, str) else list(value or [])
        suffix = (lambda i: "") if isinstance(value, str) else (lambda i: f".{i}")
        return [self.text(f"{CONTEXT}credits{suffix(i)}", t, locale) for i, t in enumerate(texts)]


def source_texts(db: Database) -> list[tuple[str, str]]:
    """(msgctxt, text) of every text the look prints from the package's
    files: this file's, then the card list's (``herald i18n extract`` writes
    them into the template; a language has them all to be built)."""
    from .cards import card_texts
    return db.own_texts() + card_texts(db)


def po_path(game: str, lang: str) -> Path:
    return game_assets(game) / "locales" / f"{lang}.po"


def po_languages(game: str) -> list[str]:
    """The languages with a PO file in the package's ``locales/`` (sorted)."""
    from ..translations import LOCALE_CODE
    folder = game_assets(game) / "locales"
    return sorted(p.stem for p in folder.glob("*.po") if LOCALE_CODE.fullmatch(p.stem)) \
        if folder.is_dir() else []


def po_table(game: str, lang: str):
    """The usable translations of the package's PO file for ``lang``, or None."""
    from ..translations import LOCALE_CODE, _table
    if not LOCALE_CODE.fullmatch(lang or ""):
        return None
    path = po_path(game, lang)
    if not path.is_file():
        return None
    st = path.stat()
    return _table(path, lang, st.st_mtime_ns, st.st_size)


def locale_gaps(game: str, locale: str) -> list[str]:
    """What ``locale`` lacks to print the package (one line each, with its
    context): the package's texts its PO file does not translate, and
    Herald's own words (covers, calibration) the generic catalog lacks.
    Empty for the package's language."""
    from .. import translations as tr
    from ..database import database_path, load_database
    db = load_database(database_path(game))
    if locale == db.language:
        return []
    table = po_table(game, locale)
    gaps = [f"missing: {ctx}: {text[:70]!r}" for ctx, text in source_texts(db)
            if table is None or table.get(ctx, text) is None]
    if locale != tr.SOURCE:
        generic = tr.report(tr.GENERIC, locale)
        gaps += generic.mismatches + [f"missing: {ctx}: {str(msgid)[:70]!r}"
                                      for ctx, msgid in generic.missing + generic.fuzzy]
    return gaps
