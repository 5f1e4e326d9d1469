"""The translatable texts of a game package, and their translations.

A package writes every text in one language, the ``language:`` of its
``database.yaml`` (:func:`herald.generator.translations.source_language`);
``herald i18n extract GAME`` lists them into ``<assets>/locales/<game>.pot``
and each other language is ``<assets>/locales/<lang>.po``. The texts, with
the context (``msgctxt``) each has in the PO files:

==============================  ================================================
``card database title``         database.yaml's ``title``, ``subtitle``,
``card database credits.0``     ``credits`` (a text, or a list: numbered from 0)
``rules <section> 3.1``         the rules text (:mod:`.rules`): a section's title,
                                its 3rd block, the 1st item of a list
``card list p1.name``           a card's words, by its ``id`` and column (the
                                columns of :data:`CARD_COLUMNS` without a
                                locale suffix: ``name_fr`` carries its own)
``example <id>, title``         an example's ``title``, ``text`` and checks'
                                ``note`` (plain texts or ``{en: …}`` mappings)
``zone``                        the zones' labels (``look.diagram.zone_labels``)
==============================  ================================================

:func:`translate` looks a text up in a locale; the other modules of the
generic look call it with these contexts.
"""
from __future__ import annotations

from pathlib import Path

from .. import translate as tr
from ..errors import InputError
from ..filecache import ContentCache
from ..paths import display
from ..translate import Entry

DATABASE_CTX = "card database "
CARD_CTX = "card list "
# The card list's columns whose texts are printed words when the generic
# look's schema is not there to say (a column with a locale suffix, name_fr,
# carries its own translations instead).
CARD_COLUMNS = ("name", "title", "subtitle", "text", "flavor", "flavour", "caption")
# An example's printed texts: at its top, and in each of its checks.
EXAMPLE_TEXTS = ("title", "text", "note")


def assets_of(game: str) -> Path:
    """The assets folder of a game package."""
    root = tr.package_assets(game)
    if root is None:
        raise InputError(f"{game}: not a game package (its texts are Herald's own)")
    return root


# -- database.yaml -----------------------------------------------------------------

def database_data(game: str) -> dict:
    """database.yaml as written (h24l's schema validates it; here only its
    texts are read)."""
    path = assets_of(game) / "database.yaml"
    if not path.is_file():
        return {}
    return _DATABASES.get(path, [path], lambda: _database(path))


_DATABASES: ContentCache[dict] = ContentCache(8)


def _database(path: Path) -> dict:
    from ..yamlfile import load_yaml
    data = load_yaml(path)[0]
    return data if isinstance(data, dict) else {}


def database_text_entries(data: dict):
    """(ctx, text) of database.yaml's own texts, when plain texts."""
    for key in ("title", "subtitle"):
        if isinstance(data.get(key), str) and data[key].strip():
            yield f"{DATABASE_CTX}{key}", data[key]
    credits = data.get("credits")
    if isinstance(credits, str) and credits.strip():
        yield f"{DATABASE_CTX}credits", credits
    elif isinstance(credits, list):
        for i, line in enumerate(credits):
            if isinstance(line, str) and line.strip():
                yield f"{DATABASE_CTX}credits.{i}", line


def database_texts(game: str, locale: str) -> dict:
    """database.yaml's ``title`` (else the game's name), ``subtitle`` (or
    None) and ``credits`` (a list) in ``locale``."""
    out: dict = {"title": None, "subtitle": None, "credits": []}
    for ctx, text in database_text_entries(database_data(game)):
        value = translate(game, locale, ctx, text)
        if ctx.startswith(f"{DATABASE_CTX}credits"):
            out["credits"].append(value)
        else:
            out[ctx.removeprefix(DATABASE_CTX)] = value
    out["title"] = out["title"] or game.capitalize()
    return out


# -- the card list ---------------------------------------------------------------

def card_list_path(game: str) -> Path | None:
    """The card list database.yaml names (``deck: {cards: …}``), inside the
    assets folder; None when it names none."""
    root = assets_of(game)
    deck = database_data(game).get("deck")
    name = deck.get("cards") if isinstance(deck, dict) else None
    if not isinstance(name, str):
        return None
    path = (root / name).resolve()
    if not path.is_relative_to(root.resolve()):
        raise InputError(f"{display(root / 'database.yaml')}: deck.cards: {name!r} leads "
                         "outside the package's assets folder")
    return path if path.is_file() else None


def card_text_entries(game: str):
    path = card_list_path(game)
    if path is None:
        return
    from ..deck.data import load_cards
    cards = load_cards(path)
    columns = [c for c in cards.columns if c in CARD_COLUMNS]
    for row in cards.rows:
        card_id = row.values.get("id") or str(row.index)
        for column in columns:
            text = row.values.get(column, "")
            if text.strip():
                yield card_ctx(card_id, column), text


def card_ctx(card_id: str, column: str) -> str:
    """The context of a card's words in the PO files: ``card list p1.name``."""
    return f"{CARD_CTX}{card_id}.{column}"


def card_text(game: str, locale: str, card_id: str, column: str, text: str) -> str:
    """A card's words (its ``column`` in the card list) in ``locale``."""
    return translate(game, locale, card_ctx(card_id, column), text)


# -- worked examples ---------------------------------------------------------------

def localize_example(data: dict, game: str) -> None:
    """An example's plain texts (``title: A short game``) as ``{en: …}``
    mappings of the package's language (in place), so that the example
    loader fills their translations in like a built-in example's."""
    if tr.package_assets(game) is None:
        return
    source = tr.source_language(game)
    spots = [data, *(c for c in data.get("checks") or () if isinstance(c, dict))] \
        if isinstance(data.get("checks", []), list) else [data]
    for spot in spots:
        for key in EXAMPLE_TEXTS:
            if isinstance(spot.get(key), str) and spot[key].strip():
                spot[key] = {source: spot[key]}


def example_text_entries(game: str, path: Path) -> list[Entry]:
    from ..yamlfile import load_yaml
    data = load_yaml(path)[0]
    if not isinstance(data, dict):
        return []
    localize_example(data, game)
    own = str(data["id"]) if isinstance(data.get("id"), str) else path.stem
    return tr.example_entries(own, data, tr.source_language(game))


# -- zones -------------------------------------------------------------------------

ZONE_CTX = "zone"


def zone_label(game: str, locale: str, label: str) -> str:
    """A zone's label (``Hand``) in ``locale``."""
    return translate(game, locale, ZONE_CTX, label)


def translate(game: str, locale: str, ctx: str, text: str) -> str:
    """``text`` (of the package's language, at ``ctx``) in ``locale``: from
    the package's PO file, else as written."""
    if locale == tr.source_language(game):
        return text
    table = tr.table(game, locale)
    got = table.get(ctx, text) if table is not None else None
    return text if got is None else got
